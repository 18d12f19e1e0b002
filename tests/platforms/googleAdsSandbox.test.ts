import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { googleAdsApp } from '../support/googleAdsApp';

/**
 * The Google Ads API stand-in answered directly over HTTP, as a client other than our connector would call it:
 * the developer token, the bearer token and login-customer-id checked like Google, GAQL kept strict, and
 * errors in Google's shape (GoogleAdsFailure; array-wrapped on searchStream).
 */
const { db } = await freshDatabase();
const google = googleAdsApp(db);

async function call(
  path: string,
  body: unknown,
  headers: Record<string, string>,
  method = 'POST',
): Promise<{ status: number; body: any }> {
  const response = await google.app.request(`${google.baseUrl}/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

const errorOf = (body: any) => (Array.isArray(body) ? body[0] : body).error.details[0].errors[0];

describe('Google Ads API stand-in', () => {
  it('checks the developer token, the bearer token and login-customer-id like Google', async () => {
    const { tokens, hierarchy } = await google.grant();
    const client = hierarchy.clients[0]!.id;
    const auth = { authorization: `Bearer ${tokens.accessToken}`, 'developer-token': google.developerToken };
    const query = { query: 'SELECT customer.id FROM customer' };

    const noToken = await call(`customers/${client}/googleAds:search`, query, {
      authorization: auth.authorization,
    });
    expect(noToken.status).toBe(400);
    expect(errorOf(noToken.body).errorCode).toEqual({ requestError: 'DEVELOPER_TOKEN_PARAMETER_MISSING' });

    const unknown = await call(`customers/${client}/googleAds:search`, query, {
      ...auth,
      authorization: 'Bearer nope',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.status).toBe('UNAUTHENTICATED');
    expect(errorOf(unknown.body).errorCode).toEqual({ authenticationError: 'OAUTH_TOKEN_INVALID' });

    // A client is reached through its manager.
    const direct = await call(`customers/${client}/googleAds:search`, query, auth);
    expect(direct.status).toBe(403);
    expect(errorOf(direct.body).errorCode).toEqual({ authorizationError: 'USER_PERMISSION_DENIED' });
    const viaManager = await call(`customers/${client}/googleAds:search`, query, {
      ...auth,
      'login-customer-id': hierarchy.manager.id,
    });
    expect(viaManager.status).toBe(200);
    expect(viaManager.body.results).toEqual([{ customer: { id: client } }]);

    const listed = await call('customers:listAccessibleCustomers', null, auth, 'GET');
    expect(listed.body).toEqual({ resourceNames: [`customers/${hierarchy.manager.id}`] });
  });

  it('keeps GAQL strict and answers searchStream errors in an array', async () => {
    const { tokens, hierarchy } = await google.grant();
    const headers = {
      authorization: `Bearer ${tokens.accessToken}`,
      'developer-token': google.developerToken,
      'login-customer-id': hierarchy.manager.id,
    };
    const client = hierarchy.clients[0]!.id;
    const unknownField = await call(
      `customers/${client}/googleAds:searchStream`,
      { query: 'SELECT campaign.budget FROM campaign' },
      headers,
    );
    expect(unknownField.status).toBe(400);
    expect(Array.isArray(unknownField.body)).toBe(true);
    expect(errorOf(unknownField.body).errorCode).toEqual({ queryError: 'UNRECOGNIZED_FIELD' });
    const noRange = await call(
      `customers/${client}/googleAds:search`,
      { query: 'SELECT campaign.id, metrics.clicks, segments.date FROM campaign' },
      headers,
    );
    expect(errorOf(noRange.body).errorCode).toEqual({ queryError: 'EXPECTED_FILTERS_ON_DATE_RANGE' });
    const onManager = await call(
      `customers/${hierarchy.manager.id}/googleAds:search`,
      {
        query:
          "SELECT metrics.clicks FROM campaign WHERE segments.date BETWEEN '2026-01-01' AND '2026-01-02'",
      },
      headers,
    );
    expect(errorOf(onManager.body).errorCode).toEqual({ queryError: 'REQUESTED_METRICS_FOR_MANAGER' });
  });

  it('requires the EU political advertising declaration, and reports partial failures', async () => {
    const { tokens, hierarchy } = await google.grant();
    const client = hierarchy.clients[0]!.id;
    const headers = {
      authorization: `Bearer ${tokens.accessToken}`,
      'developer-token': google.developerToken,
      'login-customer-id': hierarchy.manager.id,
    };
    const budget = {
      campaignBudgetOperation: {
        create: {
          resourceName: `customers/${client}/campaignBudgets/-1`,
          name: 'B',
          amountMicros: '5000000',
        },
      },
    };
    const campaign = {
      campaignOperation: {
        create: {
          name: 'Undeclared',
          advertisingChannelType: 'SEARCH',
          campaignBudget: `customers/${client}/campaignBudgets/-1`,
          targetSpend: {},
        },
      },
    };
    const refused = await call(
      `customers/${client}/googleAds:mutate`,
      { mutateOperations: [budget, campaign] },
      headers,
    );
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body)).toMatchObject({
      errorCode: { fieldError: 'REQUIRED' },
      location: {
        fieldPathElements: [
          { fieldName: 'mutate_operations', index: 1 },
          { fieldName: 'campaign_operation' },
          { fieldName: 'create' },
          { fieldName: 'contains_eu_political_advertising' },
        ],
      },
    });
    const partial = await call(
      `customers/${client}/googleAds:mutate`,
      { mutateOperations: [budget, campaign], partialFailure: true },
      headers,
    );
    expect(partial.status).toBe(200);
    expect(partial.body.mutateOperationResponses[0].campaignBudgetResult.resourceName).toMatch(
      new RegExp(`^customers/${client}/campaignBudgets/\\d+$`),
    );
    expect(partial.body.mutateOperationResponses[1]).toEqual({});
    expect(partial.body.partialFailureError.details[0].errors[0].errorCode).toEqual({
      fieldError: 'REQUIRED',
    });
  });
});
