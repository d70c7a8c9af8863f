// The servers the app runs, in a process of their own so a test sees whether some input ends it:
// the browser shell's bridge in front of the real core (what `npm start` runs where Electron
// cannot, and `npm run preview:web`), and the local reference service (the demo account,
// `npm run service`). Prints one JSON line: the page URL (token in the fragment) and the
// service's URL and keys.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPreviewStack } from '../../../electron/web/preview-stack';

const webRoot = mkdtempSync(join(tmpdir(), 'zonewatch-servers-'));
writeFileSync(join(webRoot, 'index.html'), "<!doctype html><meta http-equiv=\"Content-Security-Policy\" content=\"connect-src 'none'\"><title>Zonewatch</title>");
const stack = await startPreviewStack({ firstRun: true, webRoot, service: { autoTick: false } });
process.stdout.write(`${stack.readyLine()}\n`);

process.on('SIGTERM', () => {
  void stack.stop().finally(() => {
    rmSync(webRoot, { recursive: true, force: true });
    process.exit(0);
  });
});
