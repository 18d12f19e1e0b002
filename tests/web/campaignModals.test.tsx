import './support/matchers';
import type { StepUpRequester } from '@src/api/stepUp';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { toaster } from '@src/ui/toaster';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  campaign,
  campaignDetail,
  json,
  PLATFORMS,
  type SeenRequest,
  SIGNED_IN_USER,
  stubFetch,
} from './support/fakeApi';
import { renderApp } from './support/renderApp';
import { answerStepUps } from './support/stepUp';

// The step-up dialog is the challenge feature's (its own tests); here it answers as the person would.
const stepUp = vi.fn<StepUpRequester>(async () => ({ status: 'cancelled' }));
answerStepUps(stepUp);

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
  toaster.remove();
  stepUp.mockClear();
});

/** The confirmation toast (Ark UI Toast: role status, in the polite "Notifications" region). */
const findToast = (text: string) => screen.findByRole('status', { name: text });

const SPRING = campaign({ name: 'Spring Launch', status: 'draft', platforms: ['meta', 'google'] });
const SUMMER = campaign({ name: 'Summer Sale', status: 'active', platforms: ['meta'] });
const ROWS = [SPRING, SUMMER];
/** A paused campaign, looked up by the resume modal only (the table lists ROWS). */
const AUTUMN = campaign({ name: 'Autumn Deals', status: 'paused', platforms: ['meta', 'google'] });

type Answer = (request: SeenRequest) => Response | undefined;

function fakeServer(answer: Answer = () => undefined) {
  return stubFetch((request) => {
    const own = answer(request);
    if (own) return own;
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/campaigns') return json(ROWS, { total: ROWS.length });
    if (request.path === '/data/campaigns/get') {
      const found = [...ROWS, AUTUMN].find((c) => c.id === request.search.get('campaignId'));
      if (!found) return json({ message: "Sorry, we couldn't find that campaign." }, { status: 404 });
      return json({
        id: found.id,
        name: found.name,
        status: found.status,
        platforms: found.platforms.map((key) => PLATFORMS.find((p) => p.key === key)),
      });
    }
    if (request.path === '/data/campaigns/detail') {
      const found = [...ROWS, AUTUMN].find((c) => c.id === request.search.get('campaignId'));
      if (!found) return json({ message: "Sorry, we couldn't find that campaign." }, { status: 404 });
      return json(campaignDetail(found));
    }
    if (request.path === '/data/campaigns/delete') return json({ success: true });
    if (request.path === '/data/campaigns/duplicate') {
      return json(
        { success: true, campaignId: '00000000-0000-4000-8000-00000000beef', budget: null },
        { status: 201 },
      );
    }
    if (request.path.startsWith('/planning/wizard/')) return json({ success: true, status: 'launching' });
    return json({ message: 'Not found' }, { status: 404 });
  });
}

const tableRequests = (seen: SeenRequest[]) => seen.filter((r) => r.path === '/api/campaigns').length;
const posts = (seen: SeenRequest[]) =>
  seen
    .filter((r) => r.method === 'POST' && r.path !== '/api/events')
    .map((r) => ({ path: r.path, body: r.body }));
/** The X-Step-Up-Token of each POST to `path`, in order (null: sent without one). */
const stepUpTokens = (seen: SeenRequest[], path: string) =>
  seen.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.headers.get('x-step-up-token'));

/**
 * The server's answer to a risky action without a verified token; its description survives the contract's
 * parse on its way to the dialog (issue 11).
 */
const CHALLENGE = {
  token: 'challenge-token',
  user: { email: 'demo@flightplan.test' },
  description: 'Resume campaign Autumn Deals on Meta and Google Ads',
};
const challengeRequired = () =>
  json(
    { message: 'Confirm it’s you to continue.', errorCode: 'CHALLENGE_REQUIRED', challenge: CHALLENGE },
    { status: 403 },
  );

async function open(path: string, answer?: Answer) {
  const server = fakeServer(answer);
  const app = renderApp(path);
  await screen.findByText(/^Showing /);
  return { ...server, ...app };
}

