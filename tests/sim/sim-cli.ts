// `npm run sim` (docs/development.md › The simulator): the model property of `npm test` outside
// vitest, to replay one run or to soak many.
//   npm run sim -- --seed S --path P [--replay-path R] [--commands M] [--past]
//       replays the run fast-check's seed and path (and, for a shrunk list, its replayPath) name,
//       shrinks it on if it fails, prints its trace; says so, exit 2, when they name no run
//   npm run sim -- --seeds N [--commands M] [--seed S]
//       runs N runs of seed S (drawn if not given), each on its own; ends with the bench line
import { parseArgs } from 'node:util';
import { checkModel, DEFAULT_COMMANDS, describeViolation, replayRun, type SimViolation } from './sim-property';
import { soak, strayViolation, watchStrayErrors } from './sim-soak';

const USAGE = 'usage: npm run sim -- --seed S --path P [--replay-path R] [--commands M] [--past]   |   npm run sim -- --seeds N [--commands M] [--seed S]';

function wholeNumber(name: string, text: string | undefined, fallback?: number): number {
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (text === undefined || !Number.isSafeInteger(value) || value < 0) {
    console.error(`sim: --${name} takes a whole number${text === undefined ? '' : `, not "${text}"`}\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

/** What to say when the seed, path and replay path name no run of this simulator (a stale replay line). */
function namesNoRun(run: Pick<SimViolation, 'seed' | 'path' | 'commands' | 'replayPath' | 'past'>, why: string): number {
  const named = `seed ${run.seed}, path ${run.path}${run.replayPath ? `, replay path ${run.replayPath}` : ''}${run.commands === DEFAULT_COMMANDS ? '' : `, ${run.commands} commands`}${run.past ? ', worlds with a past' : ''}`;
  const hint = run.path.includes(':') && !run.replayPath ? 'a path that went through shrinking needs the --replay-path printed with it' : 'a replay line names a run only for the simulator that printed it: if the commands changed since, run the soak again (npm run sim -- --seeds N --seed S) to find the run anew';
  console.error(`sim: ${named} names no run of this simulator (${why}); nothing was replayed. ${hint[0]!.toUpperCase()}${hint.slice(1)}.`);
  return 2;
}

async function replay(run: Pick<SimViolation, 'seed' | 'path' | 'commands' | 'replayPath' | 'past'>): Promise<number> {
  let first: Awaited<ReturnType<typeof replayRun>>;
  try {
    first = await replayRun(run);
  } catch (err) {
    // fast-check cannot follow the path (it goes past the shrinks there are) or read the replay path.
    return namesNoRun(run, err instanceof Error ? err.message : String(err));
  }
  if (first.trace === null) return namesNoRun(run, 'fast-check made no run at that path');
  const violation = first.violation ?? strayViolation(run.seed, run.path, run.commands);
  if (!violation) {
    console.log(first.trace.text());
    console.log(`\nsim: no violation in the run of seed ${run.seed}, path ${run.path}, up to ${run.commands} commands`);
    return 0;
  }
  // Shrinks on from the path given: a soak's path names a run as drawn; a test's is shrunk already.
  const shrunk = first.violation ? ((await checkModel({ ...run, runs: 1, shrink: true })) ?? violation) : violation;
  const last = shrunk.path === run.path ? first : await replayRun(shrunk);
  console.log(last.trace?.text() ?? '');
  console.log(`\n${describeViolation(shrunk)}`);
  return 1;
}

async function main(): Promise<number> {
  watchStrayErrors();
  const { values } = parseArgs({
    options: { seed: { type: 'string' }, path: { type: 'string' }, 'replay-path': { type: 'string' }, seeds: { type: 'string' }, commands: { type: 'string' }, past: { type: 'boolean' } },
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
    const failed = await soak({ seeds: wholeNumber('seeds', values.seeds), commands, seed });
    return failed.length > 0 ? 1 : 0;
  }
  if (values.seed === undefined || values.path === undefined) {
    console.error(USAGE);
    return 2;
  }
  return replay({ seed: wholeNumber('seed', values.seed), path: values.path, replayPath: values['replay-path'] ?? null, commands, past: values.past === true });
}

// An error main did not expect ends the process with it, never silently (the stray-error watch
// would otherwise take it for a run's).
process.exitCode = await main().catch((err: unknown) => {
  console.error(`sim: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return 1;
});
