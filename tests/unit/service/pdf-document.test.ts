import { describe, expect, it } from 'vitest';
import { simplePdf } from '../../../electron/service/pdf-document';

describe('simplePdf', () => {
  it('writes a cross-reference table whose offsets point at their objects', () => {
    const pdf = simplePdf('Invoice (November) 2026', ['Total: $12.35', 'Café']).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xrefAt).startsWith('xref')).toBe(true);
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
  });

  it('escapes parentheses and keeps text ASCII', () => {
    const pdf = simplePdf('Invoice (November) 2026', ['Café']).toString('latin1');
    expect(pdf).toContain('(Invoice \\(November\\) 2026) Tj');
    expect(pdf).toContain('(Cafe) Tj');
  });
});
