import { createGlobalTheme } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { defaultTheme } from './tokens';

/** The default theme, applied on :root. */
createGlobalTheme(':root', vars, defaultTheme);
