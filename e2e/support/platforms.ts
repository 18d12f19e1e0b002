import { expect, type Page, test } from './test';

/** A write from the app's own origin (the CSRF check), as the browser's forms send it. */
export const sameOrigin = () => ({ origin: test.info().project.use.baseURL ?? '' });

/**
 * A signed-up, onboarded planner of their own (the demo accounts come connected to every platform), signed
 * in on `page`; answers the e-mail address (the step-up's codes go there).
 */
export async function newPlanner(page: Page, tag: string): Promise<string> {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@flightplan.test`;
  const signedUp = await page.request.post('/api/auth/signup', {
    data: { email, password: 'correct-horse' },
    headers: sameOrigin(),
  });
  expect(signedUp.status()).toBe(201);
  const onboarded = await page.request.post('/api/onboarding', {
    data: {
      firstName: 'Pat',
      lastName: 'Planner',
      organizationName: `${tag} agency`,
      accountName: 'Acme Shoes',
    },
    headers: sameOrigin(),
  });
  expect(onboarded.status()).toBe(201);
  return email;
}

/** A platform's card on /platforms. */
export const platformCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** "Sync {platform} now" on /platforms, then reloads until the card says the sync ran. */
export async function syncNow(page: Page, name: string) {
  await platformCard(page, name)
    .getByRole('button', { name: `Sync ${name} now` })
    .click();
  await expect(page.getByText(`${name}: a delivery sync is on its way.`)).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(platformCard(page, name)).toContainText(/Last sync\s*Synced/, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}
