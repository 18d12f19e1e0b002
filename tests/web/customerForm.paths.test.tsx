/**
 * The `customerForm` chart's generated paths, replayed against the real dialog (view level): each event
 * becomes what causes it in the browser — a URL change, typing, a click, or the server's answer to the
 * request the dialog made — and after each step the dialog must show what the chart's state says.
 */
import './support/matchers';
import type { Customer } from '@contract/resources';
import { getChart } from '@machines';
import { CustomerFormDialog } from '@src/features/customers/CustomerFormDialog';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ChartPath } from '@tooling/charts/coverage';
import { stepState } from '@tooling/charts/coverage';
import {
  unstable_HistoryRouter as HistoryRouter,
  Route,
  Routes,
  UNSAFE_createMemoryHistory,
} from 'react-router-dom';
import { afterEach, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { describePathTests } from '../paths/pathTests';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';

const chart = getChart('customerForm');
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface Pending {
  request: SeenRequest;
  answer: (response: Response) => void;
  fail: (error: unknown) => void;
}

/** Every request waits until the path says how the server answers it. */
function deferredServer() {
  const pending: Pending[] = [];
  stubFetch(
    (request) =>
      new Promise<Response>((answer, fail) => {
        pending.push({ request, answer, fail });
      }),
  );
  /** The latest request of that kind (an earlier one was abandoned by the dialog). */
  const take = async (isKind: (request: SeenRequest) => boolean) => {
    let found: Pending | undefined;
    await waitFor(() => {
      found = pending.findLast((p) => isKind(p.request));
      expect(found).toBeDefined();
    });
    pending.splice(0, pending.length);
    return found!;
  };
  return { take };
}

const isLoad = (r: SeenRequest) => r.method === 'GET' && r.path.startsWith('/api/customers/');
const isSave = (r: SeenRequest) => r.method === 'POST' || r.method === 'PATCH';
const record = (id: string, name: string): Customer => ({
  id,
  accountId: SIGNED_IN_USER.currentAccount.id,
  name,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
});
/** How the server answers a failure event: its error body and status, or no answer at all. */
async function answerWithError(pending: Pending, error: unknown) {
  if (error instanceof Error) pending.fail(new TypeError('Failed to fetch'));
  else {
    const { status, ...body } = error as { status: number };
    pending.answer(json(body, { status }));
  }
}

type Summary = { mode: 'create' | 'rename'; name: string; fieldError: boolean; formError: boolean };

/** What the dialog must show in the chart's state `value` (with the abstract context `summary`). */
async function expectView(value: string, summary: Summary) {
  if (value === 'closed' || value === 'succeeded') {
    // Succeeded closes at once: the page removes the parameters (and the chart goes back to closed).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    return;
  }
  const title = summary.mode === 'create' ? 'Create customer' : 'Rename customer';
  const dialog = await screen.findByRole('dialog', { name: title });
  if (value === 'loading') {
    await within(dialog).findByText('Loading…');
  } else if (value === 'notFound') {
    await within(dialog).findByText("Sorry, we couldn't find that customer.");
  } else if (value === 'loadFailed') {
    await within(dialog).findByRole('button', { name: 'Try again' });
  } else {
    const field = await within(dialog).findByLabelText<HTMLInputElement>('Customer name');
    const busy = summary.mode === 'create' ? 'Creating...' : 'Saving...';
    const idle = summary.mode === 'create' ? 'Create customer' : 'Save';
    const button = await within(dialog).findByRole('button', { name: value === 'submitting' ? busy : idle });
    expect(button.hasAttribute('disabled')).toBe(value === 'submitting');
    expect(field.readOnly).toBe(value === 'submitting');
    const kind = field.value === '' ? 'empty' : field.value.trim().length > 200 ? 'tooLong' : 'fine';
    expect(kind).toBe(summary.name);
    expect(field.getAttribute('aria-invalid') === 'true').toBe(summary.fieldError);
    expect(within(dialog).queryByRole('alert')?.textContent !== '' && summary.formError).toBe(
      summary.formError,
    );
  }
}

async function runInView(path: ChartPath) {
  const server = deferredServer();
  const history = UNSAFE_createMemoryHistory({ initialEntries: ['/customers'], v5Compat: true });
  render(
    <HistoryRouter history={history}>
      <Routes>
        <Route path="/customers" element={<CustomerFormDialog />} />
      </Routes>
    </HistoryRouter>,
  );
  const go = async (search: string) => {
    // The same URL again would not reach the dialog; leaving first ends in the same state.
    if (history.location.search === search) act(() => history.push('/customers'));
    act(() => history.push(`/customers${search}`));
  };
  try {
    for (const [index, step] of path.steps.entries()) {
      const event = step.event as EventObject & Record<string, unknown>;
      if (index > 0) {
        switch (event.type) {
          case 'route.enter':
            await go(
              event.customerId === null
                ? '?modal=create-customer'
                : `?renameCustomer=true&customerId=${String(event.customerId)}`,
            );
            break;
          case 'route.leave':
            await go('');
            break;
          case 'name.change':
            fireEvent.change(screen.getByLabelText('Customer name'), { target: { value: event.value } });
            break;
          case 'form.submit':
            fireEvent.submit(screen.getByLabelText('Customer name').closest('form')!);
            break;
          case 'modal.cancel':
            fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
            break;
          case 'modal.retry':
            fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
            break;
          case 'xstate.done.actor.loadCustomer': {
            const pending = await server.take(isLoad);
            const id = pending.request.path.split('/').pop()!;
            const output = event.output as { name: string } | null;
            pending.answer(
              output
                ? json(record(id, output.name))
                : json({ message: 'Customer not found' }, { status: 404 }),
            );
            break;
          }
          case 'xstate.error.actor.loadCustomer':
            await answerWithError(await server.take(isLoad), event.error);
            break;
          case 'xstate.done.actor.saveCustomer': {
            const pending = await server.take(isSave);
            const body = pending.request.body as { name: string };
            pending.answer(json(record('00000000-0000-4000-8000-0000000000c9', body.name), { status: 201 }));
            break;
          }
          case 'xstate.error.actor.saveCustomer':
            await answerWithError(await server.take(isSave), event.error);
            break;
          default:
            throw new Error(`No view action for ${event.type}`);
        }
      }
      const expected = stepState(chart, step.state as never);
      // `closed`, `succeeded`, or `{ open: 'editing' }` and the like.
      const value = typeof expected.value === 'string' ? expected.value : Object.values(expected.value)[0];
      await expectView(String(value), expected.context as Summary);
    }
  } finally {
    cleanup();
  }
}

describePathTests(chart, runInView);
