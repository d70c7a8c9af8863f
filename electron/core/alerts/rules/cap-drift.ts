import { capAmountText } from '../../../../shared/caps-text';
import type { EventDraft } from '../alert-input';
import type { ZoneFingerprint } from '../alert-memory';
import type { RuleContext } from '../rule-context';

/**
 * Drift of caps (docs/desktop.md › Caps › Drift), opt-in: a zone found without a cap, or a cap
 * changed or removed outside Zonewatch (its own changes are acknowledged as they are made), each
 * named, offering the caps view to cap it. Only for keys that see alerts (admins); the first cycle
 * an account has is a baseline, not news.
 */
export function capDriftEvents(ctx: RuleContext, zones: Readonly<Record<string, ZoneFingerprint>>): EventDraft[] {
  if (!ctx.settings.capDrift.enabled || ctx.input.snapshot.discovery.role !== 'admin') return [];
  const baseline = Object.keys(ctx.memory.zones).length === 0;
  const events: EventDraft[] = [];
  for (const [zoneId, now] of Object.entries(zones)) {
    if (now.cap === undefined) continue;
    const before = ctx.memory.zones[zoneId];
    const base = { rule: 'capDrift' as const, zoneId, severity: 'warning' as const, target: { view: 'caps' as const } };
    if (before === undefined) {
      if (baseline || now.cap !== null) continue;
      events.push({ ...base, key: `capDrift:${zoneId}:new`, title: `New zone ${now.name} has no cap`, body: `Zone ${now.name} (${zoneId}) was found without a cap on the service. Open Caps to set one.` });
      continue;
    }
    if (before.cap === undefined || before.cap === now.cap) continue;
    const at = ctx.input.snapshot.zones[zoneId]?.fetchedAt ?? new Date(ctx.now).toISOString();
    if (now.cap === null) {
      events.push({ ...base, key: `capDrift:${zoneId}:removed:${at}`, title: `${now.name}'s cap was removed`, body: `The cap of zone ${now.name} (${zoneId}) was removed outside Zonewatch. Open Caps to set one again.` });
    } else {
      const [type = '', threshold = '0'] = now.cap.split('|');
      const amount = capAmountText(type, Number(threshold));
      events.push({ ...base, key: `capDrift:${zoneId}:changed:${at}`, title: `${now.name}'s cap changed to ${amount}`, body: `The cap of zone ${now.name} (${zoneId}) was changed outside Zonewatch to ${amount}. Open Caps to review it.` });
    }
  }
  return events;
}
