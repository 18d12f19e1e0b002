import type { DeliveryDay } from '@contract/delivery';
import type { ReportResponse } from '@contract/reports';
import { upsertDeliveryDays } from '@server/delivery/store';
import { DEMO_EMAIL, RIVAL_EMAIL } from '@server/seed/seed';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';

/**
 * A fresh account of the demo organization with known delivery (the demo user's current account), so
 * every figure below is computed by hand. Range 2 – 10 Mar 2026 (Mon 2 Mar … Tue 10 Mar); its previous
 * period is 21 Feb – 1 Mar.
 */
let t: TestDatabase;
let client: TestClient;
const ids: Record<string, string> = {};
const RANGE = 'from=2026-03-02&to=2026-03-10';

const day = (
  campaign: string,
  platformKey: string,
  date: string,
  [impressions, reach, clicks, spendMinor, conversions]: number[],
): DeliveryDay => ({
  campaignId: ids[campaign]!,
  platformKey,
  date,
  impressions: impressions!,
  reach: reach!,
  clicks: clicks!,
  spendMinor: spendMinor!,
  conversions: conversions!,
});

beforeAll(async () => {
  t = await freshDatabase();
  const q = async (text: string, values: unknown[] = []) => (await t.db.$client.query(text, values)).rows;
  const [demo] = await q(
    'SELECT u.id, m.organization_id FROM users u JOIN memberships m ON m.user_id = u.id WHERE u.email = $1',
    [DEMO_EMAIL],
  );
  const [account] = await q(
    "INSERT INTO accounts (organization_id, name) VALUES ($1, 'Reports') RETURNING id",
    [demo.organization_id],
  );
  ids.account = account.id;
  await q('UPDATE users SET last_organization_id = $1, last_account_id = $2 WHERE id = $3', [
    demo.organization_id,
    account.id,
    demo.id,
  ]);
  for (const name of ['Acme', 'Beta']) {
    const [row] = await q(
      'INSERT INTO customers (organization_id, account_id, name) VALUES ($1, $2, $3) RETURNING id',
      [demo.organization_id, account.id, name],
    );
    ids[name] = row.id;
  }
  const campaign = async (
    key: string,
    name: string,
    status: string,
    currency: string,
    customer: string | null,
  ) => {
    const [row] = await q(
      `INSERT INTO campaigns (organization_id, account_id, customer_id, objective_id, name, status, currency)
       VALUES ($1, $2, $3, 2, $4, $5, $6) RETURNING id`,
      [demo.organization_id, account.id, customer ? ids[customer] : null, name, status, currency],
    );
    ids[key] = row.id;
  };
  await campaign('alpha', 'Alpha', 'active', 'EUR', 'Acme');
  await campaign('bravo', 'Bravo', 'paused', 'EUR', 'Beta');
  await campaign('charlie', '=Charlie, "the third"', 'completed', 'EUR', null);
  await campaign('dollar', 'Dollar', 'active', 'USD', 'Acme');
  await upsertDeliveryDays(t.db, account.id, [
    day('alpha', 'meta', '2026-03-02', [1000, 800, 10, 5000, 1]),
    day('alpha', 'google', '2026-03-03', [2000, 1500, 40, 8000, 2]),
    day('alpha', 'meta', '2026-03-09', [500, 400, 5, 2500, 0]),
    day('bravo', 'meta', '2026-03-03', [3000, 2000, 30, 6000, 3]),
    day('bravo', 'tiktok', '2026-03-10', [4000, 3000, 20, 4000, 0]),
    day('charlie', 'google', '2026-03-04', [100, 90, 0, 300, 0]),
    day('dollar', 'meta', '2026-03-03', [999, 900, 9, 7777, 1]),
    // The previous period …
    day('alpha', 'meta', '2026-02-25', [1000, 700, 20, 4000, 2]),
    day('bravo', 'meta', '2026-03-01', [1000, 900, 10, 3000, 1]),
    // … and days in neither.
    day('alpha', 'meta', '2026-02-20', [9, 9, 9, 99_999, 9]),
    day('alpha', 'meta', '2026-03-11', [9, 9, 9, 88_888, 9]),
  ]);

  // Another tenant's campaign delivering on the same days.
  const [rival] = await q(
    `SELECT c.id, c.account_id FROM campaigns c JOIN accounts a ON a.id = c.account_id
     JOIN memberships m ON m.organization_id = a.organization_id JOIN users u ON u.id = m.user_id
     WHERE u.email = $1 LIMIT 1`,
    [RIVAL_EMAIL],
  );
  ids.rival = rival.id;
  await upsertDeliveryDays(t.db, rival.account_id, [
    {
      campaignId: rival.id,
      platformKey: 'meta',
      date: '2026-03-03',
      impressions: 1,
      reach: 1,
      clicks: 1,
      spendMinor: 123_456,
      conversions: 1,
    },
  ]);
  client = await signedIn(t.db);
});

