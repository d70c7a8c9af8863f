import { z } from 'zod';
import { ZoneId } from './api/zone';
import { AccountColor } from './account-color';
import { AlertSettings } from './alert-settings';
import { Routing } from './channels';
import { isLoopbackHttp } from './loopback';
import { ProfileId } from './profile-id';

export const DEMO_PROFILE_ID = 'demo';

/** http only for loopback hosts (docs/api.md › Address and key). */
export function isAllowedBaseUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return isLoopbackHttp(url);
}

export const BaseUrl = z
  .string()
  .trim()
  .refine(isAllowedBaseUrl, { error: 'must be an https:// URL (http:// only for 127.0.0.1 or localhost)' })
  .transform((v) => v.replace(/\/+$/, '').replace(/\/v1$/, ''));

export const HttpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

export const DEFAULT_BASE_URL = 'https://api.bytio.com';
export const DEFAULT_DASHBOARD_URL = 'https://dashboard.bytio.com';

/** An account's own alert rules, replacing the shared ones for it; null: it follows the shared rules. */
export const AlertOverride = AlertSettings.unwrap().nullable().default(null);

/**
 * An account the user added; `settings.profiles` is in the user's order. Everything persisted is
 * keyed by `id` (docs/architecture.md › Accounts).
 */
export const Profile = z.object({
  id: ProfileId,
  label: z.string().min(1).max(60),
  baseUrl: BaseUrl,
  dashboardUrl: HttpsUrl.nullable().default(DEFAULT_DASHBOARD_URL),
  pinnedZoneIds: z.array(ZoneId).default([]),
  color: AccountColor.default('blue'),
  alerts: AlertOverride,
});
export type Profile = z.infer<typeof Profile>;

export const PollingSettings = z
  .object({
    baseIntervalSec: z.number().int().min(15).max(3600).default(60),
    openIntervalSec: z.number().int().min(5).max(600).default(10),
    idleIntervalSec: z.number().int().min(60).max(3600).default(300),
    idleAfterMin: z.number().int().min(1).max(240).default(15),
  })
  .prefault({});
export type PollingSettings = z.infer<typeof PollingSettings>;

const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time such as 22:00' });

/** Local-time window in which notifications are recorded but not shown. */
export const QuietHours = z
  .object({ enabled: z.boolean().default(false), start: ClockTime.default('22:00'), end: ClockTime.default('07:00') })
  .prefault({});
export type QuietHours = z.infer<typeof QuietHours>;

export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

/** The order of the window's zone list: the biggest first for each figure, or by name. */
export const ZONES_SORTS = ['spend_today', 'spend_month', 'throughput', 'name'] as const;
export const ZonesSort = z.enum(ZONES_SORTS);
export type ZonesSort = z.infer<typeof ZonesSort>;

/** The thresholds every install got before thresholds were automatic: stored as such, they were never a choice. */
export const FORMER_DEFAULT_THRESHOLDS_CENTS = { spendToday: [1_000, 5_000], spendMonth: [10_000, 50_000] } as const;
/** Versions 1 and 2 bound ⌘⇧Z / Ctrl+Shift+Z by default, which is Redo in most applications. */
export const FORMER_DEFAULT_SHORTCUT = 'CommandOrControl+Shift+Z';

/**
 * Files without `version` are version 1. Version 2: the former fixed thresholds become automatic.
 * Version 3: no global shortcut until the user records one, so a stored former default (written
 * into every file, never the user's choice) is dropped; recorded from version 3 on, it is kept.
 * Version 4: every account is watched at once, so there is no active profile any more; the demo,
 * when it was the active one, becomes `watchDemo`.
 */
export const SETTINGS_VERSION = 4;

