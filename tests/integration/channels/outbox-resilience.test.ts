import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../../unit/core/fake-clock';
import type { StandIn, StandInKind } from './stand-ins';
import { alertItem, channelSecrets, draftFor, type Harness, folderText, openHarness, startStandIns, waitFor } from './outbox-harness';

// docs/architecture.md › Channels and the outbox: written ahead, at least once across a kill, one
// channel never holding up another, a hostile receiver costing one deadline and one retry slot, and
// no channel secret in the data folder or the log.

let open: Record<string, StandIn> = {};
afterEach(async () => {
  await Promise.all(Object.values(open).map((standIn) => standIn.close()));
  open = {};
});

async function setUp(kinds: StandInKind[]) {
  const time = fakeClock(Date.parse('2026-12-03T10:00:00Z'));
  open = await startStandIns(kinds);
  const harness = openHarness({ clock: time.clock });
  const ids: Record<string, string> = {};
  for (const kind of kinds) ids[kind] = (await harness.channels.book.add(draftFor(open[kind]!))).id;
  return { time, harness, ids };
}

const send = (harness: Harness, channelId: string, items = [alertItem()]) => harness.channels.outbox.deliver(new Map([[channelId, items]]));
const outboxFile = (dir: string, channelId: string) => JSON.parse(fs.readFileSync(path.join(dir, `outbox-${channelId}.json`), 'utf8')) as { data: { deliveries: { id: string; attempts: number; items: { alertId: string }[] }[] } };
const duplicates = (ids: readonly string[]) => ids.filter((id, index) => ids.indexOf(id) !== index);

