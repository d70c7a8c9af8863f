import { pathToFileURL } from 'node:url';
import { isLoopbackHttp } from '../../shared/loopback';

/** Where our renderer is loaded from: the built `index.html` on disk, or the dev server. */
export type RendererLocation = { kind: 'file'; url: string } | { kind: 'dev'; origin: string };

/**
 * electron-vite sets ELECTRON_RENDERER_URL only under `electron-vite dev`, and only for a dev
 * server on loopback is it believed: a packaged app must never take its page from elsewhere.
 */
export function rendererLocation(devServerUrl: string | undefined, isPackaged: boolean, rendererHtmlPath: string): RendererLocation {
  if (!isPackaged && devServerUrl) {
    const url = new URL(devServerUrl);
    if (isLoopbackHttp(url)) return { kind: 'dev', origin: url.origin };
  }
  return { kind: 'file', url: pathToFileURL(rendererHtmlPath).href };
}

/** Is a frame at `frameUrl` our renderer? Hash and query may differ (client-side routes); nothing else may. */
export function isRendererUrl(frameUrl: string, location: RendererLocation): boolean {
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return false;
  }
  if (location.kind === 'dev') return url.origin === location.origin;
  const expected = new URL(location.url);
  return url.protocol === 'file:' && url.host === expected.host && url.pathname === expected.pathname;
}
