import fs from 'node:fs';

// SQLite's write-ahead log needs shared memory and byte-range locks that network file systems do
// not give reliably (docs/architecture.md › The history database): a database there can be damaged
// by a second machine, so Zonewatch says so once.

/** statfs(2) f_type magic numbers of Linux's network and cluster file systems. */
const NETWORK_MAGIC: ReadonlyMap<number, string> = new Map([
  [0x6969, 'NFS'],
  [0x517b, 'SMB'],
  [0xff534d42, 'CIFS'],
  [0xfe534d42, 'SMB2'],
  [0x5346414f, 'AFS'],
  [0x73757245, 'Coda'],
  [0x564c, 'NCP'],
  [0x01021997, '9P'],
  [0x00c36400, 'Ceph'],
  [0x01161970, 'GFS2'],
  [0x47504653, 'GPFS'],
  [0x0bd00bd0, 'Lustre'],
  [0x65735546, 'FUSE (sshfs and other network mounts use it)'],
]);

/** The network file system `type` (statfs f_type) names, or null for a local one. Pure. */
export function networkFileSystemOf(type: number): string | null {
  return NETWORK_MAGIC.get(type >>> 0) ?? null;
}

/**
 * Why the folder may be on a network file system, in plain words, or null. Linux: statfs's magic
 * number. Windows: a UNC path (`\\server\share`); a mapped drive letter is not recognised. macOS:
 * statfs's f_type numbers are not stable across releases, so nothing is said there.
 */
export function networkFolderWarning(folder: string, platform: NodeJS.Platform = process.platform): string | null {
  if (platform === 'win32') return /^\\\\(?!\?\\[A-Za-z]:)/.test(folder) ? `The data folder ${folder} is on a network share: the history database may be damaged there.` : null;
  if (platform !== 'linux') return null;
  try {
    const kind = networkFileSystemOf(fs.statfsSync(folder).type);
    return kind === null ? null : `The data folder is on a network file system (${kind}): the history database may be damaged there. Keep Zonewatch's data on a local disk.`;
  } catch {
    return null;
  }
}
