import { describe, expect, it } from 'vitest';
import { affectsCost, changesFromForm, formFromZone } from '../../../../renderer/src/model/zone-edit';
import { zone } from '../samples';

const z = zone('1234ABCD');

describe('changesFromForm', () => {
  it('sends nothing when nothing changed', () => {
    expect(changesFromForm(z, formFromZone(z))).toEqual({ changes: {} });
  });

  it('sends only the fields that changed', () => {
    const form = { ...formFromZone(z), name: 'Renamed', pool_size: '12' };
    expect(changesFromForm(z, form)).toEqual({ changes: { name: 'Renamed', pool_size: 12 } });
  });

  it('removes the alert when it is switched off, and sets a new one in full', () => {
    expect(changesFromForm(z, { ...formFromZone(z), alertOn: false })).toEqual({ changes: { alert: null } });
    const form = { ...formFromZone(z), alertThreshold: '40', alertAction: 'send_notification' as const };
    expect(changesFromForm(z, form)).toEqual({ changes: { alert: { type: 'dollars_per_day', threshold: 40, action: 'send_notification' } } });
  });

  it('sends no member the service sent unusable unless the user changed its field', () => {
    const unknown = zone('1234ABCD', { name: 'n'.repeat(1_000), alert: { type: 7 }, ip_type: 'private', domains: 'x' });
    expect(changesFromForm(unknown, formFromZone(unknown))).toEqual({ changes: {} });
    expect(changesFromForm(unknown, { ...formFromZone(unknown), name: 'Named again' })).toEqual({ changes: { name: 'Named again' } });
    expect(changesFromForm(unknown, { ...formFromZone(unknown), alertOn: true })).toMatchObject({ changes: { alert: { type: 'dollars_per_day' } } });
  });

  it('names the field of a value out of bounds', () => {
    const out = changesFromForm(z, { ...formFromZone(z), pool_size: '0' });
    expect('issues' in out && out.issues.map((i) => i.path)).toEqual(['pool_size']);
  });

  it('turns a pasted country list into upper-case codes, and an empty one into "all countries"', () => {
    expect(changesFromForm(z, { ...formFromZone(z), countries: 'de, fr it' })).toEqual({ changes: { countries: ['DE', 'FR', 'IT'] } });
    expect(changesFromForm(z, { ...formFromZone(z), countries: '' })).toEqual({ changes: { countries: null } });
  });
});

describe('affectsCost', () => {
  it('asks for a preview when the pool, billing or exclusivity changes, not for a rename or an alert', () => {
    expect(affectsCost({ pool_size: 3 })).toBe(true);
    expect(affectsCost({ billing_method: 'per_connection' })).toBe(true);
    expect(affectsCost({ name: 'x', alert: null })).toBe(false);
  });
});
