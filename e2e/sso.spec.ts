import { expect, test } from './support/test';

/**
 * Single sign-on in the browser (issue 26): "Sign in with single sign-on" with an address at the demo
 * organization's domain goes to its identity provider (the local one, DEMO_IDP), and back signed in — a
 * person seen for the first time is created just in time, a planner of the organization as configured. An
 * unverified address is refused with a page that says why.
 */

test('single sign-on creates a member just in time; an unverified e-mail is refused', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail address').fill('ada@demo-idp.test');
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible();
  await page.getByRole('button', { name: /ada@demo-idp\.test/ }).click();
  await expect(page).not.toHaveURL(/\/auth\/login|127\.0\.0\.1/);
  await expect(page.getByRole('banner')).toContainText('Demo Agency');
  const user = await (await page.request.get('/api/auth/user')).json();
  expect(user).toMatchObject({ isAuthenticated: true, email: 'ada@demo-idp.test', role: 'planner' });

  // Another browser, an address whose e-mail the provider has not verified: refused, saying why.
  const other = await page.context().browser()!.newContext();
  const second = await other.newPage();
  await second.goto('/auth/login');
  await second.getByLabel('E-mail address').fill('unverified@demo-idp.test');
  await second.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await second.getByRole('button', { name: /unverified@demo-idp\.test/ }).click();
  await expect(second).toHaveURL(/\/auth\/login\?ssoError=/);
  await expect(second.getByRole('alert').filter({ hasText: /verif/i })).toBeVisible();
  await other.close();
});
