import { describe, expect, it } from 'vitest';
import { draftFromSettings, patchFromDraft } from '../../../../renderer/src/model/settings-form';
import { Profile, Settings } from '../../../../shared/settings';

const profile = Profile.parse({ id: 'p1', label: 'Work', baseUrl: 'https://api.bytio.com' });
const settings = Settings.parse({ profiles: [profile], activeProfileId: 'p1' });

describe('the settings form', () => {
  it('saves nothing when nothing was changed', () => {
    expect(patchFromDraft(settings, profile, draftFromSettings(settings, profile))).toEqual({});
  });

  it('sends only the parts that were changed, in one patch, numbers and dollars as the service stores them', () => {
    const draft = draftFromSettings(settings, profile);
    draft.polling.baseIntervalSec = '120';
    draft.alerts.lowBalance = { ...draft.alerts.lowBalance, thresholdCents: '25' };
    draft.theme = 'dark';
    const patch = patchFromDraft(settings, profile, draft);
    expect(Object.keys(patch).sort()).toEqual(['alerts', 'polling', 'theme']);
    expect(patch.polling).toEqual({ ...settings.polling, baseIntervalSec: 120 });
    expect(patch.alerts?.lowBalance).toEqual({ enabled: true, thresholdCents: 2500 });
    expect(patch.alerts?.spike).toEqual(settings.alerts.spike);
  });

  it('sends a new service address only when it changed, and an emptied shortcut or dashboard as none', () => {
    const withShortcut = { ...settings, globalShortcut: 'Alt+F9' };
    const draft = draftFromSettings(withShortcut, profile);
    expect(draft.globalShortcut).toBe('Alt+F9');
    draft.globalShortcut = '  ';
    draft.profile = { baseUrl: 'https://api.bytio.com', dashboardUrl: '' };
    expect(patchFromDraft(withShortcut, profile, draft)).toEqual({ globalShortcut: null, profile: { dashboardUrl: null } });
  });

  it('has no addresses to edit for the demo account', () => {
    const draft = draftFromSettings(settings, null);
    expect(draft.profile).toBeNull();
    expect(patchFromDraft(settings, null, draft)).toEqual({});
  });
});
