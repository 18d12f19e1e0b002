/**
 * The `modalAction` chart's generated paths, replayed in the real campaign and customer modals
 * (ModalActionDialog inside the campaigns and customers pages, opened by their query parameters), once per
 * kind: duplicate (the chart's own input and paths), delete campaign, launch campaign, delete customer.
 */
import '../support/matchers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { getChart } from '../../../machines';
import {
  DONE_FLAGS,
  type ModalActionContext,
  type ModalActionKind,
  type ModalRecord,
} from '../../../machines/modalAction';
import { NETWORK_ERROR_MESSAGE } from '../../../machines/shared/errors';
import { resetPlatformNames } from '../../../src/features/campaigns/campaignRows';
import { describeViewPathTests, replaceText, type Unreachable } from '../../paths/viewPathTests';
import { campaign, json, PLATFORMS, type SeenRequest, SIGNED_IN_USER } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const chart = getChart('modalAction');
const CAMPAIGN = campaign({ name: 'Spring Launch', status: 'draft', platforms: ['meta', 'google'] });
const CUSTOMER = {
  id: '00000000-0000-4000-8000-0000000000c1',
  accountId: SIGNED_IN_USER.currentAccount.id,
  name: 'Northwind Traders',
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
};

/** Where each kind looks its record up and sends its action. */
const ENDPOINTS: Record<ModalActionKind, { load: string; submit: string; page: string }> = {
  deleteCampaign: {
    load: '/data/campaigns/get',
    submit: '/data/campaigns/delete',
    page: `/campaigns?deleteCampaign=true&campaignId=${CAMPAIGN.id}`,
  },
  duplicateCampaign: {
    load: '/data/campaigns/get',
    submit: '/data/campaigns/duplicate',
    page: `/campaigns?duplicateCampaign=true&campaignId=${CAMPAIGN.id}`,
  },
  launchCampaign: {
    load: '/data/campaigns/get',
    submit: `/planning/wizard/${CAMPAIGN.id}/review`,
    page: `/campaigns?launchCampaign=true&campaignId=${CAMPAIGN.id}`,
  },
  deleteCustomer: {
    load: '/data/customers/get',
    submit: '/data/customers/delete',
    page: `/customers?deleteCustomer=true&customerId=${CUSTOMER.id}`,
  },
};

const TITLES: Record<ModalActionKind, string> = {
  deleteCampaign: 'Delete campaign',
  duplicateCampaign: 'Duplicate campaign',
  launchCampaign: 'Launch campaign',
  deleteCustomer: 'Delete customer',
};
const SUBMIT: Record<ModalActionKind, readonly [idle: string, busy: string]> = {
  deleteCampaign: ['Delete', 'Deleting...'],
  duplicateCampaign: ['Duplicate', 'Duplicating...'],
  launchCampaign: ['Launch', 'Launching...'],
  deleteCustomer: ['Delete', 'Deleting...'],
};

interface ModalView {
  kind: ModalActionKind;
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
}

/** The page behind the modal answers at once; the modal's own lookups and actions wait for the path. */
function answerPage(request: SeenRequest): Response | undefined {
  if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
  if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
  if (request.path === '/api/campaigns') return json([CAMPAIGN], { total: 1 });
  if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
  if (request.path === '/api/events') return json({ success: true });
  return undefined;
}

/** The server's lookup answer carrying `record` (a path step's `output`); null is the 404 it turns into. */
function lookupAnswer(kind: ModalActionKind, record: ModalRecord | null): Response {
  const isCustomer = kind === 'deleteCustomer';
  if (record === null) {
    const message = isCustomer
      ? "Sorry, we couldn't find that customer."
      : "Sorry, we couldn't find that campaign.";
    return json({ message }, { status: 404 });
  }
  if (isCustomer) return json({ id: CUSTOMER.id, name: record.name });
  return json({
    id: CAMPAIGN.id,
    name: record.name,
    status: CAMPAIGN.status,
    platforms: record.platformNames.map(
      (name) => PLATFORMS.find((platform) => platform.displayName === name)!,
    ),
  });
}

const dialog = () => screen.getByRole('dialog');
const button = (name: string) => within(dialog()).getByRole('button', { name });
const buttonNames = () =>
  within(dialog())
    .getAllByRole('button')
    .map((element) => element.textContent);

