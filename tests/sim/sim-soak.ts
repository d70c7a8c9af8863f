// A soak (docs/development.md › The simulator): many runs of the model property, each on its own,
// so one violation does not end the count; each failing run is listed with the command that
// replays it, and the last line is the bench line. Used by `npm run sim -- --seeds N` and
// `npm run bench -- sim`.
import { checkModel, replayCommand, type SimViolation } from './sim-property';

/** Errors no await caught, during the run going on: a violation of that run (no unhandled rejection, no uncaught exception). */
const stray: unknown[] = [];
let watching = false;
export function watchStrayErrors(): void {
  if (watching) return;
  watching = true;
  process.on('unhandledRejection', (reason) => void stray.push(reason));
  process.on('uncaughtException', (error) => void stray.push(error));
}

/** The errors no one caught since the last call, as the violation of the run they came in; null if none. */
export function strayViolation(seed: number, path: string, commands: number): SimViolation | null {
  watchStrayErrors();
  if (stray.length === 0) return null;
  const error = stray.map((reason) => (reason instanceof Error ? (reason.stack ?? reason.message) : String(reason))).join('\n');
  stray.length = 0;
  return { seed, path, commands, counterexample: '(the run as drawn)', replayPath: null, error: `an error no one caught: ${error}`, runs: 1 };
}

/**
 * Runs paths 0 … seeds−1 of fast-check seed `seed` (the runs `npm test`'s model test makes with
 * that seed), each without shrinking; prints each violation as it comes, then the list, then
 * `bench: sim N seeds × M commands = V violations in S s`. Returns the violations.
 */
export async function soak(options: { seeds: number; commands: number; seed: number }): Promise<SimViolation[]> {
  const { seeds, commands, seed } = options;
  watchStrayErrors();
  console.log(`sim: ${seeds} runs of fast-check seed ${seed} (paths 0 to ${seeds - 1}), up to ${commands} commands each`);
  const started = performance.now();
  const failed: SimViolation[] = [];
  for (let run = 0; run < seeds; run++) {
    const path = String(run);
    stray.length = 0;
    let violation: SimViolation | null;
    try {
      violation = (await checkModel({ seed, path, runs: 1, commands, shrink: false })) ?? strayViolation(seed, path, commands);
    } catch (error) {
      violation = { seed, path, commands, counterexample: '(the run as drawn)', replayPath: null, error: error instanceof Error ? error.message : String(error), runs: 1 };
    }
    if (violation) {
      failed.push(violation);
      console.log(`sim: run ${path} broke an invariant: ${violation.error.split('\n')[0]}\n     replay: ${replayCommand(violation)}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (failed.length > 0) {
    console.log(`\nsim: ${failed.length} of ${seeds} runs broke an invariant; each replays (and shrinks) with:`);
    for (const violation of failed) console.log(`  ${replayCommand(violation)}`);
  }
  console.log(`bench: sim ${seeds} seeds \u00d7 ${commands} commands = ${failed.length} violations in ${seconds.toFixed(1)} s`);
  return failed;
}
