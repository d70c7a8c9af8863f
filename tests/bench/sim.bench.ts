// `npm run bench -- sim`: the simulator's soak as npm test runs it — 200 runs of up to 50 commands
// of the model property, each on its own, from a fixed fast-check seed so two benches make the
// same runs (docs/development.md › The simulator). Prints how many runs broke an invariant and the
// wall time: `bench: sim 200 seeds × 50 commands = V violations in S s`.
import { DEFAULT_COMMANDS } from '../sim/sim-property';
import { soak } from '../sim/sim-soak';

const RUNS = 200;
const SEED = 38;

const failed = await soak({ seeds: RUNS, commands: DEFAULT_COMMANDS, seed: SEED });
process.exitCode = failed.length > 0 ? 1 : 0;
