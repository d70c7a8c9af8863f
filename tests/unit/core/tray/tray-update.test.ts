import { describe, expect, it } from 'vitest';
import { trayMenuTemplate, type TrayMenuItem } from '../../../../electron/core/tray/tray-menu';
import type { UpdateState } from '../../../../electron/core/updates/update-state';
import type { UpdateSupport } from '../../../../electron/core/updates/update-support';
import { trayModel } from '../readout/readout-fixtures';
import { appUpdateOf } from '../../../fixtures/app-update';

/** The menu for the update view the core sends for `state`, the same view Settings reads. */
const menuFor = (state: Partial<UpdateState>, support?: UpdateSupport) => trayMenuTemplate(trayModel([], {}, appUpdateOf(state, support ? { support } : {})), 0);

const labels = (menu: TrayMenuItem[]) => menu.map((item) => (item.type === 'separator' ? '—' : item.label));

describe('the tray offers Restart to update from the update view Settings reads', () => {
  it('just before Quit, while a downloaded and verified update waits', () => {
    const menu = menuFor({ ready: '1.1.0' });
    expect(labels(menu).slice(-3)).toEqual(['—', 'Restart to update (1.1.0)', 'Quit Zonewatch']);
    expect(menu.at(-2)).toEqual({ type: 'normal', label: 'Restart to update (1.1.0)', enabled: true, action: { kind: 'installUpdate' } });
  });

  it('not while it checks, downloads or after a failure, nor in a copy that does not update itself', () => {
    const states: Partial<UpdateState>[] = [{}, { activity: 'checking' }, { activity: 'downloading', download: { version: '1.1.0', percent: 50 } }, { problem: 'Zonewatch could not check for updates.' }];
    for (const state of states) expect(labels(menuFor(state)).slice(-2), JSON.stringify(state)).toEqual(['—', 'Quit Zonewatch']);
    expect(labels(menuFor({}, { ok: false, reason: 'This copy runs from its sources.' })).slice(-2)).toEqual(['—', 'Quit Zonewatch']);
  });
});
