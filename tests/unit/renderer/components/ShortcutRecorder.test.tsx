import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShortcutRecorder } from '../../../../renderer/src/components/ShortcutRecorder';

afterEach(cleanup);

describe('ShortcutRecorder', () => {
  it('shows the whole recorded accelerator and hands it to the settings form', async () => {
    const onChange = vi.fn();
    render(<ShortcutRecorder value={null} onChange={onChange} />);
    const field = screen.getByLabelText('Global shortcut');
    expect((field as HTMLInputElement).value).toBe('');
    await userEvent.click(field);
    await userEvent.keyboard('{Control>}{Alt>}k{/Alt}{/Control}');
    expect(onChange).toHaveBeenLastCalledWith('CommandOrControl+Alt+K');
  });

  it('keeps a combination without a modifier to itself, and says what is missing', async () => {
    const onChange = vi.fn();
    render(<ShortcutRecorder value={null} onChange={onChange} />);
    await userEvent.click(screen.getByLabelText('Global shortcut'));
    await userEvent.keyboard('z');
    expect(screen.getByText(/Add a modifier/)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('"No shortcut" removes the one in use', async () => {
    const onChange = vi.fn();
    render(<ShortcutRecorder value="Alt+F9" onChange={onChange} />);
    expect((screen.getByLabelText('Global shortcut') as HTMLInputElement).value).toBe('Alt+F9');
    await userEvent.click(screen.getByRole('button', { name: 'No shortcut' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
