import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsView } from '../../../../renderer/src/views/SettingsView';
import { useSettingsStore } from '../../../../renderer/src/stores/settings-store';
import { Settings, SettingsPatch } from '../../../../shared/settings';
import { sampleStatus } from '../../../fixtures/app-samples';
import { fail, fakeApi } from '../fake-api';

afterEach(cleanup);

const saved = Settings.parse({});

function show(update: unknown) {
  const api = fakeApi({ 'settings:update': update }).install();
  useSettingsStore.setState({ settings: saved, error: null });
  render(<SettingsView status={sampleStatus({ profile: { id: 'demo', label: 'Demo account', baseUrl: 'http://127.0.0.1:1', demo: true } })} />);
  return api;
}

describe('SettingsView', () => {
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
});
