import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsView } from '../../../../renderer/src/views/SettingsView';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts-store';
import { useSettingsStore } from '../../../../renderer/src/stores/settings-store';
import { Settings, SettingsPatch, type ProfilePatch } from '../../../../shared/settings';
import { overviewOf, showAccount, readout } from '../accounts';
import { appUpdateOf } from '../../../fixtures/app-update';
import { fail, fakeApi } from '../fake-api';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const saved = Settings.parse({});
const desktop = { version: '0.1.0', platform: 'linux', shell: 'electron' as const };

function show(update: unknown) {
  const api = fakeApi({ 'settings:update': update, 'app:info': desktop, 'updates:get': appUpdateOf(), 'channels:list': [] }).install();
  useSettingsStore.setState({ settings: saved, error: null });
  render(<SettingsView />);
  return api;
}

// The whole settings form in jsdom: role queries over it take seconds on a busy machine (5 s is vitest's default).
describe('SettingsView', { timeout: 20_000 }, () => {
  it('offers the daily and weekly summaries, off by default, at a local time, and saves only them', async () => {
    const api = show((patch: SettingsPatch) => ({ ...saved, ...patch }));
    const daily = screen.getByRole('checkbox', { name: 'A daily summary of every account' });
    expect(daily).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'A weekly summary of every account' })).toHaveProperty('checked', false);
    expect(screen.getByLabelText('Sent at (your local time)')).toHaveProperty('value', '08:00');
    await userEvent.click(screen.getByRole('checkbox', { name: 'A weekly summary of every account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByText('All changes saved.')).toBeTruthy());
    expect(api.callsTo('settings:update')).toEqual([{ digest: { daily: false, weekly: true, at: '08:00' } }]);
  });

  it('is one form: changes in several sections go out in one save, and it says when all is saved', async () => {
    const api = show((patch: SettingsPatch) => ({ ...saved, ...patch }));
    expect(screen.getAllByRole('button', { name: /^Save/ })).toHaveLength(1);
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toHaveProperty('disabled', true);

    const interval = screen.getByLabelText('Update every (seconds)');
    await userEvent.clear(interval);
    await userEvent.type(interval, '120');
    await userEvent.selectOptions(screen.getByLabelText('Theme'), 'dark');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await userEvent.click(save);

    await waitFor(() => expect(screen.getByText('All changes saved.')).toBeTruthy());
    const patches = api.callsTo('settings:update') as SettingsPatch[];
    expect(patches).toHaveLength(1);
    expect(Object.keys(patches[0]!).sort()).toEqual(['polling', 'theme']);
    expect(patches[0]!.polling?.baseIntervalSec).toBe(120);
    expect(save).toHaveProperty('disabled', true);
  });

  it('keeps what was typed and says why when the save is refused', async () => {
    show(fail('invalid_argument', 'Update every (seconds) must be at least 15'));
    const interval = screen.getByLabelText('Update every (seconds)');
    await userEvent.clear(interval);
    await userEvent.type(interval, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not saved: Update every (seconds) must be at least 15');
    expect((screen.getByLabelText('Update every (seconds)') as HTMLInputElement).value).toBe('3');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });

  it('says in words that a full disk kept the change from being saved, and keeps the settings as saved', async () => {
    // The core's words (electron/core/storage/write-failure.ts; docs/architecture.md › Offline).
    const words = 'Zonewatch could not write to its data folder — the disk is full: your change to the settings was not saved.';
    show(fail('unavailable', words));
    await userEvent.selectOptions(screen.getByLabelText('Theme'), 'dark');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain(`Not saved: ${words}`);
    expect(useSettingsStore.getState().settings?.theme).toBe(saved.theme);
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect((screen.getByLabelText('Theme') as HTMLSelectElement).value).toBe(saved.theme);
    expect(screen.getByText('Everything is saved.')).toBeTruthy();
  });

  it('offers the shares of each account’s base only while the thresholds are automatic', async () => {
    show((patch: SettingsPatch) => ({ ...saved, ...patch }));
    const today = screen.getByRole('group', { name: 'Spend today passes a threshold' });
    expect(within(today).getByLabelText(/shares of each account’s base/)).toBeTruthy();
    await userEvent.type(within(today).getByLabelText(/^Thresholds/), '50');
    expect(within(today).queryByLabelText(/shares of each account’s base/)).toBeNull();
  });
});

const withProfiles = Settings.parse({
  profiles: [
    { id: 'p1', label: 'Client A', baseUrl: 'https://api.bytio.com' },
    { id: 'p2', label: 'Client B', baseUrl: 'https://api.bytio.com', color: 'orange' },
  ],
});
const accounts = [readout('p1', { label: 'Client A' }), readout('p2', { label: 'Client B', color: 'orange' })];

function showAccountSettings(handlers: Record<string, unknown>) {
  const api = fakeApi({ 'settings:get': withProfiles, 'app:info': desktop, 'updates:get': appUpdateOf(), 'channels:list': [], ...handlers }).install(null);
  showAccount('p2', accounts);
  useSettingsStore.setState({ settings: withProfiles, error: null });
  render(<SettingsView />);
  return api;
}

describe('SettingsView for one account', { timeout: 20_000 }, () => {
  it('renames the shown account and gives it its own rules in one accounts:update naming it', async () => {
    const api = showAccountSettings({ 'accounts:update': (patch: ProfilePatch) => overviewOf(accounts.map((a) => (a.profileId === patch.profileId ? { ...a, label: patch.label ?? a.label } : a))) });
    const form = screen.getByRole('form', { name: /^Client B:/ });
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'Client C');
    await userEvent.click(within(form).getByLabelText('Own rules for this account'));
    const lowBalance = within(form).getByRole('group', { name: 'Balance runs low' });
    await userEvent.clear(within(lowBalance).getByLabelText('Threshold ($)'));
    await userEvent.type(within(lowBalance).getByLabelText('Threshold ($)'), '25');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Client B' }));
    await waitFor(() => expect(api.callsTo('accounts:update')).toHaveLength(1));
    const patch = api.callsTo('accounts:update')[0] as ProfilePatch;
    expect(patch).toMatchObject({ profileId: 'p2', label: 'Client C', alerts: { lowBalance: { enabled: true, thresholdCents: 2500 } } });
    expect(api.callsTo('settings:update')).toEqual([]);
    await waitFor(() => expect(useAccountsStore.getState().overview?.accounts[1]?.label).toBe('Client C'));
  });

  it('sends a test notification about the account whose rules are shown', async () => {
    const api = showAccountSettings({ 'notifications:test': { title: 'Client B · Balance runs low' } });
    const shared = screen.getByRole('group', { name: 'Balance runs low' });
    await userEvent.click(within(shared).getByRole('button', { name: 'Send a test' }));
    expect(api.callsTo('notifications:test')).toEqual([{ profileId: 'p2', rule: 'lowBalance' }]);
    expect((await screen.findByText(/^Test notification sent/)).textContent).toBe('Test notification sent: “Client B · Balance runs low”.');
  });

  it('removes only the account it names, after a confirmation that says the others stay', async () => {
    const api = showAccountSettings({ 'accounts:remove': { removed: true }, 'accounts:list': overviewOf([accounts[0]!]) });
    await userEvent.click(screen.getByRole('button', { name: 'Remove this account…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Client B?' });
    expect(dialog.textContent).toContain('Its key and cached data are erased; other accounts stay.');
    expect(api.callsTo('accounts:remove')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove and erase' }));
    expect(api.callsTo('accounts:remove')).toEqual([{ profileId: 'p2' }]);
    await waitFor(() => expect(useAccountsStore.getState().selection).toBe('p1'));
  });

  it('moves the account up the user’s order', async () => {
    const api = showAccountSettings({ 'accounts:reorder': ({ profileIds }: { profileIds: string[] }) => overviewOf(profileIds.map((id) => accounts.find((a) => a.profileId === id)!)) });
    expect(screen.getByRole('button', { name: 'Move down' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Move up' }));
    expect(api.callsTo('accounts:reorder')).toEqual([{ profileIds: ['p2', 'p1'] }]);
    await waitFor(() => expect(screen.getByText('1 of 2 in the list')).toBeTruthy());
  });

  it('replaces the key of the account shown, keeping the account', async () => {
    const api = showAccountSettings({ 'key:set': { keyBackend: 'keychain', profileId: 'p2' } });
    await userEvent.type(screen.getByLabelText('API key'), 'new-key-1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Replace key' }));
    expect(api.callsTo('key:set')).toEqual([{ apiKey: 'new-key-1234567', profileId: 'p2' }]);
    expect((await screen.findByText(/^Key saved\./)).textContent).toContain('system keychain');
  });
});

describe('SettingsView › Help and diagnostics', () => {
  // The window shows and copies the core's report as it is, never reading it: any text stands for it here.
  const report = 'Zonewatch 0.1.0 (linux, electron)\nsystem: Linux 6.1.0 (x64)\naccount 1 of 1: account at https://api.bytio.com\n  last error: server: HTTP 500';

  function showHelp(shell: 'electron' | 'web', handlers: Record<string, unknown> = {}) {
    const api = fakeApi({ 'app:info': { ...desktop, shell }, 'app:openLogs': { opened: true }, 'app:copyDiagnostics': { copied: true, text: report }, 'channels:list': [], ...handlers }).install();
    useSettingsStore.setState({ settings: saved, error: null });
    render(<SettingsView />);
    return { api, help: screen.getByRole('region', { name: 'Help and diagnostics' }) };
  }

  it('in the desktop app opens the log folder and copies the report, showing what was copied', async () => {
    const { api, help } = showHelp('electron');
    expect((await within(help).findByText(/^Zonewatch 0\.1\.0/)).textContent).toBe('Zonewatch 0.1.0 · desktop app · linux');
    await userEvent.click(within(help).getByRole('button', { name: 'Open logs' }));
    expect(api.callsTo('app:openLogs')).toHaveLength(1);
    expect(within(help).getByRole('status').textContent).toBe('The log folder is open in your file manager.');

    await userEvent.click(within(help).getByRole('button', { name: 'Copy diagnostics' }));
    expect(api.callsTo('app:copyDiagnostics')).toHaveLength(1);
    expect(within(help).getByRole('status').textContent).toMatch(/^Diagnostics copied\..*API keys and e-mail addresses are left out\.$/);
    await userEvent.click(within(help).getByText('What was copied'));
    expect((within(help).getByLabelText('Diagnostics report') as HTMLTextAreaElement).value).toBe(report);
  });

  it('says why a failed copy did nothing', async () => {
    const { help } = showHelp('electron', { 'app:copyDiagnostics': fail('unavailable', 'The clipboard is busy') });
    await userEvent.click(within(help).getByRole('button', { name: 'Copy diagnostics' }));
    expect((await within(help).findByRole('alert')).textContent).toContain('Could not copy the diagnostics: The clipboard is busy');
    expect(within(help).queryByText('What was copied')).toBeNull();
  });

  it('in the browser has no log folder to open, says so, and puts the report on the browser’s clipboard itself', async () => {
    const user = userEvent.setup();
    const { help } = showHelp('web');
    expect(await within(help).findByText('Zonewatch 0.1.0 · in your browser · linux')).toBeTruthy();
    expect(within(help).queryByRole('button', { name: 'Open logs' })).toBeNull();
    expect(within(help).getByText(/writes its log to the terminal it was started from: there is no log folder to open/)).toBeTruthy();
    await user.click(within(help).getByRole('button', { name: 'Copy diagnostics' }));
    await waitFor(() => expect(within(help).getByRole('status').textContent).toMatch(/^Diagnostics copied\./));
    expect(await navigator.clipboard.readText()).toBe(report);
  });

  it('in a browser that refuses its clipboard, selects the report for copying by hand', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    const { help } = showHelp('web');
    await within(help).findByText(/in your browser/);
    await user.click(within(help).getByRole('button', { name: 'Copy diagnostics' }));
    expect((await within(help).findByRole('status')).textContent).toMatch(/did not let Zonewatch use the clipboard/);
    const box = within(help).getByLabelText('Diagnostics report') as HTMLTextAreaElement;
    expect(box.value).toBe(report);
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, report.length]);
  });
});
