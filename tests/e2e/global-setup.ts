import { spawnSync } from 'node:child_process';

/** The e2e suite drives the renderer's web build: build it once per run. */
export default function globalSetup(): void {
  const res = spawnSync('npx', ['vite', 'build', '-c', 'renderer/vite.web.config.ts'], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error('the renderer web build failed');
}
