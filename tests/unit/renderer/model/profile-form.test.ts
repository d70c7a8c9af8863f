import { describe, expect, it } from 'vitest';
import { draftFromProfile, profilePatchFromDraft } from '../../../../renderer/src/model/profile-form';
import { AlertSettings } from '../../../../shared/alert-settings';
import { Profile } from '../../../../shared/settings';

const shared = AlertSettings.parse({});
const profile = Profile.parse({ id: 'p2', label: 'Client B', baseUrl: 'https://api.bytio.com' });

describe('an account’s own settings form', () => {
  it('saves nothing when nothing was changed, and the account follows the shared rules', () => {
    const draft = draftFromProfile(profile, shared);
    expect(draft.ownAlerts).toBe(false);
    expect(profilePatchFromDraft(profile, shared, draft)).toBeNull();
  });

  it('sends only what changed, naming the account, and an emptied dashboard address as none', () => {
    const draft = { ...draftFromProfile(profile, shared), label: ' Client C ', color: 'green' as const, dashboardUrl: '' };
    expect(profilePatchFromDraft(profile, shared, draft)).toEqual({ profileId: 'p2', label: 'Client C', color: 'green', dashboardUrl: null });
  });

  it('gives the account its own rules, starting from the shared ones, and back to the shared ones with null', () => {
    const draft = draftFromProfile(profile, shared);
    draft.ownAlerts = true;
    draft.alerts.lowBalance = { ...draft.alerts.lowBalance, thresholdCents: '25' };
    const patch = profilePatchFromDraft(profile, shared, draft)!;
    expect(patch.alerts?.lowBalance).toEqual({ enabled: true, thresholdCents: 2500 });
    expect(patch.alerts?.spike).toEqual(shared.spike);

    const own = Profile.parse({ ...profile, alerts: patch.alerts });
    const back = { ...draftFromProfile(own, shared), ownAlerts: false };
    expect(profilePatchFromDraft(own, shared, back)).toEqual({ profileId: 'p2', alerts: null });
  });
});
