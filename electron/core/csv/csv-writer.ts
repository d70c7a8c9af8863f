// The one CSV writer every export uses (docs/architecture.md › Threat model › A spreadsheet).
// Text from the API ends up in a file a spreadsheet opens, where a cell that starts with `=`, `+`,
// `-` or `@` runs as a formula. The file uses `,`, but a spreadsheet may split it on `;` or tabs
// (many locales do), so a cell can start after any of those inside our text too, or after a line
// break once quotes no longer line up; each such place is neutralised, following OWASP's
// CSV-injection guidance: the cell gets a leading `'` and double quotes.

/** Characters after which a spreadsheet may start a new cell or line. */
const CELL_BOUNDARY = /[,;\t\r\n]/;
/** A cell holding one of these is quoted (RFC 4180, plus `;` and tab for the other separators). */
const NEEDS_QUOTES = /[,;\t"\r\n]/;
/** What may stand before a formula character and still leave it first: spaces, quotes, invisible marks. */
const LEADING_FILLER = /^[\s"\u200b-\u200d\u2060]*/;
const FORMULA_CHARACTER = /^[=+\-@]/;
const LINE_BREAK_OR_TAB_FIRST = /^[\t\r\n]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Whether a spreadsheet would read `text`, as the start of a cell, as a formula; compared after NFKC (fullwidth `＝` is `=`). */
function startsFormula(text: string): boolean {
  return FORMULA_CHARACTER.test(text.normalize('NFKC').replace(LEADING_FILLER, ''));
}

/** Whether the text after a separator or line break inside a cell would start a cell that runs. */
function riskyAfterBoundary(rest: string): boolean {
  // A spreadsheet splitting there may take the quotes that follow (ours, or doubled ones of the
  // text) as opening a quoted cell, which then starts with whatever comes after them: a tab, or
  // the line break that ends our row.
  const afterQuotes = rest.replace(/^"+/, '');
  return afterQuotes === '' || LINE_BREAK_OR_TAB_FIRST.test(afterQuotes) || startsFormula(rest);
}

/**
 * `value` with a `'` before every place a cell could start with a formula: its own start (also
 * when it starts with a tab or line break), unless it is a plain number and `numberMayLead`; and
 * the text after every `,` `;` tab or line break (CRLF counts as one) inside it.
 */
function neutralised(value: string, numberMayLead: boolean): { text: string; changed: boolean } {
  const startRisky =
    value !== '' && (LINE_BREAK_OR_TAB_FIRST.test(value) || (startsFormula(value) && !(numberMayLead && PLAIN_NUMBER.test(value))));
  let text = startRisky ? "'" : '';
  let changed = startRisky;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    text += c;
    const boundary = CELL_BOUNDARY.test(c) && !(c === '\r' && value[i + 1] === '\n');
    if (boundary && riskyAfterBoundary(value.slice(i + 1))) {
      text += "'";
      changed = true;
    }
  }
  return { text, changed };
}

function write(value: string, numberMayLead: boolean): string {
  const { text, changed } = neutralised(value, numberMayLead);
  const quote = changed || NEEDS_QUOTES.test(value) || NEEDS_QUOTES.test(value.normalize('NFKC'));
  return quote ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One CSV cell. A plain number (`-12.35`) stays a number; text that a spreadsheet could read as a
 * formula, at its start or after a separator or line break inside it, gets a `'` there and quotes;
 * text holding `,` `;` a tab, a quote or a line break is quoted.
 */
export function csvCell(value: string): string {
  return write(value, true);
}

/**
 * One CSV line, cells joined with `,`. A negative number first in a row of several cells is written
 * as text: a spreadsheet that splits on `;` or tabs reads it together with the cells after it, and
 * `-12,…` would start a formula.
 */
export function csvRow(cells: readonly string[]): string {
  return cells.map((cell, i) => write(cell, i > 0 || cells.length === 1)).join(',');
}

/** A whole CSV file: one line per row, CRLF line ends (RFC 4180, and what spreadsheets expect), a final CRLF. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return rows.map((cells) => `${csvRow(cells)}\r\n`).join('');
}
