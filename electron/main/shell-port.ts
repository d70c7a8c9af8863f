import { shell } from 'electron';
import type { Logger, Shell } from '../core/ports';
import { isOpenableExternalUrl } from './external-url';

/** The Shell port. The core decides which URLs may open; this is the final scheme check. */
export function createShellPort(logger: Logger): Shell {
  return {
    async openExternal(url) {
      if (!isOpenableExternalUrl(url)) {
        logger.warn('security: refused to open a URL that is not https (or loopback http)');
        throw new Error('Zonewatch opens only https links.');
      }
      await shell.openExternal(url);
    },
    async openPath(path) {
      const error = await shell.openPath(path);
      if (error) throw new Error(error);
    },
  };
}
