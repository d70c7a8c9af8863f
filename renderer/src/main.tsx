import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

async function start(): Promise<void> {
  // The web build (browser preview, e2e) speaks to the test bridge over a WebSocket; a page that
  // already has `window.zonewatch` (Electron's preload, or a benchmark's stand-in) keeps it.
  if (import.meta.env.MODE === 'web' && !window.zonewatch) {
    const { installBridgeApi } = await import('./web/bridge-api');
    await installBridgeApi();
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
