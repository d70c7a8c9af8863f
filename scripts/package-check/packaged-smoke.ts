import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';

export type SmokeOutcome = { problems: string[]; trayIcon: string | null };

type SmokeResult = { failure: string | null; problems: string[]; exited: boolean; out: { trayIcon?: string; windowIcon?: string } };

/**
 * Runs the packaged main bundle (extracted from app.asar into `appRoot`) in Node under the
 * project's Electron double, packaged (process.resourcesPath is the package's `resources`): the
 * main-smoke suite's `packaged` scenario boots it, waits for "app: ready" and the first-run window,
 * records the tray's icon, and quits from the tray.
 */
export async function runPackagedMain(projectDir: string, appRoot: string, resources: string): Promise<SmokeOutcome> {
  const home = await mkdtemp(join(tmpdir(), 'zw-package-home-'));
  try {
    const result = await runScenario(projectDir, {
      ZW_SMOKE_MAIN: join(appRoot, 'out', 'main', 'index.js'),
      ZW_DOUBLE_APP_PATH: appRoot,
      ZW_DOUBLE_PACKAGED: '1',
      ZW_DOUBLE_RESOURCES: resources,
      XDG_CONFIG_HOME: home,
    });
    const problems = [...(result.failure ? [`the packaged main failed: ${result.failure}`] : []), ...result.problems.map((p) => `the packaged main broke an Electron rule: ${p}`)];
    if (!result.exited) problems.push('the packaged main did not quit from its tray');
    const trayIcon = result.out.trayIcon ?? null;
    if (!trayIcon?.startsWith(join(resources, 'tray') + sep)) problems.push(`the packaged main drew its tray from ${trayIcon ?? 'nowhere'}, not from the package's resources/tray`);
    return { problems, trayIcon };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

function runScenario(projectDir: string, env: Record<string, string>): Promise<SmokeResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // No Secret Service, as on a desktop without one: keytar loads, finds none, and main says so.
  delete childEnv.DBUS_SESSION_BUS_ADDRESS;
  delete childEnv.ZONEWATCH_USER_DATA;
  delete childEnv.NODE_OPTIONS;
  const args = ['--import', 'tsx', '--import', './tests/main-smoke/electron-double/register.mjs', 'tests/main-smoke/run-scenario.ts', 'packaged'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: projectDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const line = stdout.split('\n').find((l) => l.startsWith('ZW_SMOKE_RESULT '));
      if (!line) return reject(new Error(`the packaged main printed no result (exit ${code ?? signal}):\n${stdout}\n${stderr}`));
      resolve(JSON.parse(line.slice('ZW_SMOKE_RESULT '.length)) as SmokeResult);
    });
  });
}
