import { describe, it } from 'vitest';
import { checkModel, DEFAULT_COMMANDS, describeViolation, replayRun } from './sim-property';

// docs/development.md › The simulator: the user's commands, drawn and shrunk by fast-check, each
// checked against the reference model as it runs. A failure prints fast-check's seed and path, the
// shortest command list that still fails, its trace and the `npm run sim` line that replays it.
const SEEDS = Number(process.env.ZW_SIM_SEEDS ?? 200);
const COMMANDS = Number(process.env.ZW_SIM_COMMANDS ?? DEFAULT_COMMANDS);

describe('the core against the model, command by command', () => {
  it(`keeps every invariant over ${SEEDS} seeds of up to ${COMMANDS} commands`, async () => {
    const violation = await checkModel({
      runs: SEEDS,
      commands: COMMANDS,
      shrink: true,
      ...(process.env.ZW_SIM_SEED ? { seed: Number(process.env.ZW_SIM_SEED) } : {}),
      ...(process.env.ZW_SIM_PATH ? { path: process.env.ZW_SIM_PATH } : {}),
    });
    if (violation) {
      const { trace } = await replayRun(violation.seed, violation.path, violation.commands);
      const told = describeViolation(violation, trace);
      // On stdout too, whole: CI's log keeps it even where the reporter shortens the error.
      console.log(told);
      throw new Error(told);
    }
  });
});
