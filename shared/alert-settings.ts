import { z } from 'zod';
import { ZoneId } from './api/zone';

const Cents = z.number().nonnegative();
const Cycles = z.number().int().min(1).max(60);
/** When an unusual day is told: at once, or in a summary of each UTC day or week (from Monday). */
export const AnomalyDelivery = z.enum(['immediately', 'daily', 'weekly']);
export type AnomalyDelivery = z.infer<typeof AnomalyDelivery>;

const Shares = z.array(z.number().positive().max(100)).min(1).max(10).nullable().default(null);

// zod 4: `.prefault({})` parses the fallback, so nested defaults fill in; `.default({})` would not.
const rule = <S extends z.ZodRawShape>(enabled: boolean, shape: S) =>
  z.object({ enabled: z.boolean().default(enabled), ...shape }).prefault({} as never);

/**
 * Every alert rule with its thresholds. Noisy rules are opt-in (off by default); the spike and
 * offline defaults (3× trailing 24 h rate and > $1/h, 2 cycles, for the account; the same for each
 * zone on its own with a $0.50/h floor; 10 min offline) as docs/desktop.md › Alerts with the window closed says.
 */
export const AlertSettings = z
  .object({
    // null: automatic, derived from the plan minimum or last month's spend (alerts/automatic-thresholds.ts),
    // so a default is never mistaken for the user's choice and better defaults reach existing installs.
    // `sharesOfBase`: with automatic thresholds, the user's own shares of each account's base instead
    // of the built-in ones, so one shared rule fits a $500 and a $50,000 account: for the month,
    // shares of the month base (1 = all of it); for the day, multiples of an average day of it.
    spendToday: rule(true, { thresholdsCents: z.array(Cents).max(10).nullable().default(null), sharesOfBase: Shares }),
    spendMonth: rule(true, { thresholdsCents: z.array(Cents).max(10).nullable().default(null), sharesOfBase: Shares }),
    zoneSpendToday: rule(false, {
      thresholdCents: Cents.default(2_000),
      perZoneCents: z.record(ZoneId, Cents).default({}),
    }),
    spike: rule(true, {
      factor: z.number().min(1.1).max(100).default(3),
      minCentsPerHour: Cents.default(100),
      windowMinutes: z.number().int().min(5).max(120).default(15),
      sustainCycles: Cycles.default(2),
    }),
    zoneSpike: rule(true, {
      factor: z.number().min(1.1).max(100).default(3),
      minCentsPerHour: Cents.default(50),
      windowMinutes: z.number().int().min(5).max(120).default(15),
      sustainCycles: Cycles.default(2),
    }),
    lowBalance: rule(true, { thresholdCents: Cents.default(1_000) }),
    runway: rule(true, { hours: z.number().min(1).max(24 * 60).default(24) }),
    trialExpiry: rule(true, { hoursBefore: z.number().min(1).max(24 * 30).default(72) }),
    monthlyBudget: rule(false, { budgetCents: Cents.default(100_000) }),
    minimumShortfall: rule(true, {}),
    throughputCeiling: rule(false, { bps: z.number().positive().default(1e9), sustainCycles: Cycles.default(3) }),
    throughputDrop: rule(false, { sustainCycles: Cycles.default(3) }),
    zoneState: rule(true, {}),
    billing: rule(true, {}),
    connection: rule(true, { offlineMinutes: z.number().min(1).max(24 * 60).default(10) }),
    // Caps (docs/desktop.md › Caps): what the account cap did, and caps changed or missing elsewhere (opt-in).
    accountCap: rule(true, {}),
    capDrift: rule(false, {}),
    // docs/desktop.md › Unusual days: a zone's day outside its usual band, told at once or in a daily
    // or weekly summary, when its impact passes both the dollars and the percent.
    zoneAnomaly: rule(true, {
      delivery: AnomalyDelivery.default('immediately'),
      minImpactCents: Cents.default(500),
      minImpactPercent: z.number().min(0).max(100_000).default(25),
    }),
  })
  .prefault({});
export type AlertSettings = z.infer<typeof AlertSettings>;

export const ALERT_RULES = Object.keys(AlertSettings.parse({})) as readonly AlertRule[];
export type AlertRule = keyof AlertSettings;
export const AlertRuleName = z.enum(Object.keys(AlertSettings.parse({})) as [AlertRule, ...AlertRule[]]);
