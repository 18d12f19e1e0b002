import type { StepUpConfirmationOutput } from '@machines/stepUpConfirmation';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { json, type SeenRequest } from './fakeApi';
import type { HeldServer } from './heldServer';

/**
 * A risky request in a view path test, ended the way the path's step-up confirmation ended, as the server
 * and the provider do: refused at once, or 403 CHALLENGE_REQUIRED then the real “Confirm it's you” dialog
 * (an e-mail code) and the request again with the verified token — accepted, closed, or expired.
 */

const STEP_UP_CONFIG = '/api/security/provider';
const SEND_CODE = '/provider/v1/client/challenge/email-otp';
const VERIFY_CODE = '/provider/v1/client/verify/email-otp';
/** The step-up's own calls: a view path test holds them (heldServer's `hold`). */
export const STEP_UP_HELD = new Set([STEP_UP_CONFIG, SEND_CODE, VERIFY_CODE]);
const PROVIDER_CONFIG = { tenantId: 'tenant-flightplan', baseUrl: '/provider/v1', appearance: {} };
const CHALLENGE_REFUSAL = {
  status: 403,
  message: 'Confirm it’s you to continue.',
  errorCode: 'CHALLENGE_REQUIRED',
  challenge: {
    token: 'challenge-token',
    user: { email: 'demo@flightplan.test' },
    verificationMethods: ['EMAIL_OTP'],
  },
};
const VERIFIED_TOKEN = 'verified-token';

export async function endRisky(
  { server, user }: { server: HeldServer; user: ReturnType<typeof userEvent.setup> },
  match: (r: SeenRequest) => boolean,
  outcome: StepUpConfirmationOutput,
  accepted: Response,
): Promise<void> {
  if (outcome.status === 'refused') {
    await server.answerWith(match, { error: outcome.error });
    return;
  }
  const first = await server.answerWith(match, { error: CHALLENGE_REFUSAL });
  expect(first.headers.get('x-step-up-token')).toBeNull();
  await server.respond(STEP_UP_CONFIG, json(PROVIDER_CONFIG));
  const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
  const sent = await server.take(SEND_CODE);
  await waitFor(() => expect(stepUp.contains(document.activeElement)).toBe(true), { timeout: 15_000 });
  if (outcome.status === 'sent') {
    sent.resolve(json({}));
    await user.click(within(stepUp).getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('123456');
    await server.respond(VERIFY_CODE, json({ accessToken: VERIFIED_TOKEN }));
    const again = await server.respond(match, accepted);
    expect(again.headers.get('x-step-up-token')).toBe(VERIFIED_TOKEN);
  } else if (outcome.status === 'cancelled') {
    await user.click(within(stepUp).getByRole('button', { name: 'Close' }));
  } else {
    sent.resolve(
      json(
        { error: 'expired_token', errorCode: 'expired_token', errorDescription: 'The token has expired.' },
        { status: 401 },
      ),
    );
  }
  await waitFor(() => expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).toBeNull());
}
