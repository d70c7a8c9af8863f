import { describe, it, expect } from 'vitest';
import { Settings, SettingsPatch, BaseUrl, isAllowedBaseUrl, SETTINGS_VERSION } from '../../../shared/settings';

describe('settings', () => {
  // docs/architecture.md › Polling; docs/desktop.md › Alerts with the window closed.
  it('fills every default from an empty object, with the documented polling and alert defaults', () => {
    const s = Settings.parse({});
    expect(s.polling).toEqual({ baseIntervalSec: 60, openIntervalSec: 10, idleIntervalSec: 300, idleAfterMin: 15 });
    expect(s.alerts.spike).toMatchObject({ enabled: true, factor: 3, minCentsPerHour: 100, sustainCycles: 2 });
    expect(s.alerts.connection.offlineMinutes).toBe(10);
    expect(s.alerts.throughputCeiling.enabled).toBe(false);
    expect(s.theme).toBe('system');
    expect(s.zonesSort).toBe('spend_today');
  });

  it('leaves the parts a patch does not name out of it, so that they keep their saved values', () => {
    expect(SettingsPatch.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(SettingsPatch.parse({ quietHours: { enabled: true } }).quietHours).toEqual({ enabled: true, start: '22:00', end: '07:00' });
  });

  it('takes a known zone-list order in a patch and refuses any other', () => {
    expect(SettingsPatch.parse({ zonesSort: 'throughput' }).zonesSort).toBe('throughput');
    expect(SettingsPatch.safeParse({ zonesSort: 'random' }).success).toBe(false);
    expect(Settings.safeParse({ zonesSort: 'random' }).success).toBe(false);
  });

  it('keeps partially stored alert rules and fills the rest', () => {
    const s = Settings.parse({ alerts: { lowBalance: { thresholdCents: 250 } } });
    expect(s.alerts.lowBalance).toEqual({ enabled: true, thresholdCents: 250 });
    expect(s.alerts.spendToday.thresholdsCents).toBeNull();
  });

  it('stores automatic thresholds as null and moves the former fixed defaults to automatic, once', () => {
    const fresh = Settings.parse({});
    expect(fresh.alerts.spendToday.thresholdsCents).toBeNull();
    expect(fresh.alerts.spendMonth.thresholdsCents).toBeNull();
    const old = Settings.parse({
      alerts: { spendToday: { thresholdsCents: [1_000, 5_000] }, spendMonth: { thresholdsCents: [10_000, 50_000] } },
    });
    expect(old.alerts.spendToday.thresholdsCents).toBeNull();
    expect(old.alerts.spendMonth.thresholdsCents).toBeNull();
    expect(old.version).toBe(SETTINGS_VERSION);
  });

  it('never changes a user’s own thresholds, nor the former defaults chosen again after the move', () => {
    const own = Settings.parse({ alerts: { spendToday: { thresholdsCents: [2_000] }, spendMonth: { thresholdsCents: [10_000, 60_000] } } });
    expect(own.alerts.spendToday.thresholdsCents).toEqual([2_000]);
    expect(own.alerts.spendMonth.thresholdsCents).toEqual([10_000, 60_000]);
    const chosen = Settings.parse({ ...Settings.parse({}), alerts: { spendToday: { thresholdsCents: [1_000, 5_000] } } });
    expect(chosen.alerts.spendToday.thresholdsCents).toEqual([1_000, 5_000]);
  });

  it('normalises a base URL without /v1 or a trailing slash and refuses plain http to other hosts', () => {
    expect(BaseUrl.parse('https://api.bytio.com/v1/')).toBe('https://api.bytio.com');
    expect(BaseUrl.parse('http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787');
    expect(isAllowedBaseUrl('http://api.bytio.com')).toBe(false);
    expect(isAllowedBaseUrl('https://user:pw@api.bytio.com')).toBe(false);
    expect(BaseUrl.safeParse('ftp://x').success).toBe(false);
  });

  it('refuses unknown fields in a patch and out-of-range polling', () => {
    expect(SettingsPatch.safeParse({ apiKey: 'x' }).success).toBe(false);
    expect(SettingsPatch.safeParse({ polling: { baseIntervalSec: 1 } }).success).toBe(false);
    expect(SettingsPatch.safeParse({ quietHours: { enabled: true, start: '25:00' } }).success).toBe(false);
  });
});

describe('the global shortcut: none until the user records one', () => {
  it('is none in new settings', () => {
    expect(Settings.parse({}).globalShortcut).toBeNull();
  });
  it('drops the former default from a version 2 file too (it had the same default)', () => {
    expect(Settings.parse({ version: 2, globalShortcut: 'CommandOrControl+Shift+Z' }).globalShortcut).toBeNull();
  });
  it('drops version 1’s default CommandOrControl+Shift+Z (Redo in most apps) from a stored file', () => {
    const stored = { launchAtLogin: true, globalShortcut: 'CommandOrControl+Shift+Z', theme: 'dark' };
    const s = Settings.parse(stored);
    expect(s.globalShortcut).toBeNull();
    expect(s).toMatchObject({ version: SETTINGS_VERSION, launchAtLogin: true, theme: 'dark' });
  });
  it('keeps a shortcut the user chose before, and CommandOrControl+Shift+Z recorded from version 3 on', () => {
    expect(Settings.parse({ globalShortcut: 'Alt+Shift+W' }).globalShortcut).toBe('Alt+Shift+W');
    const saved = Settings.parse({ ...Settings.parse({}), globalShortcut: 'CommandOrControl+Shift+Z' });
    expect(Settings.parse(JSON.parse(JSON.stringify(saved))).globalShortcut).toBe('CommandOrControl+Shift+Z');
  });
});

describe('version 4: every account watched at once, no active profile', () => {
  const profile = { id: 'p1', label: 'Work', baseUrl: 'https://api.bytio.com' };

  it('keeps watching the demo when it was the active profile', () => {
    const s = Settings.parse({ version: 3, profiles: [profile], activeProfileId: 'demo' });
    expect(s.watchDemo).toBe(true);
    expect(s.version).toBe(4);
  });

  it('does not watch the demo when a real account, or none, was active', () => {
    expect(Settings.parse({ version: 3, profiles: [profile], activeProfileId: 'p1' }).watchDemo).toBe(false);
    expect(Settings.parse({ version: 3, profiles: [profile], activeProfileId: null }).watchDemo).toBe(false);
    expect(Settings.parse({ version: 3, profiles: [] }).watchDemo).toBe(false);
  });

  it('drops the active profile and keeps every account, in order, with a colour', () => {
    const s = Settings.parse({ version: 3, profiles: [profile, { ...profile, id: 'p2', label: 'Client B' }], activeProfileId: 'p2' });
    expect(s).not.toHaveProperty('activeProfileId');
    expect(s.profiles.map((p) => [p.id, p.label, p.color, p.alerts])).toEqual([
      ['p1', 'Work', 'blue', null],
      ['p2', 'Client B', 'blue', null],
    ]);
  });

  it('moves a version 1 file the whole way, demo included', () => {
    const s = Settings.parse({ activeProfileId: 'demo', globalShortcut: 'CommandOrControl+Shift+Z', theme: 'dark' });
    expect(s).toMatchObject({ version: SETTINGS_VERSION, watchDemo: true, globalShortcut: null, theme: 'dark' });
  });

  it('leaves a version 4 file as it was saved', () => {
    const saved = Settings.parse({ version: 4, watchDemo: true, profiles: [{ ...profile, color: 'teal' }] });
    expect(Settings.parse(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
    expect(saved.watchDemo).toBe(true);
    expect(saved.profiles[0]?.color).toBe('teal');
  });
});
