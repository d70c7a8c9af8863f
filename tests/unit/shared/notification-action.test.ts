import { describe, expect, it } from 'vitest';
import { actionTarget, notificationAction } from '../../../shared/notification-action';

const names: Record<string, string> = { ZA: 'Scraper EU', ZB: 'Checkout monitor' };
const zoneName = (id: string) => names[id];
const note = (events: { rule: string; key?: string; zoneId?: string }[], test = false) => ({ events, test });

describe('notificationAction', () => {
  it('offers Restore when the account cap stopped spend, and Enable when the service turned a zone off at its cap', () => {
    expect(notificationAction(note([{ rule: 'accountCap', key: 'accountCap:stop:2026-11-22T14:00:00.000Z' }]), zoneName)).toEqual({ kind: 'restoreSpend', label: 'Restore' });
    expect(notificationAction(note([{ rule: 'accountCap', key: 'accountCap:restore:2026-11-23T00:01:00.000Z' }]), zoneName)).toBeNull();
    expect(notificationAction(note([{ rule: 'zoneState', key: 'zoneState:ZA:disabledByAlert:2026-11-22T14:32:00Z', zoneId: 'ZA' }]), zoneName)).toEqual({ kind: 'enableZone', zoneId: 'ZA', label: 'Enable Scraper EU' });
    expect(actionTarget({ kind: 'enableZone', zoneId: 'ZA', label: 'Enable Scraper EU' }, 'p2')).toEqual({ view: 'zone', zoneId: 'ZA', focus: 'toggle', profileId: 'p2' });
    expect(actionTarget({ kind: 'restoreSpend', label: 'Restore' }, 'p2')).toEqual({ view: 'zones', profileId: 'p2' });
  });

  it('offers to disable the zone a zone spike is about, by its name', () => {
    expect(notificationAction(note([{ rule: 'zoneSpike', zoneId: 'ZA' }]), zoneName)).toEqual({ kind: 'disableZone', zoneId: 'ZA', label: 'Disable Scraper EU' });
  });

  it('offers "Stop all spend…" for an account spike even when it names the zone that grew most', () => {
    expect(notificationAction(note([{ rule: 'spike', zoneId: 'ZA' }]), zoneName)).toEqual({ kind: 'stopAllSpend', label: 'Stop all spend…' });
  });

  it('offers to disable the zone of a zone-spend threshold, named by its id when the snapshot lacks it', () => {
    expect(notificationAction(note([{ rule: 'zoneSpendToday', zoneId: 'ZQ' }]), zoneName)).toEqual({ kind: 'disableZone', zoneId: 'ZQ', label: 'Disable ZQ' });
  });

  it('offers "Stop all spend…" for an account spike and for account thresholds and the budget', () => {
    for (const rule of ['spike', 'spendToday', 'spendMonth', 'monthlyBudget']) {
      expect(notificationAction(note([{ rule }]), zoneName), rule).toEqual({ kind: 'stopAllSpend', label: 'Stop all spend…' });
    }
  });

  it('offers "Stop all spend…" when one notification groups spend events about several zones', () => {
    const grouped = note([{ rule: 'zoneSpike', zoneId: 'ZA' }, { rule: 'zoneSpendToday', zoneId: 'ZB' }]);
    expect(notificationAction(grouped, zoneName)?.kind).toBe('stopAllSpend');
    const sameZone = note([{ rule: 'zoneSpike', zoneId: 'ZA' }, { rule: 'zoneSpendToday', zoneId: 'ZA' }]);
    expect(notificationAction(sameZone, zoneName)).toMatchObject({ kind: 'disableZone', zoneId: 'ZA' });
  });

  it('keeps one zone action when the other grouped events are not about spend', () => {
    const grouped = note([{ rule: 'zoneState', zoneId: 'ZB' }, { rule: 'zoneSpendToday', zoneId: 'ZA' }, { rule: 'billing' }]);
    expect(notificationAction(grouped, zoneName)).toMatchObject({ kind: 'disableZone', zoneId: 'ZA' });
  });

  it('offers nothing for notifications that are not about spend, nor for a test notification', () => {
    for (const rule of ['lowBalance', 'zoneState', 'connection', 'billing', 'throughputDrop']) {
      expect(notificationAction(note([{ rule, zoneId: 'ZA' }]), zoneName), rule).toBeNull();
    }
    expect(notificationAction(note([{ rule: 'zoneSpike', zoneId: 'ZA' }], true), zoneName)).toBeNull();
  });

  it('shortens a long zone name in the button label', () => {
    const label = notificationAction(note([{ rule: 'zoneSpike', zoneId: 'ZL' }]), () => 'x'.repeat(80))?.label ?? '';
    expect(label.length).toBeLessThanOrEqual('Disable '.length + 30);
    expect(label.endsWith('…')).toBe(true);
  });
});

describe('actionTarget', () => {
  it('leads to the control of the notification’s own account, where the OS shows no button', () => {
    expect(actionTarget({ kind: 'disableZone', zoneId: 'ZA', label: 'Disable Scraper EU' }, 'client-b')).toEqual({ view: 'zone', zoneId: 'ZA', focus: 'toggle', profileId: 'client-b' });
    expect(actionTarget({ kind: 'stopAllSpend', label: 'Stop all spend…' }, 'client-b')).toEqual({ view: 'overview', focus: 'stopSpend', profileId: 'client-b' });
    expect(actionTarget({ kind: 'stopAllSpend', label: 'Stop all spend…' })).toEqual({ view: 'overview', focus: 'stopSpend' });
  });
});
