import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildPlan } from './outbox-child';
import { draftFor, startStandIns } from './outbox-harness';
import type { Scripted, StandIn, StandInKind } from './stand-ins';

// Runs the outbox in a child process (outbox-child.ts) against stand-ins over loopback, SIGKILLs it
// at the moments asked and starts it again on the same folder, until every alert is fed and every
// outbox empty: for the SIGKILL test and `npm run bench -- outbox`.

const root = path.resolve(import.meta.dirname, '../../..');
const childScript = path.join(import.meta.dirname, 'outbox-child.ts');

export type KilledRunPlan = {
  kinds: StandInKind[];
  count: number;
  everyMs: number;
  firstDelayMs: number;
  /** Kill when this many alerts have been fed (written ahead), each kill once, in order. */
  killAtFed: number[];
  /** The receivers' answer to their n-th request. */
  answer: (kind: StandInKind, index: number) => Scripted;
  /** The most the whole run may take. */
  deadlineMs: number;
};

export type KilledRunResult = {
  seconds: number;
  kills: number;
  /** (channel, alert id) pairs never accepted. */
  lost: number;
  /** Acceptances past the first of a (channel, alert id) pair. */
  duplicates: number;
  /** Per channel: delivery ids accepted more than once (a message in flight at a kill). */
  repeatedDeliveries: Record<string, number>;
  /** The routing and write-ahead time of one alert on the child's main thread, ms. */
  enqueueMsPerAlert: number;
  standIns: Record<string, StandIn>;
};

export async function runKilledOutbox(plan: KilledRunPlan): Promise<KilledRunResult> {
  const standIns = await startStandIns(plan.kinds);
  for (const kind of plan.kinds) standIns[kind]!.fallback = (index) => plan.answer(kind, index);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-killed-outbox-'));
  const dir = path.join(work, 'data');
  fs.mkdirSync(dir);
  const childPlan: ChildPlan = { dir, keychainFile: path.join(work, 'keychain.json'), drafts: plan.kinds.map((kind) => draftFor(standIns[kind]!)), count: plan.count, everyMs: plan.everyMs, firstDelayMs: plan.firstDelayMs };
  const started = Date.now();
  let enqueueMs = 0;
  let kills = 0;
  const pendingKills = [...plan.killAtFed];
  try {
    for (;;) {
      const outcome = await runChild(childPlan, pendingKills[0] ?? null, started + plan.deadlineMs);
      enqueueMs += outcome.enqueueMs;
      if (outcome.killed) {
        kills += 1;
        pendingKills.shift();
        continue;
      }
      break;
    }
  } finally {
    await Promise.all(Object.values(standIns).map((standIn) => standIn.close()));
    fs.rmSync(work, { recursive: true, force: true });
  }
  let lost = 0;
  let duplicates = 0;
  const repeatedDeliveries: Record<string, number> = {};
  for (const kind of plan.kinds) {
    const counts = new Map<string, number>();
    for (const id of standIns[kind]!.accepted) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (let n = 0; n < plan.count; n++) {
      const times = counts.get(`bench-${n}`) ?? 0;
      if (times === 0) lost += 1;
      else duplicates += times - 1;
    }
    const bodies = standIns[kind]!.acceptedRequests.map((request) => request.body);
    repeatedDeliveries[kind] = bodies.length - new Set(bodies).size;
  }
  return { seconds: (Date.now() - started) / 1000, kills, lost, duplicates, repeatedDeliveries, enqueueMsPerAlert: enqueueMs / plan.count, standIns };
}

/** One life of the child: until it says `idle`, or until it has fed `killAtFed` alerts and is SIGKILLed. */
async function runChild(plan: ChildPlan, killAtFed: number | null, deadline: number): Promise<{ killed: boolean; enqueueMs: number }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', childScript, JSON.stringify(plan)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let enqueueMs = 0;
  let buffered = '';
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the outbox run passed its deadline'));
    }, Math.max(1, deadline - Date.now()));
    let killing = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const fed = /^fed (\d+) ([\d.]+)$/.exec(line);
        if (fed) {
          enqueueMs = Number(fed[2]);
          if (killAtFed !== null && Number(fed[1]) >= killAtFed && !killing) {
            killing = true;
            child.kill('SIGKILL');
          }
        }
        if (line === 'idle') child.kill('SIGTERM');
      }
    });
    child.once('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL' && killing, enqueueMs });
    });
  });
}
