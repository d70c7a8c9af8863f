import { isLoopbackHttp } from '../../shared/loopback';

/**
 * The last check before `shell.openExternal` (docs/architecture.md › Security): the core decides which
 * URLs may be opened (billing documents, the dashboard); main still refuses anything that is not
 * https, or http on loopback (the demo service's documents), so no `file:`, `smb:` or custom
 * scheme can reach the OS whatever a bug upstream lets through.
 */
export function isOpenableExternalUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return isLoopbackHttp(url);
}
