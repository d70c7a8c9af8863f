// `npm run preview:web [-- --first-run] [--now <ISO time>] [--port <n>] [--verbose]`: the renderer's
// web build in a browser, wired to the real core and the local service through the bridge.
import { parseArgs } from 'node:util';
import { startPreviewStack } from './preview-stack';

const { values } = parseArgs({
  options: {
    'first-run': { type: 'boolean', default: false },
    now: { type: 'string' },
    port: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

const stack = await startPreviewStack({
  firstRun: values['first-run'],
  service: values.now ? { now: values.now } : {},
  port: values.port ? Number(values.port) : 0,
  verbose: values.verbose,
});
process.stdout.write(`${stack.readyLine()}\n`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`preview:web: ${signal}, stopping\n`);
  void stack.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
