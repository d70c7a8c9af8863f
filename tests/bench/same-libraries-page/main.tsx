// The renderer bench's yardstick (tests/bench/renderer-size.ts): one page that really uses each
// library the window ships — React 19, zustand, zod, uPlot and react-virtual — and nothing else,
// built in one chunk. The window's first load is measured against it.
import { useVirtualizer } from '@tanstack/react-virtual';
import { StrictMode, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { z } from 'zod';
import { create } from 'zustand';

const Zone = z.object({
  id: z.string().min(1),
  name: z.string(),
  enabled: z.boolean(),
  spendCents: z.number().int().nonnegative(),
  network: z.enum(['residential', 'datacenter', 'mobile']),
  updatedAt: z.iso.datetime(),
});
type Zone = z.infer<typeof Zone>;

type ZoneState = { zones: Zone[]; error: string | null; load(raw: unknown): void };
const useZones = create<ZoneState>()((set) => ({
  zones: [],
  error: null,
  load(raw) {
    const parsed = z.array(Zone).safeParse(raw);
    set(parsed.success ? { zones: parsed.data, error: null } : { error: z.prettifyError(parsed.error) });
  },
}));

function SpendChart({ zones }: { zones: Zone[] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const data: uPlot.AlignedData = [zones.map((_, i) => i), zones.map((zone) => zone.spendCents)];
    const plot = new uPlot({ width: 360, height: 160, series: [{}, { label: 'Spend', stroke: '#2563eb' }] }, data, host.current);
    return () => plot.destroy();
  }, [zones]);
  return <div ref={host} />;
}

function ZoneList({ zones }: { zones: Zone[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({ count: zones.length, getScrollElement: () => scroller.current, estimateSize: () => 32 });
  return (
    <div ref={scroller} style={{ height: 320, overflow: 'auto' }}>
      <ul style={{ height: rows.getTotalSize(), position: 'relative', margin: 0 }}>
        {rows.getVirtualItems().map((row) => (
          <li key={row.key} style={{ position: 'absolute', top: row.start, height: row.size }}>
            {zones[row.index]!.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Page() {
  const { zones, error, load } = useZones();
  useEffect(() => {
    load(
      Array.from({ length: 1_000 }, (_, i) => ({
        id: `Z${i}`,
        name: `Zone ${i}`,
        enabled: i % 3 !== 0,
        spendCents: i * 7,
        network: 'residential',
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      })),
    );
  }, [load]);
  if (error) return <p>{error}</p>;
  return (
    <main>
      <SpendChart zones={zones} />
      <ZoneList zones={zones} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
