import './support/matchers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetPlatformNames } from '../../src/features/campaigns/campaignRows';
import { toaster } from '../../src/ui/toaster';
import { campaign, json, PLATFORMS, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
  toaster.remove();
});

/** The confirmation toast (Ark UI Toast: role status, in the polite "Notifications" region). */
const findToast = (text: string) => screen.findByRole('status', { name: text });

const SPRING = campaign({ name: 'Spring Launch', status: 'draft', platforms: ['meta', 'google'] });
const SUMMER = campaign({ name: 'Summer Sale', status: 'active', platforms: ['meta'] });
const ROWS = [SPRING, SUMMER];

type Answer = (request: SeenRequest) => Response | undefined;

function fakeServer(answer: Answer = () => undefined) {
  return stubFetch((request) => {
    const own = answer(request);
    if (own) return own;
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/campaigns') return json(ROWS, { total: ROWS.length });
    if (request.path === '/data/campaigns/get') {
      const found = ROWS.find((c) => c.id === request.search.get('campaignId'));
      if (!found) return json({ message: "Sorry, we couldn't find that campaign." }, { status: 404 });
      return json({
        id: found.id,
        name: found.name,
        status: found.status,
        platforms: found.platforms.map((key) => PLATFORMS.find((p) => p.key === key)),
      });
    }
    if (request.path === '/data/campaigns/delete') return json({ success: true });
    if (request.path === '/data/campaigns/duplicate') {
      return json({ success: true, campaignId: '00000000-0000-4000-8000-00000000beef' }, { status: 201 });
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