/** The question each kind asks in `idle` (spec section 2, word for word). */
function question(kind: ModalActionKind, record: ModalRecord): string | null {
  switch (kind) {
    case 'deleteCampaign':
      return `Are you sure you want to delete ${record.name}? This will delete ad campaigns on ${record.platformNames.join(' and ')}. It might take a few minutes.`;
    case 'launchCampaign':
      return 'Are you sure?';
    case 'deleteCustomer':
      return `Are you sure you want to delete ${record.name}?`;
    case 'duplicateCampaign':
      return null;
  }
}

/** Paths that would need the lookup to fail with a 404: the app never produces that event. */
const LOOKUP_404: Unreachable = {
  transition: 'loading --xstate.error.actor.loadRecord [isNotFoundError]--> notFound',
  because:
    'loadModalRecord answers a 404 with null, so a missing record reaches notFound through the done event ' +
    '(loading --xstate.done.actor.loadRecord--> notFound)',
  event: (event) =>
    event.type === 'xstate.error.actor.loadRecord' &&
    (event as { error?: { status?: number } }).error?.status === 404,
};
/** The kinds without a name field. */
const NO_FIELD: Unreachable[] = [
  {
    transition: 'idle --field.change--> (stays)',
    because: 'only the duplicate modal has a field (the campaign name)',
  },
  {
    transition: 'idle --modal.submit--> (stays)',
    because: 'validateValue only checks the duplicate’s name: the other kinds always submit',
  },
];

function describeKind(kind: ModalActionKind, variantEvents?: readonly { type: string }[]) {
  const endpoints = ENDPOINTS[kind];
  describeViewPathTests<ModalView>({
    chart,
    ...(variantEvents
      ? {
          variant: {
            name: kind,
            input: { kind, id: '00000000-0000-4000-8000-000000000042' },
            events: variantEvents,
          },
        }
      : {}),
    compareContext: ({ record, value, fieldError, businessError }: ModalActionContext) => ({
      record,
      value,
      fieldError,
      businessError,
    }),
    async render() {
      const server = heldServer({
        hold: (request) => request.path === endpoints.load || request.path === endpoints.submit,
        answer: answerPage,
      });
      const { location } = renderApp(endpoints.page);
      await screen.findByRole('dialog');
      return { kind, server, user: userEvent.setup({ delay: null }), location };
    },
    events: {
      'xstate.done.actor.loadRecord': ({ server }, { event }) =>
        server.respond(endpoints.load, lookupAnswer(kind, event.output as ModalRecord | null)),
      'xstate.error.actor.loadRecord': ({ server }, { event }) =>
        server.answerWith(endpoints.load, { error: event.error }),
      'xstate.done.actor.submitAction': ({ server }, { event }) =>
        server.answerWith(endpoints.submit, { body: event.output }),
      'xstate.error.actor.submitAction': ({ server }, { event }) =>
        server.answerWith(endpoints.submit, { error: event.error }),
      'field.change': ({ user }, { event }) =>
        replaceText(
          user,
          within(dialog()).getByRole('textbox', { name: 'Campaign name' }) as HTMLInputElement,
          event.value as string,
        ),
      'modal.submit': ({ user }) => user.click(button(SUBMIT[kind][0])),
      'modal.retry': ({ user }) => user.click(button('Try again')),
      'modal.cancel': {
        perform: ({ user }) => user.click(button('Cancel')),
        // The page closes the modal: the dialog goes and its query parameters with it.
        see: async ({ location }) => {
          await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
          expect(location()).not.toMatch(new RegExp(`${kind}|campaignId|customerId`));
        },
      },
    },
    states: {
      loading: () => {
        expect(within(dialog()).getByRole('heading', { name: TITLES[kind] })).toBeInTheDocument();
        expect(within(dialog()).getByText('Loading…')).toBeInTheDocument();
        expect(buttonNames()).toEqual(['Cancel']);
      },
      notFound: async () => {
        const message =
          kind === 'deleteCustomer'
            ? "Sorry, we couldn't find that customer."
            : "Sorry, we couldn't find that campaign.";
        expect(await within(dialog()).findByText(message)).toBeInTheDocument();
        expect(buttonNames()).toEqual(['Cancel']);
      },
      loadFailed: async (_view, { state }) => {
        const alert = await within(dialog()).findByRole('alert');
        expect(alert).toHaveTextContent(state.context.businessError ?? NETWORK_ERROR_MESSAGE);
        expect(buttonNames()).toEqual(['Cancel', 'Try again']);
      },
      idle: async (_view, { state }) => {
        const { record, value, fieldError, businessError } = state.context as ModalActionContext;
        expect(await within(dialog()).findByRole('button', { name: SUBMIT[kind][0] })).not.toBeDisabled();
        if (kind === 'duplicateCampaign') {
          const field = within(dialog()).getByRole('textbox', { name: 'Campaign name' });
          expect((field as HTMLInputElement).value).toBe(value);
          // Either the client's or the server's message under the field, or the hint.
          expect(
            within(dialog()).getByText(fieldError ?? 'Enter a name for the new campaign.'),
          ).toBeInTheDocument();
          if (fieldError) expect(field).toHaveAttribute('aria-invalid', 'true');
          else expect(field).not.toHaveAttribute('aria-invalid', 'true');
          return;
        }
        // The server's refusal in the live region (always there, empty when there is nothing to say).
        if (businessError) expect(within(dialog()).getByRole('alert')).toHaveTextContent(businessError);
        else expect(within(dialog()).getByRole('alert')).toBeEmptyDOMElement();
        // The customer modal says the refusal instead of its question.
        const asked = kind === 'deleteCustomer' && businessError ? null : question(kind, record!);
        if (asked) expect(within(dialog()).getByText(asked)).toBeInTheDocument();
        else expect(within(dialog()).queryByText(/Are you sure/)).not.toBeInTheDocument();
      },
      submitting: async () => {
        expect(await within(dialog()).findByRole('button', { name: SUBMIT[kind][1] })).toBeDisabled();
        if (kind === 'duplicateCampaign') {
          expect(within(dialog()).getByRole('textbox', { name: 'Campaign name' })).toHaveAttribute(
            'readonly',
          );
        }
      },
      succeeded: async ({ location }) => {
        // The page sets the done flag in the URL and closes the modal.
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        expect(new URLSearchParams(location().split('?')[1]).get(DONE_FLAGS[kind])).toBe('true');
        expect(location()).not.toMatch(new RegExp(`${kind}=|campaignId|customerId`));
      },
    },
    unreachable: kind === 'duplicateCampaign' ? [LOOKUP_404] : [LOOKUP_404, ...NO_FIELD],
  });
}

