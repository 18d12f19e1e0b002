import { TOTP } from 'otpauth';
import { newUser } from './support/enrol';
import {
  addVirtualAuthenticator,
  confirmWithEmailCode,
  nextOutboxMessage,
  outboxIds,
  passStepUpByDevice,
} from './support/stepUp';
import { expect, type Page, test } from './support/test';

/**
 * /settings/security against the real built-in provider: passkeys and security keys made by CDP virtual
 * authenticators (ctap2 internal / ctap2 usb, rpID localhost), authenticator-app codes computed here from the
 * secret the page shows, e-mail and text-message codes and a magic link read from the development outbox.
 * Adding a method is a risky action (issue 11): the step-up dialog comes first — for a user without
 * methods, a code to the sign-in address; with methods, one of them — and the sign-in address is told after.
 *
 * Each journey is a new user of its own (`newUser`), so it starts without methods (its first addition is
 * confirmed with a code to the sign-in address) and runs in the own-users lane beside the demo user's journeys.
 */

/** A new user, signed in, on /settings/security; answers the sign-in address and password. */
async function openSecurity(page: Page) {
  const user = await newUser(page, 'Security');
  await page.goto('/');
  // Through the user menu, as a person would.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(page.getByRole('heading', { name: 'Sign-in methods' })).toBeVisible();
  return user;
}

/**
 * How the step-up before an addition is passed: `{ email }` — a code to that address, read from the outbox
 * (the sign-in address while the user has no method); `device` — a passkey or security key the page's
 * virtual authenticator answers by itself.
 */
type Confirm = { email: string } | 'device';

async function chooseMethod(page: Page, label: RegExp, confirm: Confirm) {
  const add = () => page.getByRole('button', { name: 'Add a sign-in method' }).first().click();
  if (confirm === 'device') await passStepUpByDevice(page, add);
  else await confirmWithEmailCode(page, confirm.email, add);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add a sign-in method' })).toBeVisible();
  await dialog.getByRole('button', { name: label }).click();
  return dialog;
}

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  // A person's pace: each digit lands before the next key (the slots move the focus after each input).
  await page.keyboard.type(code, { delay: 60 });
}

const methods = (page: Page) => page.getByTestId('authenticator');

