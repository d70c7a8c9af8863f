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
 * matched (uFuzzy's `filter` over earlier idxs, meant for typeahead) where that is sure to find the
 * same as a scan of every item (`narrowsSafely`), so most keystrokes do not scan every zone again.
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

/**
 * The typo uFuzzy forgives in one run of letters or of digits of a term (a term splits where letters
 * meet digits; the rule is uFuzzy's for single-error mode, docs/desktop.md › The command palette):
 * digits and one or two letters must be exact, three letters may have two neighbours swapped, four
 * a swap or one extra letter, five or more any one error.
 */
function typoRule(run: string): 'exact' | 'swap' | 'swapOrExtra' | 'anyOne' {
  if (/^\d/.test(run) || run.length <= 2) return 'exact';
  if (run.length === 3) return 'swap';
  return run.length === 4 ? 'swapOrExtra' : 'anyOne';
}

const PLAIN_TERM = /^[a-z\d]+$/;
const LAST_RUN = /(?:\d+|[a-z]+)$/;
const FIRST_RUN = /^(?:\d+|[a-z]+)/;

/**
 * Whether every item `term` matches is among those its prefix `shorter` matched, so that filtering
 * those finds what a scan of every item would. It is when the longer term only adds runs after the
 * shorter one's last (its pattern then starts with the shorter one's), or when that last run grows
 * under the same typo rule: a match of "scarper" (a swap, any one error allowed) holds a match of
 * "scarp" under the same rule, but "scar" (a swap or an extra letter only) may match nothing where
 * "scarper" matches "scraper" — narrowing there is how a typo typed key by key used to find nothing.
 * Terms with anything else (an apostrophe, a quoted phrase) are not narrowed.
 */
function narrowsSafely(shorter: string, term: string): boolean {
  if (!PLAIN_TERM.test(term)) return false;
  const last = LAST_RUN.exec(shorter)![0];
  const grown = FIRST_RUN.exec(term.slice(shorter.length - last.length))![0];
  return grown.length === last.length || typoRule(grown) === typoRule(last);
}

/** The items one term matches, anywhere in their text (haystack idxs, in list order). */
function termMatches(index: PaletteIndex, term: string): number[] {
  const known = index.terms.get(term);
  if (known) return known;
  let narrower: number[] | undefined;
  for (let k = term.length - 1; k > 0 && narrower === undefined; k--) {
    const shorter = term.slice(0, k);
    const found = index.terms.get(shorter);
    if (found && narrowsSafely(shorter, term)) narrower = found;
  }
  const found = matcher.filter(index.haystack, term, narrower) ?? [];
  index.terms.set(term, found);
  return found;
}

/** The items every term matches, whatever the order they were typed in; then those in the typed order ranked first. */
function match(index: PaletteIndex, needle: string): PaletteItem[] {
  const typed = matcher.split(needle);
  const terms = [...new Set(typed)];
  if (terms.length === 0) return [];
  const sets = terms.map((term) => termMatches(index, term)).sort((a, b) => a.length - b.length);
  let found = sets[0]!;
  for (const set of sets.slice(1)) {
    if (found.length === 0) break;
    const has = new Set(set);
    found = found.filter((i) => has.has(i));
  }
  if (found.length === 0) return [];
  // Ranked are only the items the whole needle matches: a word typed twice ("e e") asks for it twice.
  const inOrder = typed.length > 1 ? (matcher.filter(index.haystack, needle, found) ?? []) : found;
  let ranked: number[] = inOrder;
  if (inOrder.length > 0 && inOrder.length <= RANK_MAX) {
    const info = matcher.info(inOrder, index.haystack, needle);
    const order = matcher.sort(info, index.haystack, needle);
    // An item whose text starts with what was typed (typos forgiven) comes first: a haystack starts
    // with the zone's name or the item's title, so "kes" puts "Kestrel beacon" before a zone whose id
    // holds "KES", and "tma" puts "Tamarind relay" before an exact "tma" inside another zone's id.
    ranked = [...order.filter((i) => info.start[i] === 0), ...order.filter((i) => info.start[i] !== 0)].map((i) => info.idx[i]!);
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