function sameNumbers(a: unknown, b: readonly number[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((v, i) => v === b[i]);
}

function withAutomaticThresholds(stored: Record<string, unknown>): Record<string, unknown> {
  const alerts = stored.alerts;
  if (typeof alerts !== 'object' || alerts === null) return stored;
  const next: Record<string, unknown> = { ...(alerts as Record<string, unknown>) };
  for (const rule of ['spendToday', 'spendMonth'] as const) {
    const value = next[rule];
    if (typeof value !== 'object' || value === null) continue;
    const thresholds = (value as Record<string, unknown>).thresholdsCents;
    if (sameNumbers(thresholds, FORMER_DEFAULT_THRESHOLDS_CENTS[rule])) next[rule] = { ...value, thresholdsCents: null };
  }
  return { ...stored, alerts: next };
}

/** Moves stored settings to the current version; a user's own thresholds and shortcut are never changed. Pure. */
export function migrateStoredSettings(raw: unknown): unknown {
  if (raw === undefined) return { version: SETTINGS_VERSION };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  let stored = raw as Record<string, unknown>;
  const from = typeof stored.version === 'number' ? stored.version : 1;
  if (from >= SETTINGS_VERSION) return raw;
  if (from < 2) stored = withAutomaticThresholds(stored);
  if (from < 3 && stored.globalShortcut === FORMER_DEFAULT_SHORTCUT) {
    const { globalShortcut: _former, ...rest } = stored;
    stored = rest;
  }
  if (from < 4) {
    const { activeProfileId, ...rest } = stored;
    stored = { ...rest, watchDemo: activeProfileId === DEMO_PROFILE_ID };
  }
  return { ...stored, version: SETTINGS_VERSION };
}

/** The daily and weekly digests (docs/desktop.md › Digests): opt-in, sent at a local time of day. */
export const DigestSettings = z
  .object({
    daily: z.boolean().default(false),
    weekly: z.boolean().default(false),
    at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time of day, HH:MM' }).default('08:00'),
  })
  .prefault({});
export type DigestSettings = z.infer<typeof DigestSettings>;

export const Settings = z.preprocess(
  migrateStoredSettings,
  z.object({
    version: z.literal(SETTINGS_VERSION).default(SETTINGS_VERSION),
    profiles: z.array(Profile).default([]),
    /** The demo account is watched beside the real ones (chosen on the first-run screen or added later) until removed. */
    watchDemo: z.boolean().default(false),
    polling: PollingSettings,
    alerts: AlertSettings,
    quietHours: QuietHours,
    digest: DigestSettings,
    /** Where each rule, the digests and a recovered interruption go: desktop, channels, or both (docs/desktop.md › Channels). */
    routing: Routing,
    launchAtLogin: z.boolean().default(false),
    globalShortcut: z.string().max(60).nullable().default(null),
    theme: Theme.default('system'),
    // "Which zone is burning money right now" is the question the list answers first.
    zonesSort: ZonesSort.default('spend_today'),
    /** Look for, download and (on quit) install Zonewatch's own updates by itself (docs/desktop.md › Updates). */
    updateAutomatically: z.boolean().default(true),
  }),
);
export type Settings = z.infer<typeof Settings>;

/**
 * What the renderer may change in one `settings:update` call; each part replaces that part. The
 * parts are unwrapped from their prefaults: a part left out must stay out of the parsed patch, or a
 * patch of the theme alone would put every alert rule back to its default.
 */
export const SettingsPatch = z.strictObject({
  polling: PollingSettings.unwrap().optional(),
  alerts: AlertSettings.unwrap().optional(),
  quietHours: QuietHours.unwrap().optional(),
  digest: DigestSettings.unwrap().optional(),
  routing: Routing.unwrap().optional(),
  launchAtLogin: z.boolean().optional(),
  globalShortcut: z.string().max(60).nullable().optional(),
  theme: Theme.optional(),
  zonesSort: ZonesSort.optional(),
  updateAutomatically: z.boolean().optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** What `accounts:update` may change of one account; a field left out stays as it is. */
export const ProfilePatch = z.strictObject({
  profileId: ProfileId,
  label: z.string().trim().min(1).max(60).optional(),
  baseUrl: BaseUrl.optional(),
  dashboardUrl: HttpsUrl.nullable().optional(),
  color: AccountColor.optional(),
  /** The account's own rules, or null to follow the shared ones again. */
  alerts: AlertSettings.unwrap().nullable().optional(),
});
export type ProfilePatch = z.infer<typeof ProfilePatch>;
