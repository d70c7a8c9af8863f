import { createRequire } from 'node:module';
import type { AppCoreDeps } from '../core/app-core';
import { createLogger, createSecretRegistry } from '../core/diagnostics/logger';
import { createMemoryBackend } from '../core/secrets/memory-backend';
import type { NavigateTarget, Severity } from '../../shared/notification';
import { actionLinkLabel, actionTarget, type NotificationAction } from '../../shared/notification-action';

/** The version the desktop app reads from package.json (app.getVersion()), read the same way here. */
const APP_VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/** What the browser stand-ins of Electron-only ports did, for a test or a curious person to read. */
export type BridgeRecord = {
  notifications: { id: string; title: string; body: string; severity: Severity; target: NavigateTarget; action: NotificationAction | null }[];
  openedExternal: string[];
  openedPaths: string[];
  loginItem: boolean[];
  downloads: { fileName: string; content: string }[];
  clipboard: { text: string };
};

/**
 * Honest stand-ins for the Electron-only ports (docs/architecture.md › The browser shell): notifications are
 * recorded and shown as an in-page toast, openExternal and the login item are recorded,
 * safeStorage is unavailable (so keys stay in memory), and the save dialog becomes a download.
 */
export function bridgePorts(send: (event: string, payload: unknown) => void, verbose = false) {
  const record: BridgeRecord = { notifications: [], openedExternal: [], openedPaths: [], loginItem: [], downloads: [], clipboard: { text: '' } };
  const secretRegistry = createSecretRegistry();
  const logger = createLogger({
    secrets: secretRegistry,
    sink: {
      write: (line) => {
        if (verbose || !line.includes(' INFO ')) process.stderr.write(`${line}\n`);
      },
    },
  });
  const ports = {
    secretBackends: { keychain: null, safeStorage: null, memory: createMemoryBackend() },
    notifier: {
      show(n) {
        record.notifications.push(n);
        // A browser toast has no native buttons: its action leads to the control, as on Linux.
        const action = n.action ? { label: actionLinkLabel(n.action), target: actionTarget(n.action, n.target.profileId) } : null;
        send('bridge:toast', { title: n.title, body: n.body, severity: n.severity, action });
      },
    },
    clipboard: {
      writeText: async (text) => void (record.clipboard.text = text),
      readText: async () => record.clipboard.text,
    },
    shell: {
      openExternal: async (url) => void record.openedExternal.push(url),
      openPath: async (path) => void record.openedPaths.push(path),
    },
    saveDialog: {
      saveText: async (fileName, content) => {
        record.downloads.push({ fileName, content });
        send('bridge:download', { fileName, content });
        return { fileName };
      },
    },
    power: { idleState: () => 'active', onBattery: () => false },
    loginItem: { set: async (enabled) => void record.loginItem.push(enabled) },
    globalShortcuts: { problem: () => 'a browser page cannot register shortcuts for the whole system; the desktop app can' },
    logger,
    secretRegistry,
    appInfo: { version: APP_VERSION, platform: process.platform, shell: 'web' },
  } satisfies Partial<AppCoreDeps>;
  return { ports, record };
}
