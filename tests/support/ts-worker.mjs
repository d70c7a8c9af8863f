// Starts a TypeScript worker entry under tsx (Node 20's workers do not take `--import tsx`'s hooks):
// the tests run the history worker from its source (tests/unit/main/history-thread.test.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
