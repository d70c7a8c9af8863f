import type { AccountsOverview } from '../../../shared/accounts';
import type { AppState } from '../../../shared/app-state';
import type { AppInfo } from '../../../shared/views';
import type { AccountRegistry } from '../accounts/account-registry';
import type { KeyAdmission } from '../accounts/key-admission';
import type { SnoozeChoice } from '../alerts/time/snooze';
import type { SettingsStore } from '../app-wide/settings-store';
import type { HandlerTable } from '../ipc-dispatch';
import type { Clipboard, Clock, GlobalShortcuts, Logger, LoginItem, SaveDialog, Shell } from '../ports';
import type { SecretStore } from '../secrets/secret-store';
import type { RecentChoices } from '../palette/recent-choices';
import type { DocumentStoreFactory } from '../storage/persistence';
import { setAsideFiles, storeFolder } from '../storage/store-folder';
import { createAccountsHandlers } from './app-wide/accounts-handlers';
import { createAppHandlers } from './app-wide/app-handlers';
import { createBillingExportHandlers } from './app-wide/billing-export-handlers';
import { createDemoHandlers } from './app-wide/demo-handlers';
import { createKeyHandlers } from './app-wide/key-handlers';
import { createNoticesHandlers } from './app-wide/notices-handlers';
import type { AlertChannels } from '../outbox/alert-channels';
import { createChannelsHandlers } from './channels-handlers';
import type { AppNotices } from '../notices/app-notices';
import { createAllLedgerHandlers } from './app-wide/ledger-handlers';
import { createPaletteHandlers } from './app-wide/palette-handlers';
import { createPollingHandlers } from './app-wide/polling-handlers';
import { createSettingsHandlers } from './app-wide/settings-handlers';
import { createSnoozeHandlers } from './app-wide/snooze-handlers';
import { createUpdateHandlers, type UpdateActions } from './app-wide/update-handlers';
import { createAccountHandlers } from './per-account/account-handlers';
import { createBillingHandlers } from './per-account/billing-handlers';
import { createHistoryHandlers } from './per-account/history-handlers';
import { createLedgerHandlers } from './per-account/ledger-handlers';
import { createNotificationHandlers } from './per-account/notification-handlers';
import { createPlansHandlers } from './per-account/plans-handlers';
import { createPollHandlers } from './per-account/poll-handlers';
import { createSnapshotHandlers } from './per-account/snapshot-handlers';
import { createSpendHandlers } from './per-account/spend-handlers';
import { createCapsHandlers } from './per-account/caps-handlers';
import { createUsersHandlers } from './per-account/users-handlers';
import { createZoneHandlers } from './per-account/zone-handlers';

/** The host's ports the handlers use, and what the app says about itself. */
export type HandlerPorts = {
  saveDialog: SaveDialog;
  shell: Shell;
  clipboard: Clipboard;
  loginItem: LoginItem;
  globalShortcuts?: GlobalShortcuts | undefined;
  appInfo: AppInfo & { versions?: Record<string, string> };
  recentLogLines?: (() => string[]) | undefined;
  logsPath?: string | null | undefined;
};

export type HandlerTableDeps = {
  accounts: AccountRegistry;
  admission: KeyAdmission;
  settings: SettingsStore;
  secrets: Pick<SecretStore, 'remove'>;
  storeFactory: DocumentStoreFactory;
  forgetHistory: (profileId: string) => Promise<void>;
  overview: () => AccountsOverview;
  /** The app-wide state and what changes it. */
  conditions: { state(): AppState; setPaused(paused: boolean): void; snooze(choice: SnoozeChoice): string | null };
  /** The polling or alert settings changed: every account replans. */
  settingsChanged: () => void;
  /** The command palette's recent choices, kept across restarts. */
  paletteRecent: RecentChoices;
  /** Zonewatch's own updates (updates/update-service.ts). */
  updates: UpdateActions;
  notices: Pick<AppNotices, 'list' | 'dismiss'>;
  redaction: { values(): readonly string[] };
  /** Slack, Discord, Telegram, ntfy and webhooks (outbox/alert-channels.ts). */
  channels: Pick<AlertChannels, 'book' | 'outbox' | 'log' | 'changed' | 'diagnosticsLines'>;
  ports: HandlerPorts;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
};

/**
 * Every channel's handler, one file per domain: those of one account (per-account/) find it by the
 * `profileId` their input names; the others (app-wide/) act on the list, on every account, or on the app.
 */
export function createHandlerTable(deps: HandlerTableDeps): HandlerTable {
  const { accounts, settings, ports, clock, logger } = deps;
  const account = (profileId: string) => accounts.require(profileId);
  return {
    ...createSnapshotHandlers({ account }),
    ...createHistoryHandlers({ account }),
    ...createLedgerHandlers({ account, saveDialog: ports.saveDialog, clock }),
    ...createPollHandlers({ account }),
    ...createZoneHandlers({ account, logger }),
    ...createSpendHandlers({ account, logger }),
    ...createCapsHandlers({ account, logger }),
    ...createBillingHandlers({ account, saveDialog: ports.saveDialog, shell: ports.shell, clock }),
    ...createAccountHandlers({ account, shell: ports.shell }),
    ...createUsersHandlers({ account, logger }),
    ...createPlansHandlers({ account, logger }),
    ...createNotificationHandlers({ account }),
    ...createAccountsHandlers({ accounts, settings, secrets: deps.secrets, storeFactory: deps.storeFactory, forgetHistory: deps.forgetHistory, overview: deps.overview }),
    ...createKeyHandlers({ admission: deps.admission }),
    ...createDemoHandlers({ accounts, settings }),
    ...createPollingHandlers({ accounts, setPaused: deps.conditions.setPaused, overview: deps.overview }),
    ...createSnoozeHandlers({ snooze: deps.conditions.snooze }),
    ...createPaletteHandlers({ accounts, recent: deps.paletteRecent, clock }),
    ...createBillingExportHandlers({ accounts, saveDialog: ports.saveDialog, clock }),
    ...createAllLedgerHandlers({ accounts, saveDialog: ports.saveDialog, clock, logger }),
    ...createSettingsHandlers({ settings, loginItem: ports.loginItem, globalShortcuts: ports.globalShortcuts ?? null, onChanged: deps.settingsChanged }),
    ...createAppHandlers({
      redaction: deps.redaction,
      accounts: () =>
        accounts.all().map((watch) => {
          const snapshot = watch.snapshot();
          return { status: watch.status(), zonesKnown: Object.keys(snapshot.zones).length, zonesNotYetKnown: snapshot.discovery.notYetKnown };
        }),
      settings,
      app: deps.conditions.state,
      appInfo: ports.appInfo,
      recentLogLines: ports.recentLogLines ?? null,
      logsPath: ports.logsPath ?? null,
      setAside: () => setAsideFiles(storeFolder(deps.storeFactory)),
      deliveries: deps.channels.diagnosticsLines,
      shell: ports.shell,
      clipboard: ports.clipboard,
      logger,
    }),
    ...createUpdateHandlers(deps.updates),
    ...createNoticesHandlers(deps.notices),
    ...createChannelsHandlers({ ...deps.channels, settings }),
  };
}
