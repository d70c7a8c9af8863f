// `npm run package:check [-- --with '<json>'] [--keep]` (part of `npm test`, after the build):
// builds what users install — the unpacked Linux app, with electron-builder, from electron-builder.ts,
// against a stand-in Electron, offline — and verifies it (docs/desktop.md › Packaging › The package
// check). `--with` merges more configuration over electron-builder.ts, as electron-builder's own
// `config` option does (the check's tests use it to leave things out); `--keep` keeps the build.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { extractAll } from '@electron/asar';
import type { Configuration } from 'electron-builder';
import { electronFuses, releaseRepository } from '../electron-builder';
import { allTrayIconFiles } from '../electron/core/tray/tray-icon-state';
import { listArchive } from './package-check/asar-listing';
import { buildUnpackedApp } from './package-check/build-unpacked';
import { fuseProblems, readFuses } from './package-check/fuses';
import { runPackagedMain, runPackagedUpdate } from './package-check/packaged-smoke';
import { PACKAGED_WORKER, runPackagedWorker } from './package-check/packaged-worker';
import { pagePolicyProblems } from './package-check/page-policy';
import { canResolveFromParent, followRuntimeModules } from './package-check/runtime-modules';
import { filesThatShouldNotShip } from './package-check/shipped-files';
import { packageUse, shippedPackages, type ShippedPackage } from './package-check/shipped-packages';
import { updateConfigProblems } from './package-check/update-config';
import { writeStandInElectron } from './package-check/stand-in-electron';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { with: { type: 'string' }, keep: { type: 'boolean', default: false } } });
const say = (line: string) => console.log(`package: ${line}`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const dirBytes = (path: string): number => (statSync(path).isDirectory() ? readdirSync(path).reduce((sum, name) => sum + dirBytes(join(path, name)), 0) : statSync(path).size);
const names = (packages: ShippedPackage[]) => packages.map((p) => p.name).join(', ') || 'none';

if (!canResolveFromParent()) {
  console.error('package: run it as `npm run package:check`: it needs node --experimental-import-meta-resolve to resolve ESM imports as the package will');
  process.exit(2);
}
if (!existsSync(join(root, 'out', 'main', 'index.js'))) {
  console.error('package: out/ is missing: run `npm run build` first');
  process.exit(2);
}

const work = await mkdtemp(join(tmpdir(), 'zw-package-'));
const problems: string[] = [];
try {
  const started = Date.now();
  const overrides = values.with ? (JSON.parse(values.with) as Configuration) : undefined;
  const app = await buildUnpackedApp({ projectDir: root, electronDist: await writeStandInElectron(join(work, 'electron')), outputDir: join(work, 'dist'), overrides });
  say(`built the unpacked Linux app in ${((Date.now() - started) / 1000).toFixed(1)} s, against a stand-in Electron (a fuse wire, no browser)`);

  const files = listArchive(app.asar);
  const appRoot = join(work, 'app');
  extractAll(app.asar, appRoot);
  const manifest = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { main: string };
  problems.push(...filesThatShouldNotShip(files));

  // Main's bundle and the history worker it starts beside it (docs/architecture.md › The history database).
  const runtime = followRuntimeModules(appRoot, [manifest.main, PACKAGED_WORKER]);
  problems.push(...runtime.problems);
  const addons = [...runtime.files].filter((file) => file.endsWith('.node'));
  for (const addon of addons) {
    if (!existsSync(join(app.resources, 'app.asar.unpacked', addon))) problems.push(`${addon} is not in app.asar.unpacked: the OS cannot load a native addon from inside the archive`);
  }
  say(`main loads ${runtime.files.size} files at run time, all resolved inside the package; native addons outside the archive: ${addons.join(', ') || 'none'}`);
  if (runtime.computed.length > 0) say(`requests with computed names in dependencies, not followed: ${runtime.computed.join(', ')}`);
  if (runtime.optionalMissing.length > 0) say(`optional requests of dependencies (inside a try that catches their failure), not in the package: ${runtime.optionalMissing.join(', ')}`);

  const use = packageUse(
    shippedPackages(files, (path) => readFileSync(join(appRoot, path), 'utf8')),
    runtime.files,
  );
  for (const unclaimed of use.unclaimed) problems.push(`${unclaimed.name} ships (${mib(unclaimed.bytes)}) but main never loads it and nothing main loads depends on it: it belongs in devDependencies`);
  say(`packages main loads: ${names(use.loaded)}; carried by them, never loaded: ${names(use.carried)} (${mib(use.carried.reduce((sum, p) => sum + p.bytes, 0))})`);

  const fuses = await readFuses(app.executable, electronFuses);
  problems.push(...fuseProblems(fuses));
  say(`fuses read back from the binary: ${fuses.map((f) => `${f.fuse} ${f.found}`).join(', ')}`);

  problems.push(...pagePolicyProblems(readFileSync(join(appRoot, 'out', 'renderer', 'index.html'), 'utf8'), (path) => files.some((f) => f.path === `out/renderer/${path}`)));
  for (const icon of allTrayIconFiles()) if (!existsSync(join(app.resources, 'tray', icon))) problems.push(`the tray icon resources/tray/${icon} is not in the package`);
  const updateConfig = join(app.resources, 'app-update.yml');
  const updateProblems = updateConfigProblems(existsSync(updateConfig) ? readFileSync(updateConfig, 'utf8') : null, releaseRepository);
  problems.push(...updateProblems);
  if (updateProblems.length === 0) say(`resources/app-update.yml: updates from github.com/${releaseRepository.owner}/${releaseRepository.repo}'s published releases`);

  const smoke = await runPackagedMain(root, appRoot, app.resources);
  problems.push(...smoke.problems);
  if (smoke.problems.length === 0) say(`the packaged main, under the Electron double, reached ready and drew its tray (${smoke.trayIcon})`);
  const workerProblems = await runPackagedWorker(appRoot, app.resources);
  problems.push(...workerProblems);
  if (workerProblems.length === 0) say(`the packaged history worker (${PACKAGED_WORKER}) loaded better-sqlite3 from app.asar.unpacked and answered a calendar from a new database`);
  const update = await runPackagedUpdate(root, appRoot, app.resources);
  problems.push(...update.problems);
  if (update.installed !== null) say(`the packaged main, installed as an AppImage, found ${update.installed} on a feed on 127.0.0.1 with the package's electron-updater, verified its download and installed it with Restart to update`);

  const asar = statSync(app.asar).size;
  const unpacked = existsSync(`${app.asar}.unpacked`) ? dirBytes(`${app.asar}.unpacked`) : 0;
  say(`size: ${mib(dirBytes(app.resources))} in resources/ (app.asar ${mib(asar)}, ${files.length} files; app.asar.unpacked ${mib(unpacked)}; icons ${mib(dirBytes(app.resources) - asar - unpacked)}), plus Electron's own files`);
  if (values.keep) say(`kept in ${work}`);
} catch (error) {
  problems.push(`the check could not finish: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  if (!values.keep) await rm(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`package: PROBLEM ${problem}`);
  console.error(`package: the check failed (${problems.length} problem(s))`);
  process.exit(1);
}
say('the check passed');
