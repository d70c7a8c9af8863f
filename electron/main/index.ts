import { app, BrowserWindow, Tray, nativeImage } from 'electron';
import { join } from 'node:path';

let tray: Tray | null = null;
let popover: BrowserWindow | null = null;

function createPopover(): BrowserWindow {
  const win = new BrowserWindow({
    width: 420,
    height: 640,
    show: false,
    frame: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  if (process.env.ELECTRON_RENDERER_URL) void win.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void win.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  return win;
}

void app.whenReady().then(() => {
  popover = createPopover();
  tray = new Tray(nativeImage.createFromPath(join(import.meta.dirname, '../../resources/tray/ok.png')));
  tray.setToolTip('Zonewatch');
  tray.on('click', () => (popover?.isVisible() ? popover.hide() : popover?.show()));
});
