// Typing a query one key at a time finds what pasting it finds (docs/desktop.md › The command palette,
// Speed): the search keeps each term's matches and narrows a longer term from a shorter
// one's, which must never lose an item a scan of every item would find.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paletteItems } from '../../../../renderer/src/model/palette-items';
import { paletteIndex, searchPalette } from '../../../../renderer/src/model/palette-search';
import { RUNNING_APP } from '../../../../shared/app-state';
import { paletteListOf } from '../../../fixtures/palette';
import { readout } from '../accounts';
import { zone } from '../samples';

const clientA = readout('p1', { label: 'Client A' });
const clientB = readout('p2', { label: 'Client B', color: 'orange' });

function itemsOf(namesA: readonly string[], namesB: readonly string[]) {
  const zones = (prefix: string, names: readonly string[]) => names.map((name, i) => zone(`${prefix}${i}`, { name }));
  const list = paletteListOf([
    { readout: clientA, zones: zones('AZ', namesA) },
    { readout: clientB, zones: zones('BZ', namesB) },
  ]);
  return paletteItems(list, [clientA, clientB], RUNNING_APP);
}

/** What pasting the query shows: a fresh index, nothing typed before. */
const pasted = (items: ReturnType<typeof itemsOf>, query: string) => searchPalette(paletteIndex(items), query, []).map((item) => item.id);

/** The field's value after each key: a character typed, or Backspace. */
function fieldValues(keys: readonly string[]): string[] {
  const values: string[] = [];
  let value = '';
  for (const key of keys) {
    value = key === 'Backspace' ? value.slice(0, -1) : value + key;
    values.push(value);
  }
  return values;
}

// Few letters, so that names and queries share runs often; digits, since a term splits where letters meet digits.
const letter = fc.constantFrom(...'abcdenrs');
const word = fc.string({ unit: fc.oneof({ weight: 6, arbitrary: letter }, { weight: 1, arbitrary: fc.constantFrom('1', '2') }), minLength: 1, maxLength: 9 });
const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
const names = fc.array(name, { minLength: 1, maxLength: 25 });

/** A query as people make them: part of a name with one typo (a swap, a letter left out, added or wrong), or anything. */
const typo = fc.tuple(fc.nat(), fc.constantFrom('swap', 'drop', 'add', 'wrong'), letter).map(([at, kind, extra]) => (text: string) => {
  if (text.length < 2) return text;
  const i = at % (text.length - 1);
  if (kind === 'swap') return text.slice(0, i) + text[i + 1]! + text[i]! + text.slice(i + 2);
  if (kind === 'drop') return text.slice(0, i) + text.slice(i + 1);
  if (kind === 'add') return text.slice(0, i) + extra + text.slice(i);
  return text.slice(0, i) + extra + text.slice(i + 1);
});
const query = (all: readonly string[]) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...all), fc.nat(), fc.nat(), typo).map(([text, from, length, change]) => {
      const start = from % text.length;
      return change(text.slice(start, start + 1 + (length % (text.length - start))));
    }),
    fc.string({ unit: fc.oneof(letter, fc.constantFrom(' ', '1')), minLength: 1, maxLength: 10 }),
  );

describe('typing in the command palette, key by key', () => {
  it('shows after every key what pasting the field’s value shows, Backspaces included', () => {
    fc.assert(
      fc.property(
        names.chain((a) =>
          fc.tuple(
            fc.constant(a),
            names,
            fc.array(query(a), { minLength: 1, maxLength: 3 }),
            fc.array(fc.nat({ max: 3 }), { maxLength: 3 }),
          ),
        ),
        ([namesA, namesB, queries, backspaces]) => {
          const items = itemsOf(namesA, namesB);
          const index = paletteIndex(items);
          // One session of the palette: each query typed, then some of it taken back, then the next.
          const keys = queries.flatMap((q, i) => [...q, ...Array<string>(backspaces[i] ?? 0).fill('Backspace')]);
          for (const value of fieldValues(keys)) {
            const typed = searchPalette(index, value, []).map((item) => item.id);
            expect(typed, `“${value}”`).toEqual(pasted(items, value));
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 60_000);

  it('finds a zone through a swap typed key by key, as it does pasted (the examples of docs/desktop.md)', () => {
    const items = itemsOf(['juniper crawler', 'catalog feeds', 'review scraper'], ['vireo audit', 'tamarind pool', 'price monitor']);
    for (const [typed, zoneName] of [
      ['juinper', 'juniper crawler'],
      ['viero', 'vireo audit'],
      ['taamrind', 'tamarind pool'],
      ['scarper', 'review scraper'],
    ] as const) {
      const index = paletteIndex(items);
      let shown = searchPalette(index, '', []);
      for (const value of fieldValues([...typed])) shown = searchPalette(index, value, []);
      expect(shown[0]?.title, `“${typed}” typed key by key`).toBe(zoneName);
    }
  });
});
