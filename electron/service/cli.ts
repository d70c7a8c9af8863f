import { parseCliArgs } from './cli-args';
import { startService } from './start-service';

// `npm run service`: prints one JSON line `{"url":…,"keys":{…}}` once it listens, and nothing
// else on stdout (scripts read that line); stops cleanly on SIGINT / SIGTERM.

const parsed = parseCliArgs(process.argv.slice(2));
if (!parsed.ok) {
  process.stderr.write(`service: ${parsed.message}\n`);
  process.exit(2);
}

const service = await startService(parsed.options).catch((error: unknown) => {
  process.stderr.write(`service: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
process.stdout.write(`${JSON.stringify({ url: service.url, keys: service.keys })}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void service.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
