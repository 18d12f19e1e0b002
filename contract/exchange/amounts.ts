/**
 * The standard writes money as decimal numbers in the currency; we keep integer minor units. The
 * currency's own minor digits come from Intl (2 for EUR, USD, GBP; 0 for JPY).
 */
export const minorDigitsOf = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

export const toMajor = (minor: number, currency: string) => minor / 10 ** minorDigitsOf(currency);

/** Minor units of a decimal amount, or null when it has more decimals than the currency has. */
export function toMinor(major: number, currency: string): number | null {
  const scaled = major * 10 ** minorDigitsOf(currency);
  const rounded = Math.round(scaled);
  // Binary floats: 19.99 * 100 is 1998.9999999999998, which is still a whole number of cents.
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : null;
}

/** A decimal string with the currency's digits, as a spreadsheet reads it: 1234.50 */
export const formatMajor = (minor: number, currency: string) =>
  toMajor(minor, currency).toFixed(minorDigitsOf(currency));

/** 27000000, 'USD' → "$270,000" (whole amounts without cents), 27000050 → "$270,000.50": the report's words. */
export function formatAmount(minor: number, currency: string): string {
  const digits = minorDigitsOf(currency);
  const whole = minor % 10 ** digits === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(minor / 10 ** digits);
}

/** A document's decimal amount in its own currency ("€160,000"), or "160000 EURO" when the code is not one. */
export function formatDocumentAmount(amount: number, currency: string | null): string {
  if (!currency) return String(amount);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(Number.isInteger(amount) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}
