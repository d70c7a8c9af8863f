import { describe, expect, it } from 'vitest';
import { Routing } from '../../../../shared/channels';
import type { NotificationRecord } from '../../../../shared/notification';
import { Settings } from '../../../../shared/settings';
import { desktopShows, routeKeyOf, routeNotification, whatToDo } from '../../../../electron/core/channels/routing';
import { askedWaitMs, judge } from '../../../../electron/core/channels/service-answer';
import { backoffMs, nextAttemptAt } from '../../../../electron/core/outbox/backoff';
import { MAX_ALERTS_PER_DELIVERY, emptyOutbox, withAlerts } from '../../../../electron/core/outbox/outbox-file';
import { redactString } from '../../../../electron/core/secrets/redact';

// docs/desktop.md › Channels: routing, quiet hours and urgent routes; docs/architecture.md › Channels
// and the outbox: grouping, back-off and what each answer means.

const event = (rule: NotificationRecord['events'][number]['rule'], key: string, id: string, zoneId?: string): NotificationRecord['events'][number] => ({
  id,
  rule,
  key,
  severity: 'critical',
  title: `${rule} fired`,
  body: 'Spend today $61.00',
  at: '2026-12-03T23:30:00.000Z',
  target: { view: 'overview' },
  ...(zoneId ? { zoneId } : {}),
});
const record = (events: NotificationRecord['events'], test = false): NotificationRecord => ({ id: 'n1', at: '2026-12-03T23:30:00.000Z', title: 't', body: 'b', severity: 'critical', events, shown: true, suppressedBy: null, test, target: { view: 'overview' } });

const routing = Routing.parse({
  routes: {
    spendToday: { desktop: false, channels: ['slack0001', 'hook00001'] },
    accountCap: { channels: ['slack0001'] },
    keyRejected: { channels: ['tele00001'] },
    zoneSpike: { channels: ['gone00001'] },
  },
});
const known = new Set(['slack0001', 'hook00001', 'tele00001']);
const route = (r: NotificationRecord, quiet: boolean) => Object.fromEntries([...routeNotification({ record: r, routing, quiet, known, account: 'Client B', zoneName: (id) => (id === 'z1' ? 'scraper' : null) })].map(([id, items]) => [id, items.map((item) => item.alertId)]));

describe('routing', () => {
  it('sends each event to its rule’s channels, and the desktop shows what any of its routes shows', () => {
    const spend = record([event('spendToday', 'spendToday:5000:x', 'e1')]);
    expect(route(spend, false)).toEqual({ slack0001: ['e1'], hook00001: ['e1'] });
    expect(desktopShows(routing, spend)).toBe(false);
    expect(desktopShows(routing, record([event('spendToday', 'k', 'e1'), event('lowBalance', 'k', 'e2')]))).toBe(true);
    expect(desktopShows(routing, record([event('spendToday', 'k', 'e1')], true))).toBe(true);
    // A rule with no route: the desktop only, as before channels existed.
    expect(route(record([event('lowBalance', 'k', 'e3')]), false)).toEqual({});
    expect(Settings.parse({}).routing).toEqual({ routes: {}, urgent: ['accountCap', 'keyRejected'] });
  });

  it('holds channels back in the quiet hours except for urgent routes: the account cap and a rejected key', () => {
    const night = record([event('spendToday', 'k', 'e1'), event('accountCap', 'accountCap:stop:x', 'e2'), event('connection', 'connection:keyRejected:2026-12-03T23:00:00.000Z', 'e3')]);
    expect(route(night, true)).toEqual({ slack0001: ['e2'], tele00001: ['e3'] });
    expect(route(night, false)).toEqual({ slack0001: ['e1', 'e2'], hook00001: ['e1'], tele00001: ['e3'] });
    expect(routeKeyOf({ rule: 'connection', key: 'connection:offline:2026' })).toBe('connection');
  });

  it('never sends a test notification or to a channel that is gone, and says what to do', () => {
    expect(route(record([event('spendToday', 'k', 'e1')], true), false)).toEqual({});
    expect(route(record([event('zoneSpike', 'k', 'e4', 'z1')]), false)).toEqual({});
    expect(whatToDo({ rule: 'zoneSpike', key: 'k', zoneId: 'z1' }, 'scraper')).toBe('Open Zonewatch and disable scraper if its spend is not wanted.');
    expect(whatToDo({ rule: 'connection', key: 'connection:keyRejected:x' }, null)).toMatch(/^Enter a new API key/);
  });
});

