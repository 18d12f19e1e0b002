import type { Page } from '@playwright/test';
import { OWN_USERS } from './support/lanes';
import { inDays, planCampaign } from './support/planning';
import { newPlanner, platformCard, sameOrigin } from './support/platforms';
import { confirmWithEmailCode, nextOutboxMessage, outboxIds } from './support/stepUp';
import { join, personIn } from './support/team';
import { expect, test } from './support/test';

/**
 * Issue 26 in the browser, on an agency of its own: the owner invites a planner and a client from the team
 * page; each joins through the e-mailed link; the planner connects Meta, plans and launches; the client sees
 * only their account and no launch; as an analyst the same person sees Launch disabled with the reason; once
 * removed, their next click signs them out.
 */

/** Invites `email` as `role` (limited to `accounts` when named) from the team page; answers the link. */
async function invite(owner: Page, email: string, role: string, accounts: string[] = []): Promise<string> {
  const seen = await outboxIds(owner.request, email);
  await owner.getByRole('button', { name: 'Invite someone' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
  for (const account of accounts) await dialog.getByRole('checkbox', { name: account }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const message = await nextOutboxMessage(owner.request, email, seen);
  expect(message.subject).toMatch(/invited you to .* on Flightplan/);
  return new URL(message.link ?? '').pathname;
}

test('an owner invites a planner and a client; the planner launches; the client sees only their account', {
  tag: OWN_USERS,
}, async ({ page: owner, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const ownerEmail = await newPlanner(owner, `team-${stamp}`);
  const second = await owner.request.post('/api/accounts', {
    data: { name: 'Beta Foods' },
    headers: sameOrigin(),
  });
  expect(second.status()).toBe(201);

  // The owner invites from Settings → Team.
  await owner.goto('/settings/team');
  await expect(owner.getByRole('heading', { name: 'Team' })).toBeVisible();
  const plannerEmail = `planner-${stamp}@agency.test`;
  const clientEmail = `client-${stamp}@client.test`;
  const plannerLink = await invite(owner, plannerEmail, 'Planner');
  const clientLink = await invite(owner, clientEmail, 'Client', ['Acme Shoes']);
  const pending = owner.getByRole('region', { name: 'Pending invitations' });
  await expect(pending).toContainText(plannerEmail);
  await expect(pending).toContainText(clientEmail);

  // The planner joins; with two accounts they choose one (spec §4: /accounts).
  const planner = await personIn(browser);
  await join(planner, plannerLink, 'Pia');
  await expect(planner).toHaveURL(/\/accounts$/);
  await planner.getByRole('link', { name: 'Open Acme Shoes' }).click();
  await expect(planner.getByRole('banner')).toContainText('Acme Shoes');

  // The planner connects Meta, plans and launches (the step-up's code goes to the planner).
  await planner.goto('/platforms');
  await platformCard(planner, 'Meta').getByRole('button', { name: 'Connect Meta' }).click();
  await planner.getByRole('button', { name: 'Allow' }).click();
  await expect(planner.getByText('Meta is connected.')).toBeVisible();
  const customer = await planner.request.post('/api/customers', {
    data: { name: `Team customer ${stamp}` },
    headers: sameOrigin(),
  });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const launched = await planCampaign(planner, {
    name: `Team launch ${stamp}`,
    customerId,
    platforms: ['meta'],
    budgetMinor: 300_000,
    startDate: inDays(1),
    endDate: inDays(20),
  });
  const draft = await planCampaign(planner, {
    name: `Team draft ${stamp}`,
    customerId,
    platforms: ['meta'],
    budgetMinor: 200_000,
    startDate: inDays(2),
    endDate: inDays(20),
  });
  await planner.goto(`/planning/wizard/${launched}/review`);
  await planner
    .getByRole('region', { name: 'Ready to launch?' })
    .getByRole('link', { name: 'Launch', exact: true })
    .click();
  const launch = planner.getByRole('dialog');
  await confirmWithEmailCode(planner, plannerEmail, () =>
    launch.getByRole('button', { name: 'Launch' }).click(),
  );
  await expect(planner).toHaveURL(new RegExp(`/campaigns/${launched}$`));

  // The client joins: one account, so straight in; only that account is offered, and nothing to launch.
  const client = await personIn(browser);
  await join(client, clientLink, 'Cleo');
  await expect(client.getByRole('banner')).toContainText('Acme Shoes');
  await client.goto('/accounts');
  const accounts = client.getByRole('main');
  await expect(accounts).toContainText('Acme Shoes');
  await expect(accounts).not.toContainText('Beta Foods');
  await expect(accounts.getByRole('button', { name: 'Create account' })).toBeDisabled();
  // No platforms or billing for a client.
  const nav = client.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Campaigns', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Platforms', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Billing', exact: true })).toHaveCount(0);
  await client.goto('/campaigns');
  await expect(client.getByRole('link', { name: `Team draft ${stamp}` })).toBeVisible();
  await expect(client.getByRole('link', { name: `Launch Team draft ${stamp}` })).toHaveCount(0);
  const create = client.getByRole('button', { name: 'Create campaign' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription("Clients can't change plans");

  // The owner makes the client an analyst (step-up): Launch shows, disabled, saying why.
  await owner.reload();
  const members = owner.getByRole('region', { name: 'Members' });
  await members.getByRole('button', { name: 'Change Cleo Member' }).click();
  const change = owner.getByRole('dialog', { name: 'Change Cleo Member' });
  await change.getByRole('radio', { name: /^Analyst/ }).check();
  await confirmWithEmailCode(owner, ownerEmail, () =>
    change.getByRole('button', { name: 'Save changes' }).click(),
  );
  await expect(members).toContainText('Analyst');
  await client.goto(`/campaigns/${draft}`);
  const launchButton = client.getByRole('main').getByRole('button', { name: 'Launch', exact: true });
  await expect(launchButton).toBeDisabled();
  await expect(launchButton).toHaveAccessibleDescription("Analysts can't launch campaigns");

  // Removed, the member is signed out at their next click.
  await members.getByRole('button', { name: 'Remove Cleo Member' }).click();
  const removal = owner.getByRole('alertdialog');
  await confirmWithEmailCode(owner, ownerEmail, () =>
    removal.getByRole('button', { name: 'Remove' }).click(),
  );
  await expect(members).not.toContainText(clientEmail);
  await client
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Reports', exact: true })
    .click();
  await expect(client).toHaveURL(/\/auth\/login/);

  // The organization's activity says who did what.
  await owner.reload();
  const activity = owner.getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText(`Invited ${plannerEmail} as Planner`);
  await expect(activity).toContainText(`Changed ${clientEmail} from Client to Analyst`);
  await expect(activity).toContainText(`Removed ${clientEmail}`);
});
