import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiKeyForm } from '../../../../renderer/src/components/ApiKeyForm';
import { fail, fakeApi } from '../fake-api';

afterEach(cleanup);

describe('ApiKeyForm', () => {
  it('sends the key once through a password field and leaves no trace of it in the page', async () => {
    const api = fakeApi({ 'key:set': { keyBackend: 'keychain', profileId: 'p1' } }).install();
    const onSaved = vi.fn();
    render(<ApiKeyForm submitLabel="Save key" onSaved={onSaved} />);
    const field = screen.getByLabelText('API key');
    expect(field.getAttribute('type')).toBe('password');
    await userEvent.type(field, 'secret-key-123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(api.callsTo('key:set')).toEqual([{ apiKey: 'secret-key-123456' }]);
    expect(onSaved).toHaveBeenCalledWith('keychain', 'p1');
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('');
    expect(document.body.innerHTML).not.toContain('secret-key-123456');
  });

  it('keeps the field and says why when the key is refused', async () => {
    fakeApi({ 'key:set': fail('unauthorized', 'The service refused this API key') }).install();
    render(<ApiKeyForm submitLabel="Save key" onSaved={() => undefined} />);
    await userEvent.type(screen.getByLabelText('API key'), 'wrong-key-123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The key was not saved: The service refused this API key. Check it in your dashboard and paste it again.');
  });
});
