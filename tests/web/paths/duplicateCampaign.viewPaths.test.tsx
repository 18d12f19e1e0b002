/**
 * The `duplicateCampaign` chart's generated paths (issue 28), replayed in the real duplicate dialog on the
 * campaigns page (opened by `?duplicateCampaign=true&campaignId=…`). The lookup (the campaign's detail, then
 * its customer and the customer's budgets) and the duplicate call wait for the path's answers; the dialog
 * is checked as a planner sees it: the spec's texts, the dates' choice and fields, the new dates and the
 * budget they draw on, the messages; and on success the notice, with the budget and “Open the copy”.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { DuplicateCampaignContext, DuplicateSource } from '@machines/duplicateCampaign';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { toaster } from '@src/ui/toaster';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { describeViewPathTests, replaceText, type Unreachable } from '../../paths/viewPathTests';
import {
  campaign,
  campaignDetail,
  json,
  PLATFORMS,
  type SeenRequest,
  SIGNED_IN_USER,
} from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
beforeEach(() => {
  resetPlatformNames();
  toaster.remove();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const chart = getChart('duplicateCampaign');
const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';
const CAMPAIGN = campaign({ name: 'Spring Launch', status: 'active', customerId: CUSTOMER_ID });
const PAGE = `/campaigns?duplicateCampaign=true&campaignId=${CAMPAIGN.id}`;
const DETAIL = '/data/campaigns/detail';
const SUBMIT = '/data/campaigns/duplicate';

interface DuplicateView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
  /** The campaign the lookup answers with (the path's loadSource output). */
  source: DuplicateSource | null;
}

const dialog = () => screen.getByRole('dialog');
const button = (name: string) => within(dialog()).getByRole('button', { name });
const buttonNames = () =>
  within(dialog())
    .getAllByRole('button')
    .map((element) => element.textContent);
const nameField = () => within(dialog()).getByRole('textbox', { name: 'Campaign name' }) as HTMLInputElement;
const shiftField = () =>
  within(dialog()).getByRole('textbox', { name: /^Shift dates by/ }) as HTMLInputElement;
const startField = () => within(dialog()).getByLabelText('New start date') as HTMLInputElement;
const context = (state: { context: unknown }) => state.context as DuplicateCampaignContext;

const DAY = 86_400_000;
const plus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const readable = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
};

