import { arch, release, type } from 'node:os';
import type { AppState } from '../../../../shared/app-state';
import type { Channel } from '../../../../shared/ipc';
import type { Settings } from '../../../../shared/settings';
import type { AppInfo } from '../../../../shared/views';
import { type DiagnosticsAccount, diagnosticsText } from '../../diagnostics/report';
import type { HandlerTable } from '../../ipc-dispatch';
import type { Clipboard, Logger, Shell } from '../../ports';

export type AppHandlers = Pick<HandlerTable, Extract<Channel, `app:${string}`>>;

export type AppHandlersContext = {
  /** The session's redaction list, so diagnostics can redact a key a log line may have quoted. */
  redaction: { values(): readonly string[] };
  accounts: () => DiagnosticsAccount[];
  settings: { get(): Settings };
  app: () => AppState;
  /** `versions`: the runtimes for diagnostics (diagnostics.ts › runtimeVersions); not sent by `app:info`. */
  appInfo: AppInfo & { versions?: Record<string, string> };
  /** Recent warning and error log lines, already redacted, oldest first. */
  recentLogLines: (() => string[]) | null;
  logsPath: string | null;
  /** The set-aside copies of damaged files (storage/store-folder.ts › setAsideFiles). */
  setAside: () => { file: string; bytes: number }[];
  /** The delivery log's latest lines, without secrets (outbox/alert-channels.ts › diagnosticsLines). */
  deliveries: () => string[];
  shell: Shell;
  clipboard: Clipboard;
  logger: Logger;
};

/** The app itself: its version, its app-wide state, the log folder and "Copy diagnostics". */
export function createAppHandlers(ctx: AppHandlersContext): AppHandlers {
  const { appInfo, logger } = ctx;
  return {
    'app:info': async () => ({ version: appInfo.version, platform: appInfo.platform, shell: appInfo.shell }),
    'app:state': async () => ctx.app(),
    'app:openLogs': async () => {
      if (!ctx.logsPath) return { opened: false };
      await ctx.shell.openPath(ctx.logsPath);
      return { opened: true };
    },
    'app:copyDiagnostics': async () => {
      let logLines: string[] = [];
      try {
        logLines = ctx.recentLogLines?.() ?? [];
      } catch (err) {
        logger.warn('core: recent log lines unreadable for diagnostics', { error: err });
      }
      const text = diagnosticsText(
        {
          appInfo,
          system: `${type()} ${release()} (${arch()})`,
          accounts: ctx.accounts(),
          app: ctx.app(),
          settings: ctx.settings.get(),
          logLines,
          setAside: ctx.setAside(),
          deliveries: ctx.deliveries(),
        },
        ctx.redaction.values(),
      );
      await ctx.clipboard.writeText(text);
      // The text too: the window shows what was copied, and the browser shell copies it itself.
      return { copied: true, text };
    },
  };
}
