/**
 * The `whiteLabelSettings` chart's generated paths, replayed on the real white-label settings page
 * (/settings/white-label). GET and PATCH /api/organization/white-label wait for the path's steps; the rest
 * of the app gets the settings fake server. `upgrade.required` comes from the page's icon upload: the
 * server answers the icon with REQUIRES_UPGRADE and the icon's chart tells the settings chart.
 */
import '../support/matchers';
import { getChart } from '@machines';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import type { WhiteLabelSettingsContext, WhiteLabelState } from '@machines/whiteLabelSettings';
import { screen, waitFor, within } from '@testing-library/react';
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

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const SETTINGS = '/api/organization/white-label';
const LOAD = (request: { method: string; path: string }) =>
  request.method === 'GET' && request.path === SETTINGS;
const SAVE = (request: { method: string; path: string }) =>
  request.method === 'PATCH' && request.path === SETTINGS;
const ICON = '/api/organization/white-label/icon';

const context = (state: { context: unknown }) => state.context as WhiteLabelSettingsContext;
const FIELDS = { brandName: 'Brand name', primaryHex: 'Primary colour', navbarHex: 'Navbar colour' } as const;
const field = (name: keyof typeof FIELDS) => screen.getByLabelText<HTMLInputElement>(FIELDS[name]);
const saveButton = () => screen.getByRole('button', { name: /^(Save changes|Saving…)$/ });

/** The organization fields the server stores for `state`. */
const stored = (state: WhiteLabelState) => ({
  whiteLabelIsEnabled: state.isEnabled,
  hasWhiteLabelFeature: state.hasFeature,
  whiteLabelBrandName: state.brandName === '' ? null : state.brandName,
  whiteLabelPrimaryHexCode: state.primaryHex,
  whiteLabelNavbarBackgroundHexCode: state.navbarHex,
  whiteLabelIconUuid: null,
});

/** The form as the context says: values, messages under the fields, the form's message. */
function expectForm({ values, fieldErrors, formError }: WhiteLabelSettingsContext, disabled: boolean) {
  // By label (what a person reads next to each field); role queries over the whole page are slow in jsdom.
  const form = screen.getByLabelText<HTMLInputElement>(FIELDS.brandName).closest('form')!;
  const inForm = within(form);
  expect(inForm.getByLabelText<HTMLInputElement>('Use white-label branding').checked).toBe(values.isEnabled);
  for (const name of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
    const input = inForm.getByLabelText<HTMLInputElement>(FIELDS[name]);
    expect(input.value).toBe(values[name]);
    const message = fieldErrors[name];
    if (message) expect(input).toHaveAccessibleDescription(message);
    else expect(input).not.toHaveAttribute('aria-invalid', 'true');
    if (disabled) expect(input).toBeDisabled();
    else expect(input).not.toBeDisabled();
  }
  if (formError) expect(inForm.getByRole('alert')).toHaveTextContent(formError);
  else expect(inForm.queryByRole('alert')).not.toBeInTheDocument();
}

const isDirty = ({ values, saved }: WhiteLabelSettingsContext) =>
  values.isEnabled !== saved.isEnabled ||
  values.brandName.trim() !== saved.brandName.trim() ||
  values.primaryHex.trim().toLowerCase() !== saved.primaryHex.trim().toLowerCase() ||
  values.navbarHex.trim().toLowerCase() !== saved.navbarHex.trim().toLowerCase();

describeViewPathTests<PageView>({
  chart: getChart('whiteLabelSettings'),
  compareContext: (context: WhiteLabelSettingsContext) => context,
  async render() {
    settingsServer();
    const server = heldServer({
      hold: (request) => LOAD(request) || SAVE(request),
      answer: (request) =>
        request.method === 'PUT' && request.path === ICON
          ? json(
              {
                message: 'Your plan does not include white-label branding. Upgrade to use it.',
                errorCode: 'REQUIRES_UPGRADE',
              },
              { status: 403 },
            )
          : undefined,
      fallback: globalThis.fetch,
    });
    renderApp('/settings/white-label');
    await screen.findByRole('heading', { name: 'White-label' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadSettings': ({ server }, { event }) => {
      const state = event.output as WhiteLabelState;
      return server.respond(LOAD, json({ ...stored(state), iconUrl: state.iconUrl }));
    },
    'xstate.error.actor.loadSettings': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    'xstate.done.actor.saveSettings': ({ server }, { event }) =>
      server.respond(SAVE, json(organization(stored(event.output as WhiteLabelState)))),
    'xstate.error.actor.saveSettings': ({ server }, { event }) =>
      server.answerWith(SAVE, { error: event.error }),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'field.change': ({ user }, { event }) =>
      replaceText(user, field(event.field as keyof typeof FIELDS), event.value as string),
    'enabled.change': async ({ user }, { event, path, index }) => {
      // The switch toggles: to say “on” while it is already on, the person turns it off and on again
      // (two enabled.change events, the same transition, the same end state).
      const before = context(path.steps[index - 1]!.state).values.isEnabled;
      const label = screen.getByText('Use white-label branding');
      if (before === event.value) await user.click(label);
      await user.click(label);
    },
    'form.submit': ({ user }) => user.click(saveButton()),
    'form.reset': ({ user }) => user.click(screen.getByRole('button', { name: 'Discard changes' })),
    'upgrade.required': ({ user }) =>
      user.upload(
        screen.getByLabelText(/icon/i, { selector: 'input[type="file"]' }),
        new File([new Uint8Array([137, 80, 78, 71])], 'icon.png', { type: 'image/png' }),
      ),
  },
  states: {
    loading: () => {
      expect(screen.getByText('Loading…')).toBeInTheDocument();
      expect(screen.queryByLabelText(FIELDS.brandName)).not.toBeInTheDocument();
    },
    loadFailed: async (_view, { state }) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The white-label settings could not be loaded.');
      expect(alert).toHaveTextContent(context(state).loadError ?? NETWORK_ERROR_MESSAGE);
    },
    locked: async (_view, { state }) => {
      const notice = (await screen.findByText('White-labelling is not in your plan')).closest(
        '[role="alert"]',
      )!;
      expect(within(notice as HTMLElement).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
        'href',
        '/billing/plans',
      );
      expectForm(context(state), true);
      expect(saveButton()).toBeDisabled();
    },
    'ready.editing': async (_view, { state }) => {
      await screen.findByLabelText(FIELDS.brandName);
      expectForm(context(state), false);
      const dirty = isDirty(context(state));
      if (dirty) expect(saveButton()).not.toBeDisabled();
      else expect(saveButton()).toBeDisabled();
      expect(screen.queryByText('White-label settings saved.')).not.toBeInTheDocument();
      if (dirty) expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    },
    'ready.saved': async (_view, { state }) => {
      expect(await screen.findByText('White-label settings saved.')).toBeInTheDocument();
      expectForm(context(state), false);
      expect(saveButton()).toBeDisabled();
    },
    'ready.failed': async (_view, { state }) => {
      await waitFor(() => expect(saveButton()).toHaveTextContent('Save changes'));
      expectForm(context(state), false);
      expect(saveButton()).not.toBeDisabled();
    },
    saving: () => {
      expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
      expect(field('brandName')).toBeDisabled();
    },
  },
});
