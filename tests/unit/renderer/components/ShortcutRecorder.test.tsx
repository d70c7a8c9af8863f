import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShortcutRecorder } from '../../../../renderer/src/components/ShortcutRecorder';

afterEach(cleanup);

describe('ShortcutRecorder', () => {
  it('shows the whole recorded accelerator and saves it', async () => {
    const onSave = vi.fn();
    render(<ShortcutRecorder value={null} onSave={onSave} />);
    const field = screen.getByLabelText('Global shortcut');
    expect((field as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Save shortcut' })).toHaveProperty('disabled', true);
    await userEvent.click(field);
    await userEvent.keyboard('{Control>}{Alt>}k{/Alt}{/Control}');
    expect((field as HTMLInputElement).value).toBe('CommandOrControl+Alt+K');
    await userEvent.click(screen.getByRole('button', { name: 'Save shortcut' }));
    expect(onSave).toHaveBeenCalledWith('CommandOrControl+Alt+K');
  });

  it('does not save a combination without a modifier, and says what is missing', async () => {
    const onSave = vi.fn();
    render(<ShortcutRecorder value={null} onSave={onSave} />);
    await userEvent.click(screen.getByLabelText('Global shortcut'));
    await userEvent.keyboard('z');
    expect(screen.getByText(/Add a modifier/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save shortcut' })).toHaveProperty('disabled', true);
  });

  it('"No shortcut" removes the one in use', async () => {
    const onSave = vi.fn();
    render(<ShortcutRecorder value="Alt+F9" onSave={onSave} />);
    expect((screen.getByLabelText('Global shortcut') as HTMLInputElement).value).toBe('Alt+F9');
    await userEvent.click(screen.getByRole('button', { name: 'No shortcut' }));
    expect(onSave).toHaveBeenCalledWith(null);
  });
});
