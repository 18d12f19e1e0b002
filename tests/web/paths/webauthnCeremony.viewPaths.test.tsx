/**
 * The `webauthnCeremony` chart's generated paths, replayed in the real passkey and security-key views of
 * the step-up dialog: `ChallengeDialog` over held fake `ChallengeServices` (tests/web/support/challengeDialog.tsx),
 * opened with that one method, so the view's ceremony is the dialog's `methodView` child actor (watched
 * through `watchedActorOptions`, tests/paths/viewActors.ts). The browser check and the ceremony are the
 * services `checkWebAuthnSupport` and `authenticate`: the path's sample outputs and errors settle them.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { WebAuthnMethod } from '@machines/challenge';
import { WEBAUTHN_TEXTS, type WebAuthnCeremonyContext } from '@machines/webauthnCeremony';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import {
  type ChallengeDialogView,
  dialogClosed,
  findChallengeDialog,
  inDialog,
  renderChallengeDialog,
} from '../support/challengeDialog';

const chart = getChart('webauthnCeremony');
const USER = { email: 'dana@example.com' };

function describeMethod(method: WebAuthnMethod) {
  const texts = WEBAUTHN_TEXTS[method];
  /** The spinner line while the browser is checked and the ceremony runs; no button. */
  const busy = async () => {
    expect(await inDialog().findByText(texts.authenticating)).toBeInTheDocument();
    expect(inDialog().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(inDialog().queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  };
  describeViewPathTests<ChallengeDialogView>({
    chart,
    ...(method === 'PASSKEY' ? {} : { variant: { name: method, input: { method } } }),
    async render() {
      const view = renderChallengeDialog();
      view.open({ token: 'challenge-token', user: USER, verificationMethods: [method] });
      await findChallengeDialog();
      return view;
    },
    events: {
      'xstate.done.actor.checkSupport': ({ services }, { event }) =>
        services.settle('checkWebAuthnSupport', { output: event.output }),
      'xstate.error.actor.checkSupport': ({ services }, { event }) =>
        services.settle('checkWebAuthnSupport', { error: event.error }),
      'xstate.done.actor.authenticate': ({ services }, { event }) =>
        services.settle('authenticate', { output: event.output }),
      'xstate.error.actor.authenticate': ({ services }, { event }) =>
        services.settle('authenticate', { error: event.error }),
      'ceremony.start': ({ user }) => user.click(inDialog().getByRole('button', { name: 'Continue' })),
      'ceremony.retry': ({ user }) => user.click(inDialog().getByRole('button', { name: 'Try again' })),
    },
    states: {
      checking: async ({ services }) => {
        await busy();
        expect(services.held.map((call) => call.name)).toEqual(['checkWebAuthnSupport']);
      },
      authenticating: async ({ services }) => {
        await busy();
        // The ceremony runs (the browser's prompt is up).
        await waitFor(() => expect(services.held.map((call) => call.name)).toContain('authenticate'));
      },
      awaitingClick: async () => {
        // Safari in a frame: the ceremony waits for the person's click.
        expect(await inDialog().findByText(texts.authenticating)).toBeInTheDocument();
        expect(inDialog().getByRole('button', { name: 'Continue' })).toBeInTheDocument();
      },
      error: async (_view, { state }) => {
        const { reason } = state.context as WebAuthnCeremonyContext;
        const alert = await inDialog().findByRole('alert');
        expect(alert).toHaveTextContent(texts.error);
        if (reason) expect(alert).toHaveTextContent(reason);
        expect(inDialog().getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      },
      notSupported: async () => {
        const alert = await inDialog().findByRole('alert');
        expect(inDialog().getByRole('heading', { name: texts.notSupportedTitle })).toBeInTheDocument();
        expect(alert).toHaveTextContent(texts.notSupportedText);
        expect(inDialog().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      },
      verified: async (view, { event }) => {
        // The dialog closes with the ceremony's token: the step-up succeeded.
        await dialogClosed();
        const token = (event.output as { token: string }).token;
        await waitFor(() => expect(view.outcomes).toEqual([{ status: 'succeeded', token }]));
        expect(screen.queryByText(texts.authenticating)).not.toBeInTheDocument();
      },
    },
  });
}

describeMethod('PASSKEY');
describeMethod('SECURITY_KEY');
