import { csvCell, csvOf } from '@server/exchange/csv';
import { describe, expect, it } from 'vitest';

describe('CSV cells (RFC 4180, formula-safe)', () => {
  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(
      csvOf([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe('a,1\r\nb,2\r\n');
  });

  it('turns what a spreadsheet would run as a formula into text', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    // Numbers we write ourselves are numbers, even negative ones.
    expect(csvCell(-5)).toBe('-5');
  });
});
