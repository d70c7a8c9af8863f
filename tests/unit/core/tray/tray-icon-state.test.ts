import { describe, it, expect } from 'vitest';
import { allTrayIconFiles, trayIconFile, trayIconState } from '../../../../electron/core/tray/tray-icon-state';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { account } from './tray-fixtures';

describe('trayIconState with one account', () => {
  const one = (options: Parameters<typeof account>[0] = {}) => trayIconState([account(options)]);

  it('is ok when polling runs with fresh data and nothing needs attention', () => {
    expect(one()).toEqual({ level: 'ok', demo: false });
  });

  it('puts a rejected key above everything else', () => {
    expect(one({ status: { auth: 'rejected', stale: true, poll: 'stopped_unauthorized' }, summary: { attention: 'critical' } }).level).toBe('rejected');
  });

  it('ranks an unseen alert above a warning, a warning above stale data, stale data above paused', () => {
    const stalePaused = { stale: true, poll: 'paused' } as const;
    expect(one({ status: stalePaused, summary: { attention: 'critical' } }).level).toBe('alert');
    expect(one({ status: stalePaused, summary: { attention: 'warning' } }).level).toBe('warning');
    expect(one({ status: stalePaused, summary: { attention: 'info' } }).level).toBe('stale');
    expect(one({ status: { offline: true } }).level).toBe('stale');
    expect(one({ status: { poll: 'paused' } }).level).toBe('paused');
  });

  it('adds the demo mark to whichever level applies', () => {
    expect(one({ id: 'demo', demo: true, summary: { attention: 'warning' } })).toEqual({ level: 'warning', demo: true });
  });

  it('is paused, without the demo mark, when nothing is watched', () => {
    expect(trayIconState([])).toEqual({ level: 'paused', demo: false });
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
