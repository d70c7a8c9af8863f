import { getRawHeader } from '@electron/asar';

/** One file of an asar archive, as its header records it. */
export type ArchiveFile = { path: string; size: number; unpacked: boolean };

type HeaderNode = { files?: Record<string, HeaderNode>; size?: number; unpacked?: boolean; link?: string };

/** Every file in the archive (paths relative to its root, with `/`), read from its header. */
export function listArchive(asarPath: string): ArchiveFile[] {
  const files: ArchiveFile[] = [];
  const walk = (node: HeaderNode, prefix: string) => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name;
      if (child.files) walk(child, path);
      else if (child.link === undefined) files.push({ path, size: child.size ?? 0, unpacked: child.unpacked === true });
    }
  };
  walk(getRawHeader(asarPath).header as HeaderNode, '');
  return files;
}
