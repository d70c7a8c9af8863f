import { type BillingEntry, billingDocumentUrl, documentLinkProblem, unknownBillingMembers } from '../../../../shared/api/billing';
import { unknownUserMembers, unreadableZoneIds, type User } from '../../../../shared/api/user';
import { unknownCostMembers } from '../../../../shared/api/zone-cost-presence';
import { unknownZoneMembers, type Zone, ZoneId } from '../../../../shared/api/zone';

// What a kept list item lacks. Only undocumented absences and malformed values count: the members
// the docs say are left out in a state (docs/api.md › Presence rules) are normal, never reported.

export const UNKNOWN_MEMBER_MESSAGE = 'the service did not send a usable value';

/** The members of a zone, its cost members included, that should have come but are missing or malformed. */
export function zoneMemberGaps(_raw: unknown, zone: Zone): { path: string; message: string }[] {
  const members = unknownZoneMembers(zone).map((member) => ({ path: member, message: UNKNOWN_MEMBER_MESSAGE }));
  return [...members, ...unknownCostMembers(zone).map((member) => ({ path: `cost.${member}`, message: UNKNOWN_MEMBER_MESSAGE }))];
}

/** A user's unknown members, and the ids of its `zones` that are not zone ids (each skipped, the user kept). */
export function userMemberGaps(raw: unknown, user: User): { path: string; message: string }[] {
  const members = unknownUserMembers(raw, user).map((member) => ({ path: member, message: UNKNOWN_MEMBER_MESSAGE }));
  if (unreadableZoneIds(raw) === 0) return members;
  const zones = (raw as { zones: unknown[] }).zones;
  const ids = zones.flatMap((id, index) => (ZoneId.safeParse(id).success ? [] : [{ path: `zones[${index}]`, message: 'is not a zone id, so it was skipped' }]));
  return [...members, ...ids];
}

/**
 * The members of a kept billing entry, beyond its merge key, that are missing or malformed, and its
 * document link when Zonewatch refused it, saying why (docs/architecture.md › Threat model).
 */
export function billingMemberGaps(raw: unknown, entry: BillingEntry): { path: string; message: string }[] {
  const gaps = unknownBillingMembers(entry).map((member) => ({ path: member, message: UNKNOWN_MEMBER_MESSAGE }));
  const member = entry.type === 'invoice' ? 'invoice_url' : 'reciept_url';
  const sent: unknown = (raw as Record<string, unknown>)[member];
  const problem = billingDocumentUrl(entry) === null && typeof sent === 'string' ? documentLinkProblem(sent) : null;
  return problem === null ? gaps : [...gaps, { path: member, message: problem }];
}
