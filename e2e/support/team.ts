import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { sameOrigin } from './platforms';
import { nextOutboxMessage, outboxIds } from './stepUp';
import { expect } from './test';

/** The password the e2e journeys give the people they invite. */
export const MEMBER_PASSWORD = 'correct-horse-battery';

/** A browser of its own for another person (their own cookies). */
export async function personIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Invites `email` through the API (the team page's form is the team journey's); answers the e-mailed link. */
export async function inviteByApi(
  request: APIRequestContext,
  organizationId: string,
  invitation: { email: string; role: string; accountIds?: string[] },
): Promise<string> {
  const seen = await outboxIds(request, invitation.email);
  const response = await request.post(`/api/organizations/${organizationId}/invitations`, {
    data: invitation,
    headers: sameOrigin(),
  });
  expect(response.status()).toBe(201);
  const message = await nextOutboxMessage(request, invitation.email, seen);
  return new URL(message.link ?? '').pathname;
}

/** Opens the invitation link signed out, signs up with the invited address and joins. */
export async function join(page: Page, link: string, firstName: string) {
  await page.goto(link);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Member');
  await page.getByLabel('Password').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page).not.toHaveURL(/\/auth\/invitation\//);
}
