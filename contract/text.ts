import * as v from 'valibot';

/** Text rules shared by several wire formats. */

/** Postgres text cannot hold NUL, and no name needs control characters. */
export const noControlCharacters = v.check(
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  (s: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s),
  'Remove the control characters',
);
