/**
 * Timing of the server-backed table. Kept beside the machine (machines/delays.ts holds the spec's constants;
 * this one is ours): the pause after the last keystroke in a filter before the table asks the server again.
 */
export const FILTER_DEBOUNCE_MS = 300;
