import { describe, it } from 'vitest';
import { checkModel, DEFAULT_COMMANDS, describeViolation, replayRun } from './sim-property';

// docs/development.md › The simulator: the user's commands, drawn and shrunk by fast-check, each
// checked against the reference model as it runs. A failure prints fast-check's seed and path, the
// shortest command list that still fails, its trace and the `npm run sim` line that replays it.
const SEEDS = Number(process.env.ZW_SIM_SEEDS ?? 200);
const COMMANDS = Number(process.env.ZW_SIM_COMMANDS ?? DEFAULT_COMMANDS);
// One fast-check seed, so every `npm test` runs the same 200 runs and a red run is the code's, not
// the draw's; `npm run sim -- --seeds N` explores other seeds and paths (docs/development.md › The simulator).
const SEED = Number(process.env.ZW_SIM_SEED ?? 2026);

describe('the core against the model, command by command', () => {
  it(`keeps every invariant over ${SEEDS} seeds of up to ${COMMANDS} commands`, async () => {
    const violation = await checkModel({
      runs: SEEDS,
      commands: COMMANDS,
      shrink: true,
      seed: SEED,
      ...(process.env.ZW_SIM_PATH ? { path: process.env.ZW_SIM_PATH } : {}),
      ...(process.env.ZW_SIM_REPLAY_PATH ? { replayPath: process.env.ZW_SIM_REPLAY_PATH } : {}),
    });
    if (violation) {
      const { trace } = await replayRun(violation);
      // The trace on stdout, which CI's log keeps whole; the error says the rest again.
      console.log(describeViolation(violation, trace));
      throw new Error(describeViolation(violation));
    }
  });
});
