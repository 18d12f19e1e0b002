import { SandboxControl } from '@server/platforms';
import { graphError } from '@server/platforms/meta/errors';
import { spendToMinor, toMetaAmount } from '@server/platforms/meta/money';
import { resetSandboxClock } from '@server/platforms/sandbox/clock';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/db';
import { metaGraphApp } from '../../support/metaGraphApp';
import { endpointOf, OFFSET_ONE_CURRENCIES, requestProblems, responseProblems } from './reference';
import { fullScenario } from './scenario';

/**
 * The Meta connector's every request during a campaign's whole life, and the Graph stand-in's every answer,
 * checked against Meta's published facts (./reference.ts): neither can drift from the real API unnoticed.
 */

const { db } = await freshDatabase();
const control = new SandboxControl(db);
const { connector, exchanges, fetch } = metaGraphApp(db, { delayMs: 0, reviewMs: 150 });
afterAll(() => resetSandboxClock(db));

describe('a campaign life on the wire', async () => {
  await fullScenario(db, connector, fetch, control);
  const wire = [...exchanges];

  it('every request is as Meta documents it', () => {
    expect(wire.length).toBeGreaterThan(30);
    expect(wire.flatMap(requestProblems)).toEqual([]);
  });

  it('every answer of the stand-in is as Meta documents it', () => {
    expect(wire.flatMap(responseProblems)).toEqual([]);
  });

  it('covers every endpoint the connector uses', () => {
    const used = new Set(wire.map((e) => endpointOf(e.method, e.url)));
    expect([...used].sort()).toEqual([
      'act..GET',
      'act.adcreatives.POST',
      'act.adimages.POST',
      'act.ads.POST',
      'act.adsets.POST',
      'act.campaigns.GET',
      'act.campaigns.POST',
      'act.delivery_estimate.GET',
      'act.insights.GET',
      'debug_token',
      'me.accounts.GET',
      'me.adaccounts.GET',
      'me.permissions.DELETE',
      'oauth.access_token',
      'object.GET',
      'object.POST',
      'object.ads.GET',
      'object.adsets.GET',
      'search',
    ]);
  });

  it('budgets and bids go in offset units: minor units of the account currency', () => {
    const adSet = wire.find(
      (e) => e.method === 'POST' && e.url.endsWith('/adsets') && !e.params.execution_options,
    )!;
    expect(adSet.params).toMatchObject({
      lifetime_budget: '50000',
      bid_amount: '250',
      bid_strategy: 'COST_CAP',
    });
  });
});

describe('units', () => {
  it("converts our minor units to Meta's offsets, zero-decimal currencies included", () => {
    expect(toMetaAmount(12_345, 'EUR')).toBe(12_345);
    expect(toMetaAmount(12_345, 'USD')).toBe(12_345);
    expect(toMetaAmount(5_000, 'JPY')).toBe(5_000); // ¥5,000: ISO 0 digits, Meta offset 1
    // Our minor units follow Intl's digits (contract/planning formatMinor): HUF 0, TWD 2.
    expect(toMetaAmount(5_000, 'HUF')).toBe(5_000);
    expect(toMetaAmount(120_000, 'TWD')).toBe(1_200); // NT$1,200.00: 2 digits here, Meta offset 1
    expect(toMetaAmount(12_340, 'BHD')).toBe(1_234); // 12.340 BHD: ISO 3 digits, Meta offset 100
    expect(OFFSET_ONE_CURRENCIES).toContain('JPY');
  });

  it('reads Insights spend (major units, decimal string) as minor units', () => {
    expect(spendToMinor('5339.5', 'EUR')).toBe(533_950);
    expect(spendToMinor('5339', 'JPY')).toBe(5_339);
    expect(spendToMinor(undefined, 'EUR')).toBe(0);
  });
});

describe('errors as Meta sends them', () => {
  const headers = (entries: Record<string, string> = {}) => new Headers(entries);
  it('maps each documented code onto what the product does', () => {
    const kind = (code: number, subcode?: number, status = 400, h = headers()) =>
      graphError(
        'meta',
        'Meta',
        status,
        { message: 'm', type: 'OAuthException', code, error_subcode: subcode, fbtrace_id: 't' },
        h,
      ).kind;
    expect(kind(190, 463)).toBe('credentials_expired');
    expect(kind(190, 460)).toBe('credentials_expired');
    expect(kind(200)).toBe('credentials_expired');
    for (const code of [4, 17, 32, 613, 80000, 80004, 80014]) expect(kind(code)).toBe('rate_limited');
    expect(kind(100, 33)).toBe('not_found');
    expect(kind(100)).toBe('validation');
    expect(kind(1)).toBe('unavailable');
    expect(kind(2, undefined, 500)).toBe('unavailable');
  });

  it('waits as long as the usage headers say', () => {
    const wait = (h: Record<string, string>) =>
      graphError('meta', 'Meta', 400, { message: 'm', code: 80004 }, headers(h)).retryAfterSeconds;
    expect(
      wait({
        'X-Business-Use-Case-Usage': JSON.stringify({
          '1': [{ type: 'ads_management', call_count: 100, estimated_time_to_regain_access: 3 }],
        }),
      }),
    ).toBe(180);
    expect(
      wait({ 'X-Ad-Account-Usage': JSON.stringify({ acc_id_util_pct: 100, reset_time_duration: 42 }) }),
    ).toBe(42);
    expect(wait({})).toBe(60);
  });

  it('a field error names the field', () => {
    const error = graphError(
      'meta',
      'Meta',
      400,
      {
        message: 'Invalid parameter',
        code: 100,
        error_data: { blame_field_specs: [['targeting', 'age_min']] },
      },
      headers(),
    );
    expect(error.message).toBe('Invalid parameter (targeting.age_min)');
  });
});
