import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../../unit/core/fake-clock';
import { type StandIn, type StandInKind } from './stand-ins';
import { alertItem, draftFor, type Harness, openHarness, SECRETS, startStandIns, waitFor } from './outbox-harness';

// docs/architecture.md › Channels and the outbox: each service's format checked by a stand-in written
// from docs/desktop.md › Channels, retries on a simulated clock, each service's 429 and give-up codes.

const KINDS: StandInKind[] = ['slack', 'discord', 'telegram', 'ntfy', 'webhook'];
let open: Record<string, StandIn> = {};

afterEach(async () => {
  await Promise.all(Object.values(open).map((standIn) => standIn.close()));
  open = {};
});

async function setUp(kinds: StandInKind[] = KINDS, timeoutMs?: number) {
  const time = fakeClock(Date.parse('2026-12-03T10:00:00Z'));
  open = await startStandIns(kinds);
  const harness = openHarness({ clock: time.clock, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  const ids: Record<string, string> = {};
  for (const kind of kinds) ids[kind] = (await harness.channels.book.add(draftFor(open[kind]!))).id;
  return { time, harness, ids };
}

const send = (harness: Harness, channelId: string, items = [alertItem()]) => harness.channels.outbox.deliver(new Map([[channelId, items]]));
const outcomes = (harness: Harness, channelId: string) => harness.log().filter((entry) => entry.channelId === channelId).map((entry) => entry.outcome).reverse();

describe('the outbox against stand-ins of each service', () => {
  it('delivers an alert to Slack, Discord, Telegram, ntfy and a webhook, each formatted as the service expects', async () => {
    const { harness, ids } = await setUp();
    const item = alertItem();
    for (const kind of KINDS) await send(harness, ids[kind]!, [item]);
    await waitFor(() => KINDS.every((kind) => open[kind]!.accepted.length === 1));
    for (const kind of KINDS) {
      expect(open[kind]!.received.map((r) => r.problem)).toEqual([null]);
      expect(open[kind]!.accepted).toEqual([item.alertId]);
    }
    const telegram = JSON.parse(open.telegram!.received[0]!.body) as { text: string };
    expect(telegram.text).toContain('Client &lt;B&gt; &amp; Co');
    expect(telegram.text).toContain('What to do: Open Zonewatch');
    const ntfy = open.ntfy!.received[0]!;
    expect([ntfy.headers.priority, ntfy.headers.tags]).toEqual(['4', 'warning,zonewatch']);
    expect(ntfy.body).toContain('Zone: scraper_<main>');
    const discord = JSON.parse(open.discord!.received[0]!.body) as { allowed_mentions: unknown };
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    await waitFor(() => KINDS.every((kind) => outcomes(harness, ids[kind]!).includes('delivered')));
    expect(harness.log().find((entry) => entry.kind === 'slack')!.answer).toBe('Slack accepted it (HTTP 200)');
  });

  it("signs the webhook so an independent HMAC (python3's hmac) verifies it", async () => {
    const { harness, ids } = await setUp(['webhook']);
    await send(harness, ids.webhook!);
    await waitFor(() => open.webhook!.accepted.length === 1);
    const { headers, body } = open.webhook!.received[0]!;
    const script = path.join(import.meta.dirname, 'verify-signature.py');
    const verify = (key: string, raw: string) => execFileSync('python3', [script, key, String(headers['zonewatch-signature'])], { input: raw }).toString().trim();
    expect(verify(SECRETS.signingKey, body)).toBe('valid');
    expect(verify(SECRETS.signingKey, body.replace('Spend', 'spend'))).toBe('invalid');
    expect(verify(`${SECRETS.signingKey}x`, body)).toBe('invalid');
  });

  it('retries a 5xx on the back-off, signs each retry anew and keeps its Zonewatch-Delivery', async () => {
    const { time, harness, ids } = await setUp(['webhook']);
    open.webhook!.script.push({ do: 'status', status: 500 }, { do: 'status', status: 503 });
    await send(harness, ids.webhook!);
    await waitFor(() => outcomes(harness, ids.webhook!).length === 1);
    // First retry: between half and all of the first delay (1 s), never before.
    await time.advance(400);
    expect(open.webhook!.received).toHaveLength(1);
    await time.advance(600);
    await waitFor(() => outcomes(harness, ids.webhook!).length === 2);
    await time.advance(5_000);
    await waitFor(() => open.webhook!.accepted.length === 1);
    const received = open.webhook!.received;
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers['zonewatch-delivery'])).size).toBe(1);
    // Each attempt signed at its own moment: every signature checks out, and the moments move on.
    expect(received.map((r) => r.problem)).toEqual([null, null, null]);
    const moments = received.map((r) => Number(/^t=(\d+),/.exec(String(r.headers['zonewatch-signature']))![1]));
    expect(moments[2]).toBeGreaterThan(moments[0]!);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    await waitFor(() => outcomes(harness, ids.webhook!).length === 3);
    expect(outcomes(harness, ids.webhook!)).toEqual(['retrying', 'retrying', 'delivered']);
    expect(harness.log()[2]!.answer).toBe('HTTP 500 from The webhook');
  });

  it.each([
    ['slack', 7, 7_000],
    ['discord', 2.5, 2_500],
    ['telegram', 9, 9_000],
    ['ntfy', 4, 4_000],
    ['webhook', 3, 3_000],
  ] as const)('waits what %s asks on a 429 (%s s), where that service says it', async (kind, seconds, waitMs) => {
    const { time, harness, ids } = await setUp([kind]);
    open[kind]!.script.push({ do: 'rateLimit', seconds });
    await send(harness, ids[kind]!);
    await waitFor(() => outcomes(harness, ids[kind]!).length === 1);
    const retrying = harness.log()[0]!;
    expect(retrying.outcome).toBe('retrying');
    expect(Date.parse(retrying.nextAttemptAt!) - Date.parse(retrying.at)).toBe(waitMs);
    await time.advance(waitMs - 100);
    expect(open[kind]!.received).toHaveLength(1);
    await time.advance(100);
    await waitFor(() => open[kind]!.accepted.length === 1);
  });

  it.each([400, 401, 403, 404, 410])('gives up at once on HTTP %s and says the service\'s answer', async (status) => {
    const { time, harness, ids } = await setUp(['telegram']);
    open.telegram!.script.push({ do: 'status', status, body: JSON.stringify({ ok: false, error_code: status, description: 'Forbidden: bot was blocked by the user' }) });
    await send(harness, ids.telegram!);
    await waitFor(() => outcomes(harness, ids.telegram!).length === 1);
    await time.advance(3_600_000);
    expect(open.telegram!.received).toHaveLength(1);
    expect(harness.log()[0]).toMatchObject({ outcome: 'given_up', answer: `HTTP ${status} from Telegram: Forbidden: bot was blocked by the user` });
    expect(harness.channels.outbox.views).toBeDefined();
    expect((await harness.channels.outbox.views())[0]!.waiting).toBe(0);
  });

  it('groups alerts that pile up behind a failing delivery into one message carrying every id', async () => {
    const { time, harness, ids } = await setUp(['slack']);
    open.slack!.script.push({ do: 'status', status: 502 });
    const first = alertItem();
    await send(harness, ids.slack!, [first]);
    await waitFor(() => outcomes(harness, ids.slack!).length === 1);
    const later = Array.from({ length: 30 }, () => alertItem());
    for (const item of later) await send(harness, ids.slack!, [item]);
    expect((await harness.channels.outbox.views())[0]!.waiting).toBe(31);
    await time.advance(1_000);
    await waitFor(() => open.slack!.accepted.length === 31);
    expect(open.slack!.received).toHaveLength(3);
    expect(open.slack!.received[2]!.ids).toEqual(later.map((item) => item.alertId));
    expect(JSON.parse(open.slack!.received[2]!.body).text).toMatch(/^\*30 Zonewatch alerts\*/);
    expect(open.slack!.accepted.sort()).toEqual([first, ...later].map((item) => item.alertId).sort());
  });

  it('gives up after 24 hours of failures, saying so with the last answer', async () => {
    // A deadline longer than the test's simulated days: an attempt's real-time exchange is never cut by the jumps.
    const { time, harness, ids } = await setUp(['discord'], 30 * 86_400_000);
    open.discord!.fallback = () => ({ do: 'status', status: 500, body: JSON.stringify({ message: 'Internal Server Error', code: 0 }) });
    await send(harness, ids.discord!);
    await waitFor(() => harness.log().length === 1);
    // In steps of 10 minutes, each attempt's answer awaited in real time before the clock moves on.
    for (let step = 0; step < 26 * 6; step++) {
      await time.advance(600_000);
      await new Promise((resolve) => setTimeout(resolve, 2));
      await waitFor(() => harness.log().length === open.discord!.received.length);
    }
    const [last] = harness.log();
    expect(last).toMatchObject({ outcome: 'given_up' });
    expect(last!.answer).toBe('Given up: not accepted within 24 h. Last answer: HTTP 500 from Discord: Internal Server Error');
    const attempts = open.discord!.received.length;
    expect(attempts).toBeGreaterThan(10);
    expect(attempts).toBeLessThan(40);
    await time.advance(10 * 3_600_000);
    expect(open.discord!.received.length).toBe(attempts);
  });
});
