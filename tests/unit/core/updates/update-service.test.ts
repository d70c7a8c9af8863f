import { describe, expect, it } from 'vitest';
import type { AppUpdate } from '../../../../shared/app-update';
import type { Logger } from '../../../../electron/core/ports';
import { createUpdateService } from '../../../../electron/core/updates/update-service';
import { CHECK_DEADLINE_MS, CHECK_EVERY_MS, DOWNLOAD_STALL_MS, FIRST_CHECK_DELAY_MS, RETRY_AFTER_FAILURE_MS } from '../../../../electron/core/updates/update-schedule';
import type { UpdateHost, UpdaterPort } from '../../../../electron/core/updates/updater-port';
import { fakeClock } from '../fake-clock';

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * An updater whose answers the test gives. `abort` only records itself, as for a request that
 * does not end when told to: the service must not wait for it.
 */
function scriptedUpdater() {
  const calls: string[] = [];
  let check: { resolve: (found: { version: string; newer: boolean }) => void; reject: (error: unknown) => void } | null = null;
  let download: { resolve: () => void; reject: (error: unknown) => void; progress: (percent: number) => void } | null = null;
  let installError: unknown = null;
  const port: UpdaterPort = {
    check: () =>
      new Promise((resolve, reject) => {
        calls.push('check');
        check = { resolve, reject };
      }),
    download: (progress) =>
      new Promise((resolve, reject) => {
        calls.push('download');
        download = { resolve, reject, progress };
      }),
    abort: () => void calls.push('abort'),
    installNow: () => {
      calls.push('install');
      if (installError) throw installError;
    },
    setInstallOnQuit: (on) => void calls.push(`installOnQuit ${on}`),
  };
  return {
    port,
    calls,
    found: (version: string, newer = true) => check!.resolve({ version, newer }),
    checkFails: (error: unknown) => check!.reject(error),
    progress: (percent: number) => download!.progress(percent),
    downloaded: () => download!.resolve(),
    downloadFails: (error: unknown) => download!.reject(error),
    installFailsWith: (error: unknown) => void (installError = error),
  };
}

