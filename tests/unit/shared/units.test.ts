import { describe, expect, it } from 'vitest';
import { stopProgressText } from '../../../shared/spend-stop-progress';
import { partialZonesText, zoneCountText } from '../../../shared/zone-coverage';
import {
  countOf,
  formatCount,
  zonesText,
  GB,
  formatBitRate,
  formatBytes,
  startOfNextUtcDay,
  startOfNextUtcMonth,
  startOfUtcDay,
  startOfUtcMonth,
  utcDayKey,
  utcMonthKey,
} from '../../../shared/units';

describe('formatBytes', () => {
  it('uses decimal units, 1 GB = 10^9 bytes', () => {
    expect(GB).toBe(1_000_000_000);
    expect(formatBytes(1_234_567_890)).toBe('1.23 GB');
    expect(formatBytes(12_345_678_901)).toBe('12.3 GB');
    expect(formatBytes(123_456_789_012)).toBe('123 GB');
    expect(formatBytes(2 * GB)).toBe('2 GB');
    expect(formatBytes(1_500_000_000_000)).toBe('1.5 TB');
  });

  it('shows small amounts in bytes and kilobytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.54 KB');
  });

  it('moves to the next unit rather than showing 1000 of one', () => {
    expect(formatBytes(999_999)).toBe('1 MB');
    expect(formatBytes(999_999_999)).toBe('1 GB');
  });

  it('keeps terabytes for the largest amounts, with separators', () => {
    expect(formatBytes(1_234_000 * 1e12)).toBe('1,234,000 TB');
  });
});

describe('formatBitRate', () => {
  it('uses decimal bit-rate units', () => {
    expect(formatBitRate(12_345_678)).toBe('12.3 Mbit/s');
    expect(formatBitRate(0)).toBe('0 bit/s');
    expect(formatBitRate(950)).toBe('950 bit/s');
    expect(formatBitRate(1_000_000_000)).toBe('1 Gbit/s');
    expect(formatBitRate(45_600)).toBe('45.6 kbit/s');
  });
});

describe('UTC periods', () => {
  const lateEvening = new Date('2026-11-22T23:59:59.999Z');
  const offsetMorning = new Date('2026-11-23T01:00:00+02:00'); // still 22 November in UTC

  it('keys days and months in UTC', () => {
    expect(utcDayKey(lateEvening)).toBe('2026-11-22');
    expect(utcDayKey(offsetMorning)).toBe('2026-11-22');
    expect(utcMonthKey(lateEvening)).toBe('2026-11');
    expect(utcMonthKey(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01');
  });

  it('finds the start of the current and next UTC day', () => {
    expect(startOfUtcDay(lateEvening).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(startOfNextUtcDay(lateEvening).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfNextUtcDay(new Date('2026-12-31T12:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('finds the start of the current and next UTC month', () => {
    expect(startOfUtcMonth(lateEvening).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(startOfNextUtcMonth(lateEvening).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(startOfNextUtcMonth(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(startOfNextUtcMonth(new Date('2028-02-29T10:00:00Z')).toISOString()).toBe('2028-03-01T00:00:00.000Z');
  });
});

describe('counts', () => {
  it('carry thousands separators wherever a count is said', () => {
    expect(formatCount(4998)).toBe('4,998');
    expect(zonesText(1)).toBe('1 zone');
    expect(zonesText(4998)).toBe('4,998 zones');
    expect(countOf(10_000, 'entry', 'entries')).toBe('10,000 entries');
    expect(zoneCountText({ known: 1739, total: 4998, partial: true })).toBe('4,998 zones, 1,739 known so far');
    expect(partialZonesText({ known: 1739, total: 4998, partial: true })).toBe('across 1,739 of 4,998 zones');
    expect(stopProgressText({ running: 1200, total: 4998 })).toBe('1,200 of 4,998 zones still running');
  });
});
