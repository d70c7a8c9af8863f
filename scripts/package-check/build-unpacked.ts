import { join } from 'node:path';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import projectConfig from '../../electron-builder';

export type UnpackedApp = {
  /** The unpacked app folder: the executable and `resources/`. */
  appDir: string;
  executable: string;
  resources: string;
  asar: string;
};

/**
 * Builds the unpacked Linux app (electron-builder's `dir` target) from electron-builder.ts, offline:
 * Electron comes from `electronDist` and keytar is not rebuilt (there is no Electron to rebuild it
 * against; the package check runs the app in Node). `overrides` is merged over the configuration the
 * way electron-builder merges its `config` option (the check's own tests use it to leave things out).
 */
export async function buildUnpackedApp(options: { projectDir: string; electronDist: string; outputDir: string; overrides?: Configuration }): Promise<UnpackedApp> {
  const { projectDir, electronDist, outputDir, overrides = {} } = options;
  await build({
    projectDir,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: { ...overrides, electronDist, npmRebuild: false, directories: { output: outputDir } },
  });
  const appDir = join(outputDir, 'linux-unpacked');
  const resources = join(appDir, 'resources');
  const executableName = projectConfig.linux?.executableName;
  if (!executableName) throw new Error('electron-builder.ts names no linux.executableName');
  return { appDir, executable: join(appDir, executableName), resources, asar: join(resources, 'app.asar') };
}
