// Planted defects (docs/development.md › The simulator): a test puts a defect in through vi.mock —
// never a flag read by shipped code — and asks the simulator to find it. The runs are npm test's
// property, from one fixed fast-check seed so the test is the same every time, stopping at the
// first violation (no shrinking: the test needs the finding, not its shortest form).
import { checkModel, DEFAULT_COMMANDS, type SimViolation } from './sim-property';

/** The fast-check seed every planted-defect test starts from. */
export const PLANTED_SEED = 38_2026;

/** How many runs a planted defect must be found within. */
export const PLANTED_RUNS = 200;

export type PlantedFinding = {
  /** The first run that broke an invariant, or null when none did within the runs. */
  violation: SimViolation | null;
  /** Runs made, the failing one included. */
  runs: number;
  /** For the test's output: which run found it, the invariant's words and the commands that run drew. */
  summary: string;
};

/** Runs the model property up to `runs` times with the defect planted by the calling test file; stops at the first violation. */
export async function findPlanted(options: { runs?: number; commands?: number; only?: RegExp } = {}): Promise<PlantedFinding> {
  const runs = options.runs ?? PLANTED_RUNS;
  const violation = await checkModel({ seed: PLANTED_SEED, runs, commands: options.commands ?? DEFAULT_COMMANDS, shrink: false, ...(options.only ? { only: options.only } : {}) });
  if (!violation) return { violation, runs, summary: `planted defect not found in ${runs} runs of seed ${PLANTED_SEED}` };
  const summary = [
    `planted defect found in run ${violation.runs} of ${runs} (fast-check seed ${violation.seed}, path ${violation.path})`,
    `invariant: ${violation.error.split('\n')[0]}`,
    `commands: ${violation.counterexample}`,
  ].join('\n');
  return { violation, runs: violation.runs, summary };
}
