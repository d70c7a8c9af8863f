import { app, type Session, type WebContents } from 'electron';
import type { Logger } from '../core/ports';
import { cspHeader } from '../../shared/content-security-policy';
import { isRendererUrl, type RendererLocation } from './renderer-origin';

/**
 * Session-wide protections (docs/architecture.md › Security; Electron security checklist): the CSP
 * as a response header on everything the renderer loads (the meta tag the build writes into
 * index.html, from the same policy source, holds wherever the page loads),
 * every permission request and check denied — the UI needs none, and notifications are shown by
 * main — and no webview may ever be attached.
 */
export function secureSession(session: Session, location: RendererLocation, logger: Logger): void {
  const policy = cspHeader(location.kind === 'file' ? { kind: 'packaged' } : { kind: 'dev', origin: location.origin });
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
  session.setPermissionRequestHandler((_webContents, permission, callback) => {
    logger.warn('security: permission request denied', { permission });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
}

/**
 * Every web contents, present and future: no navigation away from our renderer, no new windows
 * (links the UI wants opened go through the `billing:openDocument` / `account:openDashboard`
 * channels, which main checks), no webviews.
 */
export function secureAllWebContents(location: RendererLocation, logger: Logger): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    // The URL is read from the event's details: the positional `url` argument is deprecated (Electron 45).
    contents.on('will-navigate', (event) => {
      if (isRendererUrl(event.url, location)) return;
      event.preventDefault();
      logger.warn('security: navigation blocked', { url: originOf(event.url) });
    });
    contents.on('will-redirect', (event) => {
      if (isRendererUrl(event.url, location)) return;
      event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      logger.warn('security: window.open denied', { url: originOf(url) });
      return { action: 'deny' };
    });
  });
}

/** Logs only the origin: a path or query could carry something personal. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(invalid URL)';
  }
}
