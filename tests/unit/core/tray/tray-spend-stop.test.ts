import { describe, expect, it } from 'vitest';
import type { SpendStopRecord } from '../../../../shared/spend-stop';
import { trayIconState } from '../../../../electron/core/tray/tray-icon-state';
import { trayMenuTemplate, type TrayMenuItem } from '../../../../electron/core/tray/tray-menu';
import { trayTooltip } from '../../../../electron/core/tray/tray-tooltip';
import { stopProgress } from '../../../../shared/spend-stop-progress';
import { ApiError } from '../../../../electron/core/api/error';
import { NOW, account, snapshotWith, trayModel, zone } from '../readout/readout-fixtures';

const labels = (menu: TrayMenuItem[]) => menu.map((i) => (i.type === 'separator' ? '---' : i.label));
type Labelled = Exclude<TrayMenuItem, { type: 'separator' }>;
const find = (menu: TrayMenuItem[], label: string): Labelled | undefined => menu.find((i): i is Labelled => i.type !== 'separator' && i.label === label);

type Options = NonNullable<Parameters<typeof account>[0]>;
const menuOf = (snapshot: Options['snapshot'], options: Options = {}) => trayMenuTemplate(trayModel([account({ snapshot, ...options })], options.app), NOW);
const ref = (zoneId: string) => ({ zoneId, name: `zone ${zoneId}`, spendTodayCents: 100 });
/** A stop of 12 zones: 9 disabled, 3 it could not stop. */
const record: SpendStopRecord = {
  stoppedAt: '2026-03-10T11:50:00.000Z',
  updatedAt: '2026-03-10T11:50:00.000Z',
  disabled: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map(ref),
  remaining: [
    { ...ref('J'), result: 'failed', reason: 'HTTP 500' },
    { ...ref('K'), result: 'failed', reason: 'timeout' },
    { ...ref('L'), result: 'not_allowed', reason: 'role' },
  ],
};
const afterStop = snapshotWith([
  ...record.disabled.map((z) => zone(z.zoneId, { enabled: false })),
  ...record.remaining.map((z) => zone(z.zoneId, { enabled: true })),
]);

describe('tray: stop all spend', () => {
  it('offers "Stop all spend…" while any zone runs, and greys it out when none does', () => {
    expect(find(menuOf(snapshotWith([zone('A', { enabled: true })])), 'Stop all spend…')).toMatchObject({
      enabled: true,
      action: { kind: 'stopSpend', profileId: 'p1', retry: false },
    });
    expect(find(menuOf(snapshotWith([zone('A', { enabled: false })])), 'Stop all spend…')?.enabled).toBe(false);
  });

  it('offers "Stop all spend…" for a zone whose on/off state is unknown: it may be running', () => {
    expect(find(menuOf(snapshotWith([zone('A', { enabled: undefined })])), 'Stop all spend…')?.enabled).toBe(true);
  });

  it('does not offer it to a billing admin, with a rejected key, or offline', () => {
    const readOnly = snapshotWith([zone('A', { enabled: true })]);
    readOnly.discovery.role = 'billing_admin';
    expect(find(menuOf(readOnly), 'Stop all spend…')?.enabled).toBe(false);
    const running = snapshotWith([zone('A', { enabled: true })]);
    expect(find(menuOf(running, { poller: { unauthorized: true, lastError: new ApiError('unauthorized', 'no') } }), 'Stop all spend…')?.enabled).toBe(false);
    expect(find(menuOf(running, { poller: { consecutiveFailures: 1, lastError: new ApiError('network', 'down') } }), 'Stop all spend…')?.enabled).toBe(false);
    expect(find(menuOf(running, { app: { offline: true } }), 'Stop all spend…')?.enabled).toBe(false);
  });

  it('after a partial stop, says how many zones still run and offers retry, restore and dismiss', () => {
    const menu = menuOf(afterStop, { spendStop: record });
    const at = labels(menu).indexOf('3 of 12 zones still running');
    expect(at).toBeGreaterThan(0);
    expect(labels(menu).slice(at, at + 5)).toEqual([
      '3 of 12 zones still running',
      'Retry stopping 2 zones…',
      'Restore 9 zones Zonewatch stopped',
      'Dismiss the stop record',
      'Stop all spend…',
    ]);
    expect(find(menu, 'Retry stopping 2 zones…')?.type === 'normal' && find(menu, 'Retry stopping 2 zones…')).toMatchObject({ action: { kind: 'stopSpend', profileId: 'p1', retry: true } });
    expect(find(menu, 'Restore 9 zones Zonewatch stopped')).toMatchObject({ action: { kind: 'restoreSpend', profileId: 'p1' } });
    expect(find(menu, 'Dismiss the stop record')).toMatchObject({ action: { kind: 'dismissSpendStop', profileId: 'p1' } });
  });

  it('after a complete stop, says the zones are off and offers no retry', () => {
    const done: SpendStopRecord = { ...record, disabled: [...record.disabled, ref('J'), ref('K'), ref('L')], remaining: [] };
    const snapshot = snapshotWith(done.disabled.map((z) => zone(z.zoneId, { enabled: false })));
    const menu = menuOf(snapshot, { spendStop: done });
    expect(labels(menu)).toContain('Spend stopped — 12 zones off');
    expect(labels(menu).some((l) => l.startsWith('Retry'))).toBe(false);
    expect(labels(menu)).toContain('Restore 12 zones Zonewatch stopped');
  });

  it('counts a stopped zone the user turned back on as running again', () => {
    const snapshot = structuredClone(afterStop);
    snapshot.zones.A!.zone.enabled = true;
    expect(stopProgress(record, snapshot)).toEqual({ running: 4, total: 12 });
  });

  it('keeps the icon at warning while zones the stop meant to stop still run, and back to ok once none does', () => {
    expect(trayIconState(trayModel([account({ snapshot: afterStop, spendStop: record })])).level).toBe('warning');
    const allOff = snapshotWith([...record.disabled, ...record.remaining].map((z) => zone(z.zoneId, { enabled: false })));
    expect(trayIconState(trayModel([account({ snapshot: allOff, spendStop: record })])).level).toBe('ok');
    expect(trayIconState(trayModel([account({ snapshot: afterStop, spendStop: record, attention: 'critical' })])).level).toBe('alert');
  });

  it('puts the stop state in the tooltip', () => {
    expect(trayTooltip(trayModel([account({ snapshot: afterStop, spendStop: record })]), NOW).split('\n')).toContain('3 of 12 zones still running');
    expect(trayTooltip(trayModel([account({ snapshot: afterStop })]), NOW)).not.toContain('still running');
  });
});
