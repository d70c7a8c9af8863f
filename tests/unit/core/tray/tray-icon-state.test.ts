import { describe, it, expect } from 'vitest';
import { allTrayIconFiles, trayIconFile, trayIconState } from '../../../../electron/core/tray/tray-icon-state';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { status } from './tray-fixtures';

describe('trayIconState', () => {
  it('is ok when polling runs with fresh data and nothing needs attention', () => {
    expect(trayIconState(status(), null)).toEqual({ level: 'ok', demo: false });
  });

  it('puts a rejected key above everything else', () => {
    expect(trayIconState(status({ auth: 'rejected', stale: true, poll: 'stopped_unauthorized' }), 'critical').level).toBe('rejected');
  });

  it('ranks an alert above a warning, a warning above stale data, stale data above paused', () => {
    expect(trayIconState(status({ stale: true, poll: 'paused' }), 'critical').level).toBe('alert');
    expect(trayIconState(status({ stale: true, poll: 'paused' }), 'warning').level).toBe('warning');
    expect(trayIconState(status({ stale: true, poll: 'paused' }), 'info').level).toBe('stale');
    expect(trayIconState(status({ offline: true }), null).level).toBe('stale');
    expect(trayIconState(status({ poll: 'paused' }), null).level).toBe('paused');
  });

  it('adds the demo mark to whichever level applies', () => {
    const demo = status({ profile: { id: 'demo', label: 'Demo', baseUrl: 'http://127.0.0.1:1', demo: true } });
    expect(trayIconState(demo, 'warning')).toEqual({ level: 'warning', demo: true });
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
