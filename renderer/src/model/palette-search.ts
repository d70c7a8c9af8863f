import uFuzzy from '@leeoniya/ufuzzy';
import type { PaletteChoice } from '../../../shared/palette';
import type { PaletteItem } from './palette-items';

/**
 * uFuzzy (docs/desktop.md › The command palette): single-error mode forgives one typo per term
 * (a substitution, a transposition, a left-out or an extra letter), and the terms may come in any
 * order (up to this many are permuted).
 */
const OUT_OF_ORDER_TERMS = 3;
const matcher = new uFuzzy({ intraMode: 1, intraSub: 1, intraTrn: 1, intraDel: 1, intraIns: 1 });

/** The haystack the matcher reads, built once per list of items (not per keystroke). */
export type PaletteIndex = { items: readonly PaletteItem[]; haystack: string[] };

export function paletteIndex(items: readonly PaletteItem[]): PaletteIndex {
  return { items, haystack: items.map((item) => item.haystack) };
}

/**
 * The items the query finds, best first; an item whose id or name is exactly what was typed comes
 * first of all (typing a zone's whole id or name always puts it on top). With nothing typed: the
 * recent choices that still exist, then everything in its own order. Pure.
 */
export function searchPalette(index: PaletteIndex, query: string, recent: readonly PaletteChoice[]): PaletteItem[] {
  const needle = query.trim();
  if (needle === '') {
    const byId = new Map(index.items.map((item) => [item.id, item]));
    const first = recent.map((choice) => byId.get(choice.id)).filter((item): item is PaletteItem => item !== undefined);
    const seen = new Set(first.map((item) => item.id));
    return [...first, ...index.items.filter((item) => !seen.has(item.id))];
  }
  const [idxs, info, order] = matcher.search(index.haystack, needle, OUT_OF_ORDER_TERMS);
  if (!idxs) return [];
  // Past the matcher's ranking threshold (1,000 matches) it leaves them in list order.
  const ranked = info && order ? order.map((i) => info.idx[i]!) : idxs;
  const results = ranked.map((i) => index.items[i]!);
  const exact = needle.toLowerCase();
  const isExact = (item: PaletteItem) => item.zone !== null && (item.zone.zoneId.toLowerCase() === exact || item.zone.name.toLowerCase() === exact);
  return [...results.filter(isExact), ...results.filter((item) => !isExact(item))];
}
