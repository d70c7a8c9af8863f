import { describe, it, expect, vi } from 'vitest';
import { trayMenuOptions } from '../../../electron/main/tray-menu-options';
import type { TrayMenuItem } from '../../../electron/core/tray/tray-menu';

const template: TrayMenuItem[] = [
  { type: 'normal', label: 'R&D proxies', enabled: false, action: null },
  { type: 'checkbox', label: 'Zone A', enabled: true, checked: true, action: { kind: 'toggleZone', profileId: 'p1', zoneId: 'A1', enabled: false } },
  { type: 'separator' },
  { type: 'submenu', label: 'Snooze notifications', enabled: true, submenu: [{ type: 'normal', label: 'For 1 hour', enabled: true, action: { kind: 'snooze', until: '1h' } }] },
];

describe('trayMenuOptions', () => {
  it('runs the item’s action when it is clicked, including inside submenus', () => {
    const onAction = vi.fn();
    const options = trayMenuOptions(template, onAction, 'linux');
    (options[1]!.click as () => void)();
    ((options[3]!.submenu as { click: () => void }[])[0]!.click)();
    expect(onAction.mock.calls).toEqual([[{ kind: 'toggleZone', profileId: 'p1', zoneId: 'A1', enabled: false }], [{ kind: 'snooze', until: '1h' }]]);
    expect(options[0]!.click).toBeUndefined();
    expect(options[1]).toMatchObject({ type: 'checkbox', checked: true });
  });

  it('shows an ampersand as typed: doubled where it would mark a mnemonic, kept on macOS', () => {
    expect(trayMenuOptions(template, vi.fn(), 'win32')[0]!.label).toBe('R&&D proxies');
    expect(trayMenuOptions(template, vi.fn(), 'darwin')[0]!.label).toBe('R&D proxies');
  });
});
