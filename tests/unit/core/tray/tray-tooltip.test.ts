import { describe, it, expect } from 'vitest';
import { MAX_TOOLTIP_LENGTH, trayTitle, trayTooltip } from '../../../../electron/core/tray/tray-tooltip';
import { NOW, noKeyStatus, snapshotWith, status, zone } from './tray-fixtures';
import { emptySnapshot } from '../../../../shared/snapshot';

const zones = [zone('A1', { spend_today_cents: 150 }), zone('B2', { spend_today_cents: 275.5 })];

describe('trayTooltip', () => {
  it('shows the account, balance, spend today and how long ago it was updated', () => {
    expect(trayTooltip(status(), snapshotWith(zones), NOW)).toBe('Zonewatch — Acme proxies\nBalance $123.45 · today $4.26\nUpdated 3 min ago');
  });

  it('says when the numbers are from a paused, offline or stale poller', () => {
    expect(trayTooltip(status({ poll: 'paused' }), snapshotWith(zones), NOW)).toMatch(/Updated 3 min ago · paused$/);
    expect(trayTooltip(status({ offline: true, stale: true }), snapshotWith(zones), NOW)).toMatch(/ · offline$/);
    expect(trayTooltip(status({ stale: true, lastSuccessAt: new Date(NOW - 3 * 3_600_000).toISOString() }), snapshotWith(zones), NOW)).toMatch(/Updated 3 h ago · stale$/);
  });

  it('says how many zones spend today covers while some are not known yet, counting by info.current', () => {
    const snapshot = snapshotWith(zones);
    const partial = { ...snapshot, zonesFetch: { ...snapshot.zonesFetch, info: { current: 25, allowed: 100 } } };
    expect(trayTooltip(status(), partial, NOW).split('\n')[1]).toBe('Balance $123.45 · today $4.26 across 2 of 25 zones');
  });

  it('leaves a zone whose spend is unknown out of spend today, and says the sum covers the others', () => {
    const withUnknown = snapshotWith([...zones, zone('C3', { spend_today_cents: undefined })]);
    expect(trayTooltip(status(), withUnknown, NOW).split('\n')[1]).toBe('Balance $123.45 · today $4.26 across 2 of 3 zones');
    expect(trayTitle(status(), withUnknown)).toBe('$4.26');
    const allUnknown = snapshotWith([zone('C3', { spend_today_cents: undefined })]);
    expect(trayTooltip(status(), allUnknown, NOW).split('\n')[1]).toBe('Balance $123.45 · today —');
  });

  it('marks the demo account', () => {
    const demo = status({ profile: { id: 'demo', label: 'Demo', baseUrl: 'http://127.0.0.1:1', demo: true } });
    expect(trayTooltip(demo, snapshotWith(zones), NOW).split('\n')[0]).toBe('Zonewatch — Demo (DEMO)');
  });

  it('uses dashes before anything has loaded', () => {
    expect(trayTooltip(status({ lastSuccessAt: null }), emptySnapshot(), NOW)).toBe('Zonewatch — Acme proxies\nBalance — · today —\nNever updated');
  });

  it('tells the user what to do when there is no key or it was rejected', () => {
    expect(trayTooltip(noKeyStatus(), emptySnapshot(), NOW)).toBe('Zonewatch\nNo API key. Open Zonewatch to add one or try the demo.');
    expect(trayTooltip(status({ auth: 'rejected' }), snapshotWith(zones), NOW)).toContain('The API key was rejected');
  });

  it('stays within the Windows tooltip limit however long the account label is', () => {
    const long = status({ profile: { id: 'p', label: 'L'.repeat(60), baseUrl: 'https://a.example', demo: true } });
    expect(trayTooltip(long, snapshotWith(zones), NOW).length).toBeLessThanOrEqual(MAX_TOOLTIP_LENGTH);
  });
});

describe('trayTitle', () => {
  it("shows today's spend as billed", () => {
    expect(trayTitle(status(), snapshotWith([zone('A1', { spend_today_cents: 100.5 })]))).toBe('$1.01');
  });

  it('is empty without zones or without a usable key', () => {
    expect(trayTitle(status(), snapshotWith([]))).toBe('');
    expect(trayTitle(status({ auth: 'rejected' }), snapshotWith(zones))).toBe('');
  });

  it('agrees with the tooltip that the key was refused when only polling says so', () => {
    const stopped = status({ poll: 'stopped_unauthorized' });
    expect(trayTooltip(stopped, snapshotWith(zones), NOW)).toContain('The API key was rejected');
    expect(trayTitle(stopped, snapshotWith(zones))).toBe('');
  });
});
