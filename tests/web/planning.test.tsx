import './support/matchers';
import type { Plan } from '@contract/planning';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { completePlan, overviewOnlyPlan, RULES_LIST } from '../support/planningFixtures';
import { CUSTOMER, json, OBJECTIVES, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  resetPlatformNames();
});

const ID = '00000000-0000-4000-8000-0000000000c1';

/** The planning endpoints over one plan held in memory; a save bumps its version, a stale one is a 409. */
function fakeServer(initial: Plan | null) {
  let plan = initial;
  let preflights = 0;
  const server = stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/objectives') return json(OBJECTIVES, { total: OBJECTIVES.length });
    if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
    if (request.path === '/planning/platforms') return json(RULES_LIST);
    if (request.path === '/planning/wizard/new/overview') {
      const body = request.body as { name: string; objectiveId: number; customerId: string | null };
      plan = overviewOnlyPlan({ ...body, version: 1 });
      return json({ campaignId: ID, plan }, { status: 201 });
    }
    if (request.path === `/planning/wizard/${ID}` && plan) return json(plan);
    const put = /^\/planning\/wizard\/[^/]+\/(\w+)$/.exec(request.path);
    if (put && request.method === 'PUT' && plan) {
      const body = request.body as { version: number } & Record<string, unknown>;
      if (body.version !== plan.campaign.version)
        return json(
          { message: 'This plan was changed elsewhere', errorCode: 'PLAN_VERSION_CONFLICT' },
          { status: 409 },
        );
      const version = plan.campaign.version + 1;
      if (put[1] === 'overview') plan = { ...plan, campaign: { ...plan.campaign, ...body, version } } as Plan;
      else if (put[1] === 'platforms') {
        const { platforms, allocations, budgetMinor, splitMode } = body as never as Plan['campaign'] & Plan;
        plan = {
          ...plan,
          platforms,
          allocations,
          campaign: { ...plan.campaign, budgetMinor, splitMode, version },
        };
      } else if (put[1] === 'budget') {
        const confirmed = body.overBudgetConfirmed === true;
        const chosen = plan.budgetOptions.find((b) => b.id === body.budgetId);
        const fit =
          plan.budgetFit ??
          (chosen
            ? {
                budget: chosen,
                planMinor: plan.campaign.budgetMinor,
                leftAfterMinor:
                  chosen.amountMinor - chosen.committedElsewhereMinor - plan.campaign.budgetMinor,
                over: false,
                overBudgetConfirmedAt: null,
              }
            : null);
        plan = {
          ...plan,
          campaign: { ...plan.campaign, version },
          budgetFit:
            body.budgetId === null
              ? null
              : fit && { ...fit, overBudgetConfirmedAt: confirmed ? '2099-01-10T00:00:00.000Z' : null },
        };
      }
      return json(plan);
    }
    if (request.path === `/data/campaigns/${ID}/platforms`)
      return json([
        {
          key: 'meta',
          displayName: 'Meta',
          status: 'failed',
          externalId: null,
          lastError: 'Meta does not run this objective',
          attempts: 1,
          nextAttemptAt: null,
          updatedAt: null,
        },
      ]);
    if (request.path === `/planning/wizard/${ID}/preflight`) {
      preflights += 1;
      return json([
        { platform: 'meta', displayName: 'Meta', result: 'passed', message: null },
        {
          platform: 'google',
          displayName: 'Google Ads',
          result: preflights === 1 ? 'refused' : 'passed',
          message: preflights === 1 ? 'Google Ads targets people 18 and over.' : null,
        },
      ]);
    }
    if (request.path === '/api/events') return json({});
    return json({ message: 'Not found' }, { status: 404 });
  });
  /** Someone else saves: the version moves on. */
  const bump = () => {
    if (plan) plan = { ...plan, campaign: { ...plan.campaign, version: plan.campaign.version + 1 } };
  };
  return { ...server, bump };
}

const BUDGET = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Q1 brand',
  periodStart: '2099-01-01',
  periodEnd: '2099-03-31',
  amountMinor: 1_200_000,
  currency: 'EUR',
  committedElsewhereMinor: 1_000_000,
};

