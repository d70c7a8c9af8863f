#!/usr/bin/env tsx
// Draws every tray icon and the app icon into resources/ as PNG, with no image library: shapes are
// tested per sub-pixel (4×4 supersampling for anti-aliasing) and written with node:zlib.
// Run `npx tsx scripts/generate-icons.ts` after changing a shape; the output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { allTrayIconFiles, type TrayLevel } from '../electron/core/tray/tray-icon-state';

type Rgba = readonly [number, number, number, number];
/** A shape on the unit square (0,0 top-left to 1,1) and its paint; later layers paint over earlier ones. */
interface Layer {
  inside: (u: number, v: number) => boolean;
  color: Rgba;
}

const root = join(import.meta.dirname, '..');

// ---- PNG encoding (RGBA, 8 bits per channel) ----
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function encodePng(size: number, pixels: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    raw.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- Rasterising ----
function render(size: number, layers: Layer[], samples = 4): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = (x + (sx + 0.5) / samples) / size;
          const v = (y + (sy + 0.5) / samples) / size;
          // "over" compositing of the layers at this sub-pixel, premultiplied.
          let pr = 0, pg = 0, pb = 0, pa = 0;
          for (const layer of layers) {
            if (!layer.inside(u, v)) continue;
            const [lr, lg, lb, la] = layer.color;
            pr = lr * la + pr * (1 - la);
            pg = lg * la + pg * (1 - la);
            pb = lb * la + pb * (1 - la);
            pa = la + pa * (1 - la);
          }
          r += pr; g += pg; b += pb; a += pa;
        }
      }
      const n = samples * samples;
      const alpha = a / n;
      const i = (y * size + x) * 4;
      out[i] = alpha > 0 ? Math.round(r / n / alpha) : 0;
      out[i + 1] = alpha > 0 ? Math.round(g / n / alpha) : 0;
      out[i + 2] = alpha > 0 ? Math.round(b / n / alpha) : 0;
      out[i + 3] = Math.round(alpha * 255);
    }
  }
  return out;
}

const disc = (cx: number, cy: number, r: number) => (u: number, v: number) => (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
const ring = (cx: number, cy: number, outer: number, inner: number) => (u: number, v: number) => {
  const d = (u - cx) ** 2 + (v - cy) ** 2;
  return d <= outer * outer && d >= inner * inner;
};
const box = (x0: number, y0: number, x1: number, y1: number) => (u: number, v: number) => u >= x0 && u <= x1 && v >= y0 && v <= y1;
const roundedBox = (x0: number, y0: number, x1: number, y1: number, r: number) => (u: number, v: number) => {
  if (!box(x0, y0, x1, y1)(u, v)) return false;
  const cx = Math.min(Math.max(u, x0 + r), x1 - r);
  const cy = Math.min(Math.max(v, y0 + r), y1 - r);
  return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
};
/** A bar from (x0,y0) to (x1,y1) of half-width w. */
const bar = (x0: number, y0: number, x1: number, y1: number, w: number) => (u: number, v: number) => {
  const dx = x1 - x0, dy = y1 - y0;
  const t = Math.max(0, Math.min(1, ((u - x0) * dx + (v - y0) * dy) / (dx * dx + dy * dy)));
  return (u - (x0 + t * dx)) ** 2 + (v - (y0 + t * dy)) ** 2 <= w * w;
};

const hex = (value: string, alpha = 1): Rgba => [parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16), alpha];
const WHITE = hex('#ffffff');
const BLACK = hex('#000000');
const DEMO_BLUE = hex('#2563eb');

const LEVEL_COLOR: Record<TrayLevel, Rgba> = {
  ok: hex('#2e9e44'),
  warning: hex('#e8a317'),
  alert: hex('#d93025'),
  rejected: hex('#b3261e'),
  stale: hex('#8a8a8a', 0.5),
  paused: hex('#6b7280'),
};

/**
 * Shapes differ per level as well as colours, so the state reads without colour vision and in
 * macOS template images: ok a dot in a ring, warning "!" in a ring, alert a filled disc with "!",
 * rejected a slashed ring, stale a faded dot in a ring, paused two bars in a ring.
 */
