// What the crash test does in each round, drawn from its seed alone: the same seed plays the same
// operations with the kills at the same steps (crash.test.ts).
import type { KillPoint } from './kill-proxy';

/**
 * The operation killed in a round, after what it needs ran whole: `stop` (Stop all spend),
 * `restore` (after a whole stop), `apply` (caps in bulk), `reapply` (caps in bulk over caps an
 * earlier apply set, so Undo must still put back what the person had), `undo` (after a whole apply).
 */
export const SCENARIOS = ['stop', 'restore', 'apply', 'reapply', 'undo'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/**
 * How often each is drawn. A Restore or an Undo is also killed as the finishing step of a round
 * (`finishKill`) after a killed stop or apply, so the rounds that first run a whole stop or apply
 * only to kill what follows are drawn less often: they cost the most time.
 */
const WEIGHTS: Record<Scenario, number> = { stop: 3, restore: 1, apply: 3, reapply: 1.5, undo: 1 };
const TOTAL = Object.values(WEIGHTS).reduce((sum, weight) => sum + weight, 0);

function scenario(random: () => number): Scenario {
  let pick = random() * TOTAL;
  return SCENARIOS.find((name) => (pick -= WEIGHTS[name]) < 0) ?? 'stop';
}

/** A kill point before the count of updates is known: `fraction` of the way through them. */
export type KillChoice = { at: 'read' } | { at: 'update'; fraction: number; phase: 'unsent' | 'applied' | 'answered'; delayMs: number };

export type Round = {
  scenario: Scenario;
  kill: KillChoice;
  /** Kills during the Restore / Undo that puts things back (none, one or two), each followed by a start. */
  finishKills: KillChoice[];
  /** The caps the round's applies set, in dollars a day. */
  thresholds: [number, number];
  /** The share of the account's zones picked for caps in bulk. */
  share: number;
  /** "Refresh now" while the operation runs, so a poll cycle's writes meet the kill too. */
  refreshDuring: boolean;
  /** Simulated hours the service runs on while the app is down (the ledger's days move on). */
  advanceHours: number;
};

function killChoice(random: () => number): KillChoice {
  if (random() < 0.1) return { at: 'read' };
  const phases = ['unsent', 'applied', 'answered'] as const;
  return { at: 'update', fraction: random(), phase: phases[Math.floor(random() * phases.length)]!, delayMs: Math.floor(random() * 25) };
}

/** The next round, drawn from `random` (a seeded mulberry32). */
export function planRound(random: () => number): Round {
  return {
    scenario: scenario(random),
    kill: killChoice(random),
    finishKills: random() < 0.6 ? (random() < 0.35 ? [killChoice(random), killChoice(random)] : [killChoice(random)]) : [],
    thresholds: [20 + Math.floor(random() * 500), 20 + Math.floor(random() * 500)],
    share: 0.08 + random() * 0.14,
    refreshDuring: random() < 0.3,
    advanceHours: 1 + Math.floor(random() * 8),
  };
}

/** The point of a choice in an operation that sends `updates` zone updates (the last one when past it). */
export function killPoint(choice: KillChoice, updates: number): KillPoint {
  if (choice.at === 'read' || updates === 0) return { at: 'read' };
  return { at: 'update', nth: 1 + Math.min(updates - 1, Math.floor(choice.fraction * updates)), phase: choice.phase, delayMs: choice.delayMs };
}
