import type { AccountOffers } from '../../../shared/accounts';
import { stoppedByCapText } from '../../../shared/caps-text';
import type { PaletteAccount, PaletteZone } from '../../../shared/palette';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import { zoneDisplayName } from '../../../shared/zone-name';
import { zoneToggleConfirmation } from '../../../shared/zone-toggle-confirmation';
import { stopBlockedReason } from '../spend-stop/stop-plan';

/** What the palette reads of one watched account. */
export type PaletteSource = {
  profileId: string;
  offers: Pick<AccountOffers, 'changeZones' | 'changeBlockedBy'>;
  snapshot: Pick<Snapshot, 'zones'>;
  stopRecord: SpendStopRecord | null;
  /** A stop, retry or restore is under way. */
  stopping: boolean;
};

/**
 * Why no zone of the account can be changed now, in the words the stop uses; null when they can
 * (docs/desktop.md › The command palette). Pure.
 */
export function paletteCannotChange(source: Pick<PaletteSource, 'offers' | 'stopping'>): string | null {
  const blocked = stopBlockedReason(source.offers.changeBlockedBy, 'changed');
  if (blocked) return blocked;
  if (!source.offers.changeZones) return "This key's role may not change zones (a billing admin's key reads them only).";
  if (source.stopping) return 'A stop or restore of this account is running: wait for its report, then try again.';
  return null;
}

/**
 * One account's known zones as the palette lists them, by name; each state read from the derivation
 * that owns it: the stop record (docs/architecture.md › Stop all spend), the cap wording
 * (shared/caps-text.ts) and the toggle confirmation rule (shared/zone-toggle-confirmation.ts). Pure.
 */
export function paletteAccount(source: PaletteSource, now: number): PaletteAccount {
  const stopped = new Set(source.stopRecord?.disabled.map((zone) => zone.zoneId) ?? []);
  const zones: PaletteZone[] = Object.values(source.snapshot.zones).map(({ zone }) => ({
    zoneId: zone.zone_id,
    name: zoneDisplayName(zone),
    network: zone.network ?? null,
    enabled: zone.enabled ?? null,
    spendTodayCents: zone.spend_today_cents ?? null,
    stoppedByZonewatch: zone.enabled === false && stopped.has(zone.zone_id),
    capStop: stoppedByCapText(zone, now),
    disableAsks: zoneToggleConfirmation(zone, false),
  }));
  zones.sort((a, b) => a.name.localeCompare(b.name) || a.zoneId.localeCompare(b.zoneId));
  return { profileId: source.profileId, cannotChange: paletteCannotChange(source), zones };
}