describe('the outbox file and its timing', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ alertId: `a${i}`, route: 'spendToday' as const, severity: 'info' as const, at: '2026-12-03T10:00:00.000Z', account: null, zone: null, title: 't', figures: 'f', action: 'a' }));
  let next = 0;
  const args = { kind: 'discord' as const, now: 1_000, newId: () => `d${next++}` };

  it('groups alerts into the last delivery not yet tried, never into one already sent, and never holds an id twice', () => {
    const first = withAlerts(emptyOutbox(), items(1), args).file;
    const frozen = { deliveries: first.deliveries.map((d) => ({ ...d, attempts: 1 })) };
    const piled = withAlerts(frozen, items(1 + MAX_ALERTS_PER_DELIVERY.discord + 3), args);
    expect(piled.file.deliveries.map((d) => d.items.length)).toEqual([1, MAX_ALERTS_PER_DELIVERY.discord, 3]);
    expect(piled.added).toHaveLength(MAX_ALERTS_PER_DELIVERY.discord + 3);
    expect(piled.refused).toEqual([]);
  });

  it('backs off exponentially with jitter, waits a 429 as asked, and gives up past the lifetime', () => {
    const policy = { firstDelayMs: 100, maxDelayMs: 10_000, lifetimeMs: 86_400_000 };
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, policy, () => 0))).toEqual([50, 100, 200, 400]);
    expect(backoffMs(12, policy, () => 0.999)).toBeLessThanOrEqual(10_000);
    expect(nextAttemptAt({ now: 5_000, createdAt: 0, attempt: 1, askedMs: 2_500, policy, random: () => 0 })).toBe(7_500);
    expect(nextAttemptAt({ now: 86_399_000, createdAt: 0, attempt: 30, askedMs: null, policy, random: () => 0 })).toBeNull();
  });

  it('reads each service’s 429 wait where it puts it, and gives up on 4xx other than 408, 425 and 429', () => {
    const none = () => null;
    expect(askedWaitMs('discord', none, '{"retry_after": 0.25}', 0)).toBe(250);
    expect(askedWaitMs('telegram', (h) => (h === 'retry-after' ? '99' : null), '{"parameters":{"retry_after":4}}', 0)).toBe(4_000);
    expect(askedWaitMs('slack', (h) => (h === 'retry-after' ? '30' : null), '', 0)).toBe(30_000);
    const answer = (status: number, text = '') => judge('slack', { kind: 'answer', status, header: none, text, truncated: false }, 0).outcome;
    expect([200, 204, 500, 503, 408, 429, 400, 401, 403, 404, 410, 413].map((s) => answer(s))).toEqual(['delivered', 'delivered', 'retry', 'retry', 'retry', 'retry', 'given_up', 'given_up', 'given_up', 'given_up', 'given_up', 'given_up']);
    expect(judge('slack', { kind: 'answer', status: 404, header: none, text: 'no_service\u0007\n', truncated: false }, 0)).toEqual({ outcome: 'given_up', answer: 'HTTP 404 from Slack: no_service' });
  });

  it('redacts channel secrets shaped as URLs from any log line', () => {
    const line = 'POST https://api.telegram.org/bot7012345678:AAHAAHAAHAAHAAHAAHAAHAAH/sendMessage https://hooks.slack.com/services/T0/B0/abcdef https://discord.com/api/webhooks/123/tok_en?wait=true';
    expect(redactString(line)).toBe('POST https://api.telegram.org/bot[redacted]/sendMessage https://hooks.slack.com/services/[redacted] https://discord.com/api/webhooks/[redacted]?wait=true');
  });
});
