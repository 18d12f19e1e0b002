import { deflateSync } from 'node:zlib';
import { inviteByApi, join, MEMBER_PASSWORD, personIn } from './support/team';
import { expect, type Page, test } from './support/test';

/**
 * The settings journey of a brand-new agency, on its own signed-up user (the demo organization stays on
 * its active trial for the other specs): sign up → onboarding → a second organization → its first
 * account → plans (trial → Starter) → white-label needs an upgrade → Agency → brand name, navbar colour
 * and icon → the app shows the brand (title, navbar, favicon) → a custom domain, where a client of one
 * account signs in on the agency's own sign-in page (issue 26).
 */

// ------------------------------------------------------------------ a PNG, made here

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A `size`×`size` RGB PNG: a coral square with a white disc. */
function makePng(size = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const rows: number[] = [];
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) {
      const inside = (x - r + 0.5) ** 2 + (y - r + 0.5) ** 2 < (r * 0.6) ** 2;
      rows.push(...(inside ? [255, 255, 255] : [233, 69, 96]));
    }
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ------------------------------------------------------------------ helpers

async function signUp(page: Page, email: string) {
  await page.goto('/auth/signup');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function choosePlan(page: Page, name: string, confirm = false) {
  await page.getByRole('button', { name: `Choose ${name}` }).click();
  if (confirm) await page.getByRole('button', { name: `Switch to ${name}` }).click();
  await expect(page.getByText(`You are now on the ${name} plan.`)).toBeVisible();
}

const luminance = (rgb: string) => {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
};

// ------------------------------------------------------------------ the journey

test('a new agency onboards, adds an organization and account, upgrades and brands the app', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `settings-${stamp}@example.com`;

  // Sign up: a new user has no workspace, so the session sends them to onboarding.
  await signUp(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Set up your workspace' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Organization name')).toHaveAccessibleDescription(
    'Enter a name for your organization',
  );
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Organization name').fill('Northwind Media');
  await page.getByLabel('First account (client) name').fill('Acme Shoes');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('banner')).toContainText('Northwind Media');
  await expect(page.getByRole('banner')).toContainText('Acme Shoes');

  // A second organization, created and switched to: it has no account yet, so the session asks for one.
  await page.goto('/organizations');
  await expect(page.getByRole('list', { name: 'Organizations' })).toContainText('Northwind Media');
  await page.getByRole('button', { name: 'Create organization' }).click();
  const orgDialog = page.getByRole('dialog');
  await orgDialog.getByLabel('Organization name').fill(`Second Agency ${stamp}`);
  await orgDialog.getByRole('button', { name: 'Create' }).click();
  await expect(orgDialog).toContainText(`Second Agency ${stamp} is ready`);
  await orgDialog.getByRole('link', { name: `Switch to Second Agency ${stamp}` }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByText('Choose an account to work in')).toBeVisible();
  await expect(page.getByText('No accounts yet')).toBeVisible();

  // Its first account, created and chosen.
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const accountDialog = page.getByRole('dialog');
  await accountDialog.getByLabel('Account name').fill('Globex');
  await accountDialog.getByRole('button', { name: 'Create' }).click();
  await accountDialog.getByRole('link', { name: 'Open Globex' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('banner')).toContainText(`Second Agency ${stamp}`);
  await expect(page.getByRole('banner')).toContainText('Globex');

  // Billing: the trial, then Starter (no white-labelling, so it asks first).
  await page.goto('/billing');
  await expect(page.getByRole('region', { name: 'Current plan' })).toContainText('7 days left in your trial');
  await page.getByRole('link', { name: 'Upgrade now' }).last().click();
  await expect(page).toHaveURL(/\/billing\/plans$/);
  await choosePlan(page, 'Starter', true);
  await expect(page.getByRole('region', { name: 'Starter plan' })).toContainText('Current plan');
  // The session refreshed: the trial banner is gone.
  await expect(page.getByText(/left in your trial/)).toHaveCount(0);

  // White-label needs the Agency plan.
  await page.goto('/settings/white-label');
  await expect(page.getByText('White-labelling is not in your plan')).toBeVisible();
  await expect(page.getByLabel('Brand name')).toBeDisabled();
  await page.getByRole('link', { name: 'Upgrade now' }).click();
  await expect(page).toHaveURL(/\/billing\/plans$/);
  await choosePlan(page, 'Agency');

  // Brand the app.
  await page.goto('/settings/white-label');
  await expect(page.getByLabel('Brand name')).toBeEnabled();
  await page.getByText('Use white-label branding').click();
  await page.getByLabel('Brand name').fill('Acme Media');
  await page.getByLabel('Navbar colour', { exact: true }).fill('#1a1a2e');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('White-label settings saved.')).toBeVisible();

  await page
    .getByLabel(/Upload icon/)
    .setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: makePng() });
  await expect(page.getByRole('img', { name: 'Brand icon' })).toHaveAttribute('src', /^\/api\/brand-icons\//);

  // The app shows the brand: title, navbar colour with light text, the icon in the navbar and as favicon.
  await expect(page).toHaveTitle('Acme Media');
  const banner = page.getByRole('banner');
  await expect(banner).toHaveCSS('background-color', 'rgb(26, 26, 46)');
  const textColour = await banner
    .getByRole('link', { name: 'Acme Media' })
    .evaluate((el) => getComputedStyle(el).color);
  expect(luminance(textColour)).toBeGreaterThan(200);
  await expect(banner.locator('img').first()).toHaveAttribute('src', /\/api\/brand-icons\//);
  await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', /\/api\/brand-icons\//);

  // It survives a reload (it is the organization's, not the page's).
  await page.reload();
  await expect(page).toHaveTitle('Acme Media');
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(26, 26, 46)');

  // A custom domain (Chromium maps *.brand.test to this machine: playwright.config.ts).
  const host = `ads-${stamp}.brand.test`;
  const domains = page.getByRole('region', { name: 'Custom domains' });
  await domains.getByRole('textbox', { name: 'Domain' }).fill(host);
  await domains.getByRole('button', { name: 'Add domain' }).click();
  await expect(domains.getByText(host, { exact: true })).toBeVisible();

  // A client of Globex joins, then signs in on the agency's domain: its brand, their one account, no launch.
  const me = await (await page.request.get('/api/auth/user')).json();
  const clientEmail = `client-${stamp}@client.test`;
  const link = await inviteByApi(page.request, me.currentOrganization.id, {
    email: clientEmail,
    role: 'client',
    accountIds: [me.currentAccount.id],
  });
  const joining = await personIn(browser);
  await join(joining, link, 'Cleo');
  await joining.context().close();

  const client = await personIn(browser);
  const brandedOrigin = new URL(page.url()).origin.replace('localhost', host);
  await client.goto(`${brandedOrigin}/auth/login`);
  await expect(client.getByRole('link', { name: 'Acme Media home' })).toBeVisible();
  await expect(client).toHaveTitle('Acme Media');
  await expect(client.getByText('New to Acme Media?')).toBeVisible();
  await client.getByLabel('E-mail address').fill(clientEmail);
  await client.getByLabel('Password').fill(MEMBER_PASSWORD);
  await client.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(client).toHaveURL(`${brandedOrigin}/`);
  const clientBanner = client.getByRole('banner');
  await expect(clientBanner).toContainText('Globex');
  await expect(clientBanner).toHaveCSS('background-color', 'rgb(26, 26, 46)');
  await client.goto(`${brandedOrigin}/accounts`);
  await expect(client.getByRole('main')).toContainText('Globex');
  await expect(client.getByRole('main')).not.toContainText('Acme Shoes');
  await client.goto(`${brandedOrigin}/campaigns`);
  const create = client.getByRole('button', { name: 'Create campaign' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription("Clients can't change plans");
  await client.context().close();

  // Any other host's sign-in page is Flightplan's.
  await page.context().clearCookies();
  await page.goto('/auth/login?domain=unknown.brand.test');
  await expect(page.getByRole('link', { name: 'Flightplan home' })).toBeVisible();
});

test('signed out, /organizations and /onboarding ask to sign in', async ({ page }) => {
  await page.goto('/organizations');
  await expect(page.getByText('You are signed out')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Sign in required' }).getByRole('link', { name: 'Sign in' }),
  ).toHaveAttribute('href', '/auth/login?returnUrl=%2Forganizations');
  await page.goto('/onboarding');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
});