const report = async (params: string) => {
  const res = await client.get<ReportResponse>(`/api/reports?${RANGE}&limit=25&${params}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const spends = (body: ReportResponse) =>
  body.rows.map((row) => [row.keys.map((key) => key.label).join(' / '), row.values.spend]);

describe('GET /api/reports', () => {
  it('groups by campaign with every metric computed from the summed counts, and the totals', async () => {
    const body = await report('groupBy=campaign');
    expect(body.currency).toBe('EUR');
    expect(body.currencies).toEqual(['USD']);
    expect(body.dataThrough).toBe('2026-03-11');
    expect(body.rowCount).toBe(3);
    expect(body.rows.map((row) => row.keys)).toEqual([
      [{ grouping: 'campaign', value: ids.alpha, label: 'Alpha' }],
      [{ grouping: 'campaign', value: ids.bravo, label: 'Bravo' }],
      [{ grouping: 'campaign', value: ids.charlie, label: '=Charlie, "the third"' }],
    ]);
    expect(body.rows[0]!.values).toEqual({
      spend: 15_500,
      impressions: 3500,
      reach: 2700,
      clicks: 55,
      ctr: 55 / 3500,
      cpc: 15_500 / 55,
      cpm: (15_500 / 3500) * 1000,
      conversions: 3,
      costPerConversion: 15_500 / 3,
    });
    expect(body.rows[2]!.values).toMatchObject({
      clicks: 0,
      ctr: 0,
      cpc: null,
      conversions: 0,
      costPerConversion: null,
    });
    expect(body.totals.values).toEqual({
      spend: 25_800,
      impressions: 10_600,
      reach: 7790,
      clicks: 105,
      ctr: 105 / 10_600,
      cpc: 25_800 / 105,
      cpm: (25_800 / 10_600) * 1000,
      conversions: 6,
      costPerConversion: 4300,
    });
    expect(body.previousRange).toBeNull();
    expect(body.rows[0]!.previous).toBeNull();
  });

  it('groups by platform, customer, day and ISO week (Monday)', async () => {
    expect(spends(await report('groupBy=platform'))).toEqual([
      ['Meta', 13_500],
      ['Google Ads', 8300],
      ['TikTok', 4000],
    ]);
    expect(spends(await report('groupBy=customer'))).toEqual([
      ['Acme', 15_500],
      ['Beta', 10_000],
      ['No customer', 300],
    ]);
    const days = await report('groupBy=day&sort=day&order=asc');
    expect(days.rows.map((row) => [row.keys[0]!.value, row.keys[0]!.label, row.values.spend])).toEqual([
      ['2026-03-02', '2 Mar 2026', 5000],
      ['2026-03-03', '3 Mar 2026', 14_000],
      ['2026-03-04', '4 Mar 2026', 300],
      ['2026-03-09', '9 Mar 2026', 2500],
      ['2026-03-10', '10 Mar 2026', 4000],
    ]);
    const weeks = await report('groupBy=week&sort=week&order=asc&metrics=spend,impressions');
    expect(weeks.rows.map((row) => [row.keys[0]!.value, row.keys[0]!.label, row.values])).toEqual([
      ['2026-03-02', 'Week of 2 Mar 2026', { spend: 19_300, impressions: 6100 }],
      ['2026-03-09', 'Week of 9 Mar 2026', { spend: 6500, impressions: 4500 }],
    ]);
  });

  it('groups by two things at once', async () => {
    expect(spends(await report('groupBy=campaign,platform'))).toEqual([
      ['Alpha / Google Ads', 8000],
      ['Alpha / Meta', 7500],
      ['Bravo / Meta', 6000],
      ['Bravo / TikTok', 4000],
      ['=Charlie, "the third" / Google Ads', 300],
    ]);
    expect(spends(await report('groupBy=customer,week&sort=spend'))).toEqual([
      ['Acme / Week of 2 Mar 2026', 13_000],
      ['Beta / Week of 2 Mar 2026', 6000],
      ['Beta / Week of 9 Mar 2026', 4000],
      ['Acme / Week of 9 Mar 2026', 2500],
      ['No customer / Week of 2 Mar 2026', 300],
    ]);
  });

  it('compares with the previous period: each row’s previous values and change, the totals too', async () => {
    const body = await report('groupBy=campaign&compare=previous&metrics=spend,clicks,cpc');
    expect(body.previousRange).toEqual({ from: '2026-02-21', to: '2026-03-01' });
    const alpha = body.rows[0]!;
    expect(alpha.previous).toEqual({ spend: 4000, clicks: 20, cpc: 200 });
    expect(alpha.change).toEqual({
      spend: (15_500 - 4000) / 4000,
      clicks: (55 - 20) / 20,
      cpc: (15_500 / 55 - 200) / 200,
    });
    const charlie = body.rows[2]!;
    expect(charlie.previous).toEqual({ spend: 0, clicks: 0, cpc: null });
    expect(charlie.change).toEqual({ spend: null, clicks: null, cpc: null });
    expect(body.totals.previous).toEqual({ spend: 7000, clicks: 30, cpc: 7000 / 30 });
    expect(body.totals.change).toEqual({
      spend: (25_800 - 7000) / 7000,
      clicks: (105 - 30) / 30,
      cpc: (25_800 / 105 - 7000 / 30) / (7000 / 30),
    });
  });

  it('filters by customer, campaign, platform and the campaign’s current status', async () => {
    expect(spends(await report(`groupBy=platform&customer=${ids.Acme}`))).toEqual([
      ['Google Ads', 8000],
      ['Meta', 7500],
    ]);
    expect(spends(await report(`groupBy=customer,campaign&customer=${ids.Acme}`))).toEqual([
      ['Acme / Alpha', 15_500],
    ]);
    expect(spends(await report('groupBy=campaign&platform=meta'))).toEqual([
      ['Alpha', 7500],
      ['Bravo', 6000],
    ]);
    expect(spends(await report(`groupBy=day&campaign=${ids.bravo}&sort=day&order=asc`))).toEqual([
      ['3 Mar 2026', 6000],
      ['10 Mar 2026', 4000],
    ]);
    expect(spends(await report('groupBy=week&status=completed'))).toEqual([['Week of 2 Mar 2026', 300]]);
    await t.db.$client.query("UPDATE campaigns SET status = 'completed' WHERE id = $1", [ids.bravo]);
    expect(spends(await report('groupBy=campaign&status=completed'))).toEqual([
      ['Bravo', 10_000],
      ['=Charlie, "the third"', 300],
    ]);
    await t.db.$client.query("UPDATE campaigns SET status = 'paused' WHERE id = $1", [ids.bravo]);
  });

  it('reports in another currency of the account when asked', async () => {
    const body = await report('groupBy=campaign&currency=USD');
    expect(body.currency).toBe('USD');
    expect(body.currencies).toEqual(['EUR']);
    expect(spends(body)).toEqual([['Dollar', 7777]]);
  });

  it("opens in the account's main currency: that of its budgets, even when more campaigns deliver in another", async () => {
    const q = (text: string, values: unknown[]) => t.db.$client.query(text, values);
    const [{ organization_id }] = (
      await q('SELECT organization_id FROM accounts WHERE id = $1', [ids.account])
    ).rows;
    // Every budget of the account is in USD; most of its delivering campaigns are in EUR.
    await q(
      `INSERT INTO budgets (organization_id, account_id, name, period_start, period_end, amount_minor, currency)
       VALUES ($1, $2, 'US spring', '2026-03-01', '2026-05-31', 500000, 'USD'),
              ($1, $2, 'US summer', '2026-06-01', '2026-08-31', 500000, 'USD')`,
      [organization_id, ids.account],
    );
    try {
      const body = await report('groupBy=campaign');
      expect(body.currency).toBe('USD');
      expect(body.currencies).toEqual(['EUR']);
      expect(spends(body)).toEqual([['Dollar', 7777]]);
      // Asked for, another currency still answers.
      expect((await report('groupBy=campaign&currency=EUR')).currency).toBe('EUR');
    } finally {
      await q('DELETE FROM budgets WHERE account_id = $1', [ids.account]);
    }
    // Without budgets: the currency most of its campaigns are planned in.
    expect((await report('groupBy=campaign')).currency).toBe('EUR');
  });

  it('sorts by any column, ties broken by the keys, and pages with the full row count', async () => {
    expect(spends(await report('groupBy=campaign&sort=spend&order=asc')).map(([label]) => label)).toEqual([
      '=Charlie, "the third"',
      'Bravo',
      'Alpha',
    ]);
    // Charlie has no clicks: no CPC, last whichever the order.
    for (const order of ['asc', 'desc']) {
      const labels = spends(await report(`groupBy=campaign&metrics=spend,cpc&sort=cpc&order=${order}`)).map(
        ([l]) => l,
      );
      expect(labels[2]).toBe('=Charlie, "the third"');
    }
    expect(spends(await report('groupBy=campaign&status=active,paused&sort=campaign&order=desc'))).toEqual([
      ['Bravo', 10_000],
      ['Alpha', 15_500],
    ]);
    const page = await report('groupBy=day&sort=day&order=asc&offset=3');
    expect(page.rowCount).toBe(5);
    expect(page.rows.map((row) => row.keys[0]!.value)).toEqual(['2026-03-09', '2026-03-10']);
    expect(page.totals.values.spend).toBe(25_800);
  });

  it('never includes another tenant’s delivery; naming its campaign matches nothing', async () => {
    const body = await report('groupBy=day&sort=day&order=asc');
    expect(body.rows.find((row) => row.keys[0]!.value === '2026-03-03')!.values.spend).toBe(14_000);
    const theirs = await report(`groupBy=campaign&campaign=${ids.rival}`);
    expect(theirs.rows).toEqual([]);
    expect(theirs.totals.values.spend).toBe(0);
  });

  it('answers 400 naming each bad parameter', async () => {
    const bad = await client.get(
      '/api/reports?from=2026-03-10&to=2026-03-01&metrics=spend,bogus&groupBy=campaign,nope&format=xml',
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.validationErrors).sort()).toEqual(['format', 'groupBy', 'metrics', 'to']);
    expect(bad.body.validationErrors.metrics.message).toMatch(/bogus/);
    expect(bad.body.message).toMatch(/metrics/);
    const date = await client.get('/api/reports?from=2026-02-30');
    expect(date.status).toBe(400);
    expect(Object.keys(date.body.validationErrors)).toEqual(['from']);
  });
});

/** RFC 4180 fields of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      line.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      line.push(cell);
      lines.push(line);
      line = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return lines;
}

describe('GET /api/reports?format=csv', () => {
  it('streams the whole result as an attachment, equal to the JSON, formulas defused', async () => {
    const params = 'groupBy=campaign,platform&compare=previous&metrics=spend,impressions,ctr,cpc';
    const json = await report(params);
    const res = await client.get<string>(`/api/reports?${RANGE}&${params}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="flightplan-report-2026-03-02-2026-03-10.csv"',
    );
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([
      'Campaign',
      'Platform',
      'Currency',
      'Spend',
      'Spend, previous period',
      'Spend change (%)',
      'Impressions',
      'Impressions, previous period',
      'Impressions change (%)',
      'CTR (%)',
      'CTR (%), previous period',
      'CTR change (%)',
      'CPC',
      'CPC, previous period',
      'CPC change (%)',
    ]);
    expect(lines).toHaveLength(json.rowCount + 1);
    const money = (minor: number | null | undefined) => (minor == null ? '' : (minor / 100).toFixed(2));
    json.rows.forEach((row, i) => {
      const cells = lines[i]!;
      expect(cells.slice(0, 3)).toEqual([
        row.keys[0]!.label.startsWith('=') ? `'${row.keys[0]!.label}` : row.keys[0]!.label,
        row.keys[1]!.label,
        'EUR',
      ]);
      expect(cells[3]).toBe(money(row.values.spend));
      expect(cells[4]).toBe(money(row.previous!.spend));
      expect(cells[6]).toBe(String(row.values.impressions));
      expect(Number(cells[9])).toBeCloseTo(row.values.ctr! * 100, 4);
      expect(cells[12] === '' ? null : Number(cells[12])).toBeCloseTo(row.values.cpc! / 100, 4);
    });
    expect(lines[4]!.slice(0, 4)).toEqual([`'=Charlie, "the third"`, 'Google Ads', 'EUR', '3.00']);
    expect(lines.at(-1)!.slice(0, 5)).toEqual(['Total', '', 'EUR', '258.00', '70.00']);
    // The raw text quotes the name holding a comma and quotes.
    expect(res.body).toContain(`"'=Charlie, ""the third"""`);
  });

  it('refuses the same bad parameters as JSON', async () => {
    const res = await client.get('/api/reports?format=csv&metrics=spend,nope');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.validationErrors)).toEqual(['metrics']);
  });
});