test('starts empty, then adds a passkey and a security key made by virtual authenticators', async ({
  page,
}) => {
  const { email } = await openSecurity(page);
  await expect(page.getByText('No sign-in methods yet')).toBeVisible();

  const platform = await addVirtualAuthenticator(page, 'passkey');
  await chooseMethod(page, /^Passkey/, { email });
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added.' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(methods(page)).toHaveCount(1);
  await expect(methods(page).first()).toContainText('Passkey');
  await expect(methods(page).first()).toContainText('Passkey on this device');
  expect(await platform.credentials()).toHaveLength(1);

  // Now the passkey confirms the next addition (the sign-in address no longer does).
  await passStepUpByDevice(page, () =>
    page.getByRole('button', { name: 'Add a sign-in method' }).first().click(),
  );
  const adding = page.getByRole('dialog');
  await expect(adding.getByRole('heading', { name: 'Add a sign-in method' })).toBeVisible();
  await platform.cdp.send('WebAuthn.removeVirtualAuthenticator', {
    authenticatorId: platform.authenticatorId,
  });
  const key = await addVirtualAuthenticator(page, 'securityKey');
  await adding.getByRole('button', { name: /^Security key/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Security key added.' })).toBeVisible();
  await expect(methods(page)).toHaveCount(2);
  await expect(methods(page).filter({ hasText: 'Hardware security key' })).toHaveCount(1);
  expect(await key.credentials()).toHaveLength(1);

  // The same key again (the key, the most recent method, confirms it's them): the browser refuses a second
  // credential for this account.
  await chooseMethod(page, /^Security key/, 'device');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toContainText('already');
  await dialog.getByRole('button', { name: 'Choose another method' }).click();
  await expect(dialog.getByRole('heading', { name: 'Add a sign-in method' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(methods(page)).toHaveCount(2);
});

test('adds an authenticator app: QR code and secret, a wrong code, then the code the app would show', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const user = await openSecurity(page);
  const dialog = await chooseMethod(page, /^Authenticator app/, { email: user.email });
  // (the step-up's code has gone to the sign-in address; what comes next there is the news)
  const seenMail = await outboxIds(request, user.email);
  await expect(dialog.getByRole('heading', { name: 'Set up an authenticator app' })).toBeVisible();
  await expect(
    dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  const uri = await dialog.getByRole('link', { name: /Open in an authenticator app/ }).getAttribute('href');
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(new URL(uri ?? '').searchParams.get('secret')).toBe(secret);
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });

  // Fewer than six digits: “Enter a code”.
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Enter a code' })).toBeVisible();
  // The field resets 500 ms after an error (cleared, focus back from the Verify button): digits typed before
  // that would be cleared too, so wait for the focus to come back, whenever a busy machine gets there.
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();

  const right = totp.generate();
  const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
  await typeCode(page, wrong);
  await expect(dialog.getByText(/That code is incorrect\. 4 attempts left\./)).toBeVisible();
  // The field is cleared and focused again after 500 ms.
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');

  await typeCode(page, totp.generate());
  await expect(page.getByRole('status').filter({ hasText: 'Authenticator app added.' })).toBeVisible();
  await expect(methods(page).filter({ hasText: 'Authenticator app' })).toHaveCount(1);

  // The sign-in address is told…
  const told = await nextOutboxMessage(request, user.email, seenMail);
  expect(told.subject).toBe('A sign-in method was added to your Flightplan account');
  expect(told.text).toMatch(/Authenticator app, on .+ UTC, from Chrome on (Windows|macOS|Linux)\./);
  // …and so is another session of the user, on its next page.
  const other = await browser.newContext({ baseURL });
  const elsewhere = await other.newPage();
  await elsewhere.goto('/auth/login');
  await elsewhere.getByLabel('E-mail address').fill(user.email);
  await elsewhere.getByLabel('Password').fill(user.password);
  await elsewhere.getByRole('button', { name: 'Sign in', exact: true }).click();
  const notice = elsewhere.getByRole('region', { name: 'Security notice' });
  await expect(notice).toContainText(
    /A sign-in method was added to your Flightplan account: Authenticator app, on .+ UTC, from Chrome on (Windows|macOS|Linux)\./,
  );
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await elsewhere.reload();
  await expect(elsewhere.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toBeHidden();
  await other.close();
});

test('adds an e-mail address and a phone number with the codes from the outbox', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const email = `security-${stamp}@example.com`;
  const phone = `+1415555${String(stamp).slice(-4)}`;
  const user = await openSecurity(page);

  let dialog = await chooseMethod(page, /^E-mail address/, { email: user.email });
  const address = dialog.getByRole('textbox', { name: 'E-mail address' });
  await expect(address).toHaveValue(user.email);
  await address.fill('not an address');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(address).toHaveAccessibleDescription('Enter a valid e-mail address');
  await expect(address).toBeFocused();
  await address.fill(email);
  const seenMail = await outboxIds(request, email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(`Enter the code sent to ${email}.`)).toBeVisible();
  const mail = await nextOutboxMessage(request, email, seenMail);
  expect(mail.code).toMatch(/^\d{6}$/);
  await typeCode(page, mail.code ?? '');
  await expect(page.getByRole('status').filter({ hasText: 'E-mail address added.' })).toBeVisible();
  await expect(methods(page).filter({ hasText: email })).toContainText('E-mail code');

  // The e-mail method just added now confirms the next addition: its code goes to that address.
  dialog = await chooseMethod(page, /^Phone number/, { email });
  const number = dialog.getByRole('textbox', { name: 'Phone number' });
  await number.fill('12345');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(number).toHaveAccessibleDescription(
    'Enter the phone number in international format, e.g. +14155550123',
  );
  await number.fill(`${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`);
  const seenSms = await outboxIds(request, phone);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(`Enter the code sent to ${phone}.`)).toBeVisible();
  const sms = await nextOutboxMessage(request, phone, seenSms);
  // Asking again at once is refused for 30 seconds: said in the dialog.
  await dialog.getByRole('button', { name: 'Send a new code' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: /\d+ seconds?/ })).toBeVisible();
  await typeCode(page, sms.code ?? '');
  await expect(page.getByRole('status').filter({ hasText: 'Phone number added.' })).toBeVisible();
  await expect(methods(page).filter({ hasText: phone })).toContainText('Text message');
});

test('adds an e-mail address confirmed by a magic link followed from the outbox', async ({
  page,
  request,
}) => {
  const email = `security-link-${Date.now()}@example.com`;
  const user = await openSecurity(page);
  const dialog = await chooseMethod(page, /^E-mail address/, { email: user.email });
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await dialog.getByRole('radio', { name: 'A link to click' }).check();
  const seen = await outboxIds(request, email);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(
    dialog.getByText(`A verification link was sent to ${email}. Click the link to proceed.`),
  ).toBeVisible();
  const message = await nextOutboxMessage(request, email, seen);
  expect(message.link).toBeTruthy();

  // The link is opened in another tab; the dialog notices by itself.
  const tab = await page.context().newPage();
  await tab.goto(message.link ?? '');
  await expect(tab.getByText("You're verified. You can close this tab.")).toBeVisible();
  await tab.close();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail address added.' })).toBeVisible();
  await expect(methods(page).filter({ hasText: email })).toContainText('E-mail link');
});

test('removing a method asks for confirmation, then for the step-up the server wants', async ({ page }) => {
  const user = await openSecurity(page);
  // A fresh authenticator app, so this journey knows its secret: it is now the most recently used method,
  // the one the step-up opens with.
  const dialog = await chooseMethod(page, /^Authenticator app/, { email: user.email });
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  await typeCode(page, totp.generate());
  await expect(page.getByRole('status').filter({ hasText: 'Authenticator app added.' })).toBeVisible();
  // A new user's only method, once the list shows it (read at once, the count could precede the refetch).
  const apps = methods(page).filter({ hasText: 'Authenticator app' });
  await expect(apps).toHaveCount(1);

  await apps
    .first()
    .getByRole('button', { name: /^Remove/ })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Remove Authenticator app?' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // Removing is a risky action: the server answers CHALLENGE_REQUIRED and the step-up dialog opens.
  await apps
    .first()
    .getByRole('button', { name: /^Remove/ })
    .click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  const challenge = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(challenge).toBeVisible();
  await expect(challenge.getByText('Enter the code from your authenticator app to proceed.')).toBeVisible();
  // Closing it changes nothing.
  await page.keyboard.press('Escape');
  await expect(challenge).toBeHidden();
  await expect(confirm.getByRole('button', { name: 'Remove' })).toBeEnabled();
  await expect(apps).toHaveCount(1);

  // Confirmed with the app's next code (the current one was used to add it), the removal goes through.
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(challenge).toBeVisible();
  await typeCode(page, totp.generate({ timestamp: Date.now() + 30_000 }));
  await expect(challenge).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Authenticator app was removed.' })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(apps).toHaveCount(0);
});
