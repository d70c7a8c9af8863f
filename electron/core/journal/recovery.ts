import type { Zone } from '../../../shared/api/zone';
import { alertNow, sameAlert } from '../caps/cap-plan';
import { putsBack, type JournalEntry, type JournalFeature, type JournalOperation, type JournalValue, type JournalZone } from './journal-entry';
import type { FreshZones } from './read-zones';
import { type DocumentWriteError, writeFailureSentence } from '../storage/write-failure';

// What an interrupted entry did, decided from the zones as the service holds them now
// (docs/architecture.md › Write ahead, then act). Pure.

/**
 * A journaled zone after recovery: it holds what Zonewatch was sending, it still holds what was
 * there before, it holds neither (someone else changed it: `elsewhere`), or it is gone.
 */
export type ZoneFound = 'changed' | 'unchanged' | 'elsewhere' | 'gone';

/** Whether the zone now holds `value`; an alert the service sent unreadable holds nothing Zonewatch sends. */
export function holds(zone: Zone, value: JournalValue): boolean {
  if (value.field === 'enabled') return zone.enabled === value.value;
  const now = alertNow(zone);
  return now !== 'unreadable' && sameAlert(now, value.value);
}

/**
 * Whether a zone holding neither value was changed by someone else: only an alert can be (an
 * on/off holds one of its two values, or could not be read), and only one that could be read.
 */
function changedElsewhere(zone: Zone, value: JournalValue): boolean {
  return value.field === 'alert' && alertNow(zone) !== 'unreadable';
}

/**
 * Each zone of the entry as found now: a zone that holds what Zonewatch was sending counts as
 * changed (so its put-back value is kept); one that holds neither that nor what was there before
 * was changed by someone else, whom Apply, Retry and Undo leave alone whether or not the run had
 * reached it (its own check would have skipped it); an alert that could not be read counts as
 * unchanged, so Retry or Undo still offer the zone. Null while any zone could not be read: the
 * entry stays unfinished.
 */
export function foundZones(entry: JournalEntry, fresh: FreshZones): Map<string, ZoneFound> | null {
  const found = new Map<string, ZoneFound>();
  for (const zone of entry.zones) {
    if (fresh.unread.has(zone.zoneId)) return null;
    const now = fresh.state.get(zone.zoneId);
    found.set(zone.zoneId, now === undefined ? 'gone' : holds(now, zone.send) ? 'changed' : holds(now, zone.before) || !changedElsewhere(now, zone.send) ? 'unchanged' : 'elsewhere');
  }
  return found;
}

/** Whether this zone's request may have reached the service: every zone not known to be left alone. */
const maySent = (zone: JournalZone) => zone.result !== 'unchanged';

/**
 * An entry that could not be checked, as Restore and Undo must count it meanwhile: a stop or an
 * apply counts every zone whose request may have been sent as changed, so it can be put back;
 * a Restore or an Undo counts only the zones it was told it put back, so every other stays offered.
 */
export function assumedZones(entry: JournalEntry): Map<string, ZoneFound> {
  const back = putsBack(entry.operation);
  return new Map(entry.zones.map((zone) => [zone.zoneId, (back ? zone.result === 'changed' : maySent(zone)) ? 'changed' : 'unchanged']));
}

/** What the user is told about an interrupted entry: once, in the window and as a notification. */
export type JournalNotice = { key: string; title: string; body: string };

const zones = (n: number) => (n === 1 ? '1 zone' : `${n} zones`);

const WHAT: Record<JournalOperation, { title: string; doing: string }> = {
  stop: { title: 'Stop all spend was interrupted', doing: 'stopping all spend' },
  retry: { title: 'Stop all spend was interrupted', doing: 'retrying to stop spend' },
  restore: { title: 'Restore was interrupted', doing: 'restoring the zones it stopped' },
  'caps-apply': { title: 'Setting caps was interrupted', doing: 'setting caps' },
  'caps-retry': { title: 'Setting caps was interrupted', doing: 'retrying caps' },
  'caps-undo': { title: 'Undo of caps was interrupted', doing: 'undoing caps' },
};

