// The local service in a child process for the benches, so what a bench measures in this process
// (CPU, heap) is the client's alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export type ChildService = { url: string; admin: string; process: ChildProcess };

/** Starts the service CLI over `zones` seeded zones with the control routes and a stopped clock. */
export async function startChildService(zones: number): Promise<ChildService> {
  // Node itself with tsx's loader (not npx), so the signal reaches the service and it exits.
  const args = ['--import', 'tsx', 'electron/service/cli.ts', '--port', '0', '--zones', String(zones), '--control', '--time-scale', '0'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' } });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  const { url, keys } = JSON.parse(line) as { url: string; keys: { admin: string } };
  return { url, admin: keys.admin, process: child };
}
