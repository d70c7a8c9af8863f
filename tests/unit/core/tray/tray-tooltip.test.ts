import { describe, it, expect } from 'vitest';
import { MAX_TOOLTIP_LENGTH, trayTitle, trayTooltip } from '../../../../electron/core/tray/tray-tooltip';
import { ApiError } from '../../../../electron/core/api/error';
import { NOW, account, snapshotWith, trayModel, zone } from '../readout/readout-fixtures';
import { emptySnapshot } from '../../../../shared/snapshot';

const zones = [zone('A1', { spend_today_cents: 150 }), zone('B2', { spend_today_cents: 275.5 })];
const tooltip = (options: Parameters<typeof account>[0] = {}) => trayTooltip(trayModel([account({ snapshot: snapshotWith(zones), ...options })], options.app), NOW);
const title = (options: Parameters<typeof account>[0] = {}) => trayTitle(trayModel([account({ snapshot: snapshotWith(zones), ...options })]));
const rejected = { unauthorized: true, lastError: new ApiError('unauthorized', 'no') };

describe('trayTooltip with one account', () => {
  it('shows the account, balance, spend today and how long ago it was updated', () => {
    expect(tooltip()).toBe('Zonewatch — Acme proxies\nBalance $123.45 · today $4.26\nUpdated 3 min ago');
  });

  it('says when the numbers are from a paused, offline or stale poller', () => {
    expect(tooltip({ app: { paused: true } })).toMatch(/Updated 3 min ago · paused$/);
    expect(tooltip({ app: { offline: true } })).toMatch(/Updated 3 min ago · offline$/);
    expect(tooltip({ poller: { lastSuccessAt: NOW - 3 * 3_600_000 } })).toMatch(/Updated 3 h ago · out of date$/);
  });

  it('says how many zones spend today covers while some are not known yet, counting by info.current', () => {
    const snapshot = snapshotWith(zones);
    const partial = { ...snapshot, zonesFetch: { ...snapshot.zonesFetch, info: { current: 25, allowed: 100 } } };
    expect(tooltip({ snapshot: partial }).split('\n')[1]).toBe('Balance $123.45 · today $4.26 across 2 of 25 zones');
  });

  it('leaves a zone whose spend is unknown out of spend today, and says the sum covers the others', () => {
    const withUnknown = snapshotWith([...zones, zone('C3', { spend_today_cents: undefined })]);
    expect(tooltip({ snapshot: withUnknown }).split('\n')[1]).toBe('Balance $123.45 · today $4.26 across 2 of 3 zones');
    expect(title({ snapshot: withUnknown })).toBe('$4.26');
    expect(tooltip({ snapshot: snapshotWith([zone('C3', { spend_today_cents: undefined })]) }).split('\n')[1]).toBe('Balance $123.45 · today —');
  });

  it('marks the demo account', () => {
    expect(tooltip({ id: 'demo', label: 'Demo', demo: true }).split('\n')[0]).toBe('Zonewatch — Demo (DEMO)');
  });

  it('uses dashes before anything has loaded', () => {
    expect(trayTooltip(trayModel([account({ poller: { lastSuccessAt: null }, snapshot: emptySnapshot() })]), NOW)).toBe('Zonewatch — Acme proxies\nBalance — · today —\nNever updated');
  });

  it('tells the user what to do when nothing is watched, the key is missing or it was rejected', () => {
    expect(trayTooltip(trayModel([]), NOW)).toBe('Zonewatch\nNo account yet. Open Zonewatch to add an API key or try the demo.');
    expect(tooltip({ keyBackend: 'none' })).toBe('Zonewatch — Acme proxies\nNo API key stored. Open Zonewatch to enter it.');
    expect(tooltip({ poller: rejected })).toBe('Zonewatch — Acme proxies\nAPI key rejected — polling stopped. Open Zonewatch to enter a new one.');
  });

  it('stays within the Windows tooltip limit however long the account label is', () => {
    expect(tooltip({ label: 'L'.repeat(60), demo: true }).length).toBeLessThanOrEqual(MAX_TOOLTIP_LENGTH);
  });
});

describe('trayTitle with one account', () => {
  it("shows today's spend as billed", () => {
    expect(trayTitle(trayModel([account({ snapshot: snapshotWith([zone('A1', { spend_today_cents: 100.5 })]) })]))).toBe('$1.01');
  });

  it('is empty without an account, without zones or without a usable key', () => {
    expect(trayTitle(trayModel([]))).toBe('');
    expect(trayTitle(trayModel([account()]))).toBe('');
    expect(title({ poller: rejected })).toBe('');
    expect(title({ keyBackend: 'none' })).toBe('');
  });
});
