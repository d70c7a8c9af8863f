import type { Channel } from '../../../shared/ipc';
import type { Settings } from '../../../shared/settings';
import type { Status } from '../../../shared/status';
import type { AppInfo } from '../../../shared/views';
import type { AccountSessions } from '../account/session';
import { diagnosticsText } from '../diagnostics/report';
import type { HandlerTable } from '../ipc-dispatch';
import type { Clipboard, Logger, Shell } from '../ports';
import type { SnapshotStore } from '../state/snapshot-store';

export type AppHandlers = Pick<HandlerTable, Extract<Channel, `app:${string}`>>;

export type AppHandlersContext = {
  sessions: Pick<AccountSessions, 'knownKeys'>;
  store: SnapshotStore;
  settings: { get(): Settings };
  status: () => Status;
  setPopoverOpen: (open: boolean) => void;
  /** `versions`: the runtimes for diagnostics (diagnostics.ts › runtimeVersions); not sent by `app:info`. */
  appInfo: AppInfo & { versions?: Record<string, string> };
  /** Recent warning and error log lines, already redacted, oldest first. */
  recentLogLines: (() => string[]) | null;
  logsPath: string | null;
  shell: Shell;
  clipboard: Clipboard;
  logger: Logger;
};

/** The app itself: its version, the popover, the log folder and "Copy diagnostics". */
export function createAppHandlers(ctx: AppHandlersContext): AppHandlers {
  const { appInfo, logger } = ctx;
  return {
    'app:info': async () => ({ version: appInfo.version, platform: appInfo.platform, shell: appInfo.shell }),
    'app:setPopoverOpen': async ({ open }) => {
      ctx.setPopoverOpen(open);
      return { open };
    },
    'app:openLogs': async () => {
      if (!ctx.logsPath) return { opened: false };
      await ctx.shell.openPath(ctx.logsPath);
      return { opened: true };
    },
    'app:copyDiagnostics': async () => {
      const snapshot = ctx.store.get();
      let logLines: string[] = [];
      try {
        logLines = ctx.recentLogLines?.() ?? [];
      } catch (err) {
        logger.warn('core: recent log lines unreadable for diagnostics', { error: err });
      }
      const text = diagnosticsText(
        {
          appInfo,
          status: ctx.status(),
          settings: ctx.settings.get(),
          zonesKnown: Object.keys(snapshot.zones).length,
          zonesNotYetKnown: snapshot.discovery.notYetKnown,
          logLines,
        },
        ctx.sessions.knownKeys(),
      );
      await ctx.clipboard.writeText(text);
      return { copied: true };
    },
  };
}
