/**
 * The tag of a journey that may run in the own-users lane (playwright.config.ts): it signs up its own users
 * or stays signed out, and never reads or changes the seeded demo user's data.
 */
export const OWN_USERS = '@own-users';

/**
 * The tag of a journey that signs in as the demo user but only reads, and asserts nothing a journey running
 * beside it could change (the accessibility sweep's page scans: a heading and axe's findings, whatever the
 * rows). It may run in the second lane too; one that creates, edits or counts the demo user's data may not.
 */
export const READS_ONLY = '@reads-only';
