// A copy of Zonewatch installed as an AppImage, for running the updater under the Electron double
// (docs/desktop.md › Updates › Tested under the double): the main-smoke update scenarios and the
// package check's packaged update both set one up.
import { chmodSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appUpdateYml } from './update-feed';

/**
 * The AppImage of a release, standing in for the real one: a script that, when the AppImage
 * runtime would run it, writes down which version ran and with which of electron-updater's
 * install variables (into `started.log` beside it).
 */
export const standInAppImage = (version: string) =>
  Buffer.from(`#!/bin/sh\necho "${version} silent=$APPIMAGE_SILENT_INSTALL exit=$APPIMAGE_EXIT_AFTER_INSTALL" >> "$(dirname "$0")/started.log"\n`);

export type InstalledAppImage = {
  /** The AppImage `$APPIMAGE` names. */
  file: string;
  /** What every run of an AppImage in its folder wrote down. */
  startedLog: string;
  /** Where electron-updater keeps a download until it is installed. */
  pending: string;
  /** What the double and electron-updater read: packaged, its resources, `$APPIMAGE`, its own cache. */
  env: Record<string, string>;
};

/**
 * Installs version `version` as an AppImage under `root`: its resources (the `parts` of
 * `resourcesFrom`, the tray icons and app icons) with an `app-update.yml` naming the feed at
 * `feedUrl`, the AppImage itself, and a cache folder of its own.
 */
export function installAppImage(root: string, options: { feedUrl: string; version: string; resourcesFrom: string; parts: readonly string[] }): InstalledAppImage {
  const resources = join(root, 'resources');
  for (const part of options.parts) cpSync(join(options.resourcesFrom, part), join(resources, part), { recursive: true });
  writeFileSync(join(resources, 'app-update.yml'), appUpdateYml(options.feedUrl));
  const applications = join(root, 'Applications');
  mkdirSync(applications);
  // No version in its name: electron-updater installs the new release under the same name.
  const file = join(applications, 'Zonewatch.AppImage');
  writeFileSync(file, standInAppImage(options.version));
  chmodSync(file, 0o755);
  const cache = join(root, 'cache');
  return {
    file,
    startedLog: join(applications, 'started.log'),
    pending: join(cache, 'zonewatch-updater', 'pending'),
    env: { ZW_DOUBLE_PACKAGED: '1', ZW_DOUBLE_RESOURCES: resources, APPIMAGE: file, XDG_CACHE_HOME: cache },
  };
}

/** The next minor version after `version` (x.y.z → x.(y+1).0): the release a feed offers. */
export function nextMinor(version: string): string {
  const [major, minor] = version.split('.').map(Number) as [number, number];
  return `${major}.${minor + 1}.0`;
}
