import { readFile } from 'node:fs/promises';
import { signIn } from './support/session';
import { expect, type Page, test } from './support/test';

/**
 * The charts explorer (issue 30, docs/charts-explorer.md), signed in as the demo user. The server reads the
 * coverage fixture e2e/fixtures/chart-coverage.json (CHARTS_COVERAGE_FILE, playwright.config.ts): code
 * entry's transitions taken at the three levels, and the path that takes its 500 ms error reset.
 */

const RESET = 'after errorReset (500 ms)';
const selection = (page: Page) => page.getByRole('complementary', { name: 'Selection' });

test('finds the code-entry chart, its 500 ms error reset with its coverage at three levels and the path that takes it', async ({
  page,
}) => {
  await signIn(page, { to: '/charts' });
  await expect(page.getByRole('heading', { name: 'Charts', level: 1 })).toBeVisible();
  await expect(
    page.getByText(/Coverage from the test run of 28 Nov 2026, 12:00 UTC \(npm test\)/),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the charts' }).fill('code');
  await expect(page).toHaveURL(/\/charts\?q=code$/);
  await expect(page.getByRole('link', { name: /^Campaign and customer modals/ })).toHaveCount(0);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Step-up: code entry/ }) });
  await expect(row.getByRole('cell').nth(3)).toHaveText('16/16');
  await row.getByRole('link', { name: /^Step-up: code entry/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: /^Step-up: code entry/ })).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Transition ${RESET} from active.code.error` }),
  ).toBeVisible();
  await page.getByRole('button', { name: RESET, exact: true }).click();
  await expect(selection(page).getByRole('heading', { name: `Transition ${RESET}` })).toBeVisible();
  await expect(selection(page).getByText('errorReset (500 ms)', { exact: true })).toBeVisible();
  const coverage = selection(page).getByRole('table', { name: 'Coverage of this transition' });
  await expect(coverage.getByRole('cell')).toHaveText(['taken', 'taken', 'taken']);
  await expect(
    selection(page).getByText('Since the run before: newly taken (view), newly taken (browser)'),
  ).toBeVisible();
  await expect(selection(page).getByRole('heading', { name: '1 generated path takes it' })).toBeVisible();
  const taken = selection(page).getByRole('listitem').filter({ hasText: '(taken here)' });
  await expect(taken).toContainText('xstate.after.errorReset.codeEntry.active.code.error');
  await expect(taken).toContainText('active.code.idle');
  await taken.getByText(/The oracle expects/).click();
  await expect(taken.getByText(/code after the reset: ""/)).toBeVisible();
});

test('simulates the delete-campaign modal to succeeded, and the link replays it', async ({ page }) => {
  await signIn(page, { to: '/charts/modalAction' });
  await page.getByRole('button', { name: 'Simulate' }).click();
  const simulation = page.getByRole('region', { name: 'Simulation' });
  await expect(page.getByTestId('simulated-state')).toHaveText('loading');
  await simulation
    .getByRole('button', { name: /^xstate\.done\.actor\.loadRecord \{"output":\{"name":"Spring Launch"/ })
    .click();
  await expect(page.getByTestId('simulated-state')).toHaveText('idle');
  await simulation.getByRole('button', { name: 'modal.submit', exact: true }).click();
  await expect(page.getByTestId('simulated-state')).toHaveText('submitting');
  await simulation
    .getByRole('button', { name: /^xstate\.done\.actor\.submitAction \{"output":\{"status":"sent"/ })
    .click();
  await expect(page.getByTestId('simulated-state')).toHaveText('succeeded');
  await expect(page.getByText('No event is enabled here.')).toBeVisible();
  await expect(page.getByText(/"phase": "succeeded"|"isSucceeded": true|"succeeded"/).first()).toBeVisible();
  await expect(page).toHaveURL(/simulate=3\.0\.7/);

  // The page's address is the simulated path: opened anew, it is replayed.
  await page.goto(page.url());
  await expect(page.getByTestId('simulated-state')).toHaveText('succeeded');
});

test('live mode: the session chart follows a sign-in in another page', async ({ page, context }) => {
  await signIn(page, { to: '/charts/session' });
  await page.getByRole('button', { name: 'Follow the running app' }).click();
  await expect(page.getByTestId('live-state')).toHaveText('not running');

  const other = await context.newPage();
  await other.goto('/auth/logout');
  await other.goto('/auth/login');
  await expect(page.getByTestId('live-state')).toHaveText('onAuthPage');
  await expect(page.locator('[data-state="session.onAuthPage"] rect').first()).toHaveAttribute(
    'fill',
    '#dbeafe',
  );

  await other.getByLabel('E-mail address').fill('demo@flightplan.test');
  await other.getByLabel('Password').fill('flightplan-demo');
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other).not.toHaveURL(/\/auth\/login/);
  await expect(page.getByTestId('live-state')).toHaveText(/^signedIn\./);
  await expect(page.getByRole('list', { name: 'Charts running now' })).toContainText('Session bootstrap');
});

test('downloads a diagram as SVG', async ({ page }) => {
  await signIn(page, { to: '/charts/codeEntry' });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download SVG' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('codeEntry.svg');
  const svg = await readFile((await file.path())!, 'utf8');
  expect(svg).toContain('<svg');
  expect(svg).toContain(RESET);
});
