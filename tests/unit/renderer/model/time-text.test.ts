import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Run west of UTC, where the first of a month at 00:00 UTC is still the month before locally: a
// formatter that forgot its UTC time zone would name the wrong month here. The module is imported
// after the zone is set, so a formatter it builds at load time is built in this zone too.
const zoneBefore = process.env.TZ;
let monthText: (key: string) => string;
beforeAll(async () => {
  process.env.TZ = 'Pacific/Honolulu';
  ({ monthText } = await import('../../../../renderer/src/model/time-text'));
});
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe('monthText', () => {
  it('names a UTC month key as a month and year, the same in every time zone', () => {
    expect(monthText('2026-10')).toBe('October 2026');
    expect(monthText('2025-12')).toBe('December 2025');
  });

  it('shows a key it cannot read as it is rather than a wrong month', () => {
    expect(monthText('soon')).toBe('soon');
  });
});
