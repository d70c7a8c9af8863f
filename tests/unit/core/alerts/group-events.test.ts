import { describe, expect, it } from 'vitest';
import { groupEvents } from '../../../../electron/core/alerts/group-events';
import type { AlertEvent } from '../../../../shared/notification';

function event(n: number, patch: Partial<AlertEvent> = {}): AlertEvent {
  return {
    id: `k${n}`,
    rule: 'spendToday',
    key: `k${n}`,
    severity: 'info',
    title: `Title ${n}`,
    body: `Body ${n}`,
    at: '2026-11-22T10:00:00.000Z',
    target: { view: 'overview' },
    ...patch,
  };
}

const options = { id: 'n1', at: '2026-11-22T10:00:00.000Z', suppressedBy: null };

describe('grouping one cycle’s events', () => {
  it('records nothing when there is nothing', () => {
    expect(groupEvents([], options)).toBeNull();
  });

  it('shows a single event as itself', () => {
    const record = groupEvents([event(1, { severity: 'warning', target: { view: 'zone', zoneId: 'A' } })], options);
    expect(record).toMatchObject({ title: 'Title 1', body: 'Body 1', severity: 'warning', shown: true, test: false, target: { view: 'zone', zoneId: 'A' } });
  });

  it('folds several events into one notification, most severe first, opening the list', () => {
    const events = [event(1), event(2, { severity: 'critical', target: { view: 'account' } }), event(3, { severity: 'warning' })];
    const record = groupEvents(events, options)!;
    expect(record.title).toBe('3 Zonewatch alerts');
    expect(record.body).toBe('Title 2\nTitle 3\nTitle 1');
    expect(record.severity).toBe('critical');
    expect(record.events).toHaveLength(3);
    expect(record.target).toEqual({ view: 'notifications' });
  });

  it('keeps the common view when every event points at it, and cuts a long list short', () => {
    const record = groupEvents([1, 2, 3, 4, 5, 6].map((n) => event(n)), options)!;
    expect(record.target).toEqual({ view: 'overview' });
    expect(record.body.split('\n')).toEqual(['Title 1', 'Title 2', 'Title 3', 'Title 4', 'and 2 more']);
  });

  it('marks a suppressed notification as recorded but not shown', () => {
    expect(groupEvents([event(1)], { ...options, suppressedBy: 'quiet_hours' })).toMatchObject({ shown: false, suppressedBy: 'quiet_hours' });
  });
});