/** `elsewhere`: zones someone else changed, left to them (only an alert can hold neither value). */
function doneText(operation: JournalOperation, found: ReadonlyMap<string, ZoneFound>, total: number): string {
  const count = (kind: ZoneFound) => [...found.values()].filter((f) => f === kind).length;
  const done = count('changed');
  const elsewhere = count('elsewhere');
  const rest = total - done - elsewhere;
  const of = `${done} of ${zones(total)}`;
  const them = done === 1 ? 'it' : 'them';
  const parts: string[] = [];
  switch (operation) {
    case 'stop':
    case 'retry':
      parts.push(`It had turned off ${of}.`);
      if (done > 0) parts.push(`Restore turns ${them} back on.`);
      if (rest > 0) parts.push(`Retry turns off the ${rest} still running.`);
      break;
    case 'restore':
      parts.push(`It had turned ${of} back on.`);
      if (rest > 0) parts.push(`Restore turns on the ${rest} still off.`);
      break;
    case 'caps-apply':
    case 'caps-retry':
      parts.push(`It had set the cap on ${of}.`);
      if (done > 0) parts.push(`Undo puts back the earlier alert of ${done === 1 ? 'that zone' : 'those zones'}.`);
      if (rest > 0) parts.push(`Retry sends the cap to the ${rest} without it.`);
      break;
    case 'caps-undo':
      parts.push(`It had put back the earlier alert of ${of}.`);
      if (rest > 0) parts.push(`Undo puts back the ${rest} still holding Zonewatch's cap.`);
      break;
  }
  // Said right after what it had done, before what Retry or Undo would still do.
  if (elsewhere > 0) parts.splice(1, 0, `${zones(elsewhere)} changed elsewhere since, left as ${elsewhere === 1 ? 'it is' : 'they are'}.`);
  return parts.join(' ');
}

function uncheckedText(operation: JournalOperation, total: number): string {
  const check = 'Zonewatch checks again at each refresh.';
  switch (operation) {
    case 'stop':
    case 'retry':
      return `Up to ${zones(total)} may be off: Restore counts all of them and turns on those still off. ${check}`;
    case 'restore':
      return `Restore still counts all ${zones(total)} and turns on only those still off. ${check}`;
    case 'caps-apply':
    case 'caps-retry':
      return `Up to ${zones(total)} may carry the new cap: Undo counts all of them and puts back each one still holding it. ${check}`;
    case 'caps-undo':
      return `Undo still counts all ${zones(total)} and puts back only those still holding Zonewatch's cap. ${check}`;
  }
}

/**
 * The notice of an interrupted entry: what it was doing, what it had done (`found`), or, when the
 * service could not be asked (`found` null), what Restore, Undo or Retry will count meanwhile.
 */
export function interruptedNotice(entry: JournalEntry, found: ReadonlyMap<string, ZoneFound> | null): JournalNotice {
  const { title, doing } = WHAT[entry.operation];
  const opening = `Zonewatch was closed while ${doing}.`;
  const total = entry.zones.length;
  const body =
    found === null
      ? `${opening} The service could not be reached to check what it did. ${uncheckedText(entry.operation, total)}`
      : `${opening} ${doneText(entry.operation, found, total)}`;
  return { key: `journal:${entry.id}`, title, body };
}

/**
 * What a run's report adds when its record could not be written: the changes were made, the record
 * is not saved, and the journal entry on disk keeps them for Restore or Undo (journal.ts › end).
 */
export function unsavedRecordSentence(failure: DocumentWriteError, feature: JournalFeature = 'spend'): string {
  const offers = feature === 'spend' ? 'Restore and Retry still count' : 'Undo and Retry still count';
  return `${writeFailureSentence(failure, 'this result is not saved in its record')} Its journal entry on disk keeps the zones it changed: ${offers} them, also after a restart, and the record is written once the folder can be written again.`;
}
