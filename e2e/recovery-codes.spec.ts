import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './support/axe';
import { newUser } from './support/enrol';
import { challengeDialog, confirmWithEmailCode } from './support/stepUp';
import { expect, type Page, test } from './support/test';

/**
 * Recovery codes (issue 11) against the real built-in provider: generated after a step-up (a code to the
 * sign-in address, the user having no method), shown once with a .txt download, then one of them
 * confirms a step-up and the page says 9 are left. On a new user of its own (`newUser`): no methods and no
 * lock from wrong codes to begin with, and it runs in the own-users lane beside the demo user's journeys.
 */

/** A new user, signed in, on /settings/security; answers the sign-in address. */
async function openSecurity(page: Page) {
  const { email } = await newUser(page, 'Recovery');
  await page.goto('/settings/security');
  await expect(page.getByRole('heading', { name: 'Recovery codes' })).toBeVisible();
  return email;
}

test('generates recovery codes after a step-up, shows them once, and one confirms a step-up: 9 left', async ({
  page,
}) => {
  const email = await openSecurity(page);
  const section = page.getByTestId('recovery-codes-section');
  await expect(section).toContainText('Ten single-use codes');

  // Making codes is adding a sign-in method: the step-up first (a code to the sign-in address).
  await confirmWithEmailCode(page, email, () =>
    section.getByRole('button', { name: 'Generate recovery codes' }).click(),
  );
  const dialog = page.getByRole('alertdialog', { name: 'Save your recovery codes' });
  await expect(dialog).toBeVisible();
  const codes = await dialog.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await expectNoAxeViolations(page, 'the recovery codes, shown once');

  // The .txt holds exactly these codes.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download (.txt)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('flightplan-recovery-codes.txt');
  const text = await readFile(await download.path(), 'utf8');
  expect(text.trim().split('\n').slice(-10)).toEqual(codes);

  // Shown once: Escape does not dismiss them; only “I saved them” does.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'I saved them' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Recovery codes saved.' })).toBeVisible();
  await expect(section).toContainText('Recovery codes: 10 of 10 left');

  // A risky action (adding a sign-in method): the step-up offers the codes, the only method.
  await page.getByRole('button', { name: 'Add a sign-in method' }).first().click();
  const challenge = challengeDialog(page);
  await expect(
    challenge.getByText('Enter one of your recovery codes to proceed. Each code works once.'),
  ).toBeVisible();
  const field = challenge.getByRole('textbox', { name: 'Recovery code' });
  await field.fill('00000-00000');
  await challenge.getByRole('button', { name: 'Verify' }).click();
  await expect(challenge.getByRole('alert')).toHaveText(
    'That recovery code is not correct. 4 attempts left.',
  );
  await expectNoAxeViolations(page, 'the step-up dialog’s recovery-code view, after a wrong code');
  await field.fill(codes[0]!.toUpperCase());
  await challenge.getByRole('button', { name: 'Verify' }).click();
  await expect(challenge).toHaveCount(0);
  const adding = page.getByRole('dialog');
  await expect(adding.getByRole('heading', { name: 'Add a sign-in method' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(adding).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('recovery-codes-section')).toContainText('Recovery codes: 9 of 10 left');
  await expectNoAxeViolations(page, 'the security page with recovery codes');
  // Recent activity names the method the step-up used.
  await expect(page.getByTestId('activity-event').first()).toContainText('Recovery code');
});
