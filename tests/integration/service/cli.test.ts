import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountInfoResponse } from '../../../shared/api/responses';

const root = join(import.meta.dirname, '..', '..', '..');
const cli = (args: string[]) =>
  spawn(process.execPath, ['--import', 'tsx', 'electron/service/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });

describe('npm run service', () => {
  it('prints one JSON line with url and keys, serves them, and exits cleanly on SIGTERM', async () => {
    const child = cli(['--port', '0', '--api-key', 'cli-admin', '--seed', '7', '--now', '2026-11-18T10:00:00Z', '--control']);
    const lines = createInterface({ input: child.stdout });
    const [line] = (await once(lines, 'line')) as [string];
    const printed = JSON.parse(line) as { url: string; keys: Record<string, string> };
    expect(printed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(printed.keys).sort()).toEqual(['admin', 'billing_admin', 'collaborator']);
    expect(printed.keys.admin).toBe('cli-admin');
    const response = await fetch(`${printed.url}/v1/account/info`, { headers: { 'X-API-KEY': 'cli-admin' } });
    expect(AccountInfoResponse.parse(await response.json()).user.role).toBe('admin');
    const collected: string[] = [];
    lines.on('line', (more) => collected.push(more));
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(collected).toEqual([]);
  });

  it('refuses an unknown option with a message and prints nothing on stdout', async () => {
    const child = cli(['--colour', 'red']);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('--colour');
  });
});
