import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { DigestTransform, HttpError, newError } from 'builder-util-runtime';
import { describe, expect, it } from 'vitest';
import { deadlineText, failureText } from '../../../../electron/core/updates/update-failure';

/** A checksum mismatch as electron-updater meets it: builder-util-runtime's DigestTransform over bytes that are not the published ones. */
async function checksumMismatch(): Promise<unknown> {
  const published = createHash('sha512').update('the release').digest('base64');
  try {
    await pipeline(Readable.from([Buffer.from('something else')]), new DigestTransform(published), async (source) => {
      for await (const _chunk of source) void _chunk;
    });
  } catch (error) {
    return error;
  }
  throw new Error('no mismatch');
}

describe('what Settings says when updating fails (docs/desktop.md › Updates › When something fails)', () => {
  it('a download that does not match its published sha512: refused, nothing installed', async () => {
    expect(failureText(await checksumMismatch(), 'download', '1.2.0')).toBe(
      'The download of Zonewatch 1.2.0 did not match its published checksum (sha512), so it was thrown away and nothing was installed.',
    );
  });

  it('the update server’s HTTP answers, never its headers or body', () => {
    const error = new HttpError(500, '500 Internal Server Error\nHeaders: {"x-secret": "…"}');
    expect(failureText(error, 'check', null)).toBe('Zonewatch could not check for updates: the update server answered with an error (HTTP 500).');
    expect(failureText(new HttpError(404), 'check', null)).toBe('Zonewatch could not check for updates: the newest release has no update information for this system (HTTP 404).');
    expect(failureText(new HttpError(403), 'check', null)).toBe('Zonewatch could not check for updates: the update server refused for now, perhaps too many requests (HTTP 403).');
    // A file download's failure names its status in its message only (builder-util-runtime's doDownload).
    const download = new Error('Cannot download "https://example.invalid/Zonewatch-1.2.0.AppImage", status 503: Service Unavailable');
    expect(failureText(download, 'download', '1.2.0')).toBe('Zonewatch could not download version 1.2.0: the update server answered with an error (HTTP 503).');
  });

  it('Electron’s network errors, by their net::ERR_ name', () => {
    expect(failureText(new Error('net::ERR_INTERNET_DISCONNECTED'), 'check', null)).toBe('Zonewatch could not check for updates: the computer is offline (ERR_INTERNET_DISCONNECTED).');
    expect(failureText(new Error('net::ERR_NAME_NOT_RESOLVED'), 'check', null)).toBe('Zonewatch could not check for updates: the update server’s name could not be found (ERR_NAME_NOT_RESOLVED).');
    expect(failureText(new Error('net::ERR_CERT_AUTHORITY_INVALID'), 'download', '1.2.0')).toBe('Zonewatch could not download version 1.2.0: the update server’s certificate is not trusted (ERR_CERT_AUTHORITY_INVALID).');
    expect(failureText(new Error('net::ERR_SOMETHING_NEW'), 'check', null)).toBe('Zonewatch could not check for updates: the update server could not be reached (ERR_SOMETHING_NEW).');
  });

  it('electron-updater’s own codes', () => {
    expect(failureText(newError('Cannot find channel "latest-linux.yml" update info: …', 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND'), 'check', null)).toBe(
      'Zonewatch could not check for updates: the newest release has no update information for this system.',
    );
    expect(failureText(newError('No published versions on GitHub', 'ERR_UPDATER_NO_PUBLISHED_VERSIONS'), 'check', null)).toBe('Zonewatch could not check for updates: no published release was found.');
    expect(failureText(newError('APPIMAGE env is not defined', 'ERR_UPDATER_OLD_FILE_NOT_FOUND'), 'install', '1.2.0')).toBe('Zonewatch 1.2.0 could not be installed: the running AppImage could not be found.');
  });

  it('the .deb’s install through pkexec, refused or cancelled', () => {
    expect(failureText(new Error('Command pkexec exited with code 126'), 'install', '1.2.0')).toBe(
      'Zonewatch 1.2.0 could not be installed: the package manager did not finish (the administrator password may have been refused or cancelled).',
    );
  });

  it('anything else: plain words and the log, never the error’s own text or stack', () => {
    const odd = new TypeError("Cannot read properties of undefined (reading 'files')");
    const text = failureText(odd, 'check', null);
    expect(text).toBe('Zonewatch could not check for updates: something unexpected went wrong (the log has the details).');
    expect(failureText('a string thrown', 'install', null)).toBe('The update could not be installed: something unexpected went wrong (the log has the details).');
  });

  it('a step stopped at its deadline', () => {
    expect(deadlineText('check', null, 'the update server did not answer within a minute')).toBe('Zonewatch could not check for updates: the update server did not answer within a minute.');
  });
});
