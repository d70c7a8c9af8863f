import uFuzzy from '@leeoniya/ufuzzy';
import type { PaletteChoice } from '../../../shared/palette';
import type { PaletteItem } from './palette-items';

/**
 * uFuzzy (docs/desktop.md › The command palette): single-error mode forgives one typo per term
 * (a substitution, a transposition, a left-out or an extra letter).
 */
const matcher = new uFuzzy({ intraMode: 1, intraSub: 1, intraTrn: 1, intraDel: 1, intraIns: 1 });
/** Up to this many matches are ranked by uFuzzy; past it they keep the list's order (ranking thousands costs frames). */
const RANK_MAX = 200;
/** Results kept per query typed, so a Backspace shows the list it had at once. */
const REMEMBERED_QUERIES = 64;

/**
 * The haystack the matcher reads, built once per list of items (not per keystroke), with what each
 * term and each query found: typing one more letter of a term filters only what its shorter form
 * matched (uFuzzy's `filter` over earlier idxs, meant for typeahead), so a keystroke does not scan
 * every zone again.
 */
export type PaletteIndex = {
  items: readonly PaletteItem[];
  haystack: string[];
  terms: Map<string, number[]>;
  queries: Map<string, PaletteItem[]>;
};

export function paletteIndex(items: readonly PaletteItem[]): PaletteIndex {
  return { items, haystack: items.map((item) => item.haystack), terms: new Map(), queries: new Map() };
}

/** The items one term matches, anywhere in their text (haystack idxs, in list order). */
function termMatches(index: PaletteIndex, term: string): number[] {
  const known = index.terms.get(term);
  if (known) return known;
  let narrower: number[] | undefined;
  for (let k = term.length - 1; k > 0 && narrower === undefined; k--) narrower = index.terms.get(term.slice(0, k));
  const found = matcher.filter(index.haystack, term, narrower) ?? [];
  index.terms.set(term, found);
  return found;
}

/** The items every term matches, whatever the order they were typed in; then those in the typed order ranked first. */
function match(index: PaletteIndex, needle: string): PaletteItem[] {
  const terms = [...new Set(matcher.split(needle))];
  if (terms.length === 0) return [];
  const sets = terms.map((term) => termMatches(index, term)).sort((a, b) => a.length - b.length);
  let found = sets[0]!;
  for (const set of sets.slice(1)) {
    if (found.length === 0) break;
    const has = new Set(set);
    found = found.filter((i) => has.has(i));
  }
  if (found.length === 0) return [];
  const inOrder = terms.length > 1 ? (matcher.filter(index.haystack, needle, found) ?? []) : found;
  let ranked: number[] = inOrder;
  if (inOrder.length > 0 && inOrder.length <= RANK_MAX) {
    const info = matcher.info(inOrder, index.haystack, needle);
    ranked = matcher.sort(info, index.haystack, needle).map((i) => info.idx[i]!);
  }
  const first = new Set(ranked);
  return [...ranked, ...found.filter((i) => !first.has(i))].map((i) => index.items[i]!);
}

/**
 * The items the query finds, best first; an item whose id or name is exactly what was typed comes
 * first of all (typing a zone's whole id or name always puts it on top). With nothing typed: the
 * recent choices that still exist, then everything in its own order. Pure but for the index's memo.
 */
export function searchPalette(index: PaletteIndex, query: string, recent: readonly PaletteChoice[]): PaletteItem[] {
  const needle = query.trim();
  if (needle === '') {
    const byId = new Map(index.items.map((item) => [item.id, item]));
    const first = recent.map((choice) => byId.get(choice.id)).filter((item): item is PaletteItem => item !== undefined);
    const seen = new Set(first.map((item) => item.id));
    return [...first, ...index.items.filter((item) => !seen.has(item.id))];
  }
  const known = index.queries.get(needle);
  if (known) return known;
  const results = match(index, needle);
  const exact = needle.toLowerCase();
  const isExact = (item: PaletteItem) => item.zone !== null && (item.zone.zoneId.toLowerCase() === exact || item.zone.name.toLowerCase() === exact);
  const ordered = results.some(isExact) ? [...results.filter(isExact), ...results.filter((item) => !isExact(item))] : results;
  if (index.queries.size >= REMEMBERED_QUERIES) index.queries.delete(index.queries.keys().next().value!);
  index.queries.set(needle, ordered);
  return ordered;
}
