import { z } from 'zod';
import { IpAddress, MAX_IPS_PER_CALL } from './api/ips';
import { UsersQuery } from './api/user';
import { ZoneUpdateBody } from './api/zone-update';
import { Zone, ZoneId } from './api/zone';
import { BillingFilter } from './api/billing';
import { AlertRuleName } from './alert-settings';
import { Anomaly } from './anomalies';
import { ChannelDraft, ChannelId, ChannelList, ChannelPatch, ChannelTestResult, ChannelView, DeliveryLog } from './channels';
import { PeriodSummary, SummaryQuery } from './digest';
import { AppError } from './app-error';
import { AppUpdate } from './app-update';
import { HistoryPoint } from './history';
import { LedgerCalendar, LedgerDayView, MonthComparison, RecentDays, UtcDay, ZONE_TREND_DAYS, ZoneTrend } from './ledger';
import { NavigateTarget, NotificationRecord } from './notification';
import { NoticeId, NoticeList } from './notices';
import { BaseUrl, ProfilePatch, Settings, SettingsPatch } from './settings';
import { AccountColor, AccountsOverview } from './accounts';
import { AccountUpdate } from './account-update';
import { AppState } from './app-state';
import { PaletteChoice, PaletteList } from './palette';
import { ProfileId } from './profile-id';
import { Timestamp } from './api/timestamp';
import { Snapshot } from './snapshot';
import { SpendStopPlan, SpendStopReport, SpendStopState } from './spend-stop';
import { AccountCapRule, CapApplyChanges, CapRule, CapsPreview, CapsReport, CapsView, CapZoneIds } from './caps';
import { KeyBackend, Status } from './status';
import {
  AppInfo,
  BillingSyncProgress,
  BillingView,
  BillingViewQuery,
  CsvExport,
  IpsResult,
  PinResult,
  PlanAdvice,
  UsersView,
  ZonePreview,
} from './views';

const None = z.void();
const IpList = z.array(IpAddress).min(1).max(MAX_IPS_PER_CALL);
/** Every account-scoped channel names its account: main keeps no "selected account" of its own. */
const Account = { profileId: ProfileId };
const ForAccount = z.strictObject(Account);

/**
 * The IPC contract: channel `domain:action` → input and output schemas. Main (ipcMain), preload
 * (`window.zonewatch.<domain>.<action>`) and the browser bridge are all generated from this table.
 * A channel whose input has `profileId` acts on that account alone (ACCOUNT_CHANNELS).
 */
