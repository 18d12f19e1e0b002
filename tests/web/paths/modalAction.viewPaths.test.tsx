/**
 * The `modalAction` chart's generated paths, replayed in the real campaign and customer modals
 * (ModalActionDialog inside the campaigns and customers pages, opened by their query parameters), once per
 * kind: delete a campaign (the chart's own input and paths), launch, pause and resume a campaign, delete a
 * customer. (The duplicate dialog has its own chart: duplicateCampaign.viewPaths.test.tsx.)
 *
 * The action is sent through the step-up confirmation (`stepUpConfirmation`, invoked as `submitAction`):
 * its done event says how that ended, and the test plays it as the server does. A risky action (delete,
 * launch, resume, delete customer) is first answered 403 CHALLENGE_REQUIRED, and the step-up runs for real:
 * the app shell's StepUpHost loads the step-up runtime (GET /api/security/provider, held), the real
 * challenge dialog opens over the modal with the server's challenge (e-mail code only), and the fake server
 * plays the provider (/provider/v1/client/...): for `sent`, the typed code is answered with an accessToken
 * and the action goes again with X-Step-Up-Token; for `cancelled` the Close button closes the dialog; for
 * `expired` the provider answers `expired_token`. A refusal (`refused`) is the server's first answer, and
 * duplicating and pausing are never asked to confirm.
 */
import '../support/matchers';
import { getChart } from '@machines';
import {
  DONE_FLAGS,
  type ModalActionContext,
  type ModalActionKind,
  type ModalRecord,
  type StepUpOutcome,
} from '@machines/modalAction';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import type { StepUpConfirmationOutput } from '@machines/stepUpConfirmation';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { resetStepUp } from '@src/features/challenge/requestStepUp';
import { CAMPAIGN_SUCCESS_MESSAGES, CUSTOMER_SUCCESS_MESSAGES } from '@src/ui/successFlags/useSuccessFlags';
import { toaster } from '@src/ui/toaster';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { describeViewPathTests, type Unreachable } from '../../paths/viewPathTests';
import { campaign, json, PLATFORMS, type SeenRequest, SIGNED_IN_USER } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
beforeEach(() => {
  resetPlatformNames();
  // Every path loads the step-up runtime over its own fake server (and can see that load fail).
  resetStepUp();
  // The one toast store outlives a test's render: each path sees only its own toasts.
  toaster.remove();
});
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
  launchCampaign: {
    load: '/data/campaigns/get',
    submit: `/planning/wizard/${CAMPAIGN.id}/review`,
    page: `/campaigns?launchCampaign=true&campaignId=${CAMPAIGN.id}`,
  },
  pauseCampaign: {
    load: '/data/campaigns/get',
    submit: '/data/campaigns/pause',
    page: `/campaigns?pauseCampaign=true&campaignId=${CAMPAIGN.id}`,
  },
  resumeCampaign: {
    load: '/data/campaigns/get',
    submit: '/data/campaigns/resume',
    page: `/campaigns?resumeCampaign=true&campaignId=${CAMPAIGN.id}`,
  },
  deleteCustomer: {
    load: '/data/customers/get',
    submit: '/data/customers/delete',
    page: `/customers?deleteCustomer=true&customerId=${CUSTOMER.id}`,
  },
};

const TITLES: Record<ModalActionKind, string> = {
  deleteCampaign: 'Delete campaign',
  launchCampaign: 'Launch campaign',
  pauseCampaign: 'Pause campaign',
  resumeCampaign: 'Resume campaign',
  deleteCustomer: 'Delete customer',
};
const SUBMIT: Record<ModalActionKind, readonly [idle: string, busy: string]> = {
  deleteCampaign: ['Delete', 'Deleting...'],
  launchCampaign: ['Launch', 'Launching...'],
  pauseCampaign: ['Pause', 'Pausing...'],
  resumeCampaign: ['Resume', 'Resuming...'],
  deleteCustomer: ['Delete', 'Deleting...'],
};
/** The kinds the server asks to confirm it's the person first (its riskyActionGuard). */
const RISKY: ReadonlySet<ModalActionKind> = new Set([
  'deleteCampaign',
  'launchCampaign',
  'resumeCampaign',
  'deleteCustomer',
]);

