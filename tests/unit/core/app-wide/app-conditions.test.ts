import { describe, expect, it } from 'vitest';
import { createAppConditions, type SnoozeDoc } from '../../../../electron/core/app-wide/app-conditions';
import type { PersistentDocument } from '../../../../electron/core/storage/persistence';
import { Settings } from '../../../../shared/settings';

const NOW = Date.parse('2026-11-22T10:00:00Z');

function setup(idle: 'active' | 'idle' | 'locked' = 'active') {
  let snooze: SnoozeDoc = { until: null };
  const snoozeDoc = { name: 'snooze', get: () => snooze, set: (next: SnoozeDoc) => void (snooze = next) } as PersistentDocument<SnoozeDoc>;
  const logged: string[] = [];
  const conditions = createAppConditions({
    settings: { get: () => Settings.parse({}) },
    snoozeDoc,
    power: { idleState: () => idle, onBattery: () => false },
    clock: { now: () => NOW },
    logger: { info: (message) => void logged.push(message), warn: () => undefined, error: () => undefined },
  });
  return { conditions, logged };
}

describe('the app-wide conditions', () => {
  it('keep the computer being offline apart from the user’s pause: each is its own fact', () => {
    const { conditions, logged } = setup();
    expect(conditions.setSystem({ online: false })).toBe(true);
    expect(conditions.state()).toEqual({ paused: false, offline: true, asleep: false, snoozedUntil: null });
    expect(conditions.pollInputs()).toMatchObject({ offline: true, paused: false });
    expect(conditions.setPaused(true)).toBe(true);
    expect(conditions.state()).toMatchObject({ paused: true, offline: true });
    expect(conditions.setSystem({ online: true })).toBe(true);
    expect(logged).toEqual(['core: back online']);
    expect(conditions.setSystem({ online: true })).toBe(false);
  });

  it('call a suspended or locked computer asleep, and read a lock Linux only tells at each schedule', () => {
    const { conditions } = setup();
    conditions.setSystem({ suspended: true });
    expect(conditions.state().asleep).toBe(true);
    expect(setup('locked').conditions.pollInputs()).toMatchObject({ locked: true });
  });

  it('hold one snooze for every account, and the window being open', () => {
    const { conditions } = setup();
    expect(conditions.snooze('1h')).toBe(new Date(NOW + 3_600_000).toISOString());
    expect(conditions.snoozeStore.get()).toBe(conditions.state().snoozedUntil);
    expect(conditions.snooze('off')).toBeNull();
    expect(conditions.setWindowOpen(true)).toBe(true);
    expect(conditions.pollInputs().windowOpen).toBe(true);
    expect(conditions.setWindowOpen(true)).toBe(false);
  });
});
