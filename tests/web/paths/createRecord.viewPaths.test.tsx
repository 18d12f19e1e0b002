/**
 * The `createRecord` chart's generated paths, replayed in the real “Create organization” dialog of the
 * organizations page (`?modal=create-organization`). The settings fake server answers the page; the
 * dialog's POST /api/organizations waits for the path's done / error step.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { CreatedRecord, CreateRecordContext } from '@machines/createRecord';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, replaceText } from '../../paths/viewPathTests';
import { json } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';
import { organization, settingsServer } from '../support/settingsServer';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface DialogView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const CREATE = (request: { method: string; path: string }) =>
  request.method === 'POST' && request.path === '/api/organizations';
const dialog = () => screen.getByRole('dialog');
const field = () => within(dialog()).getByRole('textbox', { name: 'Organization name' });
const context = (state: { context: unknown }) => state.context as CreateRecordContext;

/** The name as typed, its message under the field (or none), the form's message above it (or none). */
function expectForm({ name, fieldError, formError }: CreateRecordContext) {
  expect(within(dialog()).getByRole('heading', { name: 'Create organization' })).toBeInTheDocument();
  expect((field() as HTMLInputElement).value).toBe(name);
  if (fieldError) {
    expect(field()).toHaveAccessibleDescription(fieldError);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
  } else {
    expect(field()).not.toHaveAttribute('aria-invalid', 'true');
  }
  // The live region is always there, empty when there is nothing to say.
  if (formError) expect(within(dialog()).getByRole('alert')).toHaveTextContent(formError);
  else expect(within(dialog()).getByRole('alert')).toBeEmptyDOMElement();
}

describeViewPathTests<DialogView>({
  chart: getChart('createRecord'),
  compareContext: ({ name, fieldError, formError, created }: CreateRecordContext) => ({
    name,
    fieldError,
    formError,
    created,
  }),
  async render() {
    settingsServer();
    const server = heldServer({ hold: CREATE, fallback: globalThis.fetch });
    renderApp('/organizations?modal=create-organization');
    await screen.findByRole('dialog', { name: 'Create organization' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'name.change': ({ user }, { event }) =>
      replaceText(user, field() as HTMLInputElement, event.value as string),
    'form.submit': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Create' })),
    'xstate.done.actor.createRecord': ({ server }, { event }) => {
      const record = event.output as CreatedRecord;
      return server.respond(
        CREATE,
        json(organization({ id: record.id, name: record.name }), { status: 201 }),
      );
    },
    'xstate.error.actor.createRecord': ({ server }, { event }) =>
      server.answerWith(CREATE, { error: event.error }),
  },
  states: {
    editing: (_view, { state }) => {
      expectForm(context(state));
      expect(within(dialog()).getByRole('button', { name: 'Create' })).not.toBeDisabled();
    },
    submitting: (_view, { state }) => {
      expectForm(context(state));
      expect(within(dialog()).getByRole('button', { name: 'Creating…' })).toBeDisabled();
      expect(field()).toHaveAttribute('readonly');
    },
    failed: async (_view, { state }) => {
      await within(dialog()).findByRole('button', { name: 'Create' });
      expectForm(context(state));
    },
    succeeded: async (_view, { state }) => {
      const { created } = context(state);
      expect(
        await within(dialog()).findByRole('heading', { name: `${created!.name} is ready` }),
      ).toBeInTheDocument();
      expect(within(dialog()).getByRole('link', { name: `Switch to ${created!.name}` })).toHaveAttribute(
        'href',
        `/organization/switch?id=${created!.id}&returnUrl=%2F&domain=${encodeURIComponent(window.location.host)}`,
      );
      expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();
    },
  },
});
