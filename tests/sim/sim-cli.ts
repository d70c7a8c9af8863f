// `npm run sim` (docs/development.md › The simulator): the model property of `npm test` outside
// vitest, to replay one run or to soak many.
//   npm run sim -- --seed S --path P [--commands M]   replays the run fast-check's seed and path name,
//                                                     shrinks it on if it fails, prints its trace
//   npm run sim -- --seeds N [--commands M] [--seed S] runs N runs of seed S (drawn if not given),
//                                                     each on its own; ends with the bench line
import { parseArgs } from 'node:util';
import { checkModel, DEFAULT_COMMANDS, describeViolation, replayCommand, replayRun, type SimViolation } from './sim-property';

const USAGE = 'usage: npm run sim -- --seed S --path P [--commands M]   |   npm run sim -- --seeds N [--commands M] [--seed S]';

/** Errors no await caught, during the run going on: a violation of that run (no unhandled rejection, no uncaught exception). */
const stray: unknown[] = [];
process.on('unhandledRejection', (reason) => void stray.push(reason));
process.on('uncaughtException', (error) => void stray.push(error));

function wholeNumber(name: string, text: string | undefined, fallback?: number): number {
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (text === undefined || !Number.isSafeInteger(value) || value < 0) {
    console.error(`sim: --${name} takes a whole number${text === undefined ? '' : `, not "${text}"`}\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

function strayViolation(seed: number, path: string, commands: number): SimViolation | null {
  if (stray.length === 0) return null;
  const error = stray.map((reason) => (reason instanceof Error ? (reason.stack ?? reason.message) : String(reason))).join('\n');
  stray.length = 0;
  return { seed, path, commands, counterexample: '(the run as drawn)', error: `an error no one caught: ${error}`, runs: 1 };
}

async function replay(seed: number, path: string, commands: number): Promise<number> {
  const first = await replayRun(seed, path, commands);
  const violation = first.violation ?? strayViolation(seed, path, commands);
  if (!violation) {
    console.log(first.trace.text());
    console.log(`\nsim: no violation in the run of seed ${seed}, path ${path}, up to ${commands} commands`);
    return 0;
  }
  // Shrinks on from the path given: a soak's path names a run as drawn; a test's is shrunk already.
  const shrunk = first.violation ? ((await checkModel({ seed, path, runs: 1, commands, shrink: true })) ?? violation) : violation;
  const last = shrunk.path === path ? first : await replayRun(seed, shrunk.path, commands);
  console.log(last.trace.text());
  console.log(`\n${describeViolation(shrunk)}`);
  return 1;
}

async function soak(seeds: number, commands: number, seed: number): Promise<number> {
  console.log(`sim: ${seeds} runs of fast-check seed ${seed} (paths 0 to ${seeds - 1}), up to ${commands} commands each`);
  const started = performance.now();
  const failed: SimViolation[] = [];
  for (let run = 0; run < seeds; run++) {
    const path = String(run);
    let violation: SimViolation | null;
    try {
      violation = (await checkModel({ seed, path, runs: 1, commands, shrink: false })) ?? strayViolation(seed, path, commands);
    } catch (error) {
      violation = { seed, path, commands, counterexample: '(the run as drawn)', error: error instanceof Error ? error.message : String(error), runs: 1 };
    }
    stray.length = 0;
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
  return failed.length > 0 ? 1 : 0;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { seed: { type: 'string' }, path: { type: 'string' }, seeds: { type: 'string' }, commands: { type: 'string' } },
    strict: true,
  });
  const commands = wholeNumber('commands', values.commands, DEFAULT_COMMANDS);
  if (values.seeds !== undefined) {
    if (values.path !== undefined) {
      console.error(`sim: --path replays one run; a soak (--seeds) runs paths 0 to N-1 itself\n${USAGE}`);
      return 2;
    }
    // A soak's seed is drawn here, outside the runs, and printed: any run of it replays from the line.
    const seed = wholeNumber('seed', values.seed, Math.floor(Math.random() * 0x7fffffff));
    return soak(wholeNumber('seeds', values.seeds), commands, seed);
  }
  if (values.seed === undefined || values.path === undefined) {
    console.error(USAGE);
    return 2;
  }
  return replay(wholeNumber('seed', values.seed), values.path, commands);
}

process.exitCode = await main();