function setup({ automatic = true, online = true, host }: { automatic?: boolean; online?: boolean; host?: UpdateHost | null } = {}) {
  const time = fakeClock();
  const updater = scriptedUpdater();
  const views: AppUpdate[] = [];
  let auto = automatic;
  const service = createUpdateService({
    host: host === undefined ? { support: { ok: true, method: 'appimage' }, updater: updater.port } : host,
    currentVersion: '1.0.0',
    automatic: () => auto,
    clock: time.clock,
    logger: silent,
    publish: (view) => views.push(view),
  });
  if (!online) service.setOnline(false);
  const checks = () => updater.calls.filter((call) => call === 'check').length;
  return {
    time,
    updater,
    service,
    checks,
    last: () => views.at(-1)!,
    views,
    setAutomatic(next: boolean) {
      auto = next;
      service.settingsChanged();
    },
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the update service (docs/desktop.md › Updates)', () => {
  it('checks ten seconds after start, downloads a newer release in the background, and offers it once verified', async () => {
    const { time, updater, service, checks, last } = setup();
    service.start();
    expect(last()).toMatchObject({ phase: 'idle', canCheck: true, message: 'This is Zonewatch 1.0.0. It looks for updates shortly after it starts, then once a day.' });
    await time.advance(FIRST_CHECK_DELAY_MS - 1);
    expect(checks()).toBe(0);
    await time.advance(1);
    expect(last()).toMatchObject({ phase: 'checking', canCheck: false });
    updater.found('1.1.0');
    await settle();
    expect(updater.calls).toEqual(['installOnQuit true', 'check', 'download']);
    expect(last()).toMatchObject({ phase: 'downloading', newVersion: '1.1.0', percent: null, message: 'Zonewatch 1.1.0 is available: downloading it…' });
    updater.progress(41.7);
    expect(last()).toMatchObject({ percent: 41, message: 'Zonewatch 1.1.0 is available: downloading it (41 %)…' });
    updater.downloaded();
    await settle();
    expect(last()).toMatchObject({
      phase: 'ready',
      newVersion: '1.1.0',
      canRestart: true,
      canCheck: false,
      message: 'Zonewatch 1.1.0 is downloaded and verified: it is installed when you quit Zonewatch, or now with Restart to update.',
    });
    // Nothing more to look for until it is installed.
    await time.advance(3 * CHECK_EVERY_MS);
    expect(checks()).toBe(1);
    expect(time.pending()).toBe(0);
  });

  it('looks again a day after finding nothing newer, not before, and says when it last looked', async () => {
    const { time, updater, service, checks, last } = setup();
    service.start();
    await time.advance(FIRST_CHECK_DELAY_MS);
    const checkedAt = time.clock.now();
    updater.found('1.0.0', false);
    await settle();
    expect(last()).toMatchObject({ phase: 'idle', checkedAt: new Date(checkedAt).toISOString(), message: 'Zonewatch 1.0.0 is the newest version. It looks again once a day.' });
    await time.advance(CHECK_EVERY_MS - 1);
    expect(checks()).toBe(1);
    await time.advance(1);
    expect(checks()).toBe(2);
  });

  it('tries again an hour after a failure, which it says in plain words', async () => {
    const { time, updater, service, checks, last } = setup();
    service.start();
    await time.advance(FIRST_CHECK_DELAY_MS);
    updater.checkFails(new Error('net::ERR_CONNECTION_RESET'));
    await settle();
    expect(last()).toMatchObject({
      phase: 'failed',
      canCheck: true,
      message: 'Zonewatch could not check for updates: the connection to the update server was cut (ERR_CONNECTION_RESET). Zonewatch tries again in an hour.',
    });
    await time.advance(RETRY_AFTER_FAILURE_MS - 1);
    expect(checks()).toBe(1);
    await time.advance(1);
    expect(checks()).toBe(2);
  });

  it('takes an updater that throws at once for one that failed', async () => {
    const { time, updater, service, last } = setup();
    updater.port.check = () => {
      throw new Error('net::ERR_NAME_NOT_RESOLVED');
    };
    service.start();
    await time.advance(FIRST_CHECK_DELAY_MS);
    expect(last()).toMatchObject({ phase: 'failed', message: expect.stringMatching(/^Zonewatch could not check for updates: the update server’s name could not be found \(ERR_NAME_NOT_RESOLVED\)\./) });
    expect(time.pending()).toBe(1);
  });

  it('never looks while the computer is offline, and looks once it is back if a check is overdue', async () => {
    const { time, service, checks, last } = setup({ online: false });
    service.start();
    expect(last()).toMatchObject({ canCheck: false, message: expect.stringContaining('The computer is offline: no check until it is back online.') });
    await time.advance(2 * CHECK_EVERY_MS);
    expect(checks()).toBe(0);
    expect(time.pending()).toBe(0);
    service.setOnline(true);
    await time.advance(0);
    expect(checks()).toBe(1);
  });

  it('with "Update automatically" off: never looks by itself, Check for updates still finds and downloads, and only Restart to update installs', async () => {
    const { time, updater, service, checks, last, setAutomatic } = setup({ automatic: false });
    service.start();
    expect(last().message).toBe('This is Zonewatch 1.0.0. Automatic updates are off: Check for updates looks for a newer version.');
    await time.advance(2 * CHECK_EVERY_MS);
    expect(checks()).toBe(0);
    const asked = service.check();
    await settle();
    updater.found('1.1.0');
    expect(await asked).toEqual({ ok: true, view: expect.objectContaining({ phase: 'downloading', newVersion: '1.1.0' }) });
    updater.downloaded();
    await settle();
    expect(last().message).toBe('Zonewatch 1.1.0 is downloaded and verified: it is installed when you choose Restart to update.');
    expect(updater.calls).toContain('installOnQuit false');
    setAutomatic(true);
    expect(updater.calls.at(-1)).toBe('installOnQuit true');
    expect(last().message).toContain('it is installed when you quit Zonewatch');
  });

  it('stops a check that has not answered within a minute, says so, and ignores its late answer', async () => {
    const { time, updater, service, checks, last } = setup();
    service.start();
    await time.advance(FIRST_CHECK_DELAY_MS + CHECK_DEADLINE_MS - 1);
    expect(updater.calls).not.toContain('abort');
    await time.advance(1);
    expect(updater.calls.at(-1)).toBe('abort');
    expect(last()).toMatchObject({ phase: 'failed', message: 'Zonewatch could not check for updates: the update server did not answer within a minute. Zonewatch tries again in an hour.' });
    updater.found('1.1.0');
    await settle();
    expect(updater.calls).not.toContain('download');
    expect(last().phase).toBe('failed');
    // The stopped check holds nothing up: the next one runs.
    await time.advance(RETRY_AFTER_FAILURE_MS);
    expect(checks()).toBe(2);
  });

  it('lets a slow download go on while data arrives, and stops one that has stalled for two minutes', async () => {
    const { time, updater, service, last } = setup();
    service.start();
    await time.advance(FIRST_CHECK_DELAY_MS);
    updater.found('1.1.0');
    await time.advance(DOWNLOAD_STALL_MS - 1000);
    updater.progress(10);
    await time.advance(DOWNLOAD_STALL_MS - 1000);
    expect(updater.calls).not.toContain('abort');
    expect(last().phase).toBe('downloading');
    await time.advance(1000);
    expect(updater.calls.at(-1)).toBe('abort');
    expect(last()).toMatchObject({ phase: 'failed', canRestart: false, message: 'Zonewatch could not download version 1.1.0: no data arrived for two minutes. Zonewatch tries again in an hour.' });
  });

  it('says why Check for updates cannot run, and joins a check already running', async () => {
    const offline = setup({ online: false });
    expect(await offline.service.check()).toEqual({ ok: false, reason: 'The computer is offline: check again once it is back online.' });
    const dev = setup({ host: { support: { ok: false, reason: 'This copy runs from its sources.' } } });
    dev.service.start();
    expect(dev.last()).toMatchObject({ phase: 'unsupported', canCheck: false, canRestart: false, message: 'This copy runs from its sources.' });
    expect(await dev.service.check()).toEqual({ ok: false, reason: 'This copy runs from its sources.' });
    expect(dev.time.pending()).toBe(0);

    const { time, updater, service, checks } = setup();
    service.start();
    await time.advance(FIRST_CHECK_DELAY_MS);
    const joined = service.check();
    updater.found('1.0.0', false);
    expect(await joined).toEqual({ ok: true, view: expect.objectContaining({ phase: 'idle' }) });
    expect(checks()).toBe(1);
  });

  it('Restart to update installs the downloaded release; a failure is said, and the update stays offered', async () => {
    const { time, updater, service, last } = setup();
    expect(service.install()).toEqual({ ok: false, reason: 'No update is downloaded yet.' });
    service.start();
    await time.advance(FIRST_CHECK_DELAY_MS);
    updater.found('1.1.0');
    await settle();
    updater.downloaded();
    await settle();
    updater.installFailsWith(new Error('Command pkexec exited with code 126'));
    const failed = service.install();
    const problem = 'Zonewatch 1.1.0 could not be installed: the package manager did not finish (the administrator password may have been refused or cancelled).';
    expect(failed).toEqual({ ok: false, reason: problem });
    expect(last()).toMatchObject({ phase: 'ready', canRestart: true, message: expect.stringMatching(new RegExp(`^${problem.replace(/[.()]/g, '\\$&')} Zonewatch 1\\.1\\.0 is downloaded`)) });
    updater.installFailsWith(null);
    expect(service.install()).toMatchObject({ ok: true });
    expect(updater.calls.filter((call) => call === 'install')).toHaveLength(2);
  });

  it('stop ends a running check and leaves no timer; a view is sent only when it changed', async () => {
    const { time, updater, service, views } = setup();
    service.start();
    service.setOnline(true);
    service.settingsChanged();
    expect(views).toHaveLength(1);
    await time.advance(FIRST_CHECK_DELAY_MS);
    service.stop();
    expect(updater.calls.at(-1)).toBe('abort');
    expect(time.pending()).toBe(0);
    updater.found('1.1.0');
    await settle();
    expect(updater.calls).not.toContain('download');
  });
});
