import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Settings, type SettingsPatch } from '../../../../shared/settings';
import { connectEvents } from '../../../../renderer/src/stores/connect-events';
import { useAppUpdateStore } from '../../../../renderer/src/stores/app-update-store';
import { useSettingsStore } from '../../../../renderer/src/stores/settings-store';
import { SettingsView } from '../../../../renderer/src/views/SettingsView';
import { appUpdateOf } from '../../../fixtures/app-update';
import { fail, fakeApi } from '../fake-api';

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  useAppUpdateStore.setState({ update: null });
});

const saved = Settings.parse({});
const at = Date.parse('2026-10-01T09:00:00Z');

function show(handlers: Record<string, unknown>) {
  const api = fakeApi({ 'settings:update': (patch: SettingsPatch) => ({ ...saved, ...patch }), ...handlers }).install();
  useSettingsStore.setState({ settings: saved, error: null });
  render(<SettingsView />);
  return { api, section: () => screen.getByRole('region', { name: 'Zonewatch updates' }) };
}

describe('Settings › Zonewatch updates', () => {
  it('says what the core says, and Check for updates says what it found', async () => {
    const found = appUpdateOf({ activity: 'downloading', download: { version: '1.1.0', percent: null }, lastCheck: { at, failed: false } });
    const { api, section } = show({ 'updates:get': appUpdateOf(), 'updates:check': found });
    const status = await within(section()).findByRole('status');
    expect(status.textContent).toBe('This is Zonewatch 1.0.0. It looks for updates shortly after it starts, then once a day.');
    await userEvent.click(within(section()).getByRole('button', { name: 'Check for updates' }));
    expect(api.callsTo('updates:check')).toHaveLength(1);
    await waitFor(() => expect(within(section()).getByRole('status').textContent).toMatch(/^Zonewatch 1\.1\.0 is available: downloading it… Last checked /));
    expect(within(section()).getByRole('button', { name: 'Check for updates' })).toHaveProperty('disabled', true);
    expect(within(section()).queryByRole('button', { name: 'Restart to update' })).toBeNull();
  });

  it('follows the core’s appUpdate events, and offers Restart to update once an update waits', async () => {
    const { api, section } = show({ 'updates:get': appUpdateOf(), 'updates:install': fail('unavailable', 'Zonewatch 1.1.0 could not be installed: the running AppImage could not be found.') });
    const disconnect = connectEvents();
    await within(section()).findByText(/^This is Zonewatch 1\.0\.0\./);
    api.emit('appUpdate', appUpdateOf({ ready: '1.1.0', lastCheck: { at, failed: false } }));
    const restart = await within(section()).findByRole('button', { name: 'Restart to update' });
    expect(within(section()).getByRole('status').textContent).toMatch(/^Zonewatch 1\.1\.0 is downloaded and verified: it is installed when you quit Zonewatch, or now with Restart to update\./);
    await userEvent.click(restart);
    expect(api.callsTo('updates:install')).toHaveLength(1);
    expect((await within(section()).findByRole('alert')).textContent).toBe('Could not install the update: Zonewatch 1.1.0 could not be installed: the running AppImage could not be found.');
    disconnect();
  });

  it('saves "Update automatically" with the rest of the form, in its one Save', async () => {
    const { api, section } = show({ 'updates:get': appUpdateOf() });
    const automatic = await within(section()).findByRole('checkbox', { name: 'Update automatically' });
    expect(automatic).toHaveProperty('checked', true);
    await userEvent.click(automatic);
    expect(api.callsTo('settings:update')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('settings:update')).toEqual([{ updateAutomatically: false }]));
  });

  it('in a copy that does not update itself: says why, and offers neither a check nor the setting', async () => {
    const reason = 'This copy runs from its sources (a development build): it does not update itself.';
    const { section } = show({ 'updates:get': appUpdateOf({}, { support: { ok: false, reason } }) });
    expect((await within(section()).findByRole('status')).textContent).toBe(reason);
    expect(within(section()).getByRole('button', { name: 'Check for updates' })).toHaveProperty('disabled', true);
    expect(within(section()).queryByRole('checkbox', { name: 'Update automatically' })).toBeNull();
  });
});
