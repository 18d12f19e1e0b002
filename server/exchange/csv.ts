/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled, lines end in CRLF.
 * A cell a spreadsheet would run as a formula (= + - @, and tab or CR that some read as one) gets a
 * leading single quote, so a campaign named "=HYPERLINK(...)" stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvOf = (rows: readonly (readonly (string | number)[])[]) =>
  `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
