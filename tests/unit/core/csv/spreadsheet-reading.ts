// How a spreadsheet reads a CSV file, written for the tests independently of the app's writer,
// and the cells it would run as formulas (docs/architecture.md › Threat model › A spreadsheet).

/**
 * A CSV reader as spreadsheets read: fields split on `separator`; a field that starts with `"` is
 * quoted (separators and line breaks inside it are text, `""` is a quote), and what follows its
 * closing quote up to the next separator is kept as text; any other field is taken as written up to
 * the next separator or line break (CRLF, LF or CR). It knows nothing of how the writer works.
 */
export function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  /** Whether the current field has begun (it may have begun and still be empty: `""`). */
  let begun = false;
  let i = 0;
  const endField = () => {
    row.push(field);
    field = '';
    begun = false;
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    if (!begun && text[i] === '"') {
      begun = true;
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i++];
      }
      // Lenient, as spreadsheets are: text after the closing quote joins the field.
      while (i < text.length && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n') field += text[i++];
      continue;
    }
    const c = text[i]!;
    if (c === separator) {
      endField();
      i++;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      begun = true;
      i++;
    }
  }
  if (begun || row.length > 0) endRow();
  return rows;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** What a spreadsheet runs as a formula: a cell whose first character is a tab or line break, or whose first non-space one is `= + - @` (after NFKC), unless it is a number. */
export function wouldRunAsFormula(cell: string): boolean {
  const text = cell.normalize('NFKC');
  if (/^[\t\r\n]/.test(text)) return true;
  const trimmed = text.replace(/^\s+/, '');
  return /^[=+\-@]/.test(trimmed) && !PLAIN_NUMBER.test(trimmed);
}

const SEPARATORS = [',', ';', '\t'];

/** Every cell a spreadsheet splitting on each separator would read from `csv` and run as a formula. */
export function formulasIn(csv: string): string[] {
  return SEPARATORS.flatMap((separator) => parseCsv(csv, separator).flat().filter(wouldRunAsFormula).map((cell) => `${JSON.stringify(separator)}: ${JSON.stringify(cell)}`));
}

/** Hostile cells: the issue's own, fullwidth forms, leading whitespace and line breaks, quotes before the formula. */
export const HOSTILE_CELLS = [
  "Pro plan;=cmd|' /C calc'!A0",
  'Usage\t=1+1',
  '=1+1',
  '+1+1',
  '-2+3',
  '@SUM(A1)',
  '=HYPERLINK("http://x")',
  '\t=1',
  '\r=1',
  '\n=1+1',
  ' =1+1',
  '   @SUM(A1)',
  '\u00a0=1',
  '\u3000=1',
  '\u200b=1',
  '＝1+1',
  '＋1',
  '－1',
  '＠SUM(A1)',
  '﹦1',
  '"=1+1',
  ' "=1',
  'a,=1',
  'a, =1',
  'a,"=1',
  'a;"=1',
  'a;""=1',
  'x\n=1',
  'x\r\n+1',
  'x\r@y',
  'Note;',
  'Note,',
  'Note\t',
  '=',
  '-',
  '-12.35',
];