describe('the outbox under faults', () => {
  it('has written the alert to disk, and the attempt, before the request reaches the service', async () => {
    const { harness, ids } = await setUp(['webhook']);
    open.webhook!.script.push({ do: 'acceptThenHang' });
    const item = alertItem();
    await send(harness, ids.webhook!, [item]);
    await waitFor(() => open.webhook!.received.length === 1);
    const [delivery] = outboxFile(harness.dir, ids.webhook!).data.deliveries;
    expect(delivery).toMatchObject({ attempts: 1, items: [{ alertId: item.alertId }] });
    expect(delivery!.id).toBe(open.webhook!.received[0]!.headers['zonewatch-delivery']);
  });

  it('loses nothing when killed mid-delivery: the message in flight comes at most once more, the rest once', async () => {
    const first = await setUp(['webhook']);
    open.webhook!.script.push({ do: 'acceptThenHang' });
    const inFlight = alertItem();
    await send(first.harness, first.ids.webhook!, [inFlight]);
    await waitFor(() => open.webhook!.received.length === 1);
    const queued = Array.from({ length: 5 }, () => alertItem());
    for (const item of queued) await send(first.harness, first.ids.webhook!, [item]);
    // The kill: this core is dropped as it is, no stop, its request never answered. The app starts
    // again on the same folder, with the same keychain.
    const again = openHarness({ clock: fakeClock(Date.parse('2026-12-03T10:05:00Z')).clock, dir: first.harness.dir, keychain: first.harness.keychain });
    await waitFor(() => open.webhook!.accepted.length === 7);
    const accepted = open.webhook!.accepted;
    expect(new Set(accepted)).toEqual(new Set([inFlight, ...queued].map((item) => item.alertId)));
    expect(duplicates(accepted)).toEqual([inFlight.alertId]);
    await waitFor(() => again.log().filter((entry) => entry.outcome === 'delivered').length === 2);
    expect(outboxFile(again.dir, first.ids.webhook!).data.deliveries).toEqual([]);
  });

  it('never lets a hanging channel delay another, and the hang costs one deadline and one retry slot', async () => {
    const { time, harness, ids } = await setUp(['slack', 'webhook']);
    open.slack!.script.push({ do: 'hang' });
    await send(harness, ids.slack!);
    await waitFor(() => open.slack!.received.length === 1);
    await send(harness, ids.webhook!);
    await waitFor(() => harness.log().length === 1);
    expect(harness.log().map((entry) => [entry.kind, entry.outcome])).toEqual([['webhook', 'delivered']]);
    await time.advance(5_000);
    await waitFor(() => harness.log().length === 2);
    expect(harness.log()[0]).toMatchObject({ kind: 'slack', outcome: 'retrying', answer: 'Slack did not answer in time (no answer within 5 s)' });
    expect(open.slack!.received).toHaveLength(1);
    await time.advance(1_000);
    await waitFor(() => open.slack!.accepted.length === 1);
  });

  it('never follows a redirect to another host, which costs one retry slot', async () => {
    const { time, harness, ids } = await setUp(['discord', 'webhook']);
    open.discord!.script.push({ do: 'redirect', to: open.webhook!.url });
    await send(harness, ids.discord!);
    await waitFor(() => harness.log().length === 1);
    expect(harness.log()[0]).toMatchObject({ outcome: 'retrying', answer: 'Discord answered with a redirect, which is never followed' });
    expect(open.webhook!.received).toEqual([]);
    await time.advance(1_000);
    await waitFor(() => open.discord!.accepted.length === 1);
  });

  it('reads a huge answer only up to its cap, as one retry slot', async () => {
    const { time, harness, ids } = await setUp(['ntfy']);
    open.ntfy!.script.push({ do: 'huge', status: 500, bytes: 64 * 1024 * 1024 });
    await send(harness, ids.ntfy!);
    await waitFor(() => harness.log().length === 1);
    expect(harness.log()[0]).toMatchObject({ outcome: 'retrying', answer: 'HTTP 500 from ntfy (an answer too large to read)' });
    await time.advance(1_000);
    await waitFor(() => open.ntfy!.accepted.length === 1);
  });

  it('takes a storm of 429s one asked wait at a time, while another channel goes on', async () => {
    const { time, harness, ids } = await setUp(['telegram', 'slack']);
    open.telegram!.fallback = () => ({ do: 'rateLimit', seconds: 2 });
    await send(harness, ids.telegram!);
    for (let second = 0; second < 20; second++) {
      await time.advance(1_000);
      await waitFor(() => harness.log().filter((entry) => entry.kind === 'telegram').length === open.telegram!.received.length);
    }
    // One attempt when sent, then one every 2 s as asked (the last may still be on its way): 10 or 11 in 20 s.
    expect(open.telegram!.received.length).toBeGreaterThanOrEqual(10);
    expect(open.telegram!.received.length).toBeLessThanOrEqual(11);
    const waits = harness.log().filter((entry) => entry.kind === 'telegram').map((entry) => Date.parse(entry.nextAttemptAt!) - Date.parse(entry.at));
    expect(new Set(waits)).toEqual(new Set([2_000]));
    await send(harness, ids.slack!);
    await waitFor(() => open.slack!.accepted.length === 1);
  });

  it('says a receiver whose certificate is not trusted in words, as one retry slot, while another channel goes on', async () => {
    // A receiver on this machine with a self-signed certificate: the TLS handshake is refused, no body is sent.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-bad-cert-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    let requests = 0;
    const server = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) }, (_req, res) => {
      requests += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { harness, ids } = await setUp(['slack']);
      const port = (server.address() as { port: number }).port;
      const untrusted = await harness.channels.book.add({ kind: 'webhook', name: 'untrusted', url: `https://127.0.0.1:${port}/hook`, signingKey: 'a-signing-key-of-some-length' });
      await send(harness, untrusted.id);
      await waitFor(() => harness.log().length === 1);
      expect(harness.log()[0]).toMatchObject({ channelId: untrusted.id, outcome: 'retrying', answer: expect.stringMatching(/could not be reached \(its certificate is not trusted\)$/) });
      expect(harness.log()[0]!.nextAttemptAt).not.toBeNull();
      await send(harness, ids.slack!);
      await waitFor(() => open.slack!.accepted.length === 1);
      expect(requests).toBe(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps no channel secret in the data folder or the log', async () => {
    const kinds: StandInKind[] = ['slack', 'discord', 'telegram', 'ntfy', 'webhook'];
    const { time, harness, ids } = await setUp(kinds);
    for (const kind of kinds) open[kind]!.script.push({ do: 'status', status: 500, body: JSON.stringify({ description: open[kind]!.url, message: open[kind]!.url }) });
    for (const kind of kinds) await send(harness, ids[kind]!);
    await waitFor(() => harness.log().length === kinds.length);
    await time.advance(1_000);
    await waitFor(() => kinds.every((kind) => open[kind]!.accepted.length === 1));
    await harness.channels.outbox.test(ids.telegram!);
    const files = folderText(harness.dir);
    expect(files).toContain('zonewatch-test-topic');
    for (const secret of channelSecrets(open)) {
      expect(files).not.toContain(secret);
      expect(harness.logLines.join('\n')).not.toContain(secret);
      expect(JSON.stringify(harness.log())).not.toContain(secret);
      expect(JSON.stringify(await harness.channels.outbox.views())).not.toContain(secret);
    }
  });
});
