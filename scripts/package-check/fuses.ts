import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';

/** electron-builder's names for the fuses (its `electronFuses` option), by their place in the wire. */
const BUILDER_NAMES: Record<FuseV1Options, string> = {
  [FuseV1Options.RunAsNode]: 'runAsNode',
  [FuseV1Options.EnableCookieEncryption]: 'enableCookieEncryption',
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: 'enableNodeOptionsEnvironmentVariable',
  [FuseV1Options.EnableNodeCliInspectArguments]: 'enableNodeCliInspectArguments',
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: 'enableEmbeddedAsarIntegrityValidation',
  [FuseV1Options.OnlyLoadAppFromAsar]: 'onlyLoadAppFromAsar',
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: 'loadBrowserProcessSpecificV8Snapshot',
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: 'grantFileProtocolExtraPrivileges',
};

export const FUSES = Object.values(FuseV1Options).filter((value): value is FuseV1Options => typeof value === 'number');

export type FuseReading = { fuse: string; wanted: boolean | undefined; found: 'on' | 'off' | 'removed' | 'missing' };

/** A wire byte in words: Electron writes ASCII '1' for on and '0' for off, 'r' for a fuse it removed. */
function stateOf(byte: number | undefined): FuseReading['found'] {
  if (byte === undefined) return 'missing';
  return ({ '1': 'on', '0': 'off', r: 'removed' } as const)[String.fromCharCode(byte)] ?? 'missing';
}

/**
 * Reads every fuse back from the packaged binary (@electron/fuses' getCurrentFuseWire) beside what
 * the configuration (electron-builder.ts › electronFuses) wants of it.
 */
export async function readFuses(executable: string, wanted: Partial<Record<string, boolean>>): Promise<FuseReading[]> {
  const wire = (await getCurrentFuseWire(executable)) as unknown as Record<number, number>;
  return FUSES.map((fuse) => ({ fuse: FuseV1Options[fuse], wanted: wanted[BUILDER_NAMES[fuse]], found: stateOf(wire[fuse]) }));
}

/** Every fuse must be configured, and found in the binary as configured. */
export function fuseProblems(readings: FuseReading[]): string[] {
  return readings.flatMap(({ fuse, wanted, found }) => {
    if (wanted === undefined) return [`fuse ${fuse} is not set in electron-builder.ts › electronFuses: it would stay at Electron's default`];
    const expected = wanted ? 'on' : 'off';
    return found === expected ? [] : [`fuse ${fuse} is ${found} in the packaged binary; electron-builder.ts wants it ${expected}`];
  });
}