/** The step-up: the app's provider configuration, and the provider calls of the e-mail code view. */
const STEP_UP_CONFIG = '/api/security/provider';
const SEND_CODE = '/provider/v1/client/challenge/email-otp';
const VERIFY_CODE = '/provider/v1/client/verify/email-otp';
const PROVIDER_CONFIG = { tenantId: 'tenant-flightplan', baseUrl: '/provider/v1', appearance: {} };
const STEP_UP_HELD = new Set([STEP_UP_CONFIG, SEND_CODE, VERIFY_CODE]);
/** The server's answer to a risky action without a verified token: an e-mail code for demo@flightplan.test. */
const CHALLENGE_EMAIL = 'demo@flightplan.test';
const CHALLENGE_REFUSAL = {
  status: 403,
  message: 'Confirm it’s you to continue.',
  errorCode: 'CHALLENGE_REQUIRED',
  challenge: {
    token: 'challenge-token',
    user: { email: CHALLENGE_EMAIL },
    verificationMethods: ['EMAIL_OTP'],
  },
};
/** The step-up confirmation's endings that only a step-up gives (the chart's sample events). */
const isStepUpEnding = (event: { type: string }) => {
  const status = (event as { output?: { status?: string } }).output?.status;
  return event.type === 'xstate.done.actor.submitAction' && (status === 'cancelled' || status === 'expired');
};
const STEP_UP_EVENTS = chart.events.filter(isStepUpEnding);
/** The verified token the provider answers for the typed code. */
const VERIFIED_TOKEN = 'verified-token';
const SUCCESS_TOASTS: Record<ModalActionKind, string> = {
  deleteCampaign: CAMPAIGN_SUCCESS_MESSAGES.campaignDeleted,
  launchCampaign: CAMPAIGN_SUCCESS_MESSAGES.campaignLaunched,
  pauseCampaign: CAMPAIGN_SUCCESS_MESSAGES.campaignPaused,
  resumeCampaign: CAMPAIGN_SUCCESS_MESSAGES.campaignResumed,
  deleteCustomer: CUSTOMER_SUCCESS_MESSAGES.customerDeleted,
};

const challengeDialog = () => screen.findByRole('dialog', { name: "Confirm it's you" });

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
    case 'pauseCampaign':
      return `Pause ${record.name}? Its ads stop delivering on ${record.platformNames.join(' and ')} until you resume it.`;
    case 'resumeCampaign':
      return `Resume ${record.name}? Its ads start delivering and spending again on ${record.platformNames.join(' and ')}.`;
    case 'deleteCustomer':
      return `Are you sure you want to delete ${record.name}?`;
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
/**
 * Pausing a campaign is not a risky action: the server never asks to confirm it (no CHALLENGE_REQUIRED on
 * /data/campaigns/pause), so its step-up confirmation never ends cancelled or expired. The risky kinds
 * cover these.
 */
const notRisky = (): Unreachable[] => {
  const because =
    'pausing is not a risky action: the server never answers it with CHALLENGE_REQUIRED, so no step-up dialog opens';
  return [
    {
      transition: 'submitting --xstate.done.actor.submitAction [isExpired]--> idle',
      because,
      event: isStepUpEnding,
    },
    { transition: 'submitting --xstate.done.actor.submitAction--> idle', because, event: isStepUpEnding },
  ];
};
/**
 * Ends the step-up the way `outcome` says, in the real challenge dialog: the runtime's configuration is
 * answered, the dialog opens on the e-mail code view (the challenge allows only EMAIL_OTP), then
 * - succeeded: the code is sent, the person types six digits, the provider answers the verify call with the
 *   outcome's token as accessToken; the modal sends its action again with X-Step-Up-Token;
 * - cancelled: the person closes the dialog (its Close button);
 * - expired: the provider refuses the code delivery with `expired_token` (the token's 10 minutes are over).
 */
async function endStepUp(view: ModalView, outcome: StepUpOutcome): Promise<void> {
  const { kind, server, user } = view;
  // The modal waits like it does for the server while the step-up loads and its dialog is open.
  await waitFor(() => expect(server.held.map((entry) => entry.request.path)).toContain(STEP_UP_CONFIG));
  expect(within(dialog()).getByRole('button', { name: SUBMIT[kind][1] })).toBeDisabled();
  await server.respond(STEP_UP_CONFIG, json(PROVIDER_CONFIG));
  const stepUp = await challengeDialog();
  expect(
    within(stepUp).getByText(`Enter the code sent to ${CHALLENGE_EMAIL} to proceed.`),
  ).toBeInTheDocument();
  const sent = await server.take(SEND_CODE);
  expect(sent.request.headers.get('authorization')).toBe('Bearer challenge-token');
  switch (outcome.status) {
    case 'succeeded': {
      sent.resolve(json({}));
      // The dialog takes the focus as it opens (its focus trap); the digits are typed after that.
      const slot = within(stepUp).getByRole('textbox', { name: 'Digit 1 of 6' });
      await waitFor(() => expect(stepUp.contains(document.activeElement)).toBe(true), { timeout: 15_000 });
      await user.click(slot);
      await user.keyboard('123456');
      const verify = await server.respond(VERIFY_CODE, json({ accessToken: outcome.token }));
      expect(verify.body).toEqual({ verificationCode: '123456' });
      break;
    }
    case 'cancelled':
      // Clickable once the dialog has opened (its focus trap took the focus), as for typing the code.
      await waitFor(() => expect(stepUp.contains(document.activeElement)).toBe(true), { timeout: 15_000 });
      await user.click(within(stepUp).getByRole('button', { name: 'Close' }));
      break;
    case 'expired':
      sent.resolve(
        json(
          { error: 'expired_token', errorCode: 'expired_token', errorDescription: 'The token has expired.' },
          { status: 401 },
        ),
      );
      break;
  }
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).not.toBeInTheDocument(),
  );
}

