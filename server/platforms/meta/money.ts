/**
 * Meta's money units. Budgets, bids and caps are integers in the account currency's "offset" units: ×100 for
 * most currencies, ×1 for the ones Meta treats as having no minor unit (Marketing API "Currency Codes"
 * table). Insights `spend` is a decimal string in major units. Ours are ISO 4217 minor units
 * (contract/planning formatMinor), which differ from Meta's offset for HUF, ISK, TWD, COP, CRC, BHD, JOD, ….
 */
export const META_OFFSET_ONE: ReadonlySet<string> = new Set([
  'CLP',
  'COP',
  'CRC',
  'HUF',
  'ISK',
  'IDR',
  'JPY',
  'KRW',
  'PYG',
  'TWD',
  'VND',
]);

export const metaOffset = (currency: string) => (META_OFFSET_ONE.has(currency.toUpperCase()) ? 1 : 100);

/** ISO 4217 digits after the decimal point (USD 2, JPY 0, BHD 3). */
export function isoDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** Our minor units → Meta's offset units (whole numbers; rounded where Meta's unit is coarser than ISO's). */
export function toMetaAmount(minor: number, currency: string): number {
  return Math.round((minor * metaOffset(currency)) / 10 ** isoDigits(currency));
}

/** Insights' decimal major-unit string (`"12.34"`) → our minor units. */
export function spendToMinor(spend: string | number | undefined, currency: string): number {
  if (spend === undefined || spend === '') return 0;
  return Math.round(Number(spend) * 10 ** isoDigits(currency));
}
