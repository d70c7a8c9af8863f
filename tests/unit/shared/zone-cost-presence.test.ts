import { describe, expect, it } from 'vitest';
import { Zone } from '../../../shared/api/zone';
import { costMemberValue, unknownCostMembers } from '../../../shared/api/zone-cost-presence';
import { sampleSharedZone } from '../../fixtures/api-samples';

describe('cost members of a zone whose settings are unknown', () => {
  // A shared zone as the service sends it: without the exclusivity members, left out by design.
  const shared = () => {
    const zone = sampleSharedZone('S1');
    const cost = Object.fromEntries(Object.entries(zone.cost).filter(([member]) => !member.startsWith('exclusivity_')));
    return { ...zone, cost };
  };

  it('calls an absent exclusivity member not applicable when the settings say so', () => {
    const zone = Zone.parse(shared());
    expect(costMemberValue(zone, 'exclusivity_per_domain_cents_monthly_total')).toEqual({ state: 'not_applicable' });
    expect(unknownCostMembers(zone)).toEqual([]);
  });

  it('shows it unknown, never "not applicable", when a setting that decides it is unknown, and reports only the setting', () => {
    const zone = Zone.parse({ ...shared(), network: 'satellite' });
    expect(costMemberValue(zone, 'exclusivity_per_domain_cents_monthly_total')).toEqual({ state: 'unknown' });
    expect(unknownCostMembers(zone)).toEqual([]);
    // A member that is always sent is still reported when it is missing.
    const { per_gigabyte_cents: _price, ...cost } = shared().cost as Record<string, unknown>;
    expect(unknownCostMembers(Zone.parse({ ...shared(), ip_type: null, cost }))).toEqual(['per_gigabyte_cents']);
  });
});
