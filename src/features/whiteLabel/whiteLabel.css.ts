import { vars } from '@src/theme/contract.css';
import { createVar, style } from '@vanilla-extract/css';

// ------------------------------------------------------------------ live theme preview

/** Set from script with CSSOM (`style.setProperty`), which a strict CSP allows. */
export const previewNavbarVar = createVar();
export const previewOnNavbarVar = createVar();
export const previewPrimaryVar = createVar();
export const previewOnPrimaryVar = createVar();

const mobile = 'screen and (max-width: 640px)';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 360px',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 960px)': { gridTemplateColumns: '1fr' } },
});

export const form = style({ display: 'flex', flexDirection: 'column' });

export const section = style({
  display: 'grid',
  gridTemplateColumns: '220px minmax(0, 1fr)',
  gap: vars.space['6'],
  padding: vars.space['6'],
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-of-type': { borderBottom: 0 } },
  '@media': {
    'screen and (max-width: 760px)': { gridTemplateColumns: '1fr', gap: vars.space['4'] },
    [mobile]: { padding: vars.space['4'] },
  },
});

export const sectionTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
export const sectionText = style({
  marginTop: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], minWidth: 0 });

export const hint = style({ color: vars.color.textSubtle, fontSize: vars.fontSize.sm });

// ----------------------------------------------------------------- switch (Ark UI)

export const switchRoot = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 } },
});

export const switchControl = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  width: '40px',
  height: '24px',
  padding: '2px',
  marginTop: '1px',
  borderRadius: vars.radius.full,
  background: vars.color.borderStrong,
  transition: 'background-color 120ms ease',
  selectors: {
    '&[data-state="checked"]': { background: vars.color.primary },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const switchThumb = style({
  width: '20px',
  height: '20px',
  borderRadius: vars.radius.full,
  background: '#ffffff',
  boxShadow: '0 1px 2px rgba(16, 24, 40, 0.2)',
  transition: 'transform 120ms ease',
  selectors: { '&[data-state="checked"]': { transform: 'translateX(16px)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const switchText = style({ display: 'flex', flexDirection: 'column', gap: '2px' });
export const switchLabel = style({ fontWeight: vars.fontWeight.medium, color: vars.color.text });

// ----------------------------------------------------------------- icon field

export const iconRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['4'],
  flexWrap: 'wrap',
});

export const iconFrame = style({
  position: 'relative',
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '64px',
  height: '64px',
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: vars.color.surfaceMuted,
  color: vars.color.textSubtle,
  overflow: 'hidden',
});

export const iconFrameFilled = style({
  borderStyle: 'solid',
  borderColor: vars.color.border,
  background: '#ffffff',
});

export const iconImage = style({ width: '100%', height: '100%', objectFit: 'contain' });

export const iconImageBusy = style({ opacity: 0.5 });

export const iconControls = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  flex: '1 1 220px',
  minWidth: 0,
});

export const formError = style({
  padding: `${vars.space['4']} ${vars.space['6']} 0`,
  '@media': { [mobile]: { padding: `${vars.space['4']} ${vars.space['4']} 0` } },
});

export const savedNote = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: '#067647',
  fontWeight: vars.fontWeight.medium,
});

export const iconButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

/** The file input sits under its label, which looks like a button. */
export const fileInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  pointerEvents: 'none',
});

export const fileLabel = style({
  position: 'relative',
  selectors: { '&:focus-within': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

export const fileLabelDisabled = style({ opacity: 0.6, cursor: 'not-allowed' });

export const fieldLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const fieldError = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });

export const fieldGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

// ----------------------------------------------------------------- colour fields

export const colours = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['4'],
  '@media': { 'screen and (max-width: 520px)': { gridTemplateColumns: '1fr' } },
});

export const colourRow = style({ display: 'flex', gap: vars.space['2'], alignItems: 'stretch' });

export const colourSwatch = style({
  flex: 'none',
  width: '42px',
  height: '38px',
  padding: '3px',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&::-webkit-color-swatch-wrapper': { padding: 0 },
    '&::-webkit-color-swatch': { border: 0, borderRadius: '3px' },
    '&::-moz-color-swatch': { border: 0, borderRadius: '3px' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const hexInput = style({ fontFamily: vars.font.mono, textTransform: 'lowercase' });

// ----------------------------------------------------------------- preview

export const previewCard = style({
  position: 'sticky',
  top: `calc(${vars.layout.navbarHeight} + ${vars.space['6']})`,
  '@media': { 'screen and (max-width: 960px)': { position: 'static' } },
});

export const previewStage = style({
  padding: vars.space['4'],
  background: vars.color.background,
});

export const previewWindow = style({
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const previewNavbar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  height: '44px',
  padding: `0 ${vars.space['3']}`,
  background: previewNavbarVar,
  color: previewOnNavbarVar,
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
});

export const previewIcon = style({
  width: '22px',
  height: '22px',
  borderRadius: vars.radius.sm,
  objectFit: 'contain',
});

export const previewMark = style({ color: previewPrimaryVar, flex: 'none' });

export const previewBrand = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const previewNavItem = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  opacity: 0.8,
});

export const previewBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['4'],
});

export const previewLine = style({
  height: '8px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceHover,
});
export const previewLineShort = style([previewLine, { width: '60%' }]);

export const previewButton = style({
  alignSelf: 'flex-start',
  marginTop: vars.space['2'],
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: previewPrimaryVar,
  color: previewOnPrimaryVar,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const previewCaption = style({
  padding: `${vars.space['3']} ${vars.space['4']}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/* Custom domains card */

export const domainForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: vars.space['5'],
});

export const domainField = style({ flex: '1 1 280px', minWidth: 0 });

export const domainAdd = style({ marginTop: '26px' });

export const domainMessages = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: `0 ${vars.space['5']}`,
});

export const domainConfirm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
});
