import { z } from 'zod';
import { IpAddress, MAX_IPS_PER_CALL } from './api/ips';
import { UsersQuery } from './api/user';
import { ZoneUpdateBody } from './api/zone-update';
import { Zone, ZoneId } from './api/zone';
import { BillingFilter } from './api/billing';
import { AlertRuleName } from './alert-settings';
import { AppError } from './app-error';
import { HistoryPoint } from './history';
import { NavigateTarget, NotificationRecord } from './notification';
import { BaseUrl, Settings, SettingsPatch } from './settings';
import { Snapshot, SnapshotDelta } from './snapshot';
import { SpendStopPlan, SpendStopReport, SpendStopState } from './spend-stop';
import { KeyBackend, Status } from './status';
import {
  AppInfo,
  BillingSyncProgress,
  BillingView,
  BillingViewQuery,
  IpsResult,
  PinResult,
  PlanAdvice,
  UsersView,
  ZonePreview,
} from './views';

const None = z.void();
const IpList = z.array(IpAddress).min(1).max(MAX_IPS_PER_CALL);

/**
 * The IPC contract: channel `domain:action` → input and output schemas. Main (ipcMain), preload
 * (`window.zonewatch.<domain>.<action>`) and the browser bridge are all generated from this table.
 */
export const ipc = {
  'snapshot:get': { input: None, output: z.object({ snapshot: Snapshot, status: Status }) },
  'history:get': { input: z.strictObject({ sinceMs: z.number().int().optional() }), output: z.array(HistoryPoint) },

  'poll:refresh': { input: None, output: Status },
  'poll:setPaused': { input: z.strictObject({ paused: z.boolean() }), output: Status },

  'zones:setEnabled': { input: z.strictObject({ zoneId: ZoneId, enabled: z.boolean() }), output: Zone },
  'zones:preview': { input: z.strictObject({ zoneId: ZoneId, changes: ZoneUpdateBody }), output: ZonePreview },
  'zones:update': {
    input: z.strictObject({ zoneId: ZoneId, changes: ZoneUpdateBody, skipResourceCheck: z.boolean().default(true) }),
    output: Zone,
  },
  'zones:refreshIps': { input: z.strictObject({ zoneId: ZoneId, ips: IpList }), output: IpsResult },
  'zones:deleteIps': { input: z.strictObject({ zoneId: ZoneId, ips: IpList }), output: IpsResult },
  'zones:delete': { input: z.strictObject({ zoneId: ZoneId }), output: z.object({ zoneId: ZoneId }) },
  'zones:pin': { input: z.strictObject({ text: z.string().min(1).max(20_000) }), output: PinResult },
  'zones:unpin': { input: z.strictObject({ zoneId: ZoneId }), output: z.object({ zoneId: ZoneId }) },
  'zones:copyCredentials': { input: z.strictObject({ zoneId: ZoneId }), output: z.object({ clearsAfterMs: z.number() }) },

  // "Stop all spend" and its exact restore (issue 16); `retry` touches only what the last stop left running.
  'spend:get': { input: None, output: SpendStopState },
  'spend:plan': { input: z.strictObject({ retry: z.boolean().default(false) }), output: SpendStopPlan },
  'spend:stop': { input: z.strictObject({ retry: z.boolean().default(false) }), output: SpendStopReport },
  'spend:restore': { input: None, output: SpendStopReport },
  'spend:dismiss': { input: None, output: SpendStopState },

  'billing:query': { input: BillingViewQuery, output: BillingView },
  'billing:sync': { input: z.strictObject({ full: z.boolean() }), output: BillingSyncProgress },
  'billing:exportCsv': {
    input: z.strictObject({ filter: BillingFilter.default('all'), search: z.string().max(100).default('') }),
    // `leftOut`: cached-history entries that could not be read, so are not in the file.
    output: z.object({ saved: z.boolean(), rows: z.number().int(), fileName: z.string().nullable(), leftOut: z.number().int() }),
  },
  'billing:openDocument': { input: z.strictObject({ url: z.string().max(2048) }), output: z.object({ opened: z.boolean() }) },

  'account:openDashboard': { input: None, output: z.object({ opened: z.boolean() }) },
  'users:list': { input: UsersQuery, output: UsersView },
  'plans:advisor': { input: None, output: PlanAdvice },

  'settings:get': { input: None, output: Settings },
  'settings:update': { input: SettingsPatch, output: Settings },

  // The key travels renderer → main once, when the user types it; it never travels back.
  'key:set': {
    input: z.strictObject({
      apiKey: z.string().trim().min(8, { error: 'looks too short for an API key' }).max(512),
      baseUrl: BaseUrl.optional(),
      label: z.string().min(1).max(60).optional(),
    }),
    output: z.object({ keyBackend: KeyBackend, profileId: z.string() }),
  },
  'key:remove': { input: None, output: z.object({ removed: z.boolean() }) },
  'demo:start': { input: None, output: Status },

  'notifications:list': { input: None, output: z.array(NotificationRecord) },
  'notifications:test': { input: z.strictObject({ rule: AlertRuleName }), output: NotificationRecord },
  'notifications:snooze': { input: z.strictObject({ until: z.enum(['1h', 'tomorrow', 'off']) }), output: Status },

  'app:info': { input: None, output: AppInfo },
  'app:setPopoverOpen': { input: z.strictObject({ open: z.boolean() }), output: z.object({ open: z.boolean() }) },
  'app:openLogs': { input: None, output: z.object({ opened: z.boolean() }) },
  'app:copyDiagnostics': { input: None, output: z.object({ copied: z.boolean() }) },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

/** Push events main → renderer: `window.zonewatch.on.<event>(cb)` returns an unsubscribe. */
export const ipcEvents = {
  snapshot: SnapshotDelta,
  status: Status,
  billingSync: BillingSyncProgress,
  notification: NotificationRecord,
  navigate: NavigateTarget,
  settings: Settings,
  spendStop: SpendStopState,
} as const satisfies Record<string, z.ZodType>;

export type Channel = keyof typeof ipc;
export type EventName = keyof typeof ipcEvents;
export type ChannelInput<C extends Channel> = z.input<(typeof ipc)[C]['input']>;
export type ChannelArgs<C extends Channel> = z.output<(typeof ipc)[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<(typeof ipc)[C]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof ipcEvents)[E]>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const CHANNELS = Object.keys(ipc) as Channel[];
export const EVENT_NAMES = Object.keys(ipcEvents) as EventName[];
/** The single IPC channel name that carries push events in Electron. */
export const EVENT_CHANNEL = 'zonewatch:event';

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type ActionOf<C extends string, D extends string> = C extends `${D}:${infer A}` ? A : never;
type Call<C extends Channel> = [ChannelInput<C>] extends [void]
  ? () => Promise<Result<ChannelOutput<C>>>
  : (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>;

/** `window.zonewatch`: one function per channel grouped by domain, and one subscribe per event. */
export type ZonewatchApi = {
  [D in DomainOf<Channel>]: { [C in Channel as ActionOf<C, D>]: Call<C> };
} & {
  on: { [E in EventName]: (listener: (payload: EventPayload<E>) => void) => () => void };
};

/** Builds the `window.zonewatch` object over any transport (Electron IPC or the bridge socket). */
export function buildApi(
  invoke: (channel: Channel, input: unknown) => Promise<Result<unknown>>,
  subscribe: (event: EventName, listener: (payload: unknown) => void) => () => void,
): ZonewatchApi {
  const api: Record<string, Record<string, unknown>> = { on: {} };
  for (const channel of CHANNELS) {
    const [domain, action] = channel.split(':') as [string, string];
    api[domain] ??= {};
    api[domain][action] = (input?: unknown) => invoke(channel, input);
  }
  for (const event of EVENT_NAMES) {
    api.on![event] = (listener: (payload: unknown) => void) => subscribe(event, listener);
  }
  return api as unknown as ZonewatchApi;
}