describe('planning wizard', () => {
  it('a new plan: the objective from “Create campaign”, saved when valid, then the platforms step', async () => {
    const { seen } = fakeServer(null);
    const user = userEvent.setup();
    const app = renderApp('/planning/wizard/new/overview?objective=2');
    const step = await screen.findByRole('region', { name: 'Overview' });
    expect((within(step).getByRole('radio', { name: 'Traffic' }) as HTMLInputElement).checked).toBe(true);
    const list = screen.getByRole('navigation', { name: 'Plan steps' });
    expect(within(list).getByText('Overview').closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'step',
    );

    await user.click(screen.getByRole('button', { name: 'Next: Platforms and budget' }));
    expect(within(step).getByText('Enter a campaign name')).toBeInTheDocument();

    await user.type(within(step).getByLabelText('Campaign name'), 'Autumn Push');
    await user.selectOptions(within(step).getByLabelText('Customer'), 'Acme');
    await waitFor(() => expect(app.location()).toBe(`/planning/wizard/${ID}/overview`), { timeout: 15_000 });
    const posts = seen.filter((r) => r.path === '/planning/wizard/new/overview');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      name: 'Autumn Push',
      objectiveId: 2,
      customerId: CUSTOMER.id,
      currency: 'EUR',
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next: Platforms and budget' }));
    await waitFor(() => expect(app.location()).toBe(`/planning/wizard/${ID}/platforms`));
    expect(await screen.findByRole('region', { name: 'Platforms and budget' })).toBeInTheDocument();
  }, 15_000);

  it('splits the budget, says what is left, saves with the version, goes back and forth', async () => {
    const { seen } = fakeServer(overviewOnlyPlan());
    const user = userEvent.setup();
    const app = renderApp(`/planning/wizard/${ID}`);
    const step = await screen.findByRole('region', { name: 'Platforms and budget' });
    await waitFor(() => expect(app.location()).toBe(`/planning/wizard/${ID}/platforms`));
    await user.click(within(step).getByRole('checkbox', { name: 'Meta' }));
    await user.click(within(step).getByRole('checkbox', { name: 'Google Ads' }));
    await user.click(within(step).getByRole('checkbox', { name: 'TikTok' }));
    await user.type(within(step).getByLabelText('Total budget (EUR)'), '900');
    expect(within(step).getByText('€900 left to allocate')).toBeInTheDocument();
    await user.click(within(step).getByRole('button', { name: 'Split evenly' }));
    expect(within(step).getByText('€0 left to allocate')).toBeInTheDocument();
    expect((within(step).getByLabelText('Meta amount') as HTMLInputElement).value).toBe('300.00');
    expect(within(step).getByLabelText('TikTok bid strategy')).toHaveTextContent('Lowest cost');
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument(), { timeout: 15_000 });
    const puts = seen.filter((r) => r.path === `/planning/wizard/${ID}/platforms`);
    expect(puts.at(-1)?.body).toMatchObject({
      version: 1,
      platforms: ['meta', 'google', 'tiktok'],
      budgetMinor: 90_000,
    });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.location()).toBe(`/planning/wizard/${ID}/overview`));
    const steps = screen.getByRole('navigation', { name: 'Plan steps' });
    await user.click(await within(steps).findByRole('button', { name: /Platforms and budget/ }));
    const again = await screen.findByRole('region', { name: 'Platforms and budget' });
    expect((within(again).getByLabelText('Total budget (EUR)') as HTMLInputElement).value).toBe('900.00');
  }, 15_000);

  it('a save on an old version says the plan changed elsewhere, and keeps what was typed', async () => {
    const server = fakeServer(overviewOnlyPlan());
    const user = userEvent.setup();
    renderApp(`/planning/wizard/${ID}/overview`);
    const step = await screen.findByRole('region', { name: 'Overview' });
    server.bump();
    await user.clear(within(step).getByLabelText('Campaign name'));
    await user.type(within(step).getByLabelText('Campaign name'), 'Mine');
    expect(
      await screen.findByText('This plan was changed elsewhere', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect((within(step).getByLabelText('Campaign name') as HTMLInputElement).value).toBe('Mine');
    expect(screen.getByText('Not saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep my changes' }));
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument(), { timeout: 15_000 });
    expect(screen.queryByText('This plan was changed elsewhere')).not.toBeInTheDocument();
  }, 15_000);

  it('the review: each step with Edit, the budget fit, and Launch only after “Plan over budget”', async () => {
    const complete = completePlan();
    const over: Plan = {
      ...complete,
      audience: { ...complete.audience!, interests: { meta: ['6003639161770', '6003130251362'] } },
      interestNames: { meta: { '6003639161770': 'Travel', '6003130251362': 'Adventure travel' } },
      budgetOptions: [BUDGET],
      budgetFit: {
        budget: BUDGET,
        planMinor: 300_000,
        leftAfterMinor: -100_000,
        over: true,
        overBudgetConfirmedAt: null,
      },
    };
    fakeServer(over);
    const user = userEvent.setup();
    const app = renderApp(`/planning/wizard/${ID}/review`);
    expect(await screen.findByText(/€1,000 over €12,000 with this plan/)).toBeInTheDocument();
    // The audience's interests by name, per platform.
    expect(screen.getByText('Interests on Meta')).toBeInTheDocument();
    expect(screen.getByText('Travel, Adventure travel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Launch' })).toBeDisabled();
    // The last launch's refusal, by platform.
    expect(await screen.findByText('Refused: Meta does not run this objective')).toBeInTheDocument();
    // Each platform's pre-flight verdict, with its reason; "Check again" asks again.
    const checks = screen.getByRole('table', { name: 'Platform checks' });
    expect(
      await within(checks).findByText('Would refuse it: Google Ads targets people 18 and over.'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 of 2 platforms would refuse this plan.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('All 2 platforms would take this plan.')).toBeInTheDocument();
    expect(screen.getByText('The plan is over its budget: confirm planning over budget')).toBeInTheDocument();
    // Each summary's Edit opens its step; the step list brings the planner back.
    await user.click(screen.getByRole('button', { name: 'Edit audience' }));
    await waitFor(() => expect(app.location()).toBe(`/planning/wizard/${ID}/audience`));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Plan steps' })).getByRole('button', { name: /Review/ }),
    );
    await waitFor(() => expect(app.location()).toBe(`/planning/wizard/${ID}/review`));
    await user.click(await screen.findByRole('checkbox', { name: /Plan over budget/ }));
    const launch = await screen.findByRole('link', { name: 'Launch' });
    await user.click(launch);
    await waitFor(() => expect(app.location()).toMatch(/launchCampaign=true/));
  }, 15_000);

  it('the review draws on the only budget that fits, chosen and saved for the planner; “No budget” stays chosen', async () => {
    const roomy = { ...BUDGET, committedElsewhereMinor: 0 };
    const { seen } = fakeServer({ ...completePlan(), budgetOptions: [roomy], budgetFit: null });
    const user = userEvent.setup();
    renderApp(`/planning/wizard/${ID}/review`);
    const drawsOn = (await screen.findByLabelText('Draws on')) as HTMLSelectElement;
    await waitFor(() => expect(drawsOn.value).toBe(roomy.id));
    expect(await screen.findByText(/left after this plan/)).toBeInTheDocument();
    const saves = () => seen.filter((r) => r.method === 'PUT' && r.path === `/planning/wizard/${ID}/budget`);
    expect(saves().map((r) => (r.body as { budgetId: string | null }).budgetId)).toEqual([roomy.id]);
    // The planner may still plan without it: their choice is kept.
    await user.selectOptions(drawsOn, '');
    await waitFor(() => expect(drawsOn.value).toBe(''));
    await waitFor(() => expect(saves()).toHaveLength(2));
    await waitFor(() => expect(drawsOn).not.toBeDisabled());
    expect(drawsOn.value).toBe('');
    expect(saves().map((r) => (r.body as { budgetId: string | null }).budgetId)).toEqual([roomy.id, null]);
  }, 15_000);

  it('a plan of another account, or none, is not found', async () => {
    fakeServer(null);
    renderApp('/planning/wizard/00000000-0000-4000-8000-00000000dead/overview');
    expect(await screen.findByText('Plan not found')).toBeInTheDocument();
  });
});
