import { describe, it, expect } from 'vitest';
import { allTrayIconFiles, trayIconFile, trayIconState } from '../../../../electron/core/tray/tray-icon-state';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../../../../electron/core/api/error';
import { NOW, account, trayModel } from '../readout/readout-fixtures';

describe('trayIconState with one account', () => {
  const one = (options: Parameters<typeof account>[0] = {}) => trayIconState(trayModel([account(options)], options.app));
  const rejected = { unauthorized: true, lastError: new ApiError('unauthorized', 'no') };
  const staleSince = { lastSuccessAt: NOW - 20 * 60_000 };

  it('is ok when polling runs with fresh data and nothing needs attention', () => {
    expect(one()).toEqual({ level: 'ok', demo: false });
  });

  it('puts a rejected key above everything else', () => {
    expect(one({ poller: { ...rejected, ...staleSince }, attention: 'critical' }).level).toBe('rejected');
  });

  it('ranks an unseen alert above a warning, a warning above stale data, stale data above paused', () => {
    const stale = { poller: staleSince };
    expect(one({ ...stale, attention: 'critical' }).level).toBe('alert');
    expect(one({ ...stale, attention: 'warning' }).level).toBe('warning');
    expect(one({ ...stale, attention: 'info' }).level).toBe('stale');
    // Paused by the user, old data is what a pause means: paused, not out of date.
    expect(one({ ...stale, app: { paused: true } }).level).toBe('paused');
    expect(one({ poller: { consecutiveFailures: 1, lastError: new ApiError('timeout', 'slow') } }).level).toBe('stale');
    expect(one({ app: { paused: true } }).level).toBe('paused');
  });

  it('dims for a computer that is offline, and never shows it as paused', () => {
    expect(one({ app: { offline: true } }).level).toBe('stale');
    expect(one({ app: { asleep: true } }).level).toBe('paused');
  });

  it('adds the demo mark to whichever level applies', () => {
    expect(one({ id: 'demo', demo: true, attention: 'warning' })).toEqual({ level: 'warning', demo: true });
  });

  it('is paused, without the demo mark, when nothing is watched', () => {
    expect(trayIconState(trayModel([]))).toEqual({ level: 'paused', demo: false });
  });
});

describe('trayIconFile', () => {
  it('uses template images on macOS for the calm states and colour for the ones that need attention', () => {
    expect(trayIconFile({ level: 'ok', demo: false }, 'darwin')).toBe('okTemplate.png');
    expect(trayIconFile({ level: 'alert', demo: true }, 'darwin')).toBe('alert-demo.png');
    expect(trayIconFile({ level: 'stale', demo: false }, 'win32')).toBe('stale.png');
    expect(trayIconFile({ level: 'paused', demo: true }, 'linux')).toBe('linux/paused-demo.png');
  });

  it('has a committed bitmap, with a 2x variant where the OS looks for one, for every state', () => {
    const dir = join(import.meta.dirname, '../../../../resources/tray');
    const missing = allTrayIconFiles()
      .flatMap((file) => (file.startsWith('linux/') ? [file] : [file, file.replace('.png', '@2x.png')]))
      .filter((file) => !existsSync(join(dir, file)));
    expect(missing).toEqual([]);
  });
});
