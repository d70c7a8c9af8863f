import { describe, expect, it } from 'vitest';
import { draftFromSettings, patchFromDraft } from '../../../../renderer/src/model/settings-form';
import { Settings } from '../../../../shared/settings';

const settings = Settings.parse({});

describe('the settings form', () => {
  it('saves nothing when nothing was changed', () => {
    expect(patchFromDraft(settings, draftFromSettings(settings))).toEqual({});
  });

  it('sends only the parts that were changed, in one patch, numbers and dollars as the service stores them', () => {
    const draft = draftFromSettings(settings);
    draft.polling.baseIntervalSec = '120';
    draft.alerts.lowBalance = { ...draft.alerts.lowBalance, thresholdCents: '25' };
    draft.theme = 'dark';
    const patch = patchFromDraft(settings, draft);
    expect(Object.keys(patch).sort()).toEqual(['alerts', 'polling', 'theme']);
    expect(patch.polling).toEqual({ ...settings.polling, baseIntervalSec: 120 });
    expect(patch.alerts?.lowBalance).toEqual({ enabled: true, thresholdCents: 2500 });
    expect(patch.alerts?.spike).toEqual(settings.alerts.spike);
  });

  it('sends an emptied shortcut as none', () => {
    const withShortcut = { ...settings, globalShortcut: 'Alt+F9' };
    const draft = draftFromSettings(withShortcut);
    expect(draft.globalShortcut).toBe('Alt+F9');
    draft.globalShortcut = '  ';
    expect(patchFromDraft(withShortcut, draft)).toEqual({ globalShortcut: null });
  });

  it('saves shares of each account’s base typed as percents, and an emptied box as the built-in shares', () => {
    const draft = draftFromSettings(settings);
    expect(draft.alerts.spendToday).toEqual({ enabled: true, thresholdsCents: '', sharesOfBase: '' });
    draft.alerts.spendToday = { ...draft.alerts.spendToday, sharesOfBase: '150, 300' };
    const patch = patchFromDraft(settings, draft);
    expect(patch.alerts?.spendToday).toEqual({ enabled: true, thresholdsCents: null, sharesOfBase: [1.5, 3] });
    const saved = Settings.parse({ alerts: patch.alerts });
    const again = draftFromSettings(saved);
    expect(again.alerts.spendToday!.sharesOfBase).toBe('150, 300');
    again.alerts.spendToday = { ...again.alerts.spendToday, sharesOfBase: ' ' };
    expect(patchFromDraft(saved, again).alerts?.spendToday.sharesOfBase).toBeNull();
  });
});
