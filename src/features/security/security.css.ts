import { vars } from '@src/theme/contract.css';
import { keyframes, style } from '@vanilla-extract/css';

const mobile = 'screen and (max-width: 640px)';
const reducedMotion = '(prefers-reduced-motion: reduce)';

// ------------------------------------------------------------------ the list

export const listHeading = style({
  selectors: {
    '&:focus': { outline: 'none' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const count = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const methodIcon = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  '@media': { [mobile]: { width: '36px', height: '36px' } },
});

export const itemRow = style({
  '@media': { [mobile]: { flexWrap: 'wrap', alignItems: 'flex-start' } },
});

export const itemText = style({
  '@media': { [mobile]: { flexBasis: 'calc(100% - 48px)' } },
});

export const itemActions = style({
  flex: 'none',
  '@media': { [mobile]: { marginLeft: 'calc(36px + 12px)' } },
});

export const emptyIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  marginBottom: vars.space['3'],
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
});

export const emptyText = style({ maxWidth: '460px', margin: `${vars.space['1']} auto 0` });

// ------------------------------------------------------------------ the add dialog

export const dialogHeader = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const title = style({ selectors: { '&:focus': { outline: 'none' } } });

export const closeButton = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  margin: `-${vars.space['1']} -${vars.space['2']} 0 0`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const choiceList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const choiceButton = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  transition: 'border-color 120ms ease, background-color 120ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.primary, background: vars.color.surfaceMuted },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

export const choiceText = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const choiceLabel = style({ fontWeight: vars.fontWeight.semibold });
export const choiceDescription = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const chevron = style({ marginLeft: 'auto', flex: 'none', color: vars.color.textSubtle });

export const text = style({ color: vars.color.textMuted });
export const strong = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const waiting = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
});

export const spinner = style({
  width: '18px',
  height: '18px',
  flex: 'none',
  border: `2px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  borderRadius: '50%',
  animation: `${spin} 800ms linear infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  border: 0,
});

export const legend = style({
  marginBottom: vars.space['1'],
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const radioRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  cursor: 'pointer',
});

export const radio = style({ width: '16px', height: '16px', margin: 0, accentColor: vars.color.primary });

// ------------------------------------------------------------------ authenticator app

export const appSetup = style({
  display: 'grid',
  gridTemplateColumns: '152px 1fr',
  gap: vars.space['4'],
  alignItems: 'start',
  '@media': { [mobile]: { gridTemplateColumns: '1fr', justifyItems: 'center', textAlign: 'center' } },
});

export const qrFrame = style({
  display: 'block',
  width: '152px',
  height: '152px',
  padding: vars.space['2'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: '#ffffff',
});

export const qr = style({ display: 'block', width: '100%', height: '100%' });

export const manualEntry = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  minWidth: 0,
  fontSize: vars.fontSize.sm,
});

export const secretBox = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  '@media': { [mobile]: { justifyContent: 'center' } },
});

export const secret = style({
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.04em',
  wordBreak: 'break-all',
});

export const smallButton = style({
  minHeight: '28px',
  padding: `0 ${vars.space['2']}`,
  fontSize: vars.fontSize.sm,
});

// ------------------------------------------------------------------ code field

const shakeFrames = keyframes({
  '0%, 100%': { transform: 'translateX(0)' },
  '20%, 60%': { transform: 'translateX(-6px)' },
  '40%, 80%': { transform: 'translateX(6px)' },
});

export const codeField = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const codeLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const pinControl = style({ display: 'flex', gap: vars.space['2'] });

export const pinControlShaking = style({
  animation: `${shakeFrames} 400ms ease-in-out`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const pinInput = style({
  width: '44px',
  height: '48px',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.xl,
  textAlign: 'center',
  '@media': { [mobile]: { width: '40px', height: '46px' } },
  selectors: {
    '&:focus': {
      outline: 'none',
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[readonly]': { background: vars.color.surfaceMuted },
  },
});

export const codeError = style({ minHeight: '1.25em', fontSize: vars.fontSize.sm, color: vars.color.danger });

export const resend = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
});

export const linkButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.primaryText,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { textDecoration: 'underline' },
    '&:disabled': { color: vars.color.textSubtle, cursor: 'not-allowed' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const appLink = style({
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

// ------------------------------------------------------------------ recovery codes

/** The ten codes in two columns, in the monospace face, so each character reads clearly on paper too. */
export const codeList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
  padding: vars.space['3'],
  listStyle: 'none',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  letterSpacing: '0.04em',
  textAlign: 'center',
});

export const codeActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const codesSummary = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] });
