import { describe, it, expect } from 'vitest';
import { createClipboardPort, type AsyncClipboard } from '../../../electron/main/clipboard-port';

function fakeClipboard(): AsyncClipboard & { text: string } {
  const board = {
    text: 'before',
    readText: async () => board.text,
    writeText: async (text: string) => void (board.text = text),
  };
  return board;
}

describe('createClipboardPort', () => {
  it('puts text on the system clipboard and clears it later when it is still ours', async () => {
    const board = fakeClipboard();
    const port = createClipboardPort(board, () => undefined);
    port.writeText('zone-AB12:secret-key');
    await port.settled();
    expect(board.text).toBe('zone-AB12:secret-key');
    // What the core does after 30 s:
    if (port.readText() === 'zone-AB12:secret-key') port.writeText('');
    await port.settled();
    expect(board.text).toBe('');
  });

  it('leaves alone something the user copied after the credentials', async () => {
    const board = fakeClipboard();
    const port = createClipboardPort(board, () => undefined);
    port.writeText('zone-AB12:secret-key');
    await port.settled();
    board.text = 'a link the user copied';
    if (port.readText() === 'zone-AB12:secret-key') port.writeText('');
    await port.settled();
    expect(board.text).toBe('a link the user copied');
  });

  it('reports a failing clipboard instead of throwing into the core', async () => {
    const errors: unknown[] = [];
    const port = createClipboardPort({ readText: async () => '', writeText: async () => { throw new Error('no display'); } }, (e) => errors.push(e));
    port.writeText('x');
    await port.settled();
    expect(errors).toHaveLength(1);
  });
});
