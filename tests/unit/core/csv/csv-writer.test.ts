import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvRow } from '../../../../electron/core/csv/csv-writer';
import { HOSTILE_CELLS, formulasIn, parseCsv } from './spreadsheet-reading';

describe('csvCell', () => {
  it('neutralises a formula at the start with a leading apostrophe and quotes', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
  });

  it('compares after NFKC: fullwidth and small forms of = + - @ are formulas too', () => {
    for (const value of ['＝1+1', '＋1', '－1', '＠x', '﹦1', '﹢1']) expect(csvCell(value)).toBe(`"'${value}"`);
  });

  it('looks past leading spaces, and neutralises a cell that starts with a tab or line break', () => {
    expect(csvCell(' =1+1')).toBe(`"' =1+1"`);
    expect(csvCell('\u3000=1')).toBe(`"'\u3000=1"`);
    expect(csvCell('\tplain')).toBe(`"'\tplain"`);
    expect(csvCell('\nplain')).toBe(`"'\nplain"`);
    expect(csvCell('\rplain')).toBe(`"'\rplain"`);
  });

  it('neutralises a formula after a separator or line break inside the cell', () => {
    expect(csvCell("Pro plan;=cmd|' /C calc'!A0")).toBe(`"Pro plan;'=cmd|' /C calc'!A0"`);
    expect(csvCell('Usage\t=1+1')).toBe(`"Usage\t'=1+1"`);
    expect(csvCell('two\n+lines')).toBe(`"two\n'+lines"`);
  });

  it('keeps plain numbers, negative amounts included, as numbers', () => {
    for (const value of ['-12.35', '0', '12', '0.5', '-7']) expect(csvCell(value)).toBe(value);
  });

  it('quotes a cell holding , ; tab, a quote or a line break, and leaves plain text alone', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('Pro plan · visa •••• 0042')).toBe('Pro plan · visa •••• 0042');
    expect(csvCell('accounts@example.com')).toBe('accounts@example.com');
    expect(csvCell('')).toBe('');
  });
});

describe('csvRow and csvDocument', () => {
  it('keep negative amounts as numbers after the first cell, and write a negative first cell as text', () => {
    expect(csvRow(['Refund', '-12.35', '0.50'])).toBe('Refund,-12.35,0.50');
    expect(csvRow(['-12.35', 'Refund'])).toBe(`"'-12.35",Refund`);
    expect(csvRow(['-12.35'])).toBe('-12.35');
  });

  it('end every line with CRLF', () => {
    expect(csvDocument([['a', 'b'], ['c', 'd']])).toBe('a,b\r\nc,d\r\n');
    expect(csvDocument([])).toBe('');
  });

  it.each(HOSTILE_CELLS.map((value) => [value]))('leaves no formula for a spreadsheet splitting on , ; or tab, wherever %j stands in a row', (value) => {
    const csv = csvDocument([[value, 'after'], ['before', value, 'after'], ['before', value], [value]]);
    expect(formulasIn(csv)).toEqual([]);
  });

  it('reads back, split on its own separator, as the cells written, with only apostrophes added', () => {
    const rows = [HOSTILE_CELLS, ['plain', '-12.35', 'say "hi"', 'two\r\nlines', '']];
    const read = parseCsv(csvDocument(rows), ',');
    expect(read.map((cells) => cells.length)).toEqual(rows.map((cells) => cells.length));
    expect(read.map((cells) => cells.map((cell) => cell.replace(/'/g, '')))).toEqual(rows.map((cells) => cells.map((cell) => cell.replace(/'/g, ''))));
    expect(read[1]).toEqual(rows[1]);
  });
});

describe('any text in any row', () => {
  /** Text built mostly from what breaks CSV: separators, quotes, line breaks, formula characters in every form, spaces. */
  const risky = fc.string({
    unit: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(',', ';', '\t', '\r', '\n', '"', "'", '=', '+', '-', '@', ' ', '\u3000', '\u00a0', '\u200b', '＝', '＋', '－', '＠', '﹦', '１', '.', '|', '!') },
      { weight: 3, arbitrary: fc.constantFrom('a', 'B', '0', '7', 'é') },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }) },
    ),
    maxLength: 12,
  });
  const rows = fc.array(fc.array(fc.oneof({ weight: 4, arbitrary: risky }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_CELLS) }), { minLength: 1, maxLength: 5 }), {
    minLength: 1,
    maxLength: 4,
  });

  it('never becomes a formula in a spreadsheet splitting on , ; or tab', () => {
    fc.assert(
      fc.property(rows, (cells) => {
        expect(formulasIn(csvDocument(cells))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back, split on ",", as the cells written with only apostrophes added', () => {
    fc.assert(
      fc.property(rows, (cells) => {
        const read = parseCsv(csvDocument(cells), ',');
        expect(read.map((r) => r.map((cell) => cell.replace(/'/g, '')))).toEqual(cells.map((r) => r.map((cell) => cell.replace(/'/g, ''))));
      }),
      { numRuns: 1000 },
    );
  });
});
