import { zonesText } from '../../../shared/units';
import type { CapOutcome, CapsReport } from '../../../shared/caps';

// The words of a caps run's report (docs/desktop.md › Caps). Pure, and free of the core's error
// handling so the window's tests read the same sentences the app says.

/** Why Apply or Retry left a previewed zone: it no longer holds the cap the preview showed. */
export const CHANGED_SINCE_PREVIEW_REASON = 'Its cap was changed since the preview: left as it is. Preview again to see it as it is now.';

const zones = zonesText;
const leftAs = (n: number) => `left as ${n === 1 ? 'it is' : 'they are'}`;

/** One sentence for the report. */
export function capsSummary(action: CapsReport['action'], outcomes: readonly CapOutcome[]): string {
  const count = (...results: CapOutcome['result'][]) => outcomes.filter((o) => results.includes(o.result)).length;
  const parts: string[] = [];
  if (action === 'undo') {
    parts.push(`Put back the earlier alert of ${zones(count('restored'))}.`);
    if (count('as_before') > 0) parts.push(`${zones(count('as_before'))} already as before, ${leftAs(count('as_before'))}.`);
    if (count('skipped') > 0) parts.push(`${zones(count('skipped'))} changed elsewhere since, ${leftAs(count('skipped'))}.`);
  } else {
    if (outcomes.length === 0) return 'No zone needed a new cap, so nothing was sent.';
    parts.push(`Set the cap on ${zones(count('set'))}.`);
    if (count('skipped') > 0) parts.push(`${zones(count('skipped'))} changed since the preview, ${leftAs(count('skipped'))}.`);
  }
  if (count('gone') > 0) parts.push(`${zones(count('gone'))} no longer there.`);
  if (count('not_allowed') > 0) parts.push(`${zones(count('not_allowed'))} not allowed for this key.`);
  const failed = count('failed', 'not_tried');
  if (failed > 0) parts.push(`${zones(failed)} failed: ${action === 'undo' ? 'Undo again' : 'Retry'} sends ${failed === 1 ? 'it' : 'them'} again.`);
  return parts.join(' ');
}
