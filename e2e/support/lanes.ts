/**
 * The tag of a journey that may run in the own-users lane (playwright.config.ts): it signs up its own users
 * or stays signed out, and never reads or changes the seeded demo user's data.
 */
export const OWN_USERS = '@own-users';