export const ipc = {
  'accounts:list': { input: None, output: AccountsOverview },
  'accounts:update': { input: ProfilePatch, output: AccountsOverview },
  'accounts:reorder': { input: z.strictObject({ profileIds: z.array(ProfileId).min(1).max(100) }), output: AccountsOverview },
  // Erases only this account's key and files; the others go on as they were.
  'accounts:remove': { input: ForAccount, output: z.object({ removed: z.boolean() }) },

  'snapshot:get': { input: ForAccount, output: z.object({ snapshot: Snapshot, status: Status, seq: z.number().int().nonnegative() }) },
  'history:get': { input: z.strictObject({ ...Account, sinceMs: z.number().int().optional() }), output: z.array(HistoryPoint) },
  // The daily ledger (docs/architecture.md › The daily ledger): every zone's spend and usage per UTC day, offline from the cache.
  'history:calendar': { input: ForAccount, output: LedgerCalendar },
  'history:day': { input: z.strictObject({ ...Account, day: UtcDay }), output: LedgerDayView },
  'history:zone': { input: z.strictObject({ ...Account, zoneId: ZoneId, days: z.number().int().min(1).max(400).default(ZONE_TREND_DAYS) }), output: ZoneTrend },
  'history:compare': { input: ForAccount, output: MonthComparison },
  'history:anomalies': { input: ForAccount, output: z.array(Anomaly) },
  'history:summary': { input: z.strictObject({ ...Account, ...SummaryQuery.shape }), output: PeriodSummary },
  'history:exportSummaryCsv': { input: z.strictObject({ ...Account, ...SummaryQuery.shape }), output: CsvExport },
  'history:exportCsv': { input: ForAccount, output: CsvExport },
  // Every account's ledger in one file, and each account's last days for "All accounts".
  'history:exportAllCsv': { input: None, output: CsvExport },
  // All accounts' Summary for a period, one section per account, as the digest covers them.
  'history:summaryAll': { input: z.strictObject(SummaryQuery.shape), output: PeriodSummary },
  'history:exportSummaryAllCsv': { input: z.strictObject(SummaryQuery.shape), output: CsvExport },
  'history:recent': { input: None, output: RecentDays },

  'poll:refresh': { input: ForAccount, output: Status },
  'poll:refreshAll': { input: None, output: AccountsOverview },
  // App-wide: pausing stops every account's polling, as a laptop on a metered link wants.
  'poll:setPaused': { input: z.strictObject({ paused: z.boolean() }), output: z.object({ paused: z.boolean() }) },

  'zones:setEnabled': { input: z.strictObject({ ...Account, zoneId: ZoneId, enabled: z.boolean() }), output: Zone },
  'zones:preview': { input: z.strictObject({ ...Account, zoneId: ZoneId, changes: ZoneUpdateBody }), output: ZonePreview },
  'zones:update': {
    input: z.strictObject({ ...Account, zoneId: ZoneId, changes: ZoneUpdateBody, skipResourceCheck: z.boolean().default(true) }),
    output: Zone,
  },
  'zones:refreshIps': { input: z.strictObject({ ...Account, zoneId: ZoneId, ips: IpList }), output: IpsResult },
  'zones:deleteIps': { input: z.strictObject({ ...Account, zoneId: ZoneId, ips: IpList }), output: IpsResult },
  'zones:delete': { input: z.strictObject({ ...Account, zoneId: ZoneId }), output: z.object({ zoneId: ZoneId }) },
  'zones:pin': { input: z.strictObject({ ...Account, text: z.string().min(1).max(20_000) }), output: PinResult },
  'zones:unpin': { input: z.strictObject({ ...Account, zoneId: ZoneId }), output: z.object({ zoneId: ZoneId }) },
  'zones:copyCredentials': { input: z.strictObject({ ...Account, zoneId: ZoneId }), output: z.object({ clearsAfterMs: z.number() }) },

  // "Stop all spend" and its exact restore (docs/architecture.md › Stop all spend), for one account; `retry` touches only what the last stop left running.
  'spend:get': { input: ForAccount, output: SpendStopState },
  'spend:plan': { input: z.strictObject({ ...Account, retry: z.boolean().default(false) }), output: SpendStopPlan },
  'spend:stop': { input: z.strictObject({ ...Account, retry: z.boolean().default(false) }), output: SpendStopReport },
  'spend:restore': { input: ForAccount, output: SpendStopReport },
  'spend:dismiss': { input: ForAccount, output: SpendStopState },
  // Spend caps in bulk (docs/desktop.md › Caps): the view, a rule's preview, applying it, Retry and an exact Undo.
  'caps:get': { input: ForAccount, output: CapsView },
  'caps:preview': { input: z.strictObject({ ...Account, zoneIds: CapZoneIds, rule: CapRule }), output: CapsPreview },
  'caps:apply': { input: z.strictObject({ ...Account, changes: CapApplyChanges }), output: CapsReport },
  'caps:retry': { input: ForAccount, output: CapsReport },
  'caps:undo': { input: ForAccount, output: CapsReport },
  'caps:forget': { input: ForAccount, output: CapsView },
  'caps:setAccountCap': { input: z.strictObject({ ...Account, rule: AccountCapRule.nullable() }), output: CapsView },

  'billing:query': { input: BillingViewQuery.extend(Account), output: BillingView },
  'billing:sync': { input: z.strictObject({ ...Account, full: z.boolean() }), output: BillingSyncProgress },
  'billing:exportCsv': {
    input: z.strictObject({ ...Account, filter: BillingFilter.default('all'), search: z.string().max(100).default('') }),
    // `leftOut`: cached-history entries that could not be read, so are not in the file.
    output: CsvExport,
  },
  // Every account's cached history in one file, with an account column.
  'billing:exportAllCsv': { input: z.strictObject({ filter: BillingFilter.default('all') }), output: CsvExport },
  'billing:openDocument': { input: z.strictObject({ ...Account, url: z.string().max(2048) }), output: z.object({ opened: z.boolean() }) },

  'account:openDashboard': { input: ForAccount, output: z.object({ opened: z.boolean() }) },
  'users:list': { input: UsersQuery.extend(Account), output: UsersView },
  'plans:advisor': { input: ForAccount, output: PlanAdvice },

  'settings:get': { input: None, output: Settings },
  'settings:update': { input: SettingsPatch, output: Settings },

  // The key travels renderer → main once, when the user types it; it never travels back. With a
  // `profileId` it replaces that account's key (keeping its history); without, it adds an account.
  'key:set': {
    input: z.strictObject({
      profileId: ProfileId.optional(),
      apiKey: z.string().trim().min(8, { error: 'looks too short for an API key' }).max(512),
      baseUrl: BaseUrl.optional(),
      label: z.string().trim().min(1).max(60).optional(),
      color: AccountColor.optional(),
    }),
    output: z.object({ keyBackend: KeyBackend, profileId: ProfileId }),
  },
  // Watches the demo account beside any others; its profile id is always DEMO_PROFILE_ID.
  'demo:start': { input: None, output: Status },

  'notifications:list': { input: ForAccount, output: z.array(NotificationRecord) },
  'notifications:test': { input: z.strictObject({ ...Account, rule: AlertRuleName }), output: NotificationRecord },
  // App-wide, as quiet hours are.
  'notifications:snooze': { input: z.strictObject({ until: z.enum(['1h', 'tomorrow', 'off']) }), output: z.object({ snoozedUntil: Timestamp.nullable() }) },

  // App-wide notices (docs/architecture.md › Notices): what the app did on the user's behalf, shown until dismissed.
  'notices:list': { input: None, output: NoticeList },
  'notices:dismiss': { input: z.strictObject({ id: NoticeId }), output: NoticeList },
  // The command palette (docs/desktop.md › The command palette): every account's known zones in one
  // read, since the window holds only the selected account's snapshot; and its recent choices.
  'palette:list': { input: None, output: PaletteList },
  'palette:remember': { input: z.strictObject({ choice: PaletteChoice.strict() }), output: z.object({ recent: PaletteList.shape.recent }) },

  // Channels (docs/desktop.md › Channels): Slack, Discord, Telegram, ntfy and signed webhooks. A secret
  // travels renderer → main once, in `add` or `update`; nothing sends one back (`secretSet` says whether
  // one is kept). Routing is `settings.routing`, changed through `settings:update`.
  'channels:list': { input: None, output: ChannelList },
  'channels:add': { input: ChannelDraft, output: ChannelView },
  'channels:update': { input: ChannelPatch, output: ChannelView },
  // Its waiting alerts are said in the delivery log as given up; its routes forget it.
  'channels:remove': { input: z.strictObject({ id: ChannelId }), output: z.object({ removed: z.boolean() }) },
  // A sample message sent now, once: whether the service accepted it and its answer in words.
  'channels:test': { input: z.strictObject({ id: ChannelId }), output: ChannelTestResult },
  // The last 200 attempts, newest first, from their file (readable offline).
  'channels:log': { input: None, output: DeliveryLog },

  'app:info': { input: None, output: AppInfo },
  // Paused, offline, asleep, snoozed: app-wide, never copied into an account's status.
  'app:state': { input: None, output: AppState },
  'app:openLogs': { input: None, output: z.object({ opened: z.boolean() }) },
  // The redacted report (no key, no e-mail address), on the clipboard and to show in the window.
  'app:copyDiagnostics': { input: None, output: z.object({ copied: z.boolean(), text: z.string() }) },

  // Zonewatch's own updates (docs/desktop.md › Updates): the state, "Check for updates" (answers once
  // the check has ended) and "Restart to update".
  'updates:get': { input: None, output: AppUpdate },
  'updates:check': { input: None, output: AppUpdate },
  'updates:install': { input: None, output: AppUpdate },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

const scoped = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) => schema.extend(Account);

