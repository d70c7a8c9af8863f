import { describe, expect, it } from 'vitest';
import { AlertSettings } from '../../../../shared/alert-settings';
import { alertsFromDrafts, draftFromRule } from '../../../../renderer/src/model/alert-fields';

describe('alert rule drafts', () => {
  it('show cents as dollars and give back the same settings when untouched', () => {
    const settings = AlertSettings.parse({});
    const drafts = Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, draftFromRule(v as Record<string, unknown>)]));
    expect(drafts.spendToday).toEqual({ enabled: true, thresholdsCents: '10, 50' });
    expect(AlertSettings.parse(alertsFromDrafts(settings, drafts))).toEqual(settings);
  });

  it('read typed dollars back as cents without floating-point dust', () => {
    const settings = AlertSettings.parse({});
    const out = alertsFromDrafts(settings, { lowBalance: { enabled: true, thresholdCents: '10.1' }, zoneSpendToday: { enabled: false, thresholdCents: '20', perZoneCents: 'ABC = 2.5' } }) as AlertSettings;
    expect(out.lowBalance.thresholdCents).toBe(1010);
    expect(out.zoneSpendToday.perZoneCents).toEqual({ ABC: 250 });
  });
});
