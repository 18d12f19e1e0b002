import './support/matchers';
import type { ChallengeOptions, UserAuthenticator } from '@contract/provider';
import type { SecurityEvent } from '@contract/securityActivity';
import type { StepUpRequester } from '@src/api/stepUp';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './support/renderApp';
import { jsonResponse, type SeenCall, settingsServer } from './support/settingsServer';
import { answerStepUps } from './support/stepUp';

// The step-up dialog is the challenge feature's (its own tests); here it answers as the person would.
const stepUp = vi.fn<StepUpRequester>(async () => ({ status: 'cancelled' }));
answerStepUps(stepUp);

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  stepUp.mockClear();
  localStorage.clear();
});

const TOKEN = 'enrol-token-1';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Flightplan:demo%40flightplan.test?secret=${SECRET}&issuer=Flightplan`;

const passkey: UserAuthenticator = {
  userAuthenticatorId: '11111111-1111-4111-8111-111111111111',
  verificationMethod: 'PASSKEY',
  label: 'Passkey',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastVerifiedAt: null,
  isVerified: true,
  credentialId: 'cred-here',
  authenticatorAttachment: 'platform',
};
const app: UserAuthenticator = {
  userAuthenticatorId: '22222222-2222-4222-8222-222222222222',
  verificationMethod: 'AUTHENTICATOR_APP',
  label: 'Authenticator app',
  createdAt: '2026-11-21T10:00:00.000Z',
  lastVerifiedAt: '2026-11-21T11:00:00.000Z',
  isVerified: true,
};

/**
 * The settings fake plus /api/security and the provider's /client calls: a list of authenticators, enrolment
 * tokens, a TOTP enrolment that accepts 123456, an SMS enrolment, and a DELETE answered by `onDelete`.
 */
function securityServer(options: {
  authenticators?: UserAuthenticator[];
  /** GET /api/security/activity's events, or `'fail'` for a 500 (default: none). */
  activity?: SecurityEvent[] | 'fail';
  onDelete?: (call: SeenCall, stepUpToken: string | null) => Response;
}) {
  const list = [...(options.authenticators ?? [])];
  const authorizations: string[] = [];
  const stepUpTokens: (string | null)[] = [];
  const activityQueries: string[] = [];
  const server = settingsServer({}, (call) => {
    const { method, path } = call;
    if (path === '/api/security/authenticators' && method === 'GET')
      return jsonResponse({ authenticators: list });
    if (path === '/api/security/activity' && method === 'GET') {
      activityQueries.push(`${call.path}?${call.search}`);
      return options.activity === 'fail'
        ? jsonResponse({ message: 'The database is not answering.' }, { status: 500 })
        : jsonResponse({ events: options.activity ?? [] });
    }
    if (path === '/api/security/enrollment-token' && method === 'POST')
      return jsonResponse({ token: TOKEN, baseUrl: '/provider/v1', tenantId: 'flightplan-local' });
    if (path.startsWith('/api/security/authenticators/') && method === 'DELETE') {
      const response = options.onDelete?.(call, stepUpTokens.at(-1) ?? null);
      if (response?.ok) {
        const id = decodeURIComponent(path.split('/').at(-1) ?? '');
        list.splice(
          list.findIndex((a) => a.userAuthenticatorId === id),
          1,
        );
      }
      return response ?? jsonResponse({ success: true });
    }
    if (path === '/provider/v1/client/user-authenticators/totp')
      return jsonResponse({ userAuthenticatorId: 'new-app', uri: URI, secret: SECRET });
    if (path === '/provider/v1/client/verify/totp') {
      const { verificationCode } = call.json as { verificationCode: string };
      if (verificationCode !== '123456') {
        return jsonResponse(
          {
            error: 'invalid_code',
            errorCode: 'invalid_code',
            errorDescription: 'That code is not correct.',
            isVerified: false,
            attemptsRemaining: 4,
          },
          { status: 400 },
        );
      }
      list.unshift({ ...app, userAuthenticatorId: 'new-app' });
      return jsonResponse({ isVerified: true, accessToken: 'verified-token' });
    }
    if (path === '/provider/v1/client/user-authenticators/sms')
      return jsonResponse({ challengeId: 'c1', expiresAt: new Date().toISOString(), retryAfterSeconds: 30 });
    if (path === '/provider/v1/client/verify/sms') {
      list.unshift({
        ...app,
        userAuthenticatorId: 'new-sms',
        verificationMethod: 'SMS',
        label: '+14155550123',
        phoneNumber: '+14155550123',
      });
      return jsonResponse({ isVerified: true, accessToken: 'verified-token' });
    }
    return undefined;
  });
  // Record the headers the page and the client library send.
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname.startsWith('/provider/'))
      authorizations.push(request.headers.get('authorization') ?? '');
    if (url.pathname.startsWith('/api/security/authenticators/'))
      stepUpTokens.push(request.headers.get('x-step-up-token'));
    return inner(request);
  }) as typeof fetch;
  return { ...server, authorizations, stepUpTokens, list, activityQueries };
}

const typeCode = async (user: ReturnType<typeof userEvent.setup>, code: string) => {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
};

describe('/settings/security', () => {
  it('shows the empty state and explains the default', async () => {
    securityServer({});
    renderApp('/settings/security');
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No sign-in methods yet')).toBeInTheDocument();
    expect(screen.getByText(/a code is e-mailed to demo@flightplan\.test/)).toBeInTheDocument();
  });

  it('lists methods with their detail, added and last used dates', async () => {
    localStorage.setItem('as_user_passkey_map', JSON.stringify({ [await currentUserId()]: ['cred-here'] }));
    securityServer({ authenticators: [app, passkey] });
    renderApp('/settings/security');
    const items = await screen.findAllByTestId('authenticator');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Authenticator app');
    expect(items[0]).toHaveTextContent('Codes from an authenticator app');
    expect(items[0]).toHaveTextContent('Last used');
    expect(items[1]).toHaveTextContent('Passkey on this device');
    expect(items[1]).toHaveTextContent('Not used yet');
    expect(
      within(items[1] as HTMLElement)
        .getByText(/Added/)
        .querySelector('time'),
    ).toHaveAttribute('datetime', passkey.createdAt);
    expect(screen.getByText('2 methods')).toBeInTheDocument();
  });

  // Before the enrolment tests, not after them: run after a test that typed a code into the enrolment dialog,
  // the confirmation's focus trap does not take the focus under jsdom (the dialog's content is never focused,
  // so Ark UI has nothing to give back to the heading), whatever the wait; alone or first, it does. The
  // browser journey (e2e/security.spec.ts) removes a method after adding one. Not yet understood: docs/testing.md.
  it('removes after the step-up, sending the verified token in X-Step-Up-Token', async () => {
    stepUp.mockResolvedValueOnce({ status: 'succeeded', token: 'verified-token' });
    const server = securityServer({
      authenticators: [passkey, app],
      onDelete: (_call, stepUpToken) =>
        stepUpToken === 'verified-token'
          ? jsonResponse({ success: true })
          : jsonResponse(
              {
                message: 'Confirm it’s you to continue.',
                errorCode: 'CHALLENGE_REQUIRED',
                challenge: { token: 'challenge-token', user: { email: 'demo@flightplan.test' } },
              },
              { status: 403 },
            ),
    });
    const user = userEvent.setup();
    renderApp('/settings/security');
    await user.click(
      await screen.findByRole('button', {
        name: 'Remove Authenticator app: Codes from an authenticator app',
      }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Authenticator app was removed.')).toBeInTheDocument();
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(server.stepUpTokens).toEqual([null, 'verified-token']);
    expect(screen.getAllByTestId('authenticator')).toHaveLength(1);
    // The removal was itself confirmed: the recent activity is loaded again (once with the page, once now).
    // Waited for as long as a busy machine takes (the dialog hands the focus over as it closes), not 1 s.
    await waitFor(() => expect(server.activityQueries).toHaveLength(2), { timeout: 15_000 });
    // The focus goes back to the list's heading, not to the page's start.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign-in methods' })).toHaveFocus(), {
      timeout: 15_000,
    });
  });

  it('sets up an authenticator app: QR code as SVG, the secret, a wrong code, then the right one', async () => {
    const server = securityServer({});
    const user = userEvent.setup();
    renderApp('/settings/security');
    await user.click(await screen.findByRole('button', { name: 'Add a sign-in method' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Authenticator app/ }));
    const qr = await within(dialog).findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(qr.hasAttribute('style')).toBe(false);
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(within(dialog).getByRole('link', { name: /Open in an authenticator app/ })).toHaveAttribute(
      'href',
      URI,
    );
    // The enrolment token from the app server was set before the first provider call.
    expect(server.callsTo('/api/security/enrollment-token', 'POST')).toHaveLength(1);
    expect(server.authorizations[0]).toBe(`Bearer ${TOKEN}`);

    await typeCode(user, '654321');
    expect(await within(dialog).findByText('That code is incorrect. 4 attempts left.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus(), {
      timeout: 15_000,
    });
    await typeCode(user, '123456');
    expect(await screen.findByText('Authenticator app added.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findAllByTestId('authenticator')).toHaveLength(1);
    expect(server.callsTo('/provider/v1/client/verify/totp', 'POST').map((call) => call.json)).toEqual([
      { verificationCode: '654321' },
      { verificationCode: '123456' },
    ]);
  });

  it('adds a phone number: a malformed one is named under the field, then the code confirms it', async () => {
    const server = securityServer({});
    const user = userEvent.setup();
    renderApp('/settings/security');
    await user.click(await screen.findByRole('button', { name: 'Add a sign-in method' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Phone number/ }));
    const field = await screen.findByRole('textbox', { name: 'Phone number' });
    expect(field).toHaveFocus();
    await user.type(field, '0412 345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(field).toHaveAccessibleDescription(
      'Enter the phone number in international format, e.g. +14155550123',
    );
    expect(server.callsTo('/provider/v1/client/user-authenticators/sms')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '+1 415 555 0123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter the code sent to +14155550123.')).toBeInTheDocument();
    expect(server.callsTo('/provider/v1/client/user-authenticators/sms')[0]?.json).toEqual({
      phoneNumber: '+1 415 555 0123',
    });
    await typeCode(user, '246810');
    expect(await screen.findByText('Phone number added.')).toBeInTheDocument();
    expect(await screen.findByText('+14155550123')).toBeInTheDocument();
  });

  it('sends a new code at once while the first is confirmed, and says where it went', async () => {
    const server = securityServer({});
    const user = userEvent.setup();
    renderApp('/settings/security');
    await user.click(await screen.findByRole('button', { name: 'Add a sign-in method' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Phone number/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '+14155550123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter the code sent to +14155550123.')).toBeInTheDocument();
    // The address step sent the first code; the code field sends none of its own.
    expect(server.callsTo('/provider/v1/client/user-authenticators/sms')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code was sent to +14155550123.')).toBeInTheDocument();
    expect(server.callsTo('/provider/v1/client/user-authenticators/sms')).toHaveLength(2);
    await typeCode(user, '246810');
    expect(await screen.findByText('Phone number added.')).toBeInTheDocument();
  });

  it('says so when the browser cannot make passkeys, with “Try again” and “Choose another method”', async () => {
    securityServer({});
    const user = userEvent.setup();
    renderApp('/settings/security');
    await user.click(await screen.findByRole('button', { name: 'Add a sign-in method' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^Passkey/ }));
    expect(await within(dialog).findByText('Your browser does not support passkeys.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Choose another method' }));
    // The button that had the focus is gone: the chooser's title takes it.
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: 'Add a sign-in method' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before removing; the step-up the server asks for, cancelled, leaves everything as it was', async () => {
    const challenge: ChallengeOptions = { token: 'challenge-token', user: { email: 'demo@flightplan.test' } };
    const server = securityServer({
      authenticators: [passkey],
      onDelete: () =>
        jsonResponse(
          { message: 'Confirm it’s you to continue.', errorCode: 'CHALLENGE_REQUIRED', challenge },
          { status: 403 },
        ),
    });
    const user = userEvent.setup();
    renderApp('/settings/security');
    await user.click(
      await screen.findByRole('button', { name: 'Remove Passkey: Passkey on another device' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('heading', { name: 'Remove Passkey?' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(stepUp).toHaveBeenCalledWith(challenge));
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Remove' })).not.toBeDisabled());
    expect(within(confirm).queryByText('Confirm it’s you to continue.')).not.toBeInTheDocument();
    expect(server.list).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('authenticator')).toHaveLength(1);
  });
});

/** The fake's signed-in user id (the passkey map is keyed by it). */
async function currentUserId(): Promise<string> {
  const { SIGNED_IN_USER } = await import('./support/fakeApi');
  return SIGNED_IN_USER.id;
}

describe('/settings/security: recent activity', () => {
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const events: SecurityEvent[] = [
    {
      id: 'e2',
      kind: 'step_up',
      method: 'EMAIL_OTP',
      action: 'deleteCampaign',
      description: 'Delete campaign Spring Launch on Meta and TikTok',
      browser: 'Firefox on Windows',
      createdAt: minutesAgo(5),
    },
    {
      id: 'e1',
      kind: 'sign_in',
      method: 'PASSWORD',
      action: null,
      description: null,
      browser: 'Chrome on macOS',
      createdAt: minutesAgo(3 * 60),
    },
    {
      id: 'e0',
      kind: 'step_up',
      method: 'PASSKEY',
      action: 'addAuthenticator',
      description: null,
      browser: 'Safari on iOS',
      createdAt: minutesAgo(3 * 24 * 60),
    },
  ];

  it('lists when, what, which method and which browser, newest first, with the exact time in the title', async () => {
    const server = securityServer({ activity: events });
    renderApp('/settings/security');
    const card = await screen.findByRole('region', { name: 'Recent activity' });
    const rows = await within(card).findAllByTestId('activity-event');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Confirmed: Delete campaign Spring Launch on Meta and TikTok'),
      expect.stringContaining('Signed in'),
      expect.stringContaining('Confirmed: Add a sign-in method'),
    ]);
    expect(rows[0]).toHaveTextContent('5 minutes ago');
    expect(rows[0]).toHaveTextContent('E-mail code');
    expect(rows[0]).toHaveTextContent('Firefox on Windows');
    expect(rows[1]).toHaveTextContent('3 hours ago');
    expect(rows[1]).toHaveTextContent('Password');
    expect(rows[1]).toHaveTextContent('Chrome on macOS');
    expect(rows[2]).toHaveTextContent('3 days ago');
    expect(rows[2]).toHaveTextContent('Passkey');
    const when = rows[0]!.querySelector('time')!;
    expect(when.getAttribute('dateTime')).toBe(events[0]!.createdAt);
    expect(when.getAttribute('title')).toMatch(/\d/);
    expect(server.activityQueries).toEqual(['/api/security/activity?_end=20']);
  });

  it('says when there is nothing, and offers to load again after a failure', async () => {
    securityServer({ activity: [] });
    renderApp('/settings/security');
    expect(await screen.findByText('No sign-ins or confirmations in the last 90 days.')).toBeInTheDocument();
    cleanup();

    const server = securityServer({ activity: 'fail' });
    renderApp('/settings/security');
    expect(await screen.findByText('Your recent activity could not be loaded.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load activity again' }));
    await waitFor(() => expect(server.activityQueries).toHaveLength(2));
  });
});
