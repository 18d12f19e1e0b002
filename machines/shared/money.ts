/** "1250.5" → 125050 (cents); null when the text is not an amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const cleaned = text.trim().replace(/[\s,]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 125050 → "1250.50" (an amount field's value). */
export function formatAmountInput(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
