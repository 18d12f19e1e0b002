import { contrastRatio } from '@src/theme/colour';
import { vars } from '@src/theme/contract.css';
import { defaultTheme } from '@src/theme/tokens';
import { whiteLabelValues } from '@src/theme/whiteLabel';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 2 AA for the theme's tokens (4.5:1 for text): every text colour against every surface the view kit
 * puts it on. The accessibility sweep (e2e/accessibility.spec.ts) checks rendered pages; this checks the
 * palette itself, including pairs no seeded page happens to show.
 */
const { color } = defaultTheme;
type Token = keyof typeof color;

const PAIRS: [text: Token, backgrounds: Token[]][] = [
  ['text', ['background', 'surface', 'surfaceMuted', 'surfaceHover', 'primarySoft']],
  ['textMuted', ['background', 'surface', 'surfaceMuted', 'surfaceHover', 'primarySoft']],
  ['textSubtle', ['background', 'surface', 'surfaceMuted', 'surfaceHover', 'primarySoft']],
  ['primaryText', ['background', 'surface', 'surfaceMuted', 'surfaceHover', 'primarySoft']],
  ['danger', ['surface', 'dangerSoft']],
  ['onPrimary', ['primary', 'primaryHover']],
  ['onNavbar', ['navbar', 'navbarHover', 'navbarActive']],
  ['onNavbarMuted', ['navbar', 'navbarHover', 'navbarActive']],
];

describe('the default theme', () => {
  for (const [text, backgrounds] of PAIRS) {
    for (const background of backgrounds) {
      it(`${text} on ${background} reads at 4.5:1 or more`, () => {
        expect(contrastRatio(color[text], color[background])).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});

describe('white-label colours', () => {
  for (const primary of ['#e94560', '#ffd600', '#2563eb', '#00c2ff', '#7c3aed']) {
    it(`primaryText derived from ${primary} reads at 4.5:1 on white, hovered rows and the primary tint`, () => {
      const values = whiteLabelValues({ primary, navbar: '#ffffff' });
      const primaryText = values[vars.color.primaryText]!;
      for (const background of ['#ffffff', color.surfaceHover, values[vars.color.primarySoft]!]) {
        expect(contrastRatio(primaryText, background)).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});