/** The shift the planner asked for, in days (null: not one), as the issue says. */
function shiftDays(c: DuplicateCampaignContext): number | null {
  const start = c.source?.startDate;
  if (!start) return 0;
  if (c.mode === 'startDate') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(c.newStart)) return null;
    return Math.round((Date.parse(`${c.newStart}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY);
  }
  const text = c.shift.trim();
  if (text === '') return 0;
  if (!/^[-+]?\d+$/.test(text)) return null;
  const days = Number(text) * (c.shiftUnit === 'weeks' ? 7 : 1);
  return Math.abs(days) <= 3650 ? days : null;
}

/** The page behind the dialog, and the lookup's second half (customer, budgets) from the path's source. */
function answerPage(view: () => DuplicateView | null) {
  return (request: SeenRequest): Response | undefined => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/campaigns') return json([CAMPAIGN], { total: 1 });
    if (request.path === '/api/events') return json({ success: true });
    const source = view()?.source;
    if (request.path === `/api/customers/${CUSTOMER_ID}` && source?.customerName)
      return json({
        id: CUSTOMER_ID,
        accountId: SIGNED_IN_USER.currentAccount.id,
        name: source.customerName,
        createdAt: '2026-02-01T10:00:00.000Z',
        updatedAt: '2026-02-01T10:00:00.000Z',
      });
    if (request.path === '/api/budgets' && source) {
      // The dialog asks for the customer's budgets in the campaign's currency.
      expect(request.search.get('customerId')).toBe(CUSTOMER_ID);
      expect(request.search.get('currency')).toBe(source.currency);
      const rows = source.budgets.map((b) => ({
        ...b,
        accountId: SIGNED_IN_USER.currentAccount.id,
        customerId: CUSTOMER_ID,
        amountMinor: 5_000_000,
        currency: source.currency,
        createdAt: '2026-02-01T10:00:00.000Z',
        updatedAt: '2026-02-01T10:00:00.000Z',
      }));
      return json(rows, { total: rows.length });
    }
    return undefined;
  };
}

/** Paths whose lookup fails with a 404: the app turns a 404 into "nothing there" (the done event). */
const LOOKUP_404: Unreachable = {
  transition: 'loading --xstate.error.actor.loadSource [isNotFoundError]--> notFound',
  because:
    'loadDuplicateSource answers a 404 with null, so a missing campaign reaches notFound through the done ' +
    'event (loading --xstate.done.actor.loadSource--> notFound)',
  event: (event) =>
    event.type === 'xstate.error.actor.loadSource' &&
    (event as { error?: { status?: number } }).error?.status === 404,
};

let current: DuplicateView | null = null;

describeViewPathTests<DuplicateView>({
  chart,
  compareContext: (c: DuplicateCampaignContext) => ({
    source: c.source,
    name: c.name,
    mode: c.mode,
    shift: c.shift,
    shiftUnit: c.shiftUnit,
    newStart: c.newStart,
    nameError: c.nameError,
    datesError: c.datesError,
    formError: c.formError,
  }),
  async render() {
    const server = heldServer({
      hold: (request) => request.path === DETAIL || request.path === SUBMIT,
      answer: answerPage(() => current),
    });
    const { location } = renderApp(PAGE);
    await screen.findByRole('dialog');
    current = { server, user: userEvent.setup({ delay: null }), location, source: null };
    return current;
  },
  events: {
    'xstate.done.actor.loadSource': (view, { event }) => {
      const source = event.output as DuplicateSource | null;
      view.source = source;
      return view.server.respond(
        DETAIL,
        source === null
          ? json({ message: "Sorry, we couldn't find that campaign." }, { status: 404 })
          : json(
              campaignDetail({
                ...CAMPAIGN,
                name: source.name,
                startDate: source.startDate,
                endDate: source.endDate,
                currency: source.currency,
                customerId: source.customerName ? CUSTOMER_ID : null,
              }),
            ),
      );
    },
    'xstate.error.actor.loadSource': ({ server }, { event }) =>
      server.answerWith(DETAIL, { error: event.error }),
    'xstate.done.actor.duplicate': async ({ server }, { event, state }) => {
      const output = event.output as { campaignId: string; budget: { id: string; name: string } | null };
      const request = await server.respond(SUBMIT, json({ success: true, ...output }, { status: 201 }));
      // The trimmed name and the shift in days (none when the dates stay).
      const c = context(state);
      const days = shiftDays({ ...c, source: c.source });
      expect(request.body).toEqual({
        campaignId: CAMPAIGN.id,
        name: c.name.trim(),
        ...(days ? { shiftDays: days } : {}),
      });
    },
    'xstate.error.actor.duplicate': ({ server }, { event }) =>
      server.answerWith(SUBMIT, { error: event.error }),
    'name.change': ({ user }, { event }) => replaceText(user, nameField(), event.value as string),
    'shift.change': ({ user }, { event }) => replaceText(user, shiftField(), event.value as string),
    'shift.unit': async ({ user }, { event }) => {
      const select = within(dialog()).getByRole('combobox', { name: 'Unit' });
      // Choosing the unit already chosen changes nothing: choose the other one first.
      if ((select as HTMLSelectElement).value === event.unit)
        await user.selectOptions(select, event.unit === 'weeks' ? 'days' : 'weeks');
      await user.selectOptions(select, event.unit as string);
    },
    'start.change': (_view, { event }) => {
      const input = startField();
      // A date field takes a whole day or nothing; the same value again is set through another one.
      if (input.value === event.value) fireEvent.change(input, { target: { value: '2000-01-01' } });
      fireEvent.change(input, { target: { value: event.value } });
    },
    'dates.mode': ({ user }, { event }) =>
      user.click(
        within(dialog()).getByRole('radio', {
          name: event.mode === 'startDate' ? 'Start on a new date' : 'Shift by days or weeks',
        }),
      ),
    'modal.submit': ({ user }) => user.click(button('Duplicate')),
    'modal.retry': ({ user }) => user.click(button('Try again')),
    'modal.cancel': {
      perform: ({ user }) => user.click(button('Cancel')),
      see: async ({ location }) => {
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        expect(location()).not.toMatch(/duplicateCampaign|campaignId/);
      },
    },
  },
  states: {
    loading: () => {
      expect(within(dialog()).getByRole('heading', { name: 'Duplicate campaign' })).toBeInTheDocument();
      expect(within(dialog()).getByText('Loading…')).toBeInTheDocument();
      expect(buttonNames()).toEqual(['Cancel']);
    },
    notFound: async () => {
      expect(await within(dialog()).findByText("Sorry, we couldn't find that campaign.")).toBeInTheDocument();
      expect(buttonNames()).toEqual(['Cancel']);
    },
    loadFailed: async (_view, { state }) => {
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
        context(state).formError ?? NETWORK_ERROR_MESSAGE,
      );
      expect(buttonNames()).toEqual(['Cancel', 'Try again']);
    },
    idle: async (_view, { state }) => {
      const c = context(state);
      const source = c.source!;
      expect(await within(dialog()).findByRole('button', { name: 'Duplicate' })).not.toBeDisabled();
      // The spec's field and hint (or the message in its place).
      const name = nameField();
      expect(name.value).toBe(c.name);
      expect(
        within(dialog()).getByText(c.nameError ?? 'Enter a name for the new campaign.'),
      ).toBeInTheDocument();
      if (c.nameError) expect(name).toHaveAttribute('aria-invalid', 'true');
      else expect(name).not.toHaveAttribute('aria-invalid', 'true');
      // How the dates move: the chosen way's field, with what was typed and its message.
      expect(within(dialog()).getByRole('radio', { name: 'Shift by days or weeks' })).toHaveProperty(
        'checked',
        c.mode === 'shift',
      );
      const field = c.mode === 'shift' ? shiftField() : startField();
      expect(field.value).toBe(c.mode === 'shift' ? c.shift : c.newStart);
      if (c.mode === 'shift')
        expect((within(dialog()).getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement).value).toBe(
          c.shiftUnit,
        );
      else
        expect(within(dialog()).queryByRole('textbox', { name: /^Shift dates by/ })).not.toBeInTheDocument();
      if (c.datesError) expect(field).toHaveAccessibleDescription(c.datesError);
      else expect(field).not.toHaveAttribute('aria-invalid', 'true');
      // The new dates, and the budget they draw on (the customer's in the currency whose period covers them).
      const preview = within(dialog()).getByTestId('duplicate-preview');
      const days = shiftDays(c);
      if (days === null || !source.startDate || !source.endDate) {
        expect(preview).toBeEmptyDOMElement();
      } else {
        const start = plus(source.startDate, days);
        const end = plus(source.endDate, days);
        expect(preview).toHaveTextContent(`New dates: ${readable(start)} – ${readable(end)}`);
        const fit = source.budgets
          .filter((b) => b.periodStart <= start && b.periodEnd >= end)
          .sort((a, b) => a.periodStart.localeCompare(b.periodStart))[0];
        expect(preview).toHaveTextContent(
          fit
            ? `The copy draws on the budget ${fit.name}.`
            : `No budget of ${source.customerName} in ${source.currency} covers these dates: the copy draws on none.`,
        );
      }
      // A refusal that is no field's, in the live region.
      if (c.formError) expect(within(dialog()).getByRole('alert')).toHaveTextContent(c.formError);
      else expect(within(dialog()).getByRole('alert')).toBeEmptyDOMElement();
    },
    submitting: async () => {
      expect(await within(dialog()).findByRole('button', { name: 'Duplicating...' })).toBeDisabled();
      expect(nameField()).toHaveAttribute('readonly');
      expect(button('Cancel')).toBeDisabled();
    },
    succeeded: async ({ location, user }, { state }) => {
      // campaignDuplicated=true closes the dialog; the notice says the budget and offers the copy.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const toast = await screen.findByRole('status', { name: 'Campaign duplicated.' });
      const budget = context(state).result?.budget;
      expect(toast).toHaveTextContent(
        budget
          ? `It draws on the budget ${budget.name}.`
          : 'No budget of its customer covers its dates: it draws on none.',
      );
      await user.click(within(toast).getByRole('button', { name: 'Open the copy' }));
      await waitFor(() => expect(location()).toMatch(/\/campaigns\/c2$/));
    },
  },
  unreachable: [LOOKUP_404],
});
