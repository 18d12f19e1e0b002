import type { APIRequestContext } from '@playwright/test';
import { OWN_USERS } from './support/lanes';
import { inDays, planCampaign } from './support/planning';
import { newPlanner, platformCard, sameOrigin } from './support/platforms';
import { confirmWithEmailCode } from './support/stepUp';
import { inviteByApi, join } from './support/team';
import { expect, test } from './support/test';

/**
 * Issue 27 in the browser, on an agency of its own where launching needs sign-off: the planner sends the
 * plan for approval; the client (invited as in the teams journey) follows the notification on a phone and
 * approves through the step-up; a second revision with a changed flight shows what changed, and the client
 * asks for changes with a comment, which the planner reads; back on the approved plan, the planner launches;
 * the Activity tab lists each change with its old and new value. (Changing a live campaign is issue 28: here
 * the second revision comes before the launch.)
 */

const shortDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** Moves the plan's end (and its one flight's) to `endDate`, as the schedule step saves it. */
async function moveEnd(request: APIRequestContext, campaignId: string, endDate: string) {
  const plan = await (
    await request.get(`/planning/wizard/${campaignId}`, { headers: { accept: 'application/json' } })
  ).json();
  const saved = await request.put(`/planning/wizard/${campaignId}/schedule`, {
    headers: sameOrigin(),
    data: {
      version: plan.campaign.version,
      startDate: plan.campaign.startDate,
      endDate,
      flights: plan.flights.map((f: Record<string, unknown>) => ({
        id: f.id,
        platform: f.platform,
        startDate: f.startDate,
        endDate,
        amountMinor: f.amountMinor,
        pacing: f.pacing,
      })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a client signs off a plan on a phone; a later revision is compared and sent back; then it launches', {
  tag: OWN_USERS,
}, async ({ page: planner, browser }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const name = `Sign-off ${stamp}`;
  const plannerEmail = await newPlanner(planner, `signoff-${stamp}`);
  await planner.goto('/');
  const me = await (await planner.request.get('/api/auth/user')).json();

  // Launch needs sign-off in this agency (Settings → Team → Client sign-off).
  await planner.goto('/settings/team');
  const signOff = planner.getByRole('region', { name: 'Client sign-off' });
  await signOff.getByRole('switch', { name: /Launch needs sign-off/ }).check();
  await expect(signOff.getByRole('status')).toContainText('Launch now needs sign-off');

  // The client of Acme Shoes joins, on a phone.
  const clientEmail = `client-${stamp}@client.test`;
  const link = await inviteByApi(planner.request, me.currentOrganization.id, {
    email: clientEmail,
    role: 'client',
    accountIds: [me.currentAccount.id],
  });
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const client = await phone.newPage();
  await join(client, link, 'Cleo');

  // The planner connects Meta and plans.
  await planner.goto('/platforms');
  await platformCard(planner, 'Meta').getByRole('button', { name: 'Connect Meta' }).click();
  await planner.getByRole('button', { name: 'Allow' }).click();
  await expect(planner.getByText('Meta is connected.')).toBeVisible();
  const customer = await planner.request.post('/api/customers', {
    data: { name: `Sign-off customer ${stamp}` },
    headers: sameOrigin(),
  });
  const customerId = ((await customer.json()) as { id: string }).id;
  const start = inDays(2);
  const end = inDays(30);
  const campaignId = await planCampaign(planner, {
    name,
    customerId,
    platforms: ['meta'],
    budgetMinor: 300_000,
    startDate: start,
    endDate: end,
  });

  // Launching waits for the client's sign-off, and says so before asking anything else.
  await planner.goto(`/planning/wizard/${campaignId}/review`);
  await planner
    .getByRole('region', { name: 'Ready to launch?' })
    .getByRole('link', { name: 'Launch', exact: true })
    .click();
  const launch = planner.getByRole('dialog');
  await launch.getByRole('button', { name: 'Launch' }).click();
  await expect(launch).toContainText('Launching needs sign-off: send revision 1 for approval');
  await launch.getByRole('button', { name: 'Cancel' }).click();

  // The planner sends revision 1 for approval; the account's client is asked by default.
  await planner.goto(`/campaigns/${campaignId}?tab=revisions`);
  await planner.getByRole('button', { name: 'Send for approval' }).click();
  const send = planner.getByRole('dialog', { name: 'Send revision 1 for approval' });
  await expect(send.getByRole('checkbox', { name: /Cleo Member/ })).toBeChecked();
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(planner.getByText('Revision 1 sent to Cleo Member for approval')).toBeVisible();

  // The client follows the notification on the phone and approves through the step-up.
  await client.goto('/');
  await client.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await client
    .getByRole('button', { name: new RegExp(`${name}: revision 1 waits for your approval`) })
    .click();
  await expect(client).toHaveURL(new RegExp(`/campaigns/${campaignId}/revisions/1$`));
  await expect(client.getByText('Revision 1 · Waiting for your approval')).toBeVisible();
  const decision = client.getByRole('form', { name: 'Approve' });
  await expect(decision).toBeInViewport();
  await decision.getByLabel('Your full name').fill('Cleo Member');
  await confirmWithEmailCode(
    client,
    clientEmail,
    () => decision.getByRole('button', { name: 'Approve' }).click(),
    `Approve revision 1 of ${name}`,
  );
  await expect(client.getByText('You approved revision 1.')).toBeVisible();
  await expect(client.getByText('Revision 1 · Approved')).toBeVisible();

  // A second revision with a shorter flight: the comparison shows the line item's old and new end.
  const shorter = inDays(25);
  await moveEnd(planner.request, campaignId, shorter);
  await planner.goto(`/campaigns/${campaignId}?tab=revisions`);
  await planner.getByRole('button', { name: 'Send for approval' }).click();
  await planner
    .getByRole('dialog', { name: 'Send revision 2 for approval' })
    .getByRole('button', { name: 'Send', exact: true })
    .click();
  await expect(planner.getByText('Revision 2 sent to Cleo Member for approval')).toBeVisible();
  await planner.getByRole('link', { name: 'Compare with revision 1' }).click();
  await expect(planner).toHaveURL(new RegExp(`/campaigns/${campaignId}/revisions/1/compare/2$`));
  const lineItems = planner.getByRole('region', { name: 'Line items' });
  await expect(lineItems).toContainText('Changed');
  await expect(lineItems).toContainText(shortDate(end).replace(/, \d{4}$/, ''));
  await expect(lineItems).toContainText(shortDate(shorter).replace(/, \d{4}$/, ''));

  // The client asks for changes with a comment; the planner reads it on the Revisions tab.
  await client.goto(`/campaigns/${campaignId}/revisions/2`);
  await client.getByRole('button', { name: 'Request changes' }).click();
  await client.getByLabel('What should change?').fill('Keep the original end date, please.');
  await client.getByRole('button', { name: 'Send to the planner' }).click();
  await expect(client.getByText('Sent back to the planner with your comment.')).toBeVisible();
  await planner.goto(`/campaigns/${campaignId}?tab=revisions`);
  await expect(planner.getByRole('listitem', { name: 'Revision 2' })).toContainText(
    'Keep the original end date, please.',
  );

  // Back to the approved plan: revision 1 is the plan again, and it launches.
  await moveEnd(planner.request, campaignId, end);
  await planner.goto(`/planning/wizard/${campaignId}/review`);
  await planner
    .getByRole('region', { name: 'Ready to launch?' })
    .getByRole('link', { name: 'Launch', exact: true })
    .click();
  await confirmWithEmailCode(planner, plannerEmail, () =>
    planner.getByRole('dialog').getByRole('button', { name: 'Launch' }).click(),
  );
  await expect(planner).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));

  // The Activity tab lists the flight's end moving and coming back, with old and new values.
  await planner.goto(`/campaigns/${campaignId}?tab=activity`);
  const activity = planner.getByRole('tabpanel', { name: 'Activity' });
  await expect(activity).toContainText(shortDate(shorter));
  await expect(activity).toContainText(shortDate(end));
  await expect(activity).toContainText('End');
  await phone.close();
});
