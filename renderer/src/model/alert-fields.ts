import type { AlertRule, AlertSettings } from '../../../shared/alert-settings';

export const RULE_LABEL: Record<AlertRule, string> = {
  spendToday: 'Spend today passes a threshold',
  spendMonth: 'Spend this month passes a threshold',
  zoneSpendToday: 'A zone’s spend today passes a threshold',
  spike: 'Spend spikes (whole account)',
  zoneSpike: 'One zone’s spend spikes',
  lowBalance: 'Balance runs low',
  runway: 'Balance runs out soon',
  trialExpiry: 'Trial credit expires soon',
  monthlyBudget: 'Monthly budget is reached',
  minimumShortfall: 'Plan minimum may not be met',
  throughputCeiling: 'Throughput stays above a ceiling',
  throughputDrop: 'Throughput drops to zero',
  zoneState: 'A zone is disabled, deprovisioned or removed',
  billing: 'A payment fails or the account is set to close',
  connection: 'Zonewatch cannot reach the service',
  accountCap: 'The account cap stops or restores spend',
  capDrift: 'A zone without a cap appears, or a cap changes elsewhere',
  zoneAnomaly: 'A zone’s day is unusual for its weekday',
};

export const FIELD_LABEL: Record<string, string> = {
  thresholdsCents: 'Thresholds ($, comma-separated; empty: automatic)',
  sharesOfBase: 'Automatic thresholds as shares of each account’s base (%, comma-separated; empty: built-in)',
  thresholdCents: 'Threshold ($)',
  perZoneCents: 'Per-zone thresholds (ZONEID = $, one a line)',
  factor: 'Times the trailing 24 h rate',
  minCentsPerHour: 'And at least ($ an hour)',
  windowMinutes: 'Over the last (minutes)',
  sustainCycles: 'For this many updates in a row',
  hours: 'Hours of balance left',
  hoursBefore: 'Hours before expiry',
  budgetCents: 'Budget ($ a month)',
  bps: 'Ceiling (Mbit/s)',
  offlineMinutes: 'After this many minutes offline',
  delivery: 'Tell me',
  minImpactCents: 'When off its usual by at least ($; default 5)',
  minImpactPercent: 'And by at least (%; default 25)',
};

/** Choices of a field that is one of a few words (shared/alert-settings.ts), each with what it says. */
export const FIELD_CHOICES: Record<string, readonly (readonly [string, string])[]> = {
  delivery: [
    ['immediately', 'Immediately'],
    ['daily', 'In a daily summary'],
    ['weekly', 'In a weekly summary'],
  ],
};

/** What a rule's thresholds mean, said under their fields. */
export const RULE_HINT: Partial<Record<AlertRule, string>> = {
  zoneAnomaly: 'A day outside the zone’s usual band for that weekday, told only when it is off by both the dollars and the percent (defaults: $5 and 25 %). Days are UTC; summaries come once the day or the week (Monday–Sunday) is over.',
};

/** How a settings field is shown: cents as dollars, bit/s as Mbit/s, shares as percents; lists and maps as text. */
function scaleOf(field: string): number {
  if (field.endsWith('Cents') || field === 'minCentsPerHour') return 100;
  if (field === 'sharesOfBase') return 0.01;
  if (field === 'bps') return 1e6;
  return 1;
}

// 10.1 × 100 is 1009.9999999999999 in floating point: keep what the person typed.
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export type RuleDraft = Record<string, string | boolean>;

/**
 * Fields where null means "automatic" (shared/alert-settings.ts): shown as an empty box, and an
 * empty box gives null back, so a default is never saved as if the user had typed it.
 */
export const AUTOMATIC_FIELDS: ReadonlySet<string> = new Set(['thresholdsCents', 'sharesOfBase']);

/**
 * Whether a field is offered: the shares of each account's base only mean something while the
 * thresholds are automatic (their box is empty).
 */
export function fieldShown(draft: RuleDraft, field: string): boolean {
  if (field === 'enabled') return false;
  if (field === 'sharesOfBase') return String(draft.thresholdsCents ?? '').trim() === '';
  return true;
}

/** What "automatic" means for a rule's thresholds, said under its field. */
export const AUTOMATIC_HINT: Record<string, string> = {
  spendToday: 'Automatic: 1.5× and 3× an average day of your plan’s minimum (or of last month’s spend on pay-as-you-go).',
  spendMonth: 'Automatic: 100 %, 125 % and 150 % of your plan’s minimum; on pay-as-you-go, 100 % and 150 % of last month’s spend.',
};

/** What the shares are shares of, said under their field. */
export const SHARES_HINT: Record<string, string> = {
  spendToday: 'The base is an average day of each account’s plan minimum (or of last month’s spend on pay-as-you-go); built-in: 150, 300.',
  spendMonth: 'The base is each account’s plan minimum (or last month’s spend on pay-as-you-go); built-in: 100, 125, 150.',
};

export function draftFromRule(rule: Record<string, unknown>): RuleDraft {
  const out: RuleDraft = {};
  for (const [field, value] of Object.entries(rule)) {
    if (value === null && AUTOMATIC_FIELDS.has(field)) out[field] = '';
    else if (typeof value === 'boolean') out[field] = value;
    else if (typeof value === 'number') out[field] = String(value / scaleOf(field));
    else if (typeof value === 'string') out[field] = value;
    else if (Array.isArray(value)) out[field] = value.map((v: number) => String(v / scaleOf(field))).join(', ');
    else if (value && typeof value === 'object')
      out[field] = Object.entries(value as Record<string, number>)
        .map(([k, v]) => `${k} = ${v / scaleOf(field)}`)
        .join('\n');
  }
  return out;
}

/** Turns the drafts back into values (not yet validated: the settings schema does that). */
export function ruleFromDraft(original: Record<string, unknown>, draft: RuleDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(original)) {
    const text = draft[field];
    if (AUTOMATIC_FIELDS.has(field) && String(text ?? '').trim() === '') out[field] = null;
    else if (AUTOMATIC_FIELDS.has(field))
      out[field] = String(text)
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((v) => round(Number(v) * scaleOf(field)));
    else if (typeof value === 'boolean') out[field] = Boolean(text);
    else if (typeof value === 'number') out[field] = round(Number(text) * scaleOf(field));
    else if (typeof value === 'string') out[field] = String(text ?? value);
    else if (Array.isArray(value))
      out[field] = String(text)
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((v) => round(Number(v) * scaleOf(field)));
    else if (value && typeof value === 'object') {
      const map: Record<string, number> = {};
      for (const line of String(text).split('\n')) {
        const [id, amount] = line.split('=').map((s) => s.trim());
        if (id && amount) map[id] = round(Number(amount) * scaleOf(field));
      }
      out[field] = map;
    }
  }
  return out;
}

export function alertsFromDrafts(settings: AlertSettings, drafts: Record<string, RuleDraft>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rule, value] of Object.entries(settings)) out[rule] = ruleFromDraft(value as Record<string, unknown>, drafts[rule] ?? {});
  return out;
}
