import type { AccountReadout } from '../../../shared/accounts';
import type { AccountUpdate } from '../../../shared/account-update';
import type { NotificationRecord } from '../../../shared/notification';
import type { SnapshotDelta } from '../../../shared/snapshot';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import type { Status } from '../../../shared/status';
import { mergeDeltas } from '../data/snapshot-delta';

/** An account's update before the totals across every account are added (accounts/account-registry.ts). */
export type AccountChange = Omit<AccountUpdate, 'totals'>;

export type AccountUpdates = {
  snapshotChanged(delta: SnapshotDelta): void;
  notified(record: NotificationRecord): void;
  spendStopChanged(record: SpendStopRecord | null): void;
  /** Something the read model or the status reads may have changed. */
  changed(): void;
  /** Sends what is pending now, even in the middle of a cycle (after an action the user took). */
  flush(): void;
  /** The read model last sent (or derived, before the first update). */
  current(): AccountReadout;
  /** The number of the last update sent (0 before the first). */
  seq(): number;
};

/**
 * Gathers everything one account changes into one update: a poll cycle's status, data, alerts and
 * read model reach the views as one `account` event when the cycle has ended; a change outside a
 * cycle goes at the end of the turn it happened in. An update that would say nothing new is not sent.
 */
export function createAccountUpdates(deps: {
  profileId: string;
  derive: () => { readout: AccountReadout; status: Status };
  /** A cycle is running: what it changes waits for its end. */
  busy: () => boolean;
  send: (change: AccountChange) => void;
  /** Runs `fn` at the end of the current turn (queueMicrotask). */
  defer: (fn: () => void) => void;
}): AccountUpdates {
  let delta: SnapshotDelta | null = null;
  let notifications: NotificationRecord[] = [];
  let spendStop: { record: SpendStopRecord | null } | null = null;
  let queued = false;
  let sent = '';
  let latest: AccountReadout | null = null;
  let seq = 0;

  function flush(): void {
    queued = false;
    const { readout, status } = deps.derive();
    latest = readout;
    const said = JSON.stringify([readout, status]);
    if (delta === null && notifications.length === 0 && spendStop === null && said === sent) return;
    seq += 1;
    const change: AccountChange = { profileId: deps.profileId, seq, readout, status, snapshot: delta, notifications, spendStop };
    delta = null;
    notifications = [];
    spendStop = null;
    sent = said;
    deps.send(change);
  }

  function changed(): void {
    if (queued) return;
    queued = true;
    deps.defer(() => {
      // The cycle's end asks again: its changes go out together then.
      if (deps.busy()) queued = false;
      else if (queued) flush();
    });
  }

  return {
    snapshotChanged(next) {
      delta = delta === null ? next : mergeDeltas(delta, next);
      changed();
    },
    notified(record) {
      notifications.push(record);
      changed();
    },
    spendStopChanged(record) {
      spendStop = { record };
      changed();
    },
    changed,
    flush,
    current: () => latest ?? (latest = deps.derive().readout),
    seq: () => seq,
  };
}

type Methods = Record<string, (...args: never[]) => unknown>;

/**
 * `part`, whose `actions` send the account's update as soon as they have acted, even in the middle
 * of a poll cycle: the user who acted is waiting to see it.
 */
export function reporting<T extends Methods>(part: T, flush: () => void, actions: readonly (keyof T & string)[]): T {
  const wrapped: Methods = { ...part };
  for (const name of actions) {
    const method = part[name]!;
    wrapped[name] = (...args: never[]) => {
      const result = method(...args);
      if (result instanceof Promise) return result.finally(flush);
      flush();
      return result;
    };
  }
  return wrapped as T;
}
