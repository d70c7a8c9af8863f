// Zonewatch updating itself, with electron-updater running for real under the Electron double
// (docs/desktop.md › Updates › Tested under the double): a packaged copy installed as an AppImage
// — `app-update.yml` in its resources naming a feed on 127.0.0.1, `$APPIMAGE` a file — against a
// feed that has a newer release, one that fails, one whose checksum is wrong, none at all, and a
// computer that is offline. Needs `npm run build` first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectCleanRun, expectQuitOrder, removeTempDirs, runScenario, tempDir } from './scenario-process';
import { installAppImage, nextMinor, standInAppImage } from '../../scripts/package-check/installed-appimage';
import { startFeed, type Feed, type FeedMode } from '../../scripts/package-check/update-feed';

const current = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const next = nextMinor(current);
const appImage = standInAppImage;
const release = { version: next, fileName: `Zonewatch-${next}.AppImage`, bytes: appImage(next) };

/** A packaged copy of this version installed as an AppImage, its resources the repository's icons. */
const installedAppImage = (feedUrl: string) => installAppImage(tempDir('zw-update-'), { feedUrl, version: current, resourcesFrom: 'resources', parts: ['tray', 'icons', 'icon.png'] });

let feed: Feed | null = null;
async function feedFor(mode: FeedMode): Promise<Feed> {
  feed = await startFeed(mode, release);
  return feed;
}
afterEach(async () => {
  await feed?.close();
  feed = null;
});
afterAll(() => removeTempDirs());

/** Waits for a file the detached new release writes; the limit only turns a hang into a message. */
async function eventually<T>(what: string, check: () => T | false, limitMs = 10_000): Promise<T> {
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 20))) {
    const value = check();
    if (value !== false) return value;
    if (Date.now() - started > limitMs) throw new Error(`gave up waiting for ${what}`);
  }
}

const requestsOf = (fetchTimeline: string[]) => fetchTimeline.filter((t) => t.startsWith('request '));

describe('updates under the Electron double, with electron-updater against a feed on 127.0.0.1', () => {
  it('the check at start finds a newer release and downloads it; tray and Settings offer it; quitting installs it', async () => {
    const feed = await feedFor('release');
    const installed = installedAppImage(feed.url);
    const result = await runScenario('update-at-start', installed.env);
    expectCleanRun(result);
    expect(result.out.before).toMatchObject({ phase: 'idle', currentVersion: current, canCheck: true, canRestart: false });
    expect(result.out.trayLabel).toBe(`Restart to update (${next})`);
    expect(result.out.view).toMatchObject({
      phase: 'ready',
      newVersion: next,
      canRestart: true,
      message: `Zonewatch ${next} is downloaded and verified: it is installed when you quit Zonewatch, or now with Restart to update.`,
    });
    expect(feed.requests).toEqual(['/latest-linux.yml', `/${release.fileName}`]);
    expect(requestsOf(result.fetchTimeline).map((t) => t.replace(/\?.*$/, ''))).toEqual([`request GET ${feed.url}latest-linux.yml`, `request GET ${feed.url}${release.fileName}`]);
    expectQuitOrder(result.timeline);
    // Installed on quit: the AppImage is the new release, run once by electron-updater to finish its install, then left to exit.
    expect(readFileSync(installed.file)).toEqual(release.bytes);
    expect(readFileSync(installed.startedLog, 'utf8')).toBe(`${next} silent=true exit=true\n`);
  }, 90_000);

  it('with "Update automatically" off, Check for updates finds and downloads it, and Restart to update installs it and starts it', async () => {
    const feed = await feedFor('release');
    const installed = installedAppImage(feed.url);
    const result = await runScenario('update-restart', installed.env);
    expectCleanRun(result);
    expect(result.out.found).toMatchObject({ phase: 'downloading', newVersion: next, message: expect.stringMatching(new RegExp(`^Zonewatch ${next.replaceAll('.', '\\.')} is available: downloading it`)) });
    expect(result.out.ready).toMatchObject({ phase: 'ready', message: `Zonewatch ${next} is downloaded and verified: it is installed when you choose Restart to update.` });
    // Only the check asked for: the setting was off before the check at start was due.
    expect(feed.requests).toEqual(['/latest-linux.yml', `/${release.fileName}`]);
    expect(readFileSync(installed.file)).toEqual(release.bytes);
    // Started again by electron-updater, detached, without the variable that makes it exit after installing.
    const started = await eventually('the new release to start', () => existsSync(installed.startedLog) && readFileSync(installed.startedLog, 'utf8'));
    expect(started).toBe(`${next} silent=true exit=\n`);
  }, 90_000);

  it('a feed that answers an error: Check for updates says so in plain words, and nothing is offered', async () => {
    const feed = await feedFor('error');
    const result = await runScenario('update-check', installedAppImage(feed.url).env);
    expectCleanRun(result);
    expect(result.out.answer).toEqual({
      ok: true,
      value: expect.objectContaining({ phase: 'failed', canCheck: true, message: 'Zonewatch could not check for updates: the update server answered with an error (HTTP 500). Zonewatch tries again in an hour.' }),
    });
    expect(result.out.trayOffersRestart).toBe(false);
  });

  it('a download whose sha512 does not match what the feed publishes is refused, said plainly, and nothing is installed', async () => {
    const feed = await feedFor('mismatch');
    const installed = installedAppImage(feed.url);
    const result = await runScenario('update-checksum', installed.env);
    expectCleanRun(result);
    expect(result.out.found).toMatchObject({ phase: 'downloading', newVersion: next });
    expect(result.out.failed).toMatchObject({
      phase: 'failed',
      canRestart: false,
      message: `The download of Zonewatch ${next} did not match its published checksum (sha512), so it was thrown away and nothing was installed. Zonewatch tries again in an hour.`,
    });
    expect(result.out.trayOffersRestart).toBe(false);
    expect(readFileSync(installed.file)).toEqual(appImage(current));
    expect(existsSync(installed.pending) ? readdirSync(installed.pending) : []).toEqual([]);
  });

  it('no network: a feed nobody answers is said plainly; a computer offline asks nothing at all', async () => {
    const closed = await feedFor('release');
    const url = closed.url;
    await closed.close();
    feed = null;
    const unreachable = await runScenario('update-check', installedAppImage(url).env);
    expectCleanRun(unreachable);
    expect(unreachable.out.answer).toEqual({
      ok: true,
      value: expect.objectContaining({ phase: 'failed', message: 'Zonewatch could not check for updates: the update server refused the connection (ERR_CONNECTION_REFUSED). Zonewatch tries again in an hour.' }),
    });

    const offlineFeed = await feedFor('release');
    const offline = await runScenario('update-offline', { ...installedAppImage(offlineFeed.url).env, ZW_DOUBLE_OFFLINE: '1' });
    expectCleanRun(offline);
    expect(offline.out.view).toMatchObject({ phase: 'idle', canCheck: false, message: expect.stringContaining('The computer is offline: no check until it is back online.') });
    expect(offline.out.answer).toEqual({ ok: false, error: { kind: 'unavailable', message: 'The computer is offline: check again once it is back online.' } });
    expect(offline.out.after).toMatchObject({ phase: 'idle', checkedAt: null });
    expect(offlineFeed.requests).toEqual([]);
    expect(requestsOf(offline.fetchTimeline)).toEqual([]);
  }, 60_000);
});
