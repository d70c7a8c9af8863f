import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChannelDraft, DeliveryLogEntry } from '../../../shared/channels';
import type { Settings } from '../../../shared/settings';
import type { AlertItem } from '../../../electron/core/channels/alert-message';
import { type AlertChannels, createAlertChannels } from '../../../electron/core/outbox/alert-channels';
import type { RetryPolicy } from '../../../electron/core/outbox/backoff';
import type { Clock, SecretBackend } from '../../../electron/core/ports';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import { createSecretStore } from '../../../electron/core/secrets/secret-store';
import { confStoreFactory, type DocumentStoreFactory } from '../../../electron/core/storage/persistence';
import { type StandIn, type StandInKind, startStandIn } from './stand-ins';

/** Secrets shaped as each service's are; a test searches files and logs for every one of them. */
export const SECRETS = {
  botToken: `7012345678:${'AAH'.repeat(11)}x9`,
  ntfyToken: `tk_${'q7'.repeat(15)}`,
  signingKey: `whsec_${'k3Y'.repeat(10)}`,
};

export const TEST_POLICY: RetryPolicy = { firstDelayMs: 1_000, maxDelayMs: 60 * 60_000, lifetimeMs: 24 * 60 * 60_000 };

export function secretOf(kind: StandInKind): string {
  return kind === 'telegram' ? SECRETS.botToken : kind === 'ntfy' ? SECRETS.ntfyToken : kind === 'webhook' ? SECRETS.signingKey : '';
}

export async function startStandIns(kinds: readonly StandInKind[]): Promise<Record<string, StandIn>> {
  const entries = await Promise.all(kinds.map(async (kind) => [kind, await startStandIn(kind, secretOf(kind))] as const));
  return Object.fromEntries(entries);
}

/** The draft `channels:add` takes for a stand-in, as the user would type it. */
export function draftFor(standIn: StandIn, name = `${standIn.kind} stand-in`): ChannelDraft {
  switch (standIn.kind) {
    case 'slack':
    case 'discord':
      return { kind: standIn.kind, name, webhookUrl: standIn.url };
    case 'telegram':
      return { kind: 'telegram', name, botToken: SECRETS.botToken, chatId: '-100200300', server: standIn.url };
    case 'ntfy':
      return { kind: 'ntfy', name, server: standIn.url, topic: 'zonewatch-test-topic', accessToken: SECRETS.ntfyToken };
    case 'webhook':
      return { kind: 'webhook', name, url: standIn.url, signingKey: SECRETS.signingKey };
  }
}

/** Every secret the stand-ins' channels hold, as a scan looks for them. */
export function channelSecrets(standIns: Record<string, StandIn>): string[] {
  return [SECRETS.botToken, SECRETS.ntfyToken, SECRETS.signingKey, ...Object.values(standIns).filter((s) => s.kind === 'slack' || s.kind === 'discord' || s.kind === 'webhook').map((s) => s.url)];
}

export type Harness = {
  dir: string;
  factory: DocumentStoreFactory;
  channels: AlertChannels;
  logLines: string[];
  log: () => DeliveryLogEntry[];
};

/**
 * The outbox over a data folder, as the core builds it (createAlertChannels). `keychain`: the secret
 * backend, shared by a "restart" on the same folder as the OS keychain would be.
 */
export function openHarness(args: { clock: Clock; dir?: string; keychain?: SecretBackend; random?: () => number; factory?: DocumentStoreFactory; timeoutMs?: number; policy?: RetryPolicy; settings?: () => Pick<Settings, 'routing' | 'quietHours'> }): Harness & { keychain: SecretBackend } {
  const dir = args.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-outbox-'));
  const keychain = args.keychain ?? { ...createMemoryBackend(), kind: 'keychain' as const };
  const factory = args.factory ?? confStoreFactory(dir);
  const logLines: string[] = [];
  // A logger that does not redact: the outbox itself must never hand it a secret.
  const line = (level: string) => (message: string, data?: Record<string, unknown>) => logLines.push(`${level} ${message} ${JSON.stringify(data ?? {})}`);
  const channels = createAlertChannels({
    factory,
    onSetAside: () => undefined,
    secrets: createSecretStore({ keychain }),
    redaction: { add: () => undefined },
    settings: args.settings ?? (() => ({ routing: { routes: {}, urgent: [] }, quietHours: { enabled: false, start: '22:00', end: '07:00' } })),
    clock: args.clock,
    random: args.random ?? (() => 0.5),
    fetch: globalThis.fetch,
    logger: { info: line('info'), warn: line('warn'), error: line('error') },
    publish: { channels: () => undefined, deliveries: () => undefined },
    policy: args.policy ?? TEST_POLICY,
    timeoutMs: args.timeoutMs ?? 5_000,
    minIntervalMs: 0,
    // The quiet hours read in UTC, whatever the machine's zone.
    timeZone: 'UTC',
  });
  return { dir, factory, channels, logLines, keychain, log: () => channels.log.list() };
}

let sequence = 0;

/** An alert item as routing builds one, with markup and an ampersand a formatter must escape. */
export function alertItem(overrides: Partial<AlertItem> = {}): AlertItem {
  sequence += 1;
  return {
    alertId: `alert-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
    route: 'spendToday',
    severity: 'warning',
    at: '2026-12-03T10:00:00.000Z',
    account: 'Client <B> & Co',
    zone: 'scraper_<main>',
    title: 'Spend today passed $50.00',
    figures: 'Spend today $51.20 (limit $50.00), 3 zones running; top: scraper_<main> $40.00',
    action: 'Open Zonewatch and look at the zones spending most; Stop all spend turns every zone off.',
    ...overrides,
  };
}

/** Waits in real time until `check` holds (a request crossing loopback), failing after `ms`. */
export async function waitFor(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Every file under `dir` as text (a data-folder scan). */
export function folderText(dir: string): string {
  let text = '';
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) text += fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
  }
  return text;
}
