// The model property (docs/development.md › The simulator) in one place, so `npm test`'s model
// test, `npm run sim` (replay and soak) and the planted-defect tests run the very same runs: a
// fast-check seed and path name one run anywhere.
import fc from 'fast-check';
import { initialModel, simCommands, type SimReal } from './sim-commands';
import { expectNoBrokenPromise } from './sim-fault-commands';
import { expectNoWriteAfterRevoke } from './sim-life';
import { openWithAccounts } from './sim-run';
import { createTrace, type Trace } from './sim-trace';
import { createSimWorld } from './sim-world';
import { livePast, pastStart, PAST_WEEKS } from './sim-past';

/** Commands a run draws at most unless told otherwise (`ZW_SIM_COMMANDS`, `--commands`): part of what a path replays. */
export const DEFAULT_COMMANDS = 50;

/** A run that broke an invariant: where fast-check found it, what it ran, and how to replay it. */
export type SimViolation = {
  seed: number;
  path: string;
  commands: number;
  /** The failing command list, as fast-check prints it (after shrinking: the shortest that still fails). */
  counterexample: string;
  /** fast-check's `replayPath` of that list: which commands of each shrink step ran (none before any shrinking). */
  replayPath: string | null;
  /** The invariant's words and what differed. */
  error: string;
  /** How many runs fast-check made before this one failed (1 = the first). */
  runs: number;
  /** The run's world started with weeks of past (sim-past.ts): `--past` replays it. */
  past?: boolean;
};

/**
 * The property: a world seed and a list of up to `commands` user commands, run against the model.
 * `watch` is handed each run's trace as the run starts, so a caller can print the last one. Made
 * anew for each check: the command lists' arbitrary keeps what its shrinking ran.
 */
export function modelProperty(commands: number, options: { watch?: (trace: Trace) => void; replayPath?: string | null; only?: RegExp; past?: boolean } = {}) {
  const { watch, replayPath, only, past } = options;
  return fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), simCommands(2, commands, replayPath ?? undefined), async (worldSeed, drawn) => {
    const trace = createTrace();
    watch?.(trace);
    trace.push('command', `world ${worldSeed}`);
    const world = createSimWorld({ seed: worldSeed, serviceCount: 2, trace, ...(past ? { start: pastStart(PAST_WEEKS) } : {}) });
    try {
      const profileIds = await openWithAccounts(world, trace);
      if (past) await livePast(world, trace, profileIds);
      const model = initialModel(profileIds.length);
      const real: SimReal = { world, trace, profileIds };
      await fc.asyncModelRun(() => ({ model, real }), drawn);
      // Broken between the commands' own checks (a poll's request, a timer's error): still this run's.
      expectNoBrokenPromise(world);
      expectNoWriteAfterRevoke(world);
    } catch (err) {
      // Looking for one invariant (a planted defect's): a run that breaks another first counts as not finding it.
      if (!only || (err instanceof Error && only.test(err.message))) throw err;
    } finally {
      await world.close();
    }
  });
}

export type CheckOptions = {
  /** fast-check's seed; none: fast-check draws one (and the violation names it). */
  seed?: number;
  /** fast-check's path: replays that run (and shrinks on from it unless `shrink` is false). */
  path?: string;
  /** The command list's replayPath, with a path that went through shrinking. */
  replayPath?: string | null;
  runs: number;
  commands: number;
  /** Shrink a failing run to the shortest list that still fails (true), or stop at the first failure. */
  shrink: boolean;
  /** Only a violation of the invariant these words match counts (a planted defect's); none: every one. */
  only?: RegExp;
  /** Every world starts with weeks of the app's own past (sim-past.ts), so anomalies are read. */
  past?: boolean;
};

