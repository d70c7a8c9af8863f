import { describe, expect, it } from 'vitest';
import { notificationDelivery } from '../../../electron/main/notification-delivery';

const zoneTarget = { view: 'zone' as const, zoneId: 'ZA' };
const disable = { kind: 'disableZone' as const, zoneId: 'ZA', label: 'Disable Scraper EU' };
const stopAll = { kind: 'stopAllSpend' as const, label: 'Stop all spend…' };

describe('notificationDelivery', () => {
  it('shows the action as a button on macOS and Windows, and a click still opens the view', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      expect(notificationDelivery(zoneTarget, disable, platform)).toEqual({ buttons: [{ type: 'button', text: 'Disable Scraper EU' }], clickTarget: zoneTarget });
    }
  });

  it('on Linux, opens the zone with its toggle focused instead of a button', () => {
    expect(notificationDelivery({ view: 'overview' }, disable, 'linux')).toEqual({ buttons: [], clickTarget: { view: 'zone', zoneId: 'ZA', focus: 'toggle' } });
  });

  it('on Linux, opens the overview on "Stop all spend…" for an account notification', () => {
    expect(notificationDelivery({ view: 'overview' }, stopAll, 'linux')).toEqual({ buttons: [], clickTarget: { view: 'overview', focus: 'stopSpend' } });
  });

  it('on Linux, opens the control on the notification’s own account', () => {
    expect(notificationDelivery({ view: 'overview', profileId: 'client-b' }, disable, 'linux').clickTarget).toEqual({ view: 'zone', zoneId: 'ZA', focus: 'toggle', profileId: 'client-b' });
    expect(notificationDelivery({ view: 'overview', profileId: 'client-b' }, stopAll, 'linux').clickTarget).toEqual({ view: 'overview', focus: 'stopSpend', profileId: 'client-b' });
  });

  it('leaves a notification without an action as it was', () => {
    expect(notificationDelivery(zoneTarget, null, 'darwin')).toEqual({ buttons: [], clickTarget: zoneTarget });
  });
});
