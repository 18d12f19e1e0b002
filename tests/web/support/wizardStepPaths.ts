import type { Plan, PlatformRules, RulesByPlatform, WizardStep } from '@contract/planning';
import type { Chart } from '@machines/chart';
import type { StepInput } from '@machines/planning/stepProtocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ViewStep } from '../../paths/viewPathTests';
import { json, OBJECTIVES, type SeenRequest, SIGNED_IN_USER, stubFetch } from './fakeApi';
import { type HeldServer, heldServer } from './heldServer';
import { renderApp } from './renderApp';

/**
 * The view path tests of the wizard's step charts (`planningPlatforms`, `planningSchedule`, ...): the step
 * runs inside the real wizard page (/planning/wizard/{id}/{step}), invoked by the wizard's own chart, and
 * its actor is watched among the wizard actor's descendants (tests/paths/viewActors.ts; real timers). The
 * page loads the chart's input plan and rules; the plan calls after that wait for the path:
 *
 * - `step.showErrors`: Next on a step whose values fail the checks (the wizard holds the invalid edit).
 * - `step.serverErrors`: a valid edit that leaves the values as they are (`touch`), Next (a valid change is
 *   saved first, at once), and PUT /planning/wizard/{id}/{step} answered 400 with the errors by dot path.
 * - `step.saved`: `touch`, the wizard's save pause (real, 800 ms), the PUT answered with the plan.
 * - `step.reset`: `touch`, Next, the PUT answered 409 PLAN_VERSION_CONFLICT, “Reload the plan”, and
 *   GET /planning/wizard/{id} answered with the plan.
 *
 * Those need an editable step whose values pass the checks (a save needs a valid change): elsewhere they
 * are unproducible (`wizardEventUnproducible`).
 */
export interface WizardStepPage {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const CUSTOMER = {
  id: '00000000-0000-4000-8000-0000000000a1',
  accountId: SIGNED_IN_USER.currentAccount.id,
  name: 'Acme',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The objectives the overview offers (the charts' samples choose objective 4 too). */
export const OBJECTIVE_CARDS = [...OBJECTIVES, { id: 4, label: 'Conversions', icon: 'eye' }];

const PLAN_GET = (id: string) => (r: SeenRequest) =>
  r.method === 'GET' && r.path === `/planning/wizard/${id}`;
const SAVE = (id: string, step: WizardStep) => (r: SeenRequest) =>
  r.method === 'PUT' && r.path === `/planning/wizard/${id}/${step}`;

/** Mounts the wizard on `step` with the chart's input plan and rules, and waits for the step's form. */
export async function renderWizardStep(
  chart: Chart,
  step: WizardStep,
  region: string,
  options: {
    /** The plan the page loads, from the chart's input one (e.g. with the steps before done, to open this one). */
    served?: (plan: Plan) => Plan;
    /** More requests that wait for the path (e.g. the review's GET /data/campaigns/{id}/platforms). */
    hold?: (request: SeenRequest) => boolean;
  } = {},
): Promise<WizardStepPage> {
  const served = options.served ?? ((plan: Plan) => plan);
  const holdMore = options.hold ?? (() => false);
  const input = chart.input as StepInput;
  const plan = served(input.plan as Plan);
  const rules = Object.values(input.rules as RulesByPlatform) as PlatformRules[];
  const id = plan.campaign.id;
  let loaded = false;
  stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/objectives') return json(OBJECTIVE_CARDS, { total: OBJECTIVE_CARDS.length });
    if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
    if (request.path === '/planning/platforms') return json(rules);
    if (request.path === `/data/campaigns/${id}/platforms`) return json([]);
    if (request.path === '/api/events') return json({});
    if (PLAN_GET(id)(request) && !loaded) {
      loaded = true;
      return json(plan);
    }
    return json({ message: 'Not found' }, { status: 404 });
  });
  const server = heldServer({
    hold: (r) =>
      (PLAN_GET(id)(r) && loaded) ||
      (r.method === 'PUT' && r.path.startsWith('/planning/wizard/')) ||
      holdMore(r),
    fallback: globalThis.fetch,
  });
  renderApp(`/planning/wizard/${id}/${step}`);
  // The first test of a file loads the wizard's lazy chunk; beside the browser tests at nice 10 that took
  // over 4 s. A wait for the first screen, not a measure of it.
  await screen.findByRole('region', { name: region }, { timeout: 15_000 });
  return { server, user: userEvent.setup({ delay: null }) };
}

/** The wizard's messages to the step, produced as the header says. */
export function wizardStepEvents(
  chart: Chart,
  step: WizardStep,
  /** A valid edit that leaves the values as they are (e.g. retyping a field's last character). */
  touch: (view: WizardStepPage) => Promise<unknown>,
) {
  const id = (chart.input as StepInput).plan!.campaign.id;
  const next = () => screen.getByRole('button', { name: /^Next: / });
  const heldSave = async (view: WizardStepPage) =>
    waitFor(() => expect(view.server.held.some((h) => SAVE(id, step)(h.request))).toBe(true));
  return {
    'step.showErrors': (view: WizardStepPage) => view.user.click(next()),
    'step.serverErrors': async (view: WizardStepPage, { event }: ViewStep) => {
      await touch(view);
      await view.user.click(next());
      await heldSave(view);
      const errors = event.errors as Record<string, string>;
      const validationErrors = Object.fromEntries(
        Object.entries(errors).map(([path, message]) => [path, { message }]),
      );
      await view.server.respond(
        SAVE(id, step),
        json({ message: 'Invalid', validationErrors }, { status: 400 }),
      );
    },
    'step.saved': async (view: WizardStepPage, { event }: ViewStep) => {
      await touch(view);
      await heldSave(view);
      await view.server.respond(SAVE(id, step), json(event.plan));
    },
    'step.reset': async (view: WizardStepPage, { event }: ViewStep) => {
      await touch(view);
      await view.user.click(next());
      await heldSave(view);
      await view.server.respond(
        SAVE(id, step),
        json(
          { message: 'This plan was changed elsewhere', errorCode: 'PLAN_VERSION_CONFLICT' },
          { status: 409 },
        ),
      );
      await view.user.click(await screen.findByRole('button', { name: 'Reload the plan' }));
      await view.server.respond(PLAN_GET(id), json(event.plan));
    },
  };
}

/** The page around the step: the step marked current, the save status, the read-only note when locked. */
export async function checkWizardAround(label: string, readOnly: boolean) {
  const list = screen.getByRole('navigation', { name: 'Plan steps' });
  expect(within(list).getByText(label).closest('[aria-current]')).toHaveAttribute('aria-current', 'step');
  if (readOnly) {
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('This step is read-only');
  } else {
    expect(screen.queryByText('This step is read-only')).not.toBeInTheDocument();
  }
}
