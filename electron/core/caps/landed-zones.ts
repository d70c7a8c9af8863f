import type { Zone } from '../../../shared/api/zone';

/**
 * How many changed zones a caps run gathers before it records them: each record copies the
 * account's zones, derives its read model and saves the alert memory, so one per zone made a
 * 5,000-zone apply quadratic (docs/architecture.md › Caps). A poll cycle that reads a zone
 * changed but not yet recorded could call the change made elsewhere; 25 keep that to about a
 * second of answers.
 */
export const LANDED_BATCH = 25;

/**
 * Gathers the zones a run changed, each with the store's change mark when its answer arrived, and
 * hands them to `record` LANDED_BATCH at a time, and the rest on `flush`.
 */
export function landedZones(record: (answered: readonly { zone: Zone; mark: number }[]) => void, mark: () => number) {
  let pending: { zone: Zone; mark: number }[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const zones = pending;
    pending = [];
    record(zones);
  };
  return {
    add(zone: Zone) {
      pending.push({ zone, mark: mark() });
      if (pending.length >= LANDED_BATCH) flush();
    },
    flush,
  };
}
