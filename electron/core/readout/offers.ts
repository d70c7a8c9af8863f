import type { AccountOffers, AccountState, ChangeBlock, SpendStopHold } from '../../../shared/accounts';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import { stopProgress, stopProgressText } from '../../../shared/spend-stop-progress';

/** How far the last stop holds, while its record is kept (issue 16). Pure. */
export function spendStopHold(record: SpendStopRecord | null, snapshot: Pick<Snapshot, 'zones'>): SpendStopHold | null {
  if (record === null) return null;
  const progress = stopProgress(record, snapshot);
  return {
    ...progress,
    text: stopProgressText(progress),
    retryable: record.remaining.filter((zone) => zone.result !== 'not_allowed').length,
    restorable: record.disabled.length,
  };
}

/** Why no zone can be changed in this state: a stop, a restore or a toggle would fail on every zone. Pure. */
export function changeBlock(state: AccountState): ChangeBlock | null {
  if (state === 'rejected') return 'rejected';
  if (state === 'no_key') return 'no_key';
  if (state === 'offline') return 'offline';
  return null;
}

/**
 * What the tray and the window may offer for the account now. Billing admins may read zones but
 * change none (docs/api.md › Roles). A zone whose on/off state is unknown may be running,
 * so "Stop all spend…" counts it. Pure.
 */
export function accountOffers(state: AccountState, snapshot: Pick<Snapshot, 'zones' | 'discovery'>, hold: SpendStopHold | null): AccountOffers {
  const block = changeBlock(state);
  const keyUsable = block !== 'rejected' && block !== 'no_key';
  const changeZones = keyUsable && snapshot.discovery.role !== 'billing_admin';
  const canChangeNow = changeZones && block === null;
  const anyRunning = Object.values(snapshot.zones).some((entry) => entry.zone.enabled !== false);
  return {
    refresh: keyUsable,
    changeZones,
    changeBlockedBy: block,
    stopSpend: canChangeNow && anyRunning,
    retryStop: canChangeNow && (hold?.retryable ?? 0) > 0,
    restore: canChangeNow && (hold?.restorable ?? 0) > 0,
    enterKey: !keyUsable,
  };
}
