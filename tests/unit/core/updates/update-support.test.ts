import { describe, expect, it } from 'vitest';
import { type InstallFacts, updateSupport } from '../../../../electron/core/updates/update-support';

const installed: InstallFacts = { packaged: true, platform: 'linux', appImage: null, snap: false, packageType: null };

describe('whether this copy updates itself (docs/desktop.md › Updates › What each system does)', () => {
  it('never when run from its sources, whatever else is set', () => {
    const support = updateSupport({ ...installed, packaged: false, appImage: '/home/a/Zonewatch.AppImage' });
    expect(support).toEqual({ ok: false, reason: expect.stringMatching(/^This copy runs from its sources \(a development build\): it does not update itself\./) });
  });

  it('the NSIS install on Windows and the app on macOS', () => {
    expect(updateSupport({ ...installed, platform: 'win32' })).toEqual({ ok: true, method: 'nsis' });
    expect(updateSupport({ ...installed, platform: 'darwin' })).toEqual({ ok: true, method: 'mac' });
  });

  it('on Linux, the .deb (by its package-type file) before the AppImage, as electron-updater picks them', () => {
    expect(updateSupport({ ...installed, packageType: 'deb', appImage: '/tmp/x.AppImage' })).toEqual({ ok: true, method: 'deb' });
    expect(updateSupport({ ...installed, appImage: '/home/a/Zonewatch.AppImage' })).toEqual({ ok: true, method: 'appimage' });
  });

  it('not a package the releases do not publish, a Snap, or an unpacked folder: each says why', () => {
    expect(updateSupport({ ...installed, packageType: 'rpm' })).toEqual({ ok: false, reason: expect.stringContaining('installed from a .rpm package, which Zonewatch’s releases do not publish') });
    expect(updateSupport({ ...installed, snap: true })).toEqual({ ok: false, reason: 'This copy was installed as a Snap: the Snap Store keeps it up to date.' });
    expect(updateSupport(installed)).toEqual({ ok: false, reason: expect.stringMatching(/^This copy is neither the AppImage nor the \.deb of a release/) });
    expect(updateSupport({ ...installed, platform: 'freebsd' })).toEqual({ ok: false, reason: 'Zonewatch cannot update itself on freebsd.' });
  });
});