/**
 * Push events main → renderer: `window.zonewatch.on.<event>(cb)` returns an unsubscribe. `account`
 * is one account's update (its read model, status, data changes, notifications and stop record,
 * once per poll cycle); `billingSync` names its account too. `accounts` is the list (added, removed,
 * reordered, renamed), `app` the app-wide state, `appUpdate` Zonewatch's own update
 * (docs/desktop.md › Updates), `notices` the app-wide notices showing; `navigate` and `settings` are app-wide; `palette` asks the window
 * for its command palette (the tray's "Find a zone…", the global shortcut while the window shows).
 */
export const ipcEvents = {
  accounts: AccountsOverview,
  account: AccountUpdate,
  app: AppState,
  billingSync: scoped(BillingSyncProgress),
  navigate: NavigateTarget,
  settings: Settings,
  appUpdate: AppUpdate,
  notices: NoticeList,
  palette: z.strictObject({}),
  // The channels (their waiting counts changed) and the delivery log (an attempt ended).
  channels: ChannelList,
  deliveries: DeliveryLog,
} as const satisfies Record<string, z.ZodType>;

/**
 * The channels that act within one account: their input must name it. (`accounts:*` name one too,
 * but act on the list of accounts, so they are not among them.)
 */
export const ACCOUNT_CHANNELS = (Object.keys(ipc) as (keyof typeof ipc)[]).filter((channel) => {
  const input: z.ZodType = ipc[channel].input;
  return !channel.startsWith('accounts:') && input instanceof z.ZodObject && 'profileId' in input.shape && !(input.shape.profileId as z.ZodType).safeParse(undefined).success;
}) as AccountChannel[];

export type Channel = keyof typeof ipc;
export type EventName = keyof typeof ipcEvents;
export type ChannelInput<C extends Channel> = z.input<(typeof ipc)[C]['input']>;
export type ChannelArgs<C extends Channel> = z.output<(typeof ipc)[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<(typeof ipc)[C]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof ipcEvents)[E]>;
/** A channel that acts within one account, whose input must name it (ACCOUNT_CHANNELS). */
export type AccountChannel = Exclude<{ [C in Channel]: ChannelArgs<C> extends { profileId: string } ? C : never }[Channel], `accounts:${string}`>;

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
