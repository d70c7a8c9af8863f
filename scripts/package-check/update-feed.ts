// A release feed on 127.0.0.1, as electron-updater's generic provider reads one: `latest-linux.yml`
// beside the release's AppImage (docs/desktop.md › Updates › Tested under the double).
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UpdateInfo } from 'electron-updater';
import { dump } from 'js-yaml';

export type FeedMode =
  /** A newer release, its checksum right. */
  | 'release'
  /** The update information answers HTTP 500. */
  | 'error'
  /** A newer release whose published sha512 is of other bytes than the file served. */
  | 'mismatch';

export type Feed = { url: string; requests: string[]; close(): Promise<void> };

/** What electron-builder hashes a file with (app-builder-lib's hashFile: sha512, base64). */
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/**
 * The update information electron-builder publishes for a Linux release (app-builder-lib's
 * updateInfoBuilder: `version`, `files` with url, sha512 and size, then `path` and `sha512` for old
 * updaters, `releaseDate`), written as its serializeToYaml writes it (js-yaml, lineWidth 8000, noRefs).
 * An AppImage's entry also carries `blockMapSize`, for differential downloads; this one has no block
 * map embedded, so it is left out and electron-updater downloads the whole file, as it does when
 * the block map cannot be read.
 */
export function latestLinuxYml(version: string, fileName: string, bytes: Buffer, publishedSha512 = sha512(bytes)): string {
  const info: UpdateInfo = {
    version,
    files: [{ url: fileName, sha512: publishedSha512, size: bytes.length }],
    path: fileName,
    sha512: publishedSha512,
    releaseDate: '2026-10-01T09:00:00.000Z',
  };
  return dump(info, { lineWidth: 8000, noRefs: true });
}

/** `app-update.yml` as electron-builder writes it into a package's resources for a generic feed (PublishManager's getAppUpdatePublishConfiguration). */
export function appUpdateYml(feedUrl: string): string {
  return dump({ provider: 'generic', url: feedUrl, updaterCacheDirName: 'zonewatch-updater' }, { lineWidth: 8000, noRefs: true });
}

/**
 * Serves one release at `/latest-linux.yml` and `/<fileName>` the way `mode` says, and records
 * every path asked for. `bytes` is the release's AppImage.
 */
export async function startFeed(mode: FeedMode, release: { version: string; fileName: string; bytes: Buffer }): Promise<Feed> {
  const published = mode === 'mismatch' ? sha512(Buffer.concat([release.bytes, Buffer.from('\n# not what was published\n')])) : undefined;
  const yml = latestLinuxYml(release.version, release.fileName, release.bytes, published);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    if (path === '/latest-linux.yml') {
      if (mode === 'error') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('the feed is broken today');
      return void res.writeHead(200, { 'content-type': 'text/yaml' }).end(yml);
    }
    if (path === `/${release.fileName}`) return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': release.bytes.length }).end(release.bytes);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
