import { createThemeContract } from '@vanilla-extract/css';

/**
 * The design tokens every style reads. The default theme fills them in on :root; a white-label organisation
 * overrides the brand colours (primary, navbar) later, on the shell element.
 */
export const vars = createThemeContract({
  color: {
    /** Brand colour: buttons, focus rings, the active nav link. */
    primary: null,
    primaryHover: null,
    /** Text/icons drawn on the primary colour. */
    onPrimary: null,
    /** The primary colour dark enough for text and links on white. */
    primaryText: null,
    /** Tint of the primary colour for subtle backgrounds. */
    primarySoft: null,
    navbar: null,
    onNavbar: null,
    onNavbarMuted: null,
    /** Hover background of navbar links and buttons (a shade of the navbar colour). */
    navbarHover: null,
    /** The current page's nav link background. */
    navbarActive: null,
    navbarBorder: null,
    background: null,
    surface: null,
    surfaceMuted: null,
    surfaceHover: null,
    border: null,
    borderStrong: null,
    text: null,
    textMuted: null,
    textSubtle: null,
    focusRing: null,
    danger: null,
    dangerSoft: null,
    dangerBorder: null,
    overlay: null,
  },
  space: {
    '0': null,
    '1': null,
    '2': null,
    '3': null,
    '4': null,
    '5': null,
    '6': null,
    '8': null,
    '10': null,
    '12': null,
  },
  radius: { sm: null, md: null, lg: null, full: null },
  font: { body: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  fontWeight: { regular: null, medium: null, semibold: null, bold: null },
  lineHeight: { tight: null, normal: null },
  shadow: { sm: null, md: null, lg: null },
  layout: {
    navbarHeight: null,
    /** The whole sticky app header (navbar + section tabs): sticky table headers sit below it. */
    headerHeight: null,
    contentMaxWidth: null,
  },
});
