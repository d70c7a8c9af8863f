// `npm run bench -- outbox` (docs/architecture.md › Channels and the outbox): 1,000 alerts to Slack,
// Telegram and webhook stand-ins over loopback, the receivers failing 30 % of requests with a 5xx and
// answering 429 (a 1 s wait, each in its service's own way) to 10 %, the first retry after 100 ms, the
// delivering process SIGKILLed twice during the run. Lost: (channel, alert) pairs never accepted, given
// up ones included; duplicates: acceptances past the first.
import { mulberry32 } from '../../electron/service/prng';
import { runKilledOutbox } from '../integration/channels/killed-outbox';
import type { Scripted } from '../integration/channels/stand-ins';

const COUNT = 1000;

// A fixed sequence per receiver, so each run meets the same faults.
const draws = { slack: mulberry32(1), telegram: mulberry32(2), webhook: mulberry32(3) } as Record<string, () => number>;
const STATUSES = [500, 502, 503];

const result = await runKilledOutbox({
  kinds: ['slack', 'telegram', 'webhook'],
  count: COUNT,
  everyMs: 10,
  firstDelayMs: 100,
  killAtFed: [300, 700],
  answer: (kind): Scripted => {
    const draw = draws[kind]!();
    if (draw < 0.3) return { do: 'status', status: STATUSES[Math.floor(draw * 10)]!, body: '{"error":"unavailable"}' };
    if (draw < 0.4) return { do: 'rateLimit', seconds: 1 };
    return { do: 'accept' };
  },
  deadlineMs: 600_000,
});

const requests = Object.values(result.standIns).reduce((sum, standIn) => sum + standIn.received.length, 0);
console.log(`bench: outbox requests to the 3 stand-ins = ${requests} requests`);
console.log(`bench: outbox kills during the run = ${result.kills} SIGKILL`);
console.log(`bench: outbox main-thread time per alert = ${result.enqueueMsPerAlert.toFixed(3)} ms`);
console.log(`bench: outbox ${COUNT} alerts 3 channels = ${result.seconds.toFixed(1)} s, ${result.lost} lost, ${result.duplicates} duplicates`);