/** The chart's events without the name field, with the kind's own record, answer and refusal. */
function eventsFor(kind: Exclude<ModalActionKind, 'duplicateCampaign'>) {
  const record: ModalRecord =
    kind === 'deleteCustomer'
      ? { name: CUSTOMER.name, platformNames: [] }
      : { name: 'Spring Launch', platformNames: ['Meta', 'Google Ads'] };
  const refusal = {
    deleteCampaign: {
      status: 409,
      message: 'Conflict',
      businessError: { message: 'This campaign is being deleted.' },
    },
    launchCampaign: {
      status: 422,
      message: 'Unprocessable',
      businessError: { message: 'Choose at least one platform before launching.' },
    },
    deleteCustomer: {
      status: 409,
      message: 'Conflict',
      businessError: { message: 'This customer still has campaigns.' },
    },
  }[kind];
  const success = kind === 'launchCampaign' ? { success: true, status: 'launching' } : { success: true };
  return [
    { type: 'modal.submit' },
    { type: 'modal.cancel' },
    { type: 'modal.retry' },
    { type: 'xstate.done.actor.loadRecord', output: record },
    { type: 'xstate.done.actor.loadRecord', output: null },
    { type: 'xstate.error.actor.loadRecord', error: { status: 404, message: 'Not found' } },
    { type: 'xstate.error.actor.loadRecord', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.submitAction', output: success },
    { type: 'xstate.error.actor.submitAction', error: refusal },
  ];
}

describeKind('duplicateCampaign');
describeKind('deleteCampaign', eventsFor('deleteCampaign'));
describeKind('launchCampaign', eventsFor('launchCampaign'));
describeKind('deleteCustomer', eventsFor('deleteCustomer'));
