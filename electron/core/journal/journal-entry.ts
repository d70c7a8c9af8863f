import { z } from 'zod';
import { Timestamp } from '../../../shared/api/timestamp';
import { ZoneId } from '../../../shared/api/zone';
import { AlertInput } from '../../../shared/api/zone-update';

// The write-ahead journal's document (docs/architecture.md › Write ahead, then act): what a
// multi-zone change is about to send, written before its first request.

/** What one request sets on a zone, or what putting it back would set: its on/off state, or its alert. */
export const JournalValue = z.discriminatedUnion('field', [
  z.object({ field: z.literal('enabled'), value: z.boolean() }),
  z.object({ field: z.literal('alert'), value: AlertInput.nullable() }),
]);
export type JournalValue = z.infer<typeof JournalValue>;

/**
 * A zone's result as it arrived: `changed` (the service answered with the change), `unchanged`
 * (nothing was sent, or the service refused it), `unknown` (sent, no usable answer); null while
 * the request may be on its way.
 */
export const JournalResult = z.enum(['changed', 'unchanged', 'unknown']);
export type JournalResult = z.infer<typeof JournalResult>;

export const JournalZone = z.object({
  zoneId: ZoneId,
  name: z.string(),
  /** Only a stop's zones carry it (their record names what they spent); null elsewhere. */
  spendTodayCents: z.number().nullable(),
  send: JournalValue,
  /** The state Zonewatch puts back (Restore, Undo); for a Restore or an Undo, what it found there. */
  before: JournalValue,
  result: JournalResult.nullable(),
});
export type JournalZone = z.infer<typeof JournalZone>;

/** Stop all spend, its Retry and Restore; caps Apply, Retry and Undo. The account cap runs the first and the third. */
export const JournalOperation = z.enum(['stop', 'retry', 'restore', 'caps-apply', 'caps-retry', 'caps-undo']);
export type JournalOperation = z.infer<typeof JournalOperation>;

export const JournalEntry = z.object({
  id: z.string().min(1),
  operation: JournalOperation,
  startedAt: Timestamp,
  zones: z.array(JournalZone),
  /** When the user was told it was interrupted: told once, whatever recovery finds later. */
  toldAt: Timestamp.nullable(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

export const JournalDoc = z.object({ entries: z.array(JournalEntry) });
export type JournalDoc = z.infer<typeof JournalDoc>;

export const emptyJournal = (): JournalDoc => ({ entries: [] });

/** Which record an operation's changes fold into: the "stopped by Zonewatch" one, or the caps one. */
export type JournalFeature = 'spend' | 'caps';

export function featureOf(operation: JournalOperation): JournalFeature {
  return operation.startsWith('caps-') ? 'caps' : 'spend';
}

/** Restore and Undo put zones back; the others change them away from what the person had. */
export function putsBack(operation: JournalOperation): boolean {
  return operation === 'restore' || operation === 'caps-undo';
}
