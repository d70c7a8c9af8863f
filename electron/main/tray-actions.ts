import type { Zone } from '../../shared/api/zone';
import type { Channel, ChannelInput, Result } from '../../shared/ipc';
import type { NavigateTarget } from '../../shared/notification';
import type { NotificationAction } from '../../shared/notification-action';
import type { ProfileId } from '../../shared/profile-id';
import { SpendStopPlan, SpendStopReport } from '../../shared/spend-stop';
import { reportDialog, stopConfirmation } from '../../shared/spend-stop-text';
import { zoneToggleConfirmation } from '../../shared/zone-toggle-confirmation';
import type { Logger } from '../core/ports';
import type { TrayAction } from '../core/tray/tray-menu';

/** One message box: `buttons` in order, the last being the default and Cancel (or OK alone). */
export type DialogMessage = { type: 'info' | 'warning' | 'error'; message: string; detail: string; buttons: string[] };

/** The dialogs the tray's actions show (main/dialogs.ts over Electron's message box). */
export type Dialogs = {
  /** Shows a message; resolves with the index of the button chosen. */
  ask(message: DialogMessage): Promise<number>;
};

export type TrayActionsDeps = {
  invoke: (channel: Channel, input: unknown) => Promise<Result<unknown>>;
  dialogs: Dialogs;
  /** Opens the window on `target`, or as the user left it. */
  open: (target?: NavigateTarget) => void;
  /** Opens the window with its command palette focused. */
  findZone: () => void;
  quit: () => void;
  /** The account's name for a dialog about it; null once it is no longer watched. */
  label: (profileId: ProfileId) => string | null;
  /** One account's zone as the core holds it, for the confirmation before its connections are cut off. */
  zone: (profileId: ProfileId, zoneId: string) => Zone | null;
  logger: Logger;
};

export type TrayActions = {
  /** What a tray item asked: each acts on the account it names, asking first where it must. */
  run(action: TrayAction): Promise<void>;
  /** A notification's action button: on the notification's account, or (without one) opening the view. */
  notificationAction(action: NotificationAction, target: NavigateTarget): Promise<void>;
};

/**
 * The tray's actions and the confirmations and reports they show: every item maps to a core call
 * that names its account, and every failure is said in a dialog, never dropped.
 */
export function createTrayActions(deps: TrayActionsDeps): TrayActions {
  const { dialogs } = deps;
  const say = (type: DialogMessage['type'], message: string, detail = '') => dialogs.ask({ type, message, detail, buttons: ['OK'] });

  async function call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<void> {
    const result = await deps.invoke(channel, input);
    if (!result.ok) {
      deps.logger.warn('tray: action failed', { channel, kind: result.error.kind });
      await say('error', result.error.message);
    }
  }

  /** "Stop all spend…" on one account: one confirmation naming the account, then the per-zone report. */
  async function confirmAndStop(profileId: ProfileId, retry: boolean): Promise<void> {
    const plan = await deps.invoke('spend:plan', { profileId, retry } satisfies ChannelInput<'spend:plan'>);
    if (!plan.ok) return void (await say('error', plan.error.message));
    const ask = stopConfirmation(SpendStopPlan.parse(plan.value), retry, deps.label(profileId));
    if (ask.kind === 'refuse') return void (await say('info', ask.message, ask.detail));
    if ((await dialogs.ask({ type: 'warning', message: ask.message, detail: ask.detail, buttons: [ask.confirmLabel, 'Cancel'] })) !== 0) return;
    await runSpendStop('spend:stop', { profileId, retry });
  }

  async function runSpendStop<C extends 'spend:stop' | 'spend:restore'>(channel: C, input: ChannelInput<C>): Promise<void> {
    // Read before the call: a report still names the account if it is removed meanwhile.
    const label = deps.label(input.profileId);
    const result = await deps.invoke(channel, input);
    if (!result.ok) return void (await say('error', result.error.message));
    const report = SpendStopReport.parse(result.value);
    const partial = report.outcomes.some((o) => o.result === 'failed' || o.result === 'not_tried');
    const text = reportDialog(report, label);
    await say(partial ? 'warning' : 'info', text.message, text.detail);
  }

  /** A zone of this account: another account may have a zone with the same id. Cutting off open connections asks first. */
  async function toggleZone(profileId: ProfileId, zoneId: string, enabled: boolean): Promise<void> {
    const zone = deps.zone(profileId, zoneId);
    const ask = zone ? zoneToggleConfirmation(zone, enabled) : null;
    if (ask) {
      const label = deps.label(profileId);
      const message = label === null ? ask.message : `${label}: ${ask.message}`;
      if ((await dialogs.ask({ type: 'warning', message, detail: ask.detail, buttons: [ask.confirmLabel, 'Cancel'] })) !== 0) return;
    }
    await call('zones:setEnabled', { profileId, zoneId, enabled });
  }

  async function run(action: TrayAction): Promise<void> {
    switch (action.kind) {
      case 'open':
        // "Open Zonewatch" shows the window as the user left it; anything else says where to go, and on which account.
        return deps.open(
          action.view === 'overview' && action.profileId === undefined
            ? undefined
            : { view: action.view, ...(action.profileId === undefined ? {} : { profileId: action.profileId }), ...(action.focus === undefined ? {} : { focus: action.focus }) },
        );
      case 'findZone':
        return deps.findZone();
      case 'quit':
        return deps.quit();
      case 'refresh':
        return call('poll:refreshAll', undefined);
      case 'setPaused':
        return call('poll:setPaused', { paused: action.paused });
      case 'snooze':
        return call('notifications:snooze', { until: action.until });
      case 'stopSpend':
        return confirmAndStop(action.profileId, action.retry);
      case 'restoreSpend':
        return runSpendStop('spend:restore', { profileId: action.profileId });
      case 'dismissSpendStop':
        return call('spend:dismiss', { profileId: action.profileId });
      case 'installUpdate':
        return call('updates:install', undefined);
      case 'toggleZone':
        return toggleZone(action.profileId, action.zoneId, action.enabled);
    }
  }

  return {
    run,
    async notificationAction(action, target) {
      const { profileId } = target;
      if (profileId === undefined) return deps.open(target);
      if (action.kind === 'stopAllSpend') await confirmAndStop(profileId, false);
      else if (action.kind === 'restoreSpend') await runSpendStop('spend:restore', { profileId });
      else await toggleZone(profileId, action.zoneId, action.kind === 'enableZone');
    },
  };
}
