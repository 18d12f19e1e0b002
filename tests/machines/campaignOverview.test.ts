import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CampaignOverviewSchema } from '../../contract/campaigns';
import {
  BUDGET_FORMAT_MESSAGE,
  type CampaignOverviewRequest,
  campaignOverviewMachine,
  connectCampaignOverview,
  overviewRequest,
} from '../../machines/campaignOverview';
import { NETWORK_ERROR_MESSAGE } from '../../machines/shared/errors';

const NEW_ID = '00000000-0000-4000-8000-00000000beef';
const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';

function start(
  answer: (request: CampaignOverviewRequest) => Promise<{ campaignId: string }>,
  objectiveId = 2,
) {
  const saveOverview = vi.fn(answer);
  const machine = campaignOverviewMachine.provide({
    actors: {
      saveOverview: fromPromise(({ input }: { input: CampaignOverviewRequest }) => saveOverview(input)),
    },
  });
  const actor = createActor(machine, { input: { objectiveId } });
  const navigations: string[] = [];
  actor.on('navigate', (event) => navigations.push(event.to));
  actor.start();
  const view = () => connectCampaignOverview(actor.getSnapshot(), actor.send);
  const fill = () => {
    view().changeField('name', '  Autumn Push ');
    view().changeField('customerId', CUSTOMER);
    view().togglePlatform('meta', true);
    view().togglePlatform('tiktok', true);
    view().changeField('startDate', '2099-09-01');
    view().changeField('endDate', '2099-09-30');
    view().changeField('budget', '2500.50');
  };
  return { actor, saveOverview, navigations, view, fill };
}

const never = () => new Promise<never>(() => {});

describe('campaign overview form', () => {
  it('starts with the objective from the create-campaign modal, EUR and nothing else', () => {
    const { view } = start(never, 3);
    expect(view().values).toEqual({
      name: '',
      objectiveId: 3,
      customerId: '',
      platforms: [],
      startDate: '',
      endDate: '',
      budget: '',
      currency: 'EUR',
    });
    expect(view().submitLabel).toBe('Continue to review');
    expect(view().isLocked).toBe(false);
  });

  it('checks an empty form with the server’s schema and sends nothing', () => {
    const { actor, saveOverview, view } = start(never);
    view().submit();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().fieldErrors).toEqual({
      name: 'Enter a campaign name',
      objectiveId: null,
      customerId: null,
      platforms: 'Choose at least one platform',
      startDate: 'Choose a start date',
      endDate: 'Choose an end date',
      budget: 'Enter a budget above zero',
      currency: null,
    });
    expect(saveOverview).not.toHaveBeenCalled();
  });

  it('gives the messages the server would give for the same request', () => {
    const { view, fill } = start(never);
    fill();
    view().changeField('endDate', '2099-08-01');
    view().changeField('name', 'x'.repeat(201));
    view().submit();
    const { request } = overviewRequest(view().values);
    const server = v.safeParse(CampaignOverviewSchema, request);
    expect(server.success).toBe(false);
    const messages = Object.fromEntries(
      (server.success ? [] : server.issues).map((issue) => [issue.path?.[0]?.key, issue.message]),
    );
    expect(view().fieldErrors.name).toBe(messages.name);
    expect(view().fieldErrors.endDate).toBe(messages.endDate);
    expect(view().fieldErrors.endDate).toBe('The end date must be on or after the start date');
  });

  it('refuses a budget that is not an amount, and hides a field’s message when it is edited', () => {
    const { view, fill } = start(never);
    fill();
    view().changeField('budget', 'a lot');
    view().submit();
    expect(view().fieldErrors.budget).toBe(BUDGET_FORMAT_MESSAGE);
    view().changeField('budget', '100');
    expect(view().fieldErrors.budget).toBeNull();
  });

  it('toggles platforms in the order chosen and selects another objective', () => {
    const { view } = start(never);
    view().togglePlatform('tiktok', true);
    view().togglePlatform('meta', true);
    view().togglePlatform('tiktok', false);
    view().selectObjective(1);
    expect(view().values.platforms).toEqual(['meta']);
    expect(view().isPlatformSelected('meta')).toBe(true);
    expect(view().values.objectiveId).toBe(1);
  });

  it('sends the trimmed request, locks while saving, then asks for the review step', async () => {
    let resolve: (value: { campaignId: string }) => void = () => {};
    const { actor, saveOverview, navigations, view, fill } = start(
      () => new Promise((done) => (resolve = done)),
    );
    fill();
    view().submit();
    expect(view().isSubmitting).toBe(true);
    expect(view().isLocked).toBe(true);
    expect(view().submitLabel).toBe('Saving…');
    expect(saveOverview).toHaveBeenCalledWith({
      objectiveId: 2,
      name: 'Autumn Push',
      customerId: CUSTOMER,
      platforms: ['meta', 'tiktok'],
      startDate: '2099-09-01',
      endDate: '2099-09-30',
      budgetMinor: 250_050,
      currency: 'EUR',
    });
    resolve({ campaignId: NEW_ID });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(navigations).toEqual([`/planning/wizard/${NEW_ID}/review`]);
    expect(view().isDone).toBe(true);
  });

  it('leaves out an empty customer', () => {
    const { view, fill } = start(never);
    fill();
    view().changeField('customerId', '');
    expect(overviewRequest(view().values).request).not.toHaveProperty('customerId');
  });

  it('shows the server’s field messages under their fields (budgetMinor under the budget)', async () => {
    const { actor, view, fill } = start(() =>
      Promise.reject({
        status: 400,
        message: 'customerId: Customer not found',
        validationErrors: {
          customerId: { message: 'Customer not found' },
          budgetMinor: { message: 'That amount is too large' },
          'platforms.1': { message: 'Unknown platform "x"' },
        },
      }),
    );
    fill();
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view().fieldErrors).toMatchObject({
      customerId: 'Customer not found',
      budget: 'That amount is too large',
      platforms: 'Unknown platform "x"',
    });
    expect(view().formError).toBeNull();
    view().changeField('customerId', '');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().fieldErrors.customerId).toBeNull();
    expect(view().fieldErrors.budget).toBe('That amount is too large');
  });

  it('shows a business error above the form and keeps the refusal for the upgrade notice', async () => {
    const { actor, view, fill } = start(() =>
      Promise.reject({
        status: 409,
        message: 'Conflict',
        errorCode: 'SOME_RULE',
        businessError: { message: 'This account cannot plan campaigns right now.' },
      }),
    );
    fill();
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view().formError).toBe('This account cannot plan campaigns right now.');
    expect(view().failure).toEqual({ errorCode: 'SOME_RULE', message: 'Conflict' });
    view().changeField('name', 'Autumn Push 2');
    expect(view().formError).toBeNull();
    expect(view().failure).toBeNull();
  });

  it('says when the server could not be reached, and retries the same request', async () => {
    const { actor, saveOverview, view, fill } = start(() => Promise.reject(new TypeError('Failed to fetch')));
    fill();
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view().formError).toBe(NETWORK_ERROR_MESSAGE);
    expect(view().failure).toBeNull();
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(saveOverview).toHaveBeenCalledTimes(2);
    expect(saveOverview.mock.calls[1]).toEqual(saveOverview.mock.calls[0]);
  });
});
