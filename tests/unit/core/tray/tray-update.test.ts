import { describe, expect, it } from 'vitest';
import { trayMenuTemplate, type TrayMenuItem } from '../../../../electron/core/tray/tray-menu';
import { INITIAL_UPDATE_STATE, type UpdateState } from '../../../../electron/core/updates/update-state';
import { updateView } from '../../../../electron/core/updates/update-view';

/** The update view as the core sends it, for the same state Settings reads. */
const view = (state: Partial<UpdateState>) =>
  updateView({ state: { ...INITIAL_UPDATE_STATE, ...state }, support: { ok: true, method: 'appimage' }, currentVersion: '1.0.0', automatic: true, offline: false });

const labels = (menu: TrayMenuItem[]) => menu.map((item) => (item.type === 'separator' ? '—' : item.label));

describe('the tray offers Restart to update from the update view Settings reads', () => {
  it('just before Quit, while a downloaded and verified update waits', () => {
    const menu = trayMenuTemplate([], 0, view({ ready: '1.1.0' }));
    expect(labels(menu).slice(-3)).toEqual(['—', 'Restart to update (1.1.0)', 'Quit Zonewatch']);
    expect(menu.at(-2)).toEqual({ type: 'normal', label: 'Restart to update (1.1.0)', enabled: true, action: { kind: 'installUpdate' } });
  });

  it('not while it checks, downloads or after a failure, nor before the core has said anything', () => {
    const states: Partial<UpdateState>[] = [{}, { activity: 'checking' }, { activity: 'downloading', download: { version: '1.1.0', percent: 50 } }, { problem: 'Zonewatch could not check for updates.' }];
    for (const state of states) expect(labels(trayMenuTemplate([], 0, view(state))).slice(-2), JSON.stringify(state)).toEqual(['—', 'Quit Zonewatch']);
    expect(labels(trayMenuTemplate([], 0, null)).slice(-2)).toEqual(['—', 'Quit Zonewatch']);
  });
});
