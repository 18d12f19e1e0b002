/** Small colour helpers for white-labelling: #rrggbb parsing, mixing and WCAG 2 contrast. */

export type Rgb = readonly [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `amount` of `other` mixed into `base` (0 = base, 1 = other). */
export function mix(base: string, other: string, amount: number): string {
  const a = parseHex(base);
  const b = parseHex(other);
  if (!a || !b) return base;
  return toHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as unknown as Rgb);
}

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Whichever of the candidates reads best on `background` (the first one wins a tie). */
export function bestContrast(background: string, candidates: readonly string[]): string {
  let best = candidates[0]!;
  for (const candidate of candidates.slice(1)) {
    if (contrastRatio(background, candidate) > contrastRatio(background, best)) best = candidate;
  }
  return best;
}

/** `hex` darkened (mixed with black) just enough to reach `ratio` against `background` (each of them). */
export function darkenToContrast(hex: string, background: string | readonly string[], ratio: number): string {
  const backgrounds = typeof background === 'string' ? [background] : background;
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(hex, '#000000', step / 20);
    if (backgrounds.every((b) => contrastRatio(candidate, b) >= ratio)) return candidate;
  }
  return '#000000';
}
