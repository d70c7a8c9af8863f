import { describe, expect, it, vi } from 'vitest';
import { createDataGaps, summarizeGaps } from '../../../../electron/core/data/data-gaps';

describe('summarizeGaps', () => {
  it('counts per kind in plain words, naming the first cause', () => {
    expect(
      summarizeGaps([
        { kind: 'billing_entry', id: '2023-11-07T05:31:56Z', path: 'total_cents', message: 'Invalid input: expected number, received string' },
      ]),
    ).toEqual([
      { kind: 'billing_entry', count: 1, message: '1 billing entry could not be read: total_cents of 2023-11-07T05:31:56Z (invalid input: expected number, received string).' },
    ]);
    const two = summarizeGaps([
      { kind: 'zone_member', id: 'A1', path: 'cost.ip_pool_count', message: 'the service did not send a usable value' },
      { kind: 'zone_member', id: 'B2', path: 'cost.per_gigabyte_cents', message: 'the service did not send a usable value' },
    ]);
    expect(two).toEqual([
      { kind: 'zone_member', count: 2, message: '2 zone details are unknown: cost.ip_pool_count of A1 (the service did not send a usable value) (and 1 more).' },
    ]);
  });
});

describe('createDataGaps', () => {
  const dropped = { index: 1, id: 'BAD1', path: 'network', message: 'Invalid option', issues: [] };

  it('keeps what an item lacked until it comes back clean, and logs each cause once, not per poll', () => {
    const logger = { warn: vi.fn() };
    const gaps = createDataGaps(logger);
    for (let poll = 0; poll < 3; poll++) gaps.record({ source: 'zones', cleanIds: ['A1'], dropped: [dropped], gaps: [] });
    expect(gaps.entries()).toEqual([{ kind: 'zone', id: 'BAD1', path: 'network', message: 'Invalid option' }]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    gaps.record({ source: 'zones', cleanIds: ['BAD1'], dropped: [], gaps: [] });
    expect(gaps.entries()).toEqual([]);
  });

  it('records users and their unreadable zone ids apart from zones', () => {
    const gaps = createDataGaps({ warn: vi.fn() });
    gaps.record({ source: 'users', cleanIds: ['u1'], dropped: [], gaps: [{ index: 1, id: 'u2', path: 'zones[0]', message: 'is not a zone id, so it was skipped' }] });
    expect(summarizeGaps(gaps.entries())).toEqual([
      { kind: 'user_zone_id', count: 1, message: '1 zone id in the users list could not be read and skipped: zones[0] of u2 is not a zone id, so it was skipped.' },
    ]);
  });

  it('logs an unreadable billing entry once but leaves its count to the billing cache, and records unknown billing figures', () => {
    const logger = { warn: vi.fn() };
    const gaps = createDataGaps(logger);
    const read = {
      source: 'billing' as const,
      cleanIds: [],
      dropped: [{ index: 0, id: '2023-09-30T23:00:00Z', path: 'total_cents', message: 'Invalid input', issues: [] }],
      gaps: [{ index: 1, id: '2023-10-01T00:00:00Z', path: 'tax_cents', message: 'the service did not send a usable value' }],
    };
    gaps.record(read);
    gaps.record(read);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(summarizeGaps(gaps.entries())).toEqual([
      { kind: 'billing_member', count: 1, message: '1 billing detail is unknown: tax_cents of 2023-10-01T00:00:00Z (the service did not send a usable value).' },
    ]);
  });
});
