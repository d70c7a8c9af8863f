#!/usr/bin/env node
// `npm start` / `npm run dev`: Zonewatch in Electron where Electron can run, otherwise — after one
// plain paragraph saying why — the same app in the browser shell, with its URL printed.
// `node scripts/start.mjs [--dev] [--port <n>]`
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { electronExecutable, electronStartProblem, fallbackNotice, installElectron } from './electron-availability.mjs';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false }, port: { type: 'string' } } });
const env = process.env;
const downloadTimeoutMs = Number(env.ZONEWATCH_ELECTRON_DOWNLOAD_TIMEOUT_S ?? 120) * 1000;

const electronDir = join(root, 'node_modules', 'electron');
let executable = electronExecutable(electronDir, env);
let problem = null;
if (!executable || !existsSync(executable)) {
  problem = installElectron(electronDir, env, downloadTimeoutMs);
  executable = electronExecutable(electronDir, env);
  if (!problem && (!executable || !existsSync(executable))) problem = 'its installer finished but left no executable';
}
problem ??= electronStartProblem(executable, env, process.platform);

if (problem === null) {
  if (values.dev) run(bin('electron-vite'), ['dev']);
  else {
    build(bin('electron-vite'), ['build']);
    run(executable, ['.']);
  }
} else {
  process.stderr.write(`\n${fallbackNotice(problem)}\n\n`);
  build(bin('vite'), ['build', '--logLevel', 'warn', '-c', 'renderer/vite.web.config.ts']);
  run(bin('tsx'), ['electron/web/web-app.ts', ...(values.port ? ['--port', values.port] : [])]);
}

function build(command, args) {
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

/** Runs the app in the foreground; Ctrl+C and SIGTERM reach it, and its exit code is ours. */
function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
