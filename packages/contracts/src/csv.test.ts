import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('CSV files', () => {
  it('quotes cells holding a comma, a double quote or a line break, doubling the quotes inside', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('writes text a spreadsheet would run as a formula after an apostrophe, and numbers as numbers', () => {
    for (const formula of ['=1+1', '+33', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("http://x"),"y"')).toBe('"\'=HYPERLINK(""http://x""),""y"""');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(0)).toBe('0');
  });

  it('ends every line, the header included, with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [2, null],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n2,\r\n');
  });
});
