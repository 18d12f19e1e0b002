import './support/matchers';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatformNames } from '../../src/features/campaigns/campaignRows';
import { platformChecks } from '../../src/features/planning/platformChecks';
import {
  CUSTOMER,
  campaign,
  json,
  OBJECTIVES,
  PLATFORMS,
  type SeenRequest,
  SIGNED_IN_USER,
  stubFetch,
} from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  resetPlatformNames();
});

const NEW_ID = '00000000-0000-4000-8000-00000000beef';
const CREATED = campaign({
  id: NEW_ID,
  name: 'Autumn Push',
  status: 'draft',
  objectiveId: 2,
  customerId: CUSTOMER.id,
  platforms: ['meta', 'tiktok'],
  startDate: '2099-09-01',
  endDate: '2099-09-30',
  budgetMinor: 250_050,
});

/** What the server answers a name of 'Refused' (400, per field) and of 'Busy' (409, a business error). */
const VALIDATION = {
  message: 'customerId: Customer not found',
  validationErrors: {
    customerId: { message: 'Customer not found' },
    budgetMinor: { message: 'That amount is too large' },
  },
};
const BUSINESS = {
  message: 'Choose an account first',
  errorCode: 'ACCOUNT_REQUIRED',
  businessError: { message: 'Choose an account to plan campaigns in first.' },
};

