import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../electron/service/cli-args';

describe('parseCliArgs', () => {
  it('defaults to port 8787 on 127.0.0.1 without control', () => {
    expect(parseCliArgs([])).toMatchObject({ ok: true, options: { port: 8787, host: '127.0.0.1', control: false, timeScale: 1 } });
  });

  it('reads every flag in both spellings', () => {
    const parsed = parseCliArgs([
      '--port=0', '--host', '::1', '--seed', '9', '--api-key', 'k', '--time-scale', '60',
      '--now', '2026-11-18T10:00:00Z', '--zones', '100', '--users=20', '--history', '6', '--past-days', '90', '--control',
    ]);
    expect(parsed).toEqual({
      ok: true,
      options: {
        port: 0, host: '::1', seed: 9, apiKey: 'k', timeScale: 60, now: '2026-11-18T10:00:00Z',
        zones: 100, users: 20, history: 6, pastDays: 90, control: true, autoTick: true,
      },
    });
  });

  it('refuses unknown options, missing values and bad numbers', () => {
    expect(parseCliArgs(['--colour', 'red'])).toMatchObject({ ok: false, message: '--colour: unknown option' });
    expect(parseCliArgs(['--port'])).toMatchObject({ ok: false, message: '--port needs a value' });
    expect(parseCliArgs(['--port', '70000']).ok).toBe(false);
    expect(parseCliArgs(['--now', 'yesterday']).ok).toBe(false);
  });
});