describe('campaign modals', () => {
  it('asks before deleting, naming the platforms; success closes, toasts, refetches once and drops the flag', async () => {
    const { seen, location, router } = await open(`/campaigns?deleteCampaign=true&campaignId=${SPRING.id}`);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Are you sure you want to delete Spring Launch? This will delete ad campaigns on Meta and Google Ads. It might take a few minutes.',
      ),
    ).toBeInTheDocument();
    expect(tableRequests(seen)).toBe(1);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Campaign deleted.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Notifications/ })).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // campaignDeleted=true was set on closing, then consumed: gone from the URL, by a replace.
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(posts(seen)).toEqual([{ path: '/data/campaigns/delete', body: { campaignId: SPRING.id } }]);
    await waitFor(() => expect(tableRequests(seen)).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tableRequests(seen)).toBe(2);
    expect(screen.getAllByRole('status', { name: 'Campaign deleted.' })).toHaveLength(1);
  });

  it('opens Duplicate from the row without refetching the table; requires and trims the name', async () => {
    let refuse = true;
    const { seen, location } = await open('/campaigns', (request) => {
      if (request.path === '/data/campaigns/duplicate' && refuse) {
        refuse = false;
        return json(
          { message: 'Invalid request', validationErrors: { name: { message: 'That name is taken.' } } },
          { status: 400 },
        );
      }
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Duplicate Spring Launch' }));
    const dialog = await screen.findByRole('dialog');
    const field = await within(dialog).findByLabelText('Campaign name');
    expect(within(dialog).getByText('Enter a name for the new campaign.')).toBeInTheDocument();
    expect(tableRequests(seen)).toBe(1);

    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Enter a name for the new campaign.')).toBeInTheDocument();
    expect(posts(seen)).toEqual([]);

    await user.type(field, '  Spring copy ');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await within(dialog).findByText('That name is taken.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await findToast('Campaign duplicated.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(posts(seen)).toEqual([
      { path: '/data/campaigns/duplicate', body: { campaignId: SPRING.id, name: 'Spring copy' } },
      { path: '/data/campaigns/duplicate', body: { campaignId: SPRING.id, name: 'Spring copy' } },
    ]);
    await waitFor(() => expect(tableRequests(seen)).toBe(2));
  });

  it('a success flag in the URL on arrival toasts once and leaves the URL (reload and Back do not toast again)', async () => {
    const { seen, location, router } = await open('/campaigns?page=1&campaignDuplicated=true');
    expect(await findToast('Campaign duplicated.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/campaigns?page=1'));
    expect(router.state.historyAction).toBe('REPLACE');
    // The page was being loaded anyway: no second request for the flag.
    expect(tableRequests(seen)).toBe(1);
    expect(screen.getAllByRole('status', { name: 'Campaign duplicated.' })).toHaveLength(1);
  });

  it('launches through the review step after “Are you sure?”', async () => {
    const { seen, location } = await open(`/campaigns?launchCampaign=true&campaignId=${SPRING.id}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Are you sure?')).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Launch' }));
    expect(await findToast('Campaign launch started.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(posts(seen)).toEqual([
      { path: `/planning/wizard/${SPRING.id}/review`, body: { campaignId: SPRING.id } },
    ]);
  });

  it('a draft that cannot launch says why up front and offers “Finish the plan”, in the row and the modal', async () => {
    const readiness: Answer = (request) =>
      request.path === '/data/campaigns/launch-readiness'
        ? json([
            {
              campaignId: SPRING.id,
              blocker: { message: 'Add an ad for Meta and Google Ads', step: 'creative' },
            },
          ])
        : undefined;
    const { seen } = await open('/campaigns', readiness);
    // The row: the reason under the name, "Finish the plan" to the creative step instead of Launch.
    expect(
      await screen.findByText('Not ready to launch: Add an ad for Meta and Google Ads'),
    ).toBeInTheDocument();
    const finish = screen.getByRole('link', { name: 'Finish the plan: Spring Launch' });
    expect(finish).toHaveAttribute('href', `/planning/wizard/${SPRING.id}/creative`);
    expect(finish).toHaveAccessibleDescription('Not ready to launch: Add an ad for Meta and Google Ads');
    expect(screen.queryByRole('link', { name: 'Launch Spring Launch' })).toBeNull();
    expect(
      seen.find((r) => r.path === '/data/campaigns/launch-readiness')?.search.getAll('campaignId'),
    ).toEqual([SPRING.id]);
  });

  it('the launch modal of a draft that cannot launch says why instead of “Are you sure?”', async () => {
    const readiness: Answer = (request) =>
      request.path === '/data/campaigns/launch-readiness'
        ? json([{ campaignId: SPRING.id, blocker: { message: 'Add at least one flight', step: 'schedule' } }])
        : undefined;
    const { seen } = await open(`/campaigns?launchCampaign=true&campaignId=${SPRING.id}`, readiness);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Spring Launch cannot launch yet: Add at least one flight'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Are you sure?')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Launch' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Finish the plan' })).toHaveAttribute(
      'href',
      `/planning/wizard/${SPRING.id}/schedule`,
    );
    expect(posts(seen)).toEqual([]);
  });

  it('pauses after its question, without a step-up; a refusal is shown, Pausing... while sending', async () => {
    let answers = 0;
    let release: () => void = () => {};
    const { seen, location } = await open('/campaigns', (request) => {
      if (request.path !== '/data/campaigns/pause') return undefined;
      answers += 1;
      if (answers === 1) {
        return json(
          { message: 'Conflict', businessError: { message: 'Only active campaigns can be paused.' } },
          { status: 409 },
        );
      }
      // The second one waits until the test has seen the busy button.
      return new Promise<Response>((resolve) => {
        release = () => resolve(json({ success: true, status: 'pausing' }));
      }) as unknown as Response;
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Pause Summer Sale' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Pause campaign' })).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'Pause Summer Sale? Its ads stop delivering on Meta until you resume it.',
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only active campaigns can be paused.',
    );
    // The question stays, with the refusal under it.
    expect(within(dialog).getByText(/^Pause Summer Sale\?/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await within(dialog).findByRole('button', { name: 'Pausing...' })).toBeDisabled();
    release();
    expect(await findToast('Pausing the campaign on its platforms.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(posts(seen)).toEqual([
      { path: '/data/campaigns/pause', body: { campaignId: SUMMER.id } },
      { path: '/data/campaigns/pause', body: { campaignId: SUMMER.id } },
    ]);
    // Pausing stops spending: never a step-up.
    expect(stepUpTokens(seen, '/data/campaigns/pause')).toEqual([null, null]);
    expect(stepUp).not.toHaveBeenCalled();
  });

  it('resumes after its question and a step-up: the server asks, the person confirms, it goes again with the token', async () => {
    stepUp.mockResolvedValueOnce({ status: 'succeeded', token: 'verified-token' });
    const { seen, location } = await open(
      `/campaigns?resumeCampaign=true&campaignId=${AUTUMN.id}`,
      (request) => {
        if (request.path !== '/data/campaigns/resume') return undefined;
        return request.headers.get('x-step-up-token') === 'verified-token'
          ? json({ success: true, status: 'resuming' })
          : challengeRequired();
      },
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Resume campaign' })).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'Resume Autumn Deals? Its ads start delivering and spending again on Meta and Google Ads.',
      ),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Resume' }));
    expect(await findToast('Resuming the campaign on its platforms.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(stepUp.mock.calls[0]![0]).toEqual(CHALLENGE);
    expect(posts(seen)).toEqual([
      { path: '/data/campaigns/resume', body: { campaignId: AUTUMN.id } },
      { path: '/data/campaigns/resume', body: { campaignId: AUTUMN.id } },
    ]);
    expect(stepUpTokens(seen, '/data/campaigns/resume')).toEqual([null, 'verified-token']);
  });

  it('a closed step-up leaves the resume modal as it was; an expired one says so', async () => {
    stepUp.mockResolvedValueOnce({ status: 'cancelled' }).mockResolvedValueOnce({ status: 'expired' });
    const { seen, location } = await open(
      `/campaigns?resumeCampaign=true&campaignId=${AUTUMN.id}`,
      (request) => (request.path === '/data/campaigns/resume' ? challengeRequired() : undefined),
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/^Resume Autumn Deals\?/);
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(stepUp).toHaveBeenCalledTimes(1));
    expect(await within(dialog).findByRole('button', { name: 'Resume' })).not.toBeDisabled();
    expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();

    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The confirmation took too long and expired. Try again.',
    );
    expect(location()).toContain('resumeCampaign=true');
    expect(stepUpTokens(seen, '/data/campaigns/resume')).toEqual([null, null]);
  });

  it('says when the campaign does not exist, with Cancel only; Cancel removes the parameters', async () => {
    const { location, seen } = await open('/campaigns?page=1&deleteCampaign=true&campaignId=nope');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText("Sorry, we couldn't find that campaign.")).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel']);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).not.toMatch(/deleteCampaign|campaignId/);
    expect(tableRequests(seen)).toBe(1);
  });
});

const CUSTOMER = {
  id: '00000000-0000-4000-8000-0000000000c1',
  accountId: SIGNED_IN_USER.currentAccount.id,
  name: '',
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
};

describe('customer modal', () => {
  async function openCustomers(path: string, answer: Answer) {
    const server = fakeServer((request) => {
      if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
      if (request.path === '/data/customers/get') {
        if (request.search.get('customerId') !== CUSTOMER.id) {
          return json({ message: "Sorry, we couldn't find that customer." }, { status: 404 });
        }
        return json({ id: CUSTOMER.id, name: CUSTOMER.name });
      }
      return answer(request);
    });
    const app = renderApp(path);
    await screen.findByText(/^Showing /);
    return { ...server, ...app };
  }
  const customerRequests = (seen: SeenRequest[]) => seen.filter((r) => r.path === '/api/customers').length;

  it('asks about “this customer”, shows a businessError instead of the question, then deletes', async () => {
    let refuse = true;
    const { seen, location } = await openCustomers('/customers', (request) => {
      if (request.path !== '/data/customers/delete') return undefined;
      if (refuse) {
        refuse = false;
        return json(
          { message: 'Conflict', businessError: { message: 'This customer still has campaigns.' } },
          { status: 409 },
        );
      }
      return json({ success: true });
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Delete this customer' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Are you sure you want to delete this customer?'),
    ).toBeInTheDocument();
    expect(customerRequests(seen)).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('This customer still has campaigns.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Are you sure/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Customer deleted.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/customers'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(customerRequests(seen)).toBe(2));
  });

  it('says when the customer does not exist', async () => {
    await openCustomers('/customers?deleteCustomer=true&customerId=nope', () => undefined);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText("Sorry, we couldn't find that customer.")).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel']);
  });
});