/**
 * Ends the modal's step-up confirmation the way the path's `submitAction` outcome says, as the server does:
 * a refusal is its first answer; a risky action is first answered CHALLENGE_REQUIRED and the step-up runs
 * (`sent`: confirmed, then the action goes again with X-Step-Up-Token and is accepted); the others are
 * accepted at once.
 */
async function endSubmit(view: ModalView, outcome: StepUpConfirmationOutput): Promise<void> {
  const { kind, server } = view;
  const { submit } = ENDPOINTS[kind];
  if (outcome.status === 'refused') {
    await server.answerWith(submit, { error: outcome.error });
    return;
  }
  if (!RISKY.has(kind)) {
    await server.answerWith(submit, { body: (outcome as { response?: unknown }).response });
    return;
  }
  const first = await server.answerWith(submit, { error: CHALLENGE_REFUSAL });
  expect(first.headers.get('x-step-up-token')).toBeNull();
  if (outcome.status !== 'sent') {
    await endStepUp(view, outcome);
    return;
  }
  await endStepUp(view, { status: 'succeeded', token: VERIFIED_TOKEN });
  // The action goes out again, with the verified token.
  const again = await server.answerWith(submit, { body: outcome.response });
  expect(again.headers.get('x-step-up-token')).toBe(VERIFIED_TOKEN);
}

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
    compareContext: ({ record, businessError }: ModalActionContext) => ({ record, businessError }),
    async render() {
      const server = heldServer({
        hold: (request) =>
          request.path === endpoints.load ||
          request.path === endpoints.submit ||
          STEP_UP_HELD.has(request.path),
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
      'xstate.done.actor.submitAction': (view, { event }) =>
        endSubmit(view, event.output as StepUpConfirmationOutput),
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
        const { record, businessError } = state.context as ModalActionContext;
        expect(await within(dialog()).findByRole('button', { name: SUBMIT[kind][0] })).not.toBeDisabled();
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
      },
      succeeded: async ({ location }) => {
        // The page closes the modal and raises the done flag, which shows its toast and leaves the URL.
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        expect(await screen.findByText(SUCCESS_TOASTS[kind])).toBeInTheDocument();
        await waitFor(() => expect(location()).not.toContain(DONE_FLAGS[kind]));
        expect(location()).not.toMatch(new RegExp(`${kind}=|campaignId|customerId`));
      },
    },
    unreachable: [LOOKUP_404, ...(RISKY.has(kind) ? [] : notRisky())],
  });
}

/** The chart's events, with the kind's own record, answer and refusal. */
function eventsFor(kind: Exclude<ModalActionKind, 'deleteCampaign'>) {
  const record: ModalRecord =
    kind === 'deleteCustomer'
      ? { name: CUSTOMER.name, platformNames: [] }
      : { name: 'Spring Launch', platformNames: ['Meta', 'Google Ads'] };
  const refusal = {
    launchCampaign: {
      status: 422,
      message: 'Unprocessable',
      businessError: { message: 'Choose at least one platform before launching.' },
    },
    pauseCampaign: {
      status: 409,
      message: 'Conflict',
      businessError: { message: 'Only active campaigns can be paused.' },
    },
    resumeCampaign: {
      status: 409,
      message: 'Conflict',
      businessError: { message: 'Only paused campaigns can be resumed.' },
    },
    deleteCustomer: {
      status: 409,
      message: 'Conflict',
      businessError: { message: 'This customer still has campaigns.' },
    },
  }[kind];
  const response = {
    launchCampaign: { success: true, status: 'launching' },
    pauseCampaign: { success: true, status: 'pausing' },
    resumeCampaign: { success: true, status: 'resuming' },
    deleteCustomer: { success: true },
  }[kind];
  return [
    { type: 'modal.submit' },
    { type: 'modal.cancel' },
    { type: 'modal.retry' },
    { type: 'xstate.done.actor.loadRecord', output: record },
    { type: 'xstate.done.actor.loadRecord', output: null },
    { type: 'xstate.error.actor.loadRecord', error: { status: 404, message: 'Not found' } },
    { type: 'xstate.error.actor.loadRecord', error: new TypeError('Failed to fetch') },
    // How the step-up confirmation ended: accepted (after a step-up for the risky kinds), refused, and the
    // chart's endings of a step-up dialog (closed, expired).
    { type: 'xstate.done.actor.submitAction', output: { status: 'sent', response } },
    { type: 'xstate.done.actor.submitAction', output: { status: 'refused', error: refusal } },
    ...STEP_UP_EVENTS,
  ];
}

describeKind('deleteCampaign');
describeKind('launchCampaign', eventsFor('launchCampaign'));
describeKind('pauseCampaign', eventsFor('pauseCampaign'));
describeKind('resumeCampaign', eventsFor('resumeCampaign'));
describeKind('deleteCustomer', eventsFor('deleteCustomer'));