function fakeServer() {
  return stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/objectives') return json(OBJECTIVES, { total: OBJECTIVES.length });
    if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
    if (request.path === `/api/customers/${CUSTOMER.id}`) return json(CUSTOMER);
    if (request.path === `/api/campaigns/${NEW_ID}`) return json(CREATED);
    if (request.path === '/planning/wizard/new/overview') {
      const body = request.body as { name?: string };
      if (body.name === 'Refused') return json(VALIDATION, { status: 400 });
      if (body.name === 'Busy') return json(BUSINESS, { status: 409 });
      return json({ campaignId: NEW_ID }, { status: 201 });
    }
    if (request.path === '/api/events') return json({});
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('platformChecks', () => {
  const detail = (overrides: Parameters<typeof campaign>[0]) => ({
    campaign: campaign(overrides),
    platformNames: ['Meta', 'Google Ads'],
  });

  it('passes when each platform gets at least 1.00 and the dates are set and ahead', () => {
    const checks = platformChecks(
      detail({ budgetMinor: 200, startDate: '2030-01-01', endDate: '2030-01-31' }),
      '2029-12-31',
    );
    expect(checks).toHaveLength(4);
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(checks.map((c) => c.platformName)).toEqual(['Meta', 'Meta', 'Google Ads', 'Google Ads']);
  });

  it('flags a budget share under 1.00, missing dates and a start in the past', () => {
    const low = platformChecks(
      detail({ budgetMinor: 199, startDate: '2030-01-01', endDate: '2030-01-31' }),
      '2029-12-31',
    );
    expect(low.filter((c) => !c.ok).map((c) => c.problem)).toEqual([
      'Raise the budget or choose fewer platforms.',
      'Raise the budget or choose fewer platforms.',
    ]);
    const undated = platformChecks(detail({ startDate: null, endDate: null }), '2029-12-31');
    expect(undated.find((c) => !c.ok)?.problem).toBe('Set a start and an end date.');
    const past = platformChecks(detail({ startDate: '2029-12-30', endDate: '2030-01-31' }), '2029-12-31');
    expect(past.find((c) => !c.ok)?.problem).toBe('The start date is in the past.');
    expect(platformChecks(detail({ platforms: [] }), '2029-12-31')).toEqual([]);
  });
});

describe('wizard overview', () => {
  it('shows the server schema’s messages inline without sending, then saves and opens the review step', async () => {
    const { seen } = fakeServer();
    const user = userEvent.setup();
    const app = renderApp('/planning/wizard/new/overview?objective=2');
    const form = await screen.findByRole('region', { name: 'Campaign overview' });
    expect((within(form).getByRole('radio', { name: 'Traffic' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(form).getByRole('button', { name: 'Continue to review' }));
    expect(await within(form).findByText('Enter a budget above zero')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one platform')).toBeInTheDocument();
    expect(within(form).getByText('Choose a start date')).toBeInTheDocument();
    expect(within(form).getByText('Enter a campaign name')).toBeInTheDocument();
    // The rules are the server's own schema (CampaignOverviewSchema), checked before anything is sent.
    expect(seen.filter((r) => r.path === '/planning/wizard/new/overview')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Campaign name'), 'Autumn Push');
    await user.selectOptions(within(form).getByLabelText('Customer'), 'Acme');
    await user.click(within(form).getByRole('checkbox', { name: 'Meta' }));
    await user.click(within(form).getByRole('checkbox', { name: 'TikTok' }));
    await user.type(within(form).getByLabelText('Start date'), '2099-09-01');
    await user.type(within(form).getByLabelText('End date'), '2099-09-30');
    await user.type(within(form).getByLabelText('Total budget'), '2500.50');
    await user.click(within(form).getByRole('button', { name: 'Continue to review' }));

    await waitFor(() => expect(app.location()).toBe(`/planning/wizard/${NEW_ID}/review`));
    const posts = seen.filter((r) => r.path === '/planning/wizard/new/overview').map((r) => r.body);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toEqual({
      objectiveId: 2,
      name: 'Autumn Push',
      customerId: CUSTOMER.id,
      platforms: ['meta', 'tiktok'],
      startDate: '2099-09-01',
      endDate: '2099-09-30',
      budgetMinor: 250_050,
      currency: 'EUR',
    });

    expect(
      await screen.findByRole('heading', { name: /^Review Autumn Push/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const checks = screen.getByRole('region', { name: 'Platform checks' });
    expect(within(checks).getAllByRole('cell', { name: 'OK' })).toHaveLength(4);
    await user.click(screen.getByRole('link', { name: 'Launch' }));
    await waitFor(() => expect(app.location()).toMatch(/launchCampaign=true/));
    expect(app.location()).toContain(`campaignId=${NEW_ID}`);
  });

  it('shows the server’s refusals inline: field messages under their fields, a business error above', async () => {
    fakeServer();
    const user = userEvent.setup();
    const app = renderApp('/planning/wizard/new/overview');
    const form = await screen.findByRole('region', { name: 'Campaign overview' });
    expect((within(form).getByRole('radio', { name: 'Awareness' }) as HTMLInputElement).checked).toBe(true);
    await user.type(within(form).getByLabelText('Campaign name'), 'Refused');
    await user.click(within(form).getByRole('checkbox', { name: 'Meta' }));
    await user.type(within(form).getByLabelText('Start date'), '2099-09-01');
    await user.type(within(form).getByLabelText('End date'), '2099-08-30');
    await user.type(within(form).getByLabelText('Total budget'), '12,50');
    await user.click(within(form).getByRole('button', { name: 'Continue to review' }));
    expect(within(form).getByLabelText('End date')).toHaveAccessibleDescription(
      'The end date must be on or after the start date',
    );
    await user.clear(within(form).getByLabelText('End date'));
    await user.type(within(form).getByLabelText('End date'), '2099-09-30');
    await user.click(within(form).getByRole('button', { name: 'Continue to review' }));
    expect(await within(form).findByText('Customer not found')).toBeInTheDocument();
    expect(within(form).getByLabelText('Total budget')).toHaveAccessibleDescription(
      'That amount is too large',
    );
    expect(within(form).getByRole('alert')).toBeEmptyDOMElement();

    await user.clear(within(form).getByLabelText('Campaign name'));
    await user.type(within(form).getByLabelText('Campaign name'), 'Busy');
    // The customer's message stays until the customer is changed; the 409 below names no field.
    expect(within(form).getByText('Customer not found')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Continue to review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Choose an account to plan campaigns in first.',
    );
    expect(within(form).queryByText('Customer not found')).not.toBeInTheDocument();
    expect(app.location()).toBe('/planning/wizard/new/overview');
  });
});
