import { vars } from '@src/theme/contract.css';
import { fallbackVar, globalStyle, style } from '@vanilla-extract/css';

/**
 * The popup launch mode: a modal <dialog> hosting the provider's pre-built UI in an iframe. Static rules live
 * here (emitted as a stylesheet, so no inline style strings are needed under the app's CSP); the computed
 * width and height are set through CSSOM `style.setProperty`, which CSP allows.
 * The app theme's tokens are used when present, with fixed fallbacks so the library works without them.
 */
export const dialog = style({
  padding: 0,
  border: 'none',
  borderRadius: fallbackVar(vars.radius.lg, '12px'),
  boxShadow: fallbackVar(vars.shadow.lg, '0 12px 32px rgb(0 0 0 / 0.2)'),
  background: fallbackVar(vars.color.surface, '#ffffff'),
  maxWidth: 'calc(100vw - 16px)',
  maxHeight: '95vh',
  overflow: 'hidden',
  // Without showModal (old browsers, jsdom) the open dialog is still centred above the page.
  position: 'fixed',
  inset: 0,
  margin: 'auto',
  zIndex: 2147483000,
});

globalStyle(`${dialog}::backdrop`, {
  background: fallbackVar(vars.color.overlay, 'rgb(15 23 42 / 0.5)'),
});

export const frame = style({
  display: 'block',
  width: '100%',
  maxHeight: '95vh',
  border: 'none',
});
