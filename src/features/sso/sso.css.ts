import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const form = style({ display: 'flex', flexDirection: 'column' });

export const section = style({
  display: 'grid',
  gridTemplateColumns: '220px minmax(0, 1fr)',
  gap: vars.space['6'],
  padding: vars.space['6'],
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    'screen and (max-width: 760px)': { gridTemplateColumns: '1fr', gap: vars.space['4'] },
    'screen and (max-width: 640px)': { padding: vars.space['4'] },
  },
});

export const sectionTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const sectionText = style({
  marginTop: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], minWidth: 0 });

export const hint = style({ color: vars.color.textSubtle, fontSize: vars.fontSize.sm, margin: 0 });

export const textarea = style({
  width: '100%',
  minHeight: '76px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontFamily: 'inherit',
  resize: 'vertical',
  selectors: {
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { background: vars.color.surfaceMuted, color: vars.color.textMuted },
  },
});

export const copyRow = style({ display: 'flex', gap: vars.space['2'], alignItems: 'center' });

export const readOnly = style({
  flex: 1,
  minWidth: 0,
  height: '38px',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
});

export const checkRow = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space['2'],
  alignItems: 'start',
  cursor: 'pointer',
});

export const checkText = style({ display: 'flex', flexDirection: 'column' });

export const checkLabel = style({ fontWeight: vars.fontWeight.medium });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space['3'],
  padding: `${vars.space['4']} ${vars.space['6']}`,
});

export const savedNote = style({ color: '#067647', fontWeight: vars.fontWeight.medium });

export const status = style({ marginRight: 'auto' });
