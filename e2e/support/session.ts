import { expect, type Page } from './test';

/** The seeded demo user (server/seed/seed.ts). */
export const DEMO = { email: 'demo@flightplan.test', password: 'flightplan-demo' };

/**
 * Signs `page`'s browser context in as `as` with the sign-in form's own request, then opens `to`.
 *
 * For every journey where signing in is not what is tested (the sign-in form has its own journeys:
 * campaigns.spec.ts, shell.spec.ts): one request instead of loading the sign-in page, filling it in and
 * waiting for a dashboard the journey leaves at once. Each journey still gets a session of its own, so one
 * that switches account or signs out cannot change what the next one sees.
 */
export async function signIn(page: Page, { to = '/', as = DEMO }: { to?: string; as?: typeof DEMO } = {}) {
  const response = await page.request.post('/api/auth/login', { data: as });
  expect(response.status(), `signing in as ${as.email}`).toBe(200);
  await page.goto(to);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}
