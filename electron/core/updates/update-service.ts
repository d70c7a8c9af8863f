import type { AppUpdate } from '../../../shared/app-update';
import type { Clock, Logger } from '../ports';
import { deadlineText, failureFacts, failureText, type UpdateStep } from './update-failure';
import { CHECK_DEADLINE_MS, CHECK_DEADLINE_WORDS, DOWNLOAD_STALL_MS, DOWNLOAD_STALL_WORDS, manualCheckRefusal, nextCheckAt, timerDelay } from './update-schedule';
import { INITIAL_UPDATE_STATE, nextUpdateState, type UpdateEvent, type UpdateState } from './update-state';
import { updateView } from './update-view';
import type { UpdateHost, UpdaterPort } from './updater-port';

export type UpdateServiceDeps = {
  /** Absent where nothing can update the app (the browser shell, tests of the core alone). */
  host: UpdateHost | null;
  currentVersion: string;
  /** The "Update automatically" setting, read whenever it matters. */
  automatic: () => boolean;
  clock: Clock;
  logger: Logger;
  /** Sends the view to the window and the tray (the `appUpdate` event); called only when it changed. */
  publish: (view: AppUpdate) => void;
};

/** How an action the user asked for ended: the view after it, or why it could not run, in words. */
export type UpdateOutcome = { ok: true; view: AppUpdate } | { ok: false; reason: string };

export type UpdateService = {
  view(): AppUpdate;
  /** Plans the first automatic check (update-schedule.ts) and publishes the view. */
  start(): void;
  /** Stops the timer and whatever check or download runs. */
  stop(): void;
  setOnline(online: boolean): void;
  /** The settings were saved: "Update automatically" may have changed. */
  settingsChanged(): void;
  /** "Check for updates": ends with what the check found (a newer release then downloads in the background). */
  check(): Promise<UpdateOutcome>;
  /** "Restart to update": Zonewatch quits to install; a failure is said, and the update stays downloaded. */
  install(): UpdateOutcome;
};

const NOT_HERE = { ok: false, reason: 'This copy of Zonewatch does not update itself: installed copies update from the project’s releases.' } as const;

type Outcome<T> = { kind: 'done'; value: T } | { kind: 'failed'; error: unknown } | { kind: 'expired' };

/**
 * Updating Zonewatch itself (docs/desktop.md › Updates): automatic checks when they are due, a
 * newer release downloaded in the background and installed on quit or on "Restart to update",
 * every step under a deadline, every failure said in plain words. The decisions are the pure
 * parts beside this file; this one keeps the state, the timer and the updater in step.
 */
