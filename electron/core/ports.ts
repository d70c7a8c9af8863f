import { randomUUID } from 'node:crypto';
import type { ZoneCost } from '../../shared/api/zone';
import type { KeyBackend } from '../../shared/status';
import type { Severity, NavigateTarget } from '../../shared/notification';
import type { NotificationAction } from '../../shared/notification-action';

/**
 * Ports: what the core needs from its host. Electron main, the browser bridge and the tests each
 * provide these; the core never imports `electron`.
 */

/** One place a secret can be kept. `available()` says whether this backend answers at all. */
export interface SecretBackend {
  readonly kind: Exclude<KeyBackend, 'none'>;
  available(): Promise<boolean>;
  read(profileId: string): Promise<string | null>;
  write(profileId: string, secret: string): Promise<void>;
  remove(profileId: string): Promise<void>;
}

/** A Conf-compatible key-value store (electron-store in the app, conf in tests and the preview). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  clear(): void;
  readonly path: string;
}

/**
 * Opens (or re-creates) a named store; throws as conf does when the file is corrupt. `compact`
 * writes the file without indentation (large, machine-read documents such as the daily ledger).
 */
export type StoreFactory = (name: string, options?: { compact?: boolean }) => KeyValueStore;

export interface Notifier {
  /**
   * `action`: what the notification offers to do about the spend it reports (a button where the
   * OS shows one; elsewhere a click leads to the control instead), or null.
   */
  show(notification: { id: string; title: string; body: string; severity: Severity; target: NavigateTarget; action: NotificationAction | null }): void;
}

/** Electron 45's main-process clipboard is asynchronous (after the W3C Clipboard API). */
export interface Clipboard {
  writeText(text: string): Promise<void>;
  readText(): Promise<string>;
  /**
   * Why no secret may be put on this clipboard, in words that end a sentence; absent where one may.
   * The browser shell's page would have to do the copying, and the proxy credentials hold the API key,
   * which never reaches a page (docs/architecture.md › The browser shell).
   */
  secretsRefused?: string;
}

export interface Shell {
  openExternal(url: string): Promise<void>;
  openPath(path: string): Promise<void>;
}

export interface SaveDialog {
  /** Asks where to save and writes the file there; `null` when the user cancels. */
  saveText(defaultName: string, content: string): Promise<{ fileName: string } | null>;
}

export interface PowerState {
  /** `powerMonitor.getSystemIdleState(threshold)` in Electron. */
  idleState(idleThresholdSec: number): 'active' | 'idle' | 'locked' | 'unknown';
  onBattery(): boolean;
}

export interface LoginItem {
  set(enabled: boolean): Promise<void>;
}

/** The OS-wide shortcut that opens Zonewatch; main binds it, the core asks first whether it can. */
export interface GlobalShortcuts {
  /** Why this accelerator cannot be bound here, in plain words; null when it can. */
  problem(accelerator: string): string | null;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Chance and fresh names, the other half of determinism (docs/development.md › The simulator): the
 * core draws every jitter from a `Random` and names every record with a `NewId` it is given, so a
 * seeded host replays the same run. This file and the shells hold the only real ones (a lint rule
 * bans `Math.random`, `randomUUID`, `Date.now`, `new Date()` and the timer globals elsewhere in
 * electron/core and electron/service).
 */
export type Random = () => number;
export type NewId = () => string;

export const systemRandom: Random = () => Math.random();
export const systemNewId: NewId = () => randomUUID();

/** The wall clock as a Date, for what stamps its lines with one (the logger). */
export const systemDate = (): Date => new Date(systemClock.now());

export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** One zone's spend and usage on one UTC day, as the demo service recorded it (docs/service.md › Decisions where the spec is open: Per-day counters). */
/** `cost`: the zone's cost members at the day's end, which the ledger keeps as the day's breakdown. */
export type DemoZoneDay = { zoneId: string; name: string; day: string; spendCents: number; usageBytes: number; cost?: ZoneCost };

/** The demo account's figures at one moment before it started answering (docs/service.md › Decisions where the spec is open: Warm-up). */
export type DemoReading = {
  at: number;
  balanceCents: number;
  zones: { zoneId: string; name: string; spendTodayCents: number; spendMonthCents: number; usageTodayBytes: number; usageMonthBytes: number; throughputBps: number }[];
};

/** The demo's past: its service's per-day record and its recent readings. */
export type DemoPast = { days: readonly DemoZoneDay[]; readings: readonly DemoReading[] };

/** The embedded local service for demo mode (electron/service's startService). */
export interface DemoService {
  /**
   * `past`: what the demo's ledger and charts start from (docs/desktop.md › History); the demo's
   * caches live in memory, so this runs at each start. A real account never gets one.
   */
  start(): Promise<{ url: string; apiKey: string; close(): Promise<void>; past?: () => DemoPast }>;
}
