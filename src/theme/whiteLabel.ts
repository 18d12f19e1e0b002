import {
  DEFAULT_NAVBAR_BACKGROUND_HEX,
  DEFAULT_NAVBAR_TEXT_HEX,
  DEFAULT_PRIMARY_HEX,
} from '@contract/whiteLabel';
import { bestContrast, contrastRatio, darkenToContrast, mix, parseHex } from './colour';
import { vars } from './contract.css';
import { defaultTheme } from './tokens';

/**
 * White-label colours (spec §3, §9): the organization's primary colour and navbar colour become theme
 * values. They are written as CSS custom properties on <html> through the CSSOM
 * (`style.setProperty`), which a strict Content-Security-Policy (`style-src 'self'`) allows, unlike a
 * `style` attribute. This is `setElementVars` of @vanilla-extract/dynamic, with the contract's names.
 */

/** `var(--color-primary__1x2y3z)` → `--color-primary__1x2y3z`. */
export function cssVarName(reference: string): string {
  const match = /^var\((--[^,)\s]+)/.exec(reference);
  if (!match) throw new Error(`Not a CSS variable reference: ${reference}`);
  return match[1]!;
}

/** Contract variable references (`vars.color.primary`) → values. */
export type ThemeValues = Partial<Record<string, string>>;

export function setElementVars(element: HTMLElement, values: ThemeValues): void {
  for (const [reference, value] of Object.entries(values)) {
    if (value !== undefined) element.style.setProperty(cssVarName(reference), value);
  }
}

/** The theme variables white-labelling may override; removing them restores the default theme. */
export const WHITE_LABEL_VARS = [
  vars.color.primary,
  vars.color.primaryHover,
  vars.color.onPrimary,
  vars.color.primaryText,
  vars.color.primarySoft,
  vars.color.focusRing,
  vars.color.navbar,
  vars.color.onNavbar,
  vars.color.onNavbarMuted,
  vars.color.navbarHover,
  vars.color.navbarActive,
  vars.color.navbarBorder,
] as const;

export function clearElementVars(
  element: HTMLElement,
  references: readonly string[] = WHITE_LABEL_VARS,
): void {
  for (const reference of references) element.style.removeProperty(cssVarName(reference));
}

const WHITE = '#ffffff';
const LIGHT_TEXT = '#ffffff';

/** The text colour for a navbar: dark #111111 unless a light text reads better (WCAG contrast). */
export function navbarTextColour(background: string): string {
  return bestContrast(background, [DEFAULT_NAVBAR_TEXT_HEX, LIGHT_TEXT]);
}

/**
 * The theme values for an organization's colours. Colours equal to the defaults are left to the default
 * theme (hand-tuned shades); invalid hex codes are ignored.
 */
export function whiteLabelValues(colours: { primary: string; navbar: string }): ThemeValues {
  const values: ThemeValues = {};
  const primary = colours.primary.toLowerCase();
  if (parseHex(primary) && primary !== DEFAULT_PRIMARY_HEX) {
    const onPrimary = bestContrast(primary, [DEFAULT_NAVBAR_TEXT_HEX, LIGHT_TEXT]);
    values[vars.color.primary] = primary;
    values[vars.color.primaryHover] = mix(primary, '#000000', 0.1);
    values[vars.color.onPrimary] = onPrimary;
    const primarySoft = mix(primary, WHITE, 0.9);
    // Links and selected items sit on white, on hovered rows and on the primary tint: legible on each.
    values[vars.color.primaryText] = darkenToContrast(
      primary,
      [WHITE, defaultTheme.color.surfaceHover, primarySoft],
      4.5,
    );
    values[vars.color.primarySoft] = primarySoft;
    values[vars.color.focusRing] = primary;
    values[vars.color.navbarActive] = mix(primary, WHITE, 0.9);
  }
  const navbar = colours.navbar.toLowerCase();
  if (parseHex(navbar) && navbar !== DEFAULT_NAVBAR_BACKGROUND_HEX) {
    const text = navbarTextColour(navbar);
    const isDark = text === LIGHT_TEXT;
    values[vars.color.navbar] = navbar;
    values[vars.color.onNavbar] = text;
    values[vars.color.onNavbarMuted] = mix(text, navbar, isDark ? 0.25 : 0.35);
    values[vars.color.navbarHover] = mix(navbar, text, 0.1);
    values[vars.color.navbarBorder] = mix(navbar, text, isDark ? 0.18 : 0.12);
    // On a coloured navbar the current page is marked with a shade of the navbar, which keeps the text legible.
    const active = mix(navbar, text, 0.16);
    if (isDark || contrastRatio(active, text) >= 4.5) values[vars.color.navbarActive] = active;
  }
  return values;
}

/** Applies (or, with null, removes) an organization's white-label colours on <html>. */
export function applyWhiteLabelTheme(
  colours: { primary: string; navbar: string } | null,
  element: HTMLElement = document.documentElement,
): void {
  clearElementVars(element);
  if (colours) setElementVars(element, whiteLabelValues(colours));
}