/** Where two values differ, leaf by leaf (`path: actual → expected`), at most `limit` lines. */
function differences(actual: unknown, expected: unknown, limit = 12): string[] {
  const lines: string[] = [];
  const walk = (a: unknown, e: unknown, at: string) => {
    if (lines.length >= limit || Object.is(a, e)) return;
    if (a !== null && e !== null && typeof a === 'object' && typeof e === 'object') {
      for (const key of [...new Set([...Object.keys(a), ...Object.keys(e)])].sort()) walk((a as Record<string, unknown>)[key], (e as Record<string, unknown>)[key], at ? `${at}.${key}` : key);
      return;
    }
    lines.push(`  ${at || '(value)'}: ${JSON.stringify(a) ?? 'undefined'} → expected ${JSON.stringify(e) ?? 'undefined'}`);
  };
  walk(actual, expected, '');
  return lines;
}

/** The invariant's words and, for an equality that failed, what differed (outside vitest no reporter shows the diff). */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!('actual' in error) || !('expected' in error) || typeof error.expected !== 'object' || error.expected === null) return error.message;
  if (typeof (error.expected as { asymmetricMatch?: unknown }).asymmetricMatch === 'function') return error.message;
  return [error.message, ...differences(error.actual, error.expected)].join('\n');
}

/** The replayPath fast-check writes into a printed command list; null when the list was never shrunk. */
function replayPathOf(counterexample: string): string | null {
  const found = /replayPath="([^"]*)"/.exec(counterexample)?.[1];
  return found ? found : null;
}

/** Runs the property as asked; the violation found, or null when every run kept every invariant. */
export async function checkModel(options: CheckOptions): Promise<SimViolation | null> {
  const details = await fc.check(modelProperty(options.commands, { replayPath: options.replayPath ?? null, ...(options.only ? { only: options.only } : {}), ...(options.past ? { past: true } : {}) }), {
    numRuns: options.runs,
    endOnFailure: !options.shrink,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.path !== undefined ? { path: options.path } : {}),
  });
  if (!details.failed) return null;
  if (details.counterexamplePath === null || details.counterexample === null) {
    throw new Error(`the simulator stopped without a counterexample: ${messageOf(details.errorInstance)}`);
  }
  const counterexample = fc.stringify(details.counterexample);
  return {
    seed: details.seed,
    path: details.counterexamplePath,
    commands: options.commands,
    counterexample,
    replayPath: replayPathOf(counterexample),
    error: messageOf(details.errorInstance),
    runs: details.numRuns,
    ...(options.past ? { past: true } : {}),
  };
}

/** The one run a seed, path (and replayPath) name, once, with its trace (and the violation it shows, if any). */
export async function replayRun(run: Pick<SimViolation, 'seed' | 'path' | 'commands' | 'replayPath' | 'past'>): Promise<{ trace: Trace | null; violation: SimViolation | null }> {
  let trace: Trace | null = null;
  const details = await fc.check(
    modelProperty(run.commands, { watch: (t) => void (trace = t), replayPath: run.replayPath, ...(run.past ? { past: true } : {}) }),
    { seed: run.seed, path: run.path, numRuns: 1, endOnFailure: true },
  );
  const violation: SimViolation | null = details.failed
    ? { ...run, counterexample: fc.stringify(details.counterexample), error: messageOf(details.errorInstance), runs: 1 }
    : null;
  return { trace, violation };
}

/** The command line that replays a run, as CI's output shows it. */
export function replayCommand(violation: Pick<SimViolation, 'seed' | 'path' | 'commands' | 'replayPath' | 'past'>): string {
  const more = [
    ...(violation.replayPath ? [`--replay-path ${violation.replayPath}`] : []),
    ...(violation.commands === DEFAULT_COMMANDS ? [] : [`--commands ${violation.commands}`]),
    ...(violation.past ? ['--past'] : []),
  ];
  return [`npm run sim -- --seed ${violation.seed} --path ${violation.path}`, ...more].join(' ');
}

/** The words a violation is told in: the seed, the path, the shortest failing list and the replay command. */
export function describeViolation(violation: SimViolation, trace?: Trace | null): string {
  return [
    `the simulator found a violation (fast-check seed ${violation.seed}, path ${violation.path}, up to ${violation.commands} commands)`,
    `invariant: ${violation.error}`,
    `shortest failing commands: ${violation.counterexample}`,
    ...(trace ? ['trace of that run:', trace.text()] : []),
    `replay: ${replayCommand(violation)}`,
  ].join('\n');
}
