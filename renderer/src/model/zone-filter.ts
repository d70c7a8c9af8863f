import type { BillingMethod, Network, Zone } from '../../../shared/api/zone';

export type ZoneFilter = {
  search: string;
  network: Network | 'all';
  enabled: 'all' | 'enabled' | 'disabled';
  billing: BillingMethod | 'all';
};

export const NO_ZONE_FILTER: ZoneFilter = { search: '', network: 'all', enabled: 'all', billing: 'all' };

/** Zones matching the search (name or id) and filters, in the order given (zone-sort.ts orders them). */
export function filterZones(zones: readonly Zone[], filter: ZoneFilter): Zone[] {
  const needle = filter.search.trim().toLowerCase();
  return zones.filter(
    (z) =>
      (needle === '' || (z.name ?? '').toLowerCase().includes(needle) || z.zone_id.toLowerCase().includes(needle)) &&
      (filter.network === 'all' || z.network === filter.network) &&
      (filter.billing === 'all' || z.billing_method === filter.billing) &&
      (filter.enabled === 'all' || z.enabled === (filter.enabled === 'enabled')),
  );
}
