import { vars } from '@src/theme/contract.css';
import { createTheme, createThemeContract, keyframes, style } from '@vanilla-extract/css';

/**
 * The provider configuration's appearance variables (spec section 3: colours, spacing unit, border radius).
 * They default to the app theme (so a white-label primary colour applies); a provider configuration
 * overrides them on the dialog element through CSSOM, which a strict CSP allows.
 */
export const appearance = createThemeContract({
  color: {
    primary: null,
    onPrimary: null,
    text: null,
    textMuted: null,
    background: null,
    border: null,
    danger: null,
  },
  spacingUnit: null,
  borderRadius: null,
});

export const appearanceDefaults = createTheme(appearance, {
  color: {
    primary: vars.color.primary,
    onPrimary: vars.color.onPrimary,
    text: vars.color.text,
    textMuted: vars.color.textMuted,
    background: vars.color.surface,
    border: vars.color.borderStrong,
    danger: vars.color.danger,
  },
  spacingUnit: '4px',
  borderRadius: '12px',
});

const space = (n: number) => `calc(${appearance.spacingUnit} * ${n})`;

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1 },
});
/** Spec section 9: the drawer animates in 0.5 s. */
const slideUp = keyframes({ from: { transform: 'translateY(100%)' }, to: { transform: 'translateY(0)' } });
const shakeFrames = keyframes({
  '0%, 100%': { transform: 'translateX(0)' },
  '20%, 60%': { transform: 'translateX(-6px)' },
  '40%, 80%': { transform: 'translateX(6px)' },
});
const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const slideDown = keyframes({ from: { transform: 'translateY(0)' }, to: { transform: 'translateY(100%)' } });
/** Ark keeps a closing part mounted until its exit animation ends: each part has one. */
const closing = '&[data-state="closed"]';

const reducedMotion = '(prefers-reduced-motion: reduce)';

/**
 * A part's entry and exit animations, both dropped for reduced motion. The exit's selector is more specific
 * than the part's class, so a plain `animation: none` under the media query would still leave the exit on
 * (and Ark would keep the closed part mounted until that animation's end).
 */
const motion = (enter: string, exit: string) => ({
  animation: enter,
  selectors: { [closing]: { animation: exit } },
  '@media': { [reducedMotion]: { animation: 'none', selectors: { [closing]: { animation: 'none' } } } },
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  background: vars.color.overlay,
  ...motion(`${fadeIn} 120ms ease-out`, `${fadeOut} 120ms ease-in`),
});

export const dialogPositioner = style({
  position: 'fixed',
  inset: 0,
  zIndex: 61,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['4'],
});

const surface = style({
  color: appearance.color.text,
  background: appearance.color.background,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

/** Spec section 9: the dialog is at most 425 px wide. */
export const dialogContent = style([
  surface,
  {
    width: '100%',
    maxWidth: '425px',
    borderRadius: appearance.borderRadius,
    ...motion(`${rise} 160ms ease-out`, `${fadeOut} 120ms ease-in`),
  },
]);

export const drawerPositioner = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: 61,
  display: 'flex',
  justifyContent: 'center',
});

export const drawerContent = style([
  surface,
  {
    width: '100%',
    maxHeight: '90vh',
    overflowY: 'auto',
    borderTopLeftRadius: appearance.borderRadius,
    borderTopRightRadius: appearance.borderRadius,
    ...motion(
      `${slideUp} 0.5s cubic-bezier(0.32, 0.72, 0, 1)`,
      `${slideDown} 0.5s cubic-bezier(0.32, 0.72, 0, 1)`,
    ),
    // Ark sets the drag offset while swiping; follow it.
    transform: 'translateY(var(--drawer-translate, 0px))',
  },
]);

export const grabber = style({ display: 'flex', justifyContent: 'center', paddingTop: space(2) });
export const grabberIndicator = style({
  width: '40px',
  height: '4px',
  borderRadius: '2px',
  background: appearance.color.border,
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: space(4), padding: space(6) });

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: space(2),
});
export const title = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold });
export const text = style({ color: appearance.color.textMuted });
/** What the person confirms ("Delete campaign Spring Launch on Meta and TikTok"), under the title. */
export const description = style({
  color: appearance.color.text,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
});

export const closeButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  marginTop: `calc(${space(1)} * -1)`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: appearance.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const methodList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space(2),
  listStyle: 'none',
  padding: 0,
});

export const methodButton = style({
  display: 'flex',
  alignItems: 'center',
  gap: space(3),
  width: '100%',
  padding: `${space(3)} ${space(4)}`,
  border: `1px solid ${appearance.color.border}`,
  borderRadius: `calc(${appearance.borderRadius} * 0.66)`,
  background: appearance.color.background,
  color: appearance.color.text,
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: appearance.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const pinControl = style({ display: 'flex', gap: space(2), justifyContent: 'center' });

export const pinControlShaking = style({
  animation: `${shakeFrames} 400ms ease-in-out`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const pinInput = style({
  width: '44px',
  height: '52px',
  border: `1px solid ${appearance.color.border}`,
  borderRadius: `calc(${appearance.borderRadius} * 0.66)`,
  background: appearance.color.background,
  color: appearance.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.xl,
  textAlign: 'center',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[data-invalid]': {
      borderColor: appearance.color.danger,
      boxShadow: `0 0 0 1px ${appearance.color.danger}`,
    },
    '&[readonly]': { opacity: 0.7 },
  },
});

export const fieldError = style({
  color: appearance.color.danger,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space(2),
  alignItems: 'center',
});

export const linkButton = style({
  border: 'none',
  background: 'none',
  padding: 0,
  color: vars.color.primaryText,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: {
    '&:disabled': { color: appearance.color.textMuted, textDecoration: 'none', cursor: 'default' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: space(2),
  color: appearance.color.textMuted,
});

export const spinner = style({
  width: '16px',
  height: '16px',
  flexShrink: 0,
  border: `2px solid ${appearance.color.border}`,
  borderTopColor: appearance.color.primary,
  borderRadius: '50%',
  animation: `${spin} 800ms linear infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const errorText = style({ color: appearance.color.danger });

export const subtitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

/** The title row sits tight above the view's own body. */
export const headerBody = style({ paddingBottom: 0 });

export const footer = style({
  display: 'flex',
  justifyContent: 'center',
  padding: `0 ${space(6)} ${space(6)}`,
});

/** The recovery-code field: one line of letters and digits, set in a monospace face so each one reads clearly. */
export const recoveryInput = style({
  width: '100%',
  height: '48px',
  padding: `0 ${space(3)}`,
  border: `1px solid ${appearance.color.border}`,
  borderRadius: `calc(${appearance.borderRadius} * 0.66)`,
  background: appearance.color.background,
  color: appearance.color.text,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.lg,
  letterSpacing: '0.08em',
  textAlign: 'center',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': {
      borderColor: appearance.color.danger,
      boxShadow: `0 0 0 1px ${appearance.color.danger}`,
    },
    '&[readonly]': { opacity: 0.7 },
  },
});