export function createUpdateService(deps: UpdateServiceDeps): UpdateService {
  const { clock, logger } = deps;
  const support = deps.host?.support ?? NOT_HERE;
  const updater: UpdaterPort | null = deps.host && 'updater' in deps.host ? deps.host.updater : null;
  let state: UpdateState = INITIAL_UPDATE_STATE;
  let online = true;
  let startedAt: number | null = null;
  let timer: unknown = null;
  // Each check or download gets a number; an answer for an earlier one (stopped, or past its deadline) is dropped.
  let step = 0;
  let checking: Promise<void> | null = null;
  // Ends the step under way at once (its deadline timer too): Zonewatch is quitting.
  let endStep: (() => void) | null = null;
  let published = '';

  const view = () => updateView({ state, support, currentVersion: deps.currentVersion, automatic: deps.automatic(), offline: !online });
  function publish(): void {
    const next = view();
    const json = JSON.stringify(next);
    if (json === published) return;
    published = json;
    deps.publish(next);
  }
  function apply(event: UpdateEvent): void {
    state = nextUpdateState(state, event);
    publish();
  }
  const conditions = () => ({ supported: updater !== null, automatic: deps.automatic(), offline: !online, busy: state.activity !== 'idle', ready: state.ready !== null });

  function plan(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (startedAt === null) return;
    const schedule = { startedAt, lastCheck: state.lastCheck };
    const delay = timerDelay(conditions(), schedule, clock.now());
    if (delay === null) return;
    // Anything that changes the schedule plans again, so the due time read now holds until the timer fires.
    const due = nextCheckAt(schedule);
    timer = clock.setTimeout(() => {
      timer = null;
      if (clock.now() >= due) void runCheck();
      else plan();
    }, delay);
  }

  /**
   * Runs one updater step under a deadline that `alive()` pushes back; past it the updater is
   * aborted and the step reports `expired`, whether or not the updater ever settles.
   */
  function underDeadline<T>(ms: number, run: (alive: () => void) => Promise<T>): Promise<Outcome<T>> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (outcome: Outcome<T>) => {
        if (settled) return;
        settled = true;
        clock.clearTimeout(deadline);
        endStep = null;
        resolve(outcome);
      };
      endStep = () => finish({ kind: 'expired' });
      const expire = () => {
        finish({ kind: 'expired' });
        updater?.abort();
      };
      let deadline = clock.setTimeout(expire, ms);
      const alive = () => {
        if (settled) return;
        clock.clearTimeout(deadline);
        deadline = clock.setTimeout(expire, ms);
      };
      // Through a promise, so an updater that throws at once fails the step like one that rejects.
      Promise.resolve()
        .then(() => run(alive))
        .then(
          (value) => finish({ kind: 'done', value }),
          (error: unknown) => finish({ kind: 'failed', error }),
        );
    });
  }

  function logFailure(what: UpdateStep, error: unknown): void {
    const { code, statusCode, message } = failureFacts(error);
    // The first line only: an HTTP error's message goes on with the response's headers.
    logger.warn(`updates: the ${what} failed`, { code, statusCode, message: message.split('\n', 1)[0]?.slice(0, 300) ?? '' });
  }

  function runCheck(): Promise<void> {
    checking ??= doCheck().finally(() => (checking = null));
    return checking;
  }

  async function doCheck(): Promise<void> {
    if (!updater) return;
    const mine = ++step;
    apply({ type: 'checkStarted' });
    const outcome = await underDeadline(CHECK_DEADLINE_MS, () => updater.check());
    if (mine !== step) return;
    if (outcome.kind === 'done') {
      logger.info('updates: checked', { newest: outcome.value.version, newer: outcome.value.newer });
      apply({ type: 'checked', at: clock.now(), ...outcome.value });
      if (outcome.value.newer) void download(outcome.value.version);
    } else {
      if (outcome.kind === 'failed') logFailure('check', outcome.error);
      else logger.warn('updates: the check passed its deadline', { deadlineMs: CHECK_DEADLINE_MS });
      const problem = outcome.kind === 'failed' ? failureText(outcome.error, 'check', null) : deadlineText('check', null, CHECK_DEADLINE_WORDS);
      apply({ type: 'checkFailed', at: clock.now(), problem });
    }
    plan();
  }

  async function download(version: string): Promise<void> {
    if (!updater) return;
    const mine = ++step;
    const outcome = await underDeadline(DOWNLOAD_STALL_MS, (alive) =>
      updater.download((percent) => {
        if (mine !== step) return;
        alive();
        apply({ type: 'progress', percent });
      }),
    );
    if (mine !== step) return;
    if (outcome.kind === 'done') {
      logger.info('updates: downloaded and verified', { version });
      apply({ type: 'downloaded' });
    } else {
      if (outcome.kind === 'failed') logFailure('download', outcome.error);
      else logger.warn('updates: the download stalled', { stallMs: DOWNLOAD_STALL_MS });
      const problem = outcome.kind === 'failed' ? failureText(outcome.error, 'download', version) : deadlineText('download', version, DOWNLOAD_STALL_WORDS);
      apply({ type: 'downloadFailed', problem });
    }
    plan();
  }

  return {
    view,
    start() {
      startedAt = clock.now();
      updater?.setInstallOnQuit(deps.automatic());
      publish();
      plan();
    },
    stop() {
      startedAt = null;
      plan();
      if (state.activity !== 'idle') {
        step += 1;
        updater?.abort();
        endStep?.();
      }
    },
    setOnline(next) {
      if (next === online) return;
      online = next;
      publish();
      plan();
    },
    settingsChanged() {
      updater?.setInstallOnQuit(deps.automatic());
      publish();
      plan();
    },
    async check() {
      const refusal = manualCheckRefusal({ supported: updater !== null, ready: state.ready !== null, downloading: state.activity === 'downloading', offline: !online });
      if (refusal !== null) return { ok: false, reason: support.ok ? refusal : support.reason };
      await runCheck();
      return { ok: true, view: view() };
    },
    install() {
      const version = state.ready;
      if (!updater || version === null) return { ok: false, reason: 'No update is downloaded yet.' };
      try {
        logger.info('updates: installing now', { version });
        updater.installNow();
        return { ok: true, view: view() };
      } catch (error) {
        logFailure('install', error);
        const problem = failureText(error, 'install', version);
        apply({ type: 'installFailed', problem });
        return { ok: false, reason: problem };
      }
    },
  };
}
