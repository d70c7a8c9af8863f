// One scenario in its own Node process, under the Electron double:
//   node --import tsx --import ./tests/main-smoke/electron-double/register.mjs tests/main-smoke/run-scenario.ts <name>
// Prints one line `ZW_SMOKE_RESULT <json>` (what the double recorded, and the scenario's own
// failure if any); main-smoke.test.ts asserts on it.
import { existsSync, readdirSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { allItems, boot, double, item, page, quitFromTray, rec, trayMenu, until, waiting, window } from './harness';
import type { Result } from '../../shared/ipc';
import type { MenuItem } from './electron-double/electron';
import { zoneDisplayName } from '../../shared/zone-name';
import { updateScenarios } from './update-scenarios';

const { app, driver } = double;
const unwrap = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
};
const assert = (ok: unknown, what: string) => {
  if (!ok) throw new Error(what);
};
const userData = process.env.ZONEWATCH_USER_DATA!;
const serviceUrl = process.env.ZW_SERVICE_URL ?? '';
const serviceKey = process.env.ZW_SERVICE_KEY ?? '';
const out: Record<string, unknown> = {};
/** Lets main finish what a click started (its handlers are promise chains, no timers). */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((r) => setImmediate(r));
};

/** Every file under the user-data folder, read as text: a stored key must never be in one. */
function filesText(dir = userData): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? filesText(path) : readFileSync(path, 'utf8')))
    .join('\n');
}

/** Every watched account, in the user's order, as the window's `accounts:list` gives it. */
async function accounts() {
  return unwrap(await (await page()).accounts.list()).accounts;
}

/** The status of the first account watched, or null when there is none. */
async function firstStatus() {
  const [first] = await accounts();
  return first ? unwrap(await (await page()).snapshot.get({ profileId: first.profileId })).status : null;
}

/** One account's part of the tray menu: from its header ("● Client B — …") to the next separator. */
function traySection(label: string): MenuItem[] {
  const items = trayMenu();
  const start = items.findIndex((i) => i.label.startsWith(`● ${label} `));
  if (start < 0) return [];
  const end = items.findIndex((i, at) => at > start && i.type === 'separator');
  return items.slice(start, end < 0 ? undefined : end);
}