function trayLayers(level: TrayLevel, demo: boolean, template: boolean): Layer[] {
  const base = template ? (level === 'stale' ? hex('#000000', 0.45) : BLACK) : LEVEL_COLOR[level];
  const layers: Layer[] = [];
  const c = 0.5;
  if (level === 'alert') {
    layers.push({ inside: disc(c, c, 0.47), color: base });
    layers.push({ inside: bar(c, 0.24, c, 0.56, 0.07), color: WHITE });
    layers.push({ inside: disc(c, 0.74, 0.075), color: WHITE });
  } else {
    layers.push({ inside: ring(c, c, 0.47, 0.34), color: base });
    if (level === 'ok' || level === 'stale') layers.push({ inside: disc(c, c, 0.17), color: base });
    if (level === 'warning') {
      layers.push({ inside: bar(c, 0.26, c, 0.54, 0.065), color: base });
      layers.push({ inside: disc(c, 0.7, 0.07), color: base });
    }
    if (level === 'rejected') layers.push({ inside: bar(0.25, 0.25, 0.75, 0.75, 0.065), color: base });
    if (level === 'paused') {
      layers.push({ inside: box(0.37, 0.32, 0.45, 0.68), color: base });
      layers.push({ inside: box(0.55, 0.32, 0.63, 0.68), color: base });
    }
  }
  if (demo) {
    // The DEMO mark: a square badge in the lower-right corner, cut out from the symbol so it stays legible.
    const clear: Rgba = [0, 0, 0, 0];
    const badge = box(0.6, 0.6, 1, 1);
    for (const layer of layers) {
      const inside = layer.inside;
      layer.inside = (u, v) => inside(u, v) && !badge(u, v);
    }
    layers.push({ inside: badge, color: clear });
    layers.push({ inside: roundedBox(0.64, 0.64, 1, 1, 0.06), color: template ? BLACK : DEMO_BLUE });
    if (!template) layers.push({ inside: box(0.76, 0.76, 0.88, 0.88), color: WHITE });
  }
  return layers;
}

function appIconLayers(): Layer[] {
  return [
    { inside: roundedBox(0.06, 0.06, 0.94, 0.94, 0.2), color: hex('#111827') },
    { inside: ring(0.5, 0.5, 0.33, 0.25), color: hex('#2e9e44') },
    { inside: disc(0.5, 0.5, 0.12), color: hex('#2e9e44') },
    { inside: bar(0.5, 0.5, 0.69, 0.31, 0.025), color: WHITE },
    { inside: roundedBox(0.62, 0.62, 0.86, 0.86, 0.05), color: hex('#e8a317') },
  ];
}

function write(path: string, size: number, layers: Layer[], samples?: number): void {
  const file = join(root, 'resources', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, encodePng(size, render(size, layers, samples)));
}

let count = 0;
for (const file of allTrayIconFiles()) {
  const match = /^(linux\/)?([a-z]+)(-demo)?(Template)?\.png$/.exec(file);
  if (!match) throw new Error(`unexpected tray icon name ${file}`);
  const [, linux, level, demo, template] = match;
  const layers = trayLayers(level as TrayLevel, demo !== undefined, template !== undefined);
  if (linux) {
    // Indicator panels (KDE, GNOME's AppIndicator extension) draw 22–24 px; a 32 px bitmap scales down cleanly.
    write(`tray/${file}`, 32, layers);
  } else {
    write(`tray/${file}`, 16, layers);
    write(`tray/${file.replace('.png', '@2x.png')}`, 32, layers);
    count += 1;
  }
  count += 1;
}
write('icon.png', 1024, appIconLayers(), 2);
for (const size of [16, 32, 48, 64, 128, 256, 512]) write(`icons/${size}x${size}.png`, size, appIconLayers(), size <= 64 ? 4 : 2);
console.log(`generate-icons: wrote ${count} tray icons and the app icon in 8 sizes to resources/`);
