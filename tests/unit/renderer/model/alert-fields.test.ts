import { describe, expect, it } from 'vitest';
import { AlertSettings } from '../../../../shared/alert-settings';
import { alertsFromDrafts, draftFromRule } from '../../../../renderer/src/model/alert-fields';

describe('alert rule drafts', () => {
  it('show cents as dollars and give back the same settings when untouched', () => {
    const settings = AlertSettings.parse({});
    const drafts = Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, draftFromRule(v as Record<string, unknown>)]));
    expect(drafts.spendToday).toEqual({ enabled: true, thresholdsCents: '', sharesOfBase: '' });
    expect(AlertSettings.parse(alertsFromDrafts(settings, drafts))).toEqual(settings);
  });

  it('read typed dollars back as cents without floating-point dust', () => {
    const settings = AlertSettings.parse({});
    const out = alertsFromDrafts(settings, { lowBalance: { enabled: true, thresholdCents: '10.1' }, zoneSpendToday: { enabled: false, thresholdCents: '20', perZoneCents: 'ABC = 2.5' } }) as AlertSettings;
    expect(out.lowBalance.thresholdCents).toBe(1010);
    expect(out.zoneSpendToday.perZoneCents).toEqual({ ABC: 250 });
  });

  it('keep automatic thresholds as null until the user types some, and an emptied box goes back to automatic', () => {
    const settings = AlertSettings.parse({});
    const typed = alertsFromDrafts(settings, { spendMonth: { enabled: true, thresholdsCents: '2000, 2500' } }) as AlertSettings;
    expect(typed.spendMonth.thresholdsCents).toEqual([200_000, 250_000]);
    expect((alertsFromDrafts(settings, {}) as AlertSettings).spendToday.thresholdsCents).toBeNull();
    const own = AlertSettings.parse({ spendMonth: { thresholdsCents: [200_000] } });
    expect(draftFromRule(own.spendMonth as Record<string, unknown>).thresholdsCents).toBe('2000');
    expect((alertsFromDrafts(own, { spendMonth: { enabled: true, thresholdsCents: '  ' } }) as AlertSettings).spendMonth.thresholdsCents).toBeNull();
  });
});