const scenarios: Record<string, () => Promise<void>> = {
  /** No key: the window opens by itself on the first-run screen; a second launch brings it forward. */
  async 'first-run'() {
    await boot();
    await until('the first-run window to show', () => window()?.isVisible());
    assert((await accounts()).length === 0, 'a fresh profile has no account');
    assert(driver.trays.length === 1, 'one tray icon');
    out.foreignNavigationAllowed = window()!.webContents.navigate('https://evil.example/phish');
    window()!.hide();
    app.emit('second-instance', {}, [], process.cwd());
    await until('a second launch to show the window', () => window()?.isVisible());
    out.shortcuts = double.globalShortcut.registered();
    // A shortcut another application holds is refused in Settings with the reason; a free one is bound.
    const api = await page();
    const taken = await api.settings.update({ globalShortcut: 'Alt+Shift+K' });
    out.takenRefusal = taken.ok ? null : taken.error.message;
    unwrap(await api.settings.update({ globalShortcut: 'Alt+Shift+J' }));
    out.shortcutsAfterRecording = double.globalShortcut.registered();
    out.trayIcon = driver.trays[0]!.image.path;
    out.update = unwrap(await api.updates.get());
    await quitFromTray();
  },

  /** The packaged layout: icons and tray images come from process.resourcesPath. */
  async packaged() {
    await boot();
    await until('the first-run window to show', () => window()?.isVisible());
    out.trayIcon = driver.trays[0]!.image.path;
    out.windowIcon = driver.windows[0]!.options.icon;
    out.update = unwrap(await (await page()).updates.get());
    await quitFromTray();
  },

  /** Another instance holds the lock: this one quits before creating anything. */
  async 'second-instance'() {
    await boot();
    assert(rec.exited, 'the second instance quit');
    assert(driver.windows.length === 0 && driver.trays.length === 0, 'no window and no tray in a second instance');
    assert(driver.handlers.size === 0, 'no IPC handlers in a second instance');
  },

  /** The demo from the first-run screen; then every tray item, a cancelled and a failed toggle, a notification click. */
  async demo() {
    await boot();
    const api = await page();
    const demoId = unwrap(await api.demo.start()).profile?.id;
    await until('the tray to list zones', () => trayMenu().some((i) => i.type === 'checkbox'));

    // Polling paused, so no new data rebuilds the menu by chance while the toggles are checked.
    item(/^Pause polling/).click();
    await until('polling to pause', () => trayMenu().some((i) => i.label === 'Resume polling'));

    // Cancelled toggle: Electron flips the box, the user says Cancel, the box must show the truth again.
    const busy = await until('a zone with open connections', () => {
      const zones = double.driver.trays[0]!.menu!.items.filter((i) => i.type === 'checkbox' && i.checked);
      return zones[0];
    });
    const label = busy.label;
    const before = rec.messageBoxes.length;
    rec.messageBoxResponses.push(1);
    busy.click();
    await until('the confirmation', () => rec.messageBoxes.length > before);
    await settle();
    out.cancelAsked = rec.messageBoxes.length > before;
    out.cancelledChecked = trayMenu().find((i) => i.label === label)!.checked;

    // Failed toggle: the network is down, the error is shown, the box shows the truth.
    const target = trayMenu().find((i) => i.type === 'checkbox' && !i.checked) ?? trayMenu().find((i) => i.type === 'checkbox')!;
    const targetLabel = target.label;
    const wasChecked = target.checked;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    rec.messageBoxResponses.push(0);
    const errorsBefore = rec.messageBoxes.filter((m) => m.type === 'error').length;
    target.click();
    await until('the failed toggle to be reported', () => rec.messageBoxes.filter((m) => m.type === 'error').length > errorsBefore, 60_000);
    globalThis.fetch = realFetch;
    await settle();
    out.failedChecked = trayMenu().find((i) => i.label === targetLabel)!.checked;
    out.failedWasChecked = wasChecked;
    item(/^Resume polling/).click();
    await until('polling to resume', () => trayMenu().some((i) => i.label === 'Pause polling'));

    // Every other tray item, as a user would click them.
    const clicked: string[] = [];
    for (const label of ['Refresh now', 'Pause polling', 'Resume polling', 'For 1 hour', 'Resume notifications', 'Until tomorrow', 'Resume notifications', 'Settings…', 'Open Zonewatch']) {
      const found = await until(`the tray item "${label}"`, () => (() => {
        try {
          return item(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        } catch {
          return null;
        }
      })());
      found.click();
      clicked.push(label);
      await new Promise((r) => setTimeout(r, 50));
    }
    // Stop all spend (confirmed), then Restore what it stopped, then dismiss the record.
    rec.messageBoxResponses.push(0, 0);
    item(/^Stop all spend/).click();
    const restore = await until('the tray to offer Restore', () => allItems().find((i) => /^Restore /.test(i.label)), 30_000);
    clicked.push('Stop all spend…');
    // The stop's own report may still be on its way: the restore's is the one that names zones turned back on.
    rec.messageBoxResponses.push(0);
    restore.click();
    clicked.push(restore.label);
    await until('the restore’s report', () => rec.messageBoxes.some((m) => / back on/.test(m.message)), 30_000);
    await settle();
    const dismiss = allItems().find((i) => i.label === 'Dismiss the stop record');
    if (dismiss) {
      dismiss.click();
      clicked.push(dismiss.label);
      await until('the stop record to go', () => !allItems().some((i) => i.label === 'Dismiss the stop record'));
    }
    const zonesItem = item(/^All zones/);
    zonesItem.click();
    clicked.push(zonesItem.label);
    out.clicked = clicked;
    out.errorBoxesAfterItems = rec.messageBoxes.filter((m) => m.type === 'error').length - errorsBefore - 1;


    // A notification, clicked: the window opens on the rule's view.
    window()!.hide();
    const navigations: unknown[] = [];
    (await page()).on.navigate((target: unknown) => navigations.push(target));
    unwrap(await (await page()).notifications.test({ profileId: demoId!, rule: 'lowBalance' }));
    const shown = await until('a notification', () => rec.notifications.at(-1));
    shown.emit('click');
    await until('the notification click to open the window', () => window()?.isVisible());
    await until('the page to be told where to go', () => navigations.length > 0);
    out.navigations = navigations;
    out.demoId = demoId;
    await quitFromTray();
  },

  /**
   * The command palette from outside the window (docs/desktop.md › The command palette): the tray's
   * "Find a zone…" opens the window and asks for the palette; the global shortcut opens the window
   * as before while it is hidden, and while it shows asks for the palette instead of hiding it.
   */
  async palette() {
    await boot();
    const api = await page();
    unwrap(await api.demo.start());
    await until('the tray to list zones', () => trayMenu().some((i) => i.type === 'checkbox'));
    let asked = 0;
    api.on.palette(() => void (asked += 1));
    window()?.hide();
    item(/^Find a zone…$/).click();
    await until('"Find a zone…" to show the window', () => window()?.isVisible());
    await until('the page to be asked for the palette', () => asked === 1);
    out.askedByTray = asked;

    unwrap(await api.settings.update({ globalShortcut: 'Alt+Shift+J' }));
    await until('the shortcut to be bound', () => double.globalShortcut.registered().includes('Alt+Shift+J'));
    double.globalShortcut.press('Alt+Shift+J');
    await settle();
    out.shownAfterShortcut = window()?.isVisible() ?? false;
    await until('the shortcut, pressed while the window shows, to ask for the palette', () => asked === 2);
    out.askedByShortcut = asked - 1;

    window()!.hide();
    double.globalShortcut.press('Alt+Shift+J');
    await until('the shortcut to show the hidden window', () => window()?.isVisible());
    await settle();
    out.askedWhenHidden = asked - 2;
    await quitFromTray();
  },

  /**
   * The demo and a second account side by side: the tray shows a section for each, and a toggle in
   * the second account's section changes that account's zone — not the demo's zone with the same id.
   */
  async 'two-accounts'() {
    await boot();
    const api = await page();
    const demoId = unwrap(await api.demo.start()).profile!.id;
    const clientId = unwrap(await api.key.set({ apiKey: serviceKey, baseUrl: serviceUrl, label: 'Client B' })).profileId;
    const toggles = await until('a section with zones for each account', () => {
      const client = traySection('Client B').filter((i) => i.type === 'checkbox');
      const demo = traySection('Demo account (DEMO)').filter((i) => i.type === 'checkbox');
      return client.length > 0 && demo.length > 0 && client;
    });
    out.headers = trayMenu().filter((i) => i.label.startsWith('● ')).map((i) => i.label.replace(/ — .*$/, ''));
    out.refreshLabel = trayMenu().find((i) => i.label.startsWith('Refresh'))?.label ?? null;

    // An enabled zone of Client B's that the demo has too (both services are seeded alike), turned
    // off from Client B's section, confirming if it has open connections.
    const zonesOf = async (profileId: string) => Object.values(unwrap(await api.snapshot.get({ profileId })).snapshot.zones).map((entry) => entry.zone);
    const demoZones = await zonesOf(demoId);
    const clientZones = await zonesOf(clientId);
    const zoneFor = (item: MenuItem) => clientZones.find((zone) => item.label.startsWith(`${zoneDisplayName(zone)} — `));
    const target = toggles.find((i) => i.checked && demoZones.some((zone) => zone.zone_id === zoneFor(i)?.zone_id && zone.enabled === true)) ?? toggles.find((i) => i.checked)!;
    const zoneId = zoneFor(target)!.zone_id;
    out.sameZoneInDemo = demoZones.some((zone) => zone.zone_id === zoneId);
    rec.messageBoxResponses.push(0);
    target.click();
    // A checkbox flips itself on click: wait for Client B's own data to say the zone is off.
    let clientZoneOff = false;
    void (async () => {
      while (!clientZoneOff) {
        clientZoneOff = (await zonesOf(clientId)).find((zone) => zone.zone_id === zoneId)?.enabled === false;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await until('Client B’s zone to be off', () => clientZoneOff, 20_000);
    rec.messageBoxResponses.length = 0;
    out.clientChecked = traySection('Client B').find((i) => i.label === target.label)?.checked ?? null;
    const atService = (await (await fetch(`${serviceUrl}/v1/zones/${zoneId}`, { headers: { 'X-API-KEY': serviceKey } })).json()) as { zones: { zone_id: string; enabled: boolean }[] };
    out.clientZoneAtService = atService.zones.find((zone) => zone.zone_id === zoneId)?.enabled ?? null;
    out.demoZoneAfter = (await zonesOf(demoId)).find((zone) => zone.zone_id === zoneId)?.enabled ?? null;
    out.errorBoxes = rec.messageBoxes.filter((m) => m.type === 'error').length;
    unwrap(await api.zones.setEnabled({ profileId: clientId, zoneId, enabled: true }));
    await quitFromTray();
  },

  /** The renderer crashes while hidden and reloads; "Open" must show the window the first time. */
  async 'crash-reload'() {
    await boot();
    await until('the first-run window to show', () => window()?.isVisible());
    const win = window()!;
    win.hide();
    win.webContents.crash();
    item(/^Enter an API key or try the demo/).click();
    await until('the window to show after the crash reload', () => win.isVisible(), 5_000);
    await page();
    await quitFromTray();
  },

  /** Stores a real key with whatever backend this machine offers, then quits. */
  async 'store-key'() {
    await boot();
    const api = await page();
    unwrap(await api.key.set({ apiKey: serviceKey, baseUrl: serviceUrl }));
    const s = (await firstStatus())!;
    out.keyBackend = s.keyBackend;
    out.keyInFiles = filesText().includes(serviceKey);
    // History answers from the history database in its worker thread (docs/architecture.md › The history database).
    const [account] = await accounts();
    let days = 0;
    for (const started = Date.now(); days === 0 && Date.now() - started < 15_000; await new Promise((r) => setTimeout(r, 50))) {
      days = unwrap(await api.history.calendar({ profileId: account!.profileId })).days.length;
    }
    out.historyDays = days;
    out.historyDatabase = existsSync(join(userData, 'history.sqlite'));
    out.historyFiles = readdirSync(userData).filter((name) => /-(ledger|intraday)/.test(name));
    await quitFromTray();
  },

  /** A restart after `store-key`: the account comes back without asking, unless the key lived in memory. */
  async restart() {
    await boot();
    out.windowOpenedByItself = driver.windows.some((w) => w.isVisible());
    item(/^Open Zonewatch|^Enter an API key/).click();
    const s = await firstStatus();
    out.profile = s?.profile?.label ?? null;
    out.keyBackend = s?.keyBackend ?? null;
    out.hasKey = s !== null && s.poll !== 'no_key';
    await quitFromTray();
  },

  /** Quit while a full billing sync runs: the sync is cancelled, no page is requested after before-quit. */
  async 'quit-during-sync'() {
    await boot();
    const api = await page();
    const { profileId } = unwrap(await api.key.set({ apiKey: serviceKey, baseUrl: serviceUrl }));
    const progress: { page: number; error: string | null; done: boolean }[] = [];
    api.on.billingSync((p: unknown) => progress.push(p as (typeof progress)[number]));
    const sync = api.billing.sync({ profileId, full: true });
    await until('the first billing page', () => progress.length > 0);
    const windowsBefore = driver.windows.length;
    item(/^Quit Zonewatch/).click();
    // A relaunch while the core stops must not wake the dying instance.
    app.emit('second-instance', {}, [], process.cwd());
    out.windowAfterRelaunch = driver.windows.length > windowsBefore || driver.windows.some((w) => w.isVisible());
    await until('the app to quit', () => rec.exited, 8_000);
    const result = await sync.catch((error: unknown) => ({ ok: false, error: { message: String(error) } }) as Result<never>);
    out.syncResult = result;
    out.pagesRequested = rec.timeline.filter((t) => t.includes('billinghistory')).length;
  },

  ...updateScenarios(out),
};

// A promise nothing will ever settle, with nothing left to run, ends Node with code 13 (Node 20
// hands 'exit' listeners 0 then): if no result was printed by then, say what was awaited.
let printed = false;
process.on('exit', () => {
  // Written straight to the descriptor: at 'exit' a stream's queued write may never be flushed.
  if (!printed) writeSync(1, `\nZW_SMOKE_RESULT ${JSON.stringify({ failure: `the event loop emptied while waiting for ${waiting.for}`, out, problems: rec.problems, timeline: rec.timeline })}\n`);
});

const name = process.argv[2] ?? '';
let failure: string | null = null;
try {
  const scenario = scenarios[name];
  if (!scenario) throw new Error(`no scenario "${name}"`);
  await scenario();
} catch (error) {
  failure = error instanceof Error ? (error.stack ?? error.message) : String(error);
}

// After quit nothing may keep the process alive: wait for closing sockets and servers to finish.
const openHandles = async () => process.getActiveResourcesInfo().filter((r) => !['TTYWrap', 'PipeWrap', 'FSReqCallback'].includes(r));
let open = await openHandles();
for (let i = 0; i < 300 && open.length > 0 && rec.exited; i += 1) {
  await new Promise((r) => setImmediate(r));
  // A ref'd wait: with only unref'd handles left, an unref'd one would end the process before it reports them.
  await new Promise((r) => setTimeout(r, 10));
  open = await openHandles();
}
printed = true;
process.stdout.write(
  `\nZW_SMOKE_RESULT ${JSON.stringify({
    failure,
    out,
    problems: rec.problems,
    callsBeforeReady: rec.callsBeforeReady,
    timeline: rec.timeline.filter((t) => !t.startsWith('fetch ') && !t.startsWith('request ')),
    fetchTimeline: rec.timeline,
    channelsAtFirstWindow: rec.channelsAtFirstWindow,
    exited: rec.exited,
    openHandles: rec.exited ? open : null,
  })}\n`,
);
process.exit(0);
