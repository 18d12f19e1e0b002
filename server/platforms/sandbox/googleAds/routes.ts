import { randomBytes, randomInt } from 'node:crypto';
import { minorDigitsOf } from '@contract/exchange/amounts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import sharp from 'sharp';
import type { Database } from '../../../db/connect';
import { sandboxGoogleAdsResources, sandboxPlatformCampaigns } from '../../../db/schema';
import type { AppEnv } from '../../../http/env';
import { allow } from '../../../http/policy';
import { SANDBOX_DEVELOPER_TOKEN } from '../../apiSettings';
import { GOOGLE_ADS_SCOPE } from '../../oauthSettings';
import { rejectsOn } from '../../sandbox';
import { sleep } from '../../sleep';
import { adProblem } from '../adProblems';
import { adSetProblem } from '../adSetProblems';
import { sandboxToday } from '../clock';
import { SANDBOX_PLATFORMS } from '../data';
import { recordDelivery } from '../deliveryReport';
import { takeInjectedFailure } from '../failures';
import { checkSandboxAccessToken } from '../oauthTokens';
import { type SandboxGoogleCustomer, type SandboxGoogleHierarchy, sandboxGoogleHierarchy } from './customers';
import { failure, fieldPath, GoogleAdsFailure } from './failure';
import { GaqlError, type GaqlQuery, matches, parseGaql, project, readPath } from './gaql';
import { criterionOutput, FIELDS, JOINS, OPERATIONS, planOf, type Resource } from './model';
import { targetableInterests, userInterests } from './userInterests';

/**
 * The Google Ads API's REST interface, as a local stand-in (issue 29): `customers:listAccessibleCustomers`,
 * `googleAds:mutate` (campaign budgets, campaigns, criteria, ad groups, ads, image assets; temporary ids,
 * `partialFailure`, `validateOnly`), `googleAds:search` and `googleAds:searchStream` over a small GAQL subset.
 * It checks the developer token, the bearer token (issued by the sandbox OAuth server for Google) and the
 * `login-customer-id` like the real API, and answers every error as a GoogleAdsFailure.
 *
 * Behaviour kept from the in-process sandbox, in Google's shapes: ads are under review
 * (`REVIEW_IN_PROGRESS` / `UNKNOWN`) for `reviewMs`, then `APPROVED`, or `DISAPPROVED` by the name rule
 * (`reject`, `reject-google`); the plan's rules (adSetProblems, adProblems) refuse as field errors; delivery
 * is the deterministic generator with restatements (the `Date` header carries the sandbox's clock);
 * injected failures (SandboxControl) answer as quota, authentication, field and transient errors.
 */
export interface GoogleAdsSandboxOptions {
  db: Database;
  /** How long a review lasts after creation, in ms. */
  reviewMs: number;
  /** How long an injected `hang` waits unless the caller gives up. */
  hangMs?: number;
}

const PLATFORM = 'google';

type Ctx = Context<AppEnv>;

interface Caller {
  hierarchy: SandboxGoogleHierarchy;
  customer: SandboxGoogleCustomer;
}

const customers = (h: SandboxGoogleHierarchy) => [h.manager, ...h.clients];

export function createGoogleAdsSandboxRoutes(options: GoogleAdsSandboxOptions): Hono<AppEnv> {
  const { db } = options;
  const routes = new Hono<AppEnv>();
  routes.use('/sandbox/google-ads/*', allow('public'));

  /** Runs one call: the errors any step throws become the API's error body. */
  const answer = async (c: Ctx, stream: boolean, run: () => Promise<unknown>) => {
    const requestId = randomBytes(11).toString('base64url');
    const version = c.req.param('version') ?? 'v25';
    const today = await sandboxToday(db);
    // The platform's own clock (the sandbox's day, moved by SandboxControl.advanceClock).
    const now = new Date(Date.parse(`${today}T${new Date().toISOString().slice(11)}`));
    c.header('Date', now.toUTCString());
    c.header('request-id', requestId);
    try {
      const body = await run();
      return c.json(body as object, 200);
    } catch (error) {
      if (error instanceof GoogleAdsFailure) {
        const body = error.body(version, requestId);
        return c.json(stream ? [body] : body, error.httpStatus as 400);
      }
      if (error instanceof ScopeRefusal) {
        const body = {
          error: {
            code: 403,
            message: 'Request had insufficient authentication scopes.',
            status: 'PERMISSION_DENIED',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
                domain: 'googleapis.com',
                metadata: { service: 'googleads.googleapis.com', method: c.req.path },
              },
            ],
          },
        };
        return c.json(stream ? [body] : body, 403);
      }
      throw error;
    }
  };

  /** The developer token and the bearer token, as the API checks them: which customers the caller reaches. */
  const authenticate = async (c: Ctx): Promise<SandboxGoogleHierarchy> => {
    const developerToken = c.req.header('developer-token');
    if (!developerToken)
      throw failure(
        400,
        'requestError',
        'DEVELOPER_TOKEN_PARAMETER_MISSING',
        'Developer token parameter is missing.',
      );
    if (developerToken !== SANDBOX_DEVELOPER_TOKEN)
      throw failure(
        401,
        'authenticationError',
        'DEVELOPER_TOKEN_INVALID',
        'The developer token is not valid.',
      );
    const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!bearer)
      throw failure(
        401,
        'authenticationError',
        'OAUTH_TOKEN_HEADER_INVALID',
        'Oauth token HTTP header is malformed.',
      );
    const check = await checkSandboxAccessToken(db, PLATFORM, bearer);
    if (!check.ok) {
      const [code, message] =
        check.reason === 'expired'
          ? ['OAUTH_TOKEN_EXPIRED', 'OAuth token in the header has expired.']
          : check.reason === 'revoked'
            ? ['OAUTH_TOKEN_REVOKED', 'OAuth token in the header has been revoked.']
            : ['OAUTH_TOKEN_INVALID', 'OAuth token in the header is not valid.'];
      throw failure(401, 'authenticationError', code, message);
    }
    if (!check.scope.split(' ').includes(GOOGLE_ADS_SCOPE)) throw new ScopeRefusal();
    return sandboxGoogleHierarchy(check.externalAccountId);
  };

  /** The path's customer, reached directly (the manager) or through `login-customer-id` (a client). */
  const customerOf = async (c: Ctx): Promise<Caller> => {
    const hierarchy = await authenticate(c);
    const id = c.req.param('customerId') ?? '';
    if (!/^\d{10}$/.test(id))
      throw failure(400, 'requestError', 'INVALID_CUSTOMER_ID', 'Customer id is invalid.');
    const login = c.req.header('login-customer-id');
    if (login !== undefined && !/^\d{10}$/.test(login))
      throw failure(
        400,
        'headerError',
        'INVALID_LOGIN_CUSTOMER_ID',
        'The login customer ID could not be validated.',
      );
    const customer = customers(hierarchy).find((x) => x.id === id);
    const viaManager = login === hierarchy.manager.id;
    if (!customer || (!customer.manager && !viaManager) || (login !== undefined && !viaManager))
      throw failure(
        403,
        'authorizationError',
        login !== undefined && !viaManager
          ? 'INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION'
          : 'USER_PERMISSION_DENIED',
        "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
      );
    return { hierarchy, customer };
  };

  routes.get('/sandbox/google-ads/:version/customers:listAccessibleCustomers', (c) =>
    answer(c, false, async () => {
      const hierarchy = await authenticate(c);
      // Only the customers the login reaches directly: the manager (its clients via customer_client).
      return { resourceNames: [`customers/${hierarchy.manager.id}`] };
    }),
  );

  routes.post('/sandbox/google-ads/:version/customers/:customerId/googleAds:mutate', (c) =>
    answer(c, false, async () => {
      const caller = await customerOf(c);
      const body = (await c.req.json().catch(() => null)) as MutateBody | null;
      if (!body || !Array.isArray(body.mutateOperations) || body.mutateOperations.length === 0)
        throw failure(400, 'requestError', 'OPERATION_REQUIRED', 'At least one operation is required.', {
          location: fieldPath('mutate_operations'),
        });
      await injected(c, mutateOperation(body));
      return mutate(caller, body);
    }),
  );

  const search = (stream: boolean) => (c: Ctx) =>
    answer(c, stream, async () => {
      const caller = await customerOf(c);
      const body = (await c.req.json().catch(() => null)) as { query?: unknown; pageSize?: unknown } | null;
      if (typeof body?.query !== 'string')
        throw failure(400, 'queryError', 'QUERY_ERROR', 'The query is empty.', {
          location: fieldPath('query'),
        });
      if (body.pageSize !== undefined)
        throw failure(400, 'requestError', 'PAGE_SIZE_NOT_SUPPORTED', 'Page size is not supported.');
      let query: GaqlQuery;
      try {
        query = parseGaql(body.query);
      } catch (error) {
        if (error instanceof GaqlError)
          throw failure(400, 'queryError', error.code, error.message, {
            trigger: { stringValue: body.query },
          });
        throw error;
      }
      await injected(c, searchOperation(query));
      const results = await runQuery(caller, query);
      const fieldMask = query.select
        .map((f) => f.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase()))
        .join(',');
      const requestId = c.res.headers.get('request-id') ?? '';
      return stream
        ? [{ results, fieldMask, requestId }]
        : { results, fieldMask, requestId, totalResultsCount: String(results.length) };
    });
  routes.post('/sandbox/google-ads/:version/customers/:customerId/googleAds:search', search(false));
  routes.post('/sandbox/google-ads/:version/customers/:customerId/googleAds:searchStream', search(true));

  // ---- injected failures (SandboxControl.injectFailure('google', ...)) ----

  const injected = async (c: Ctx, operations: string[]) => {
    const injectedFailure = await takeInjectedFailure(db, PLATFORM, operations);
    if (!injectedFailure) return;
    const message = injectedFailure.message;
    switch (injectedFailure.kind) {
      case 'validation':
        throw failure(400, 'fieldError', 'INVALID_VALUE', message ?? 'The field is not valid.', {
          location: fieldPath(['mutate_operations', 0]),
        });
      case 'rate_limit':
        throw failure(
          429,
          'quotaError',
          'RESOURCE_TEMPORARILY_EXHAUSTED',
          message ?? 'Too many requests in a short amount of time.',
          {
            details: {
              quotaErrorDetails: {
                rateScope: 'ACCOUNT',
                rateName: 'Requests per account',
                retryDelay: `${injectedFailure.retry_after_seconds}s`,
              },
            },
          },
        );
      case 'expired_credential':
        throw failure(
          401,
          'authenticationError',
          'OAUTH_TOKEN_EXPIRED',
          message ?? 'OAuth token in the header has expired.',
        );
      case 'hang':
        await sleep(options.hangMs ?? 30_000, c.req.raw.signal).catch(() => {});
        throw failure(
          503,
          'internalError',
          'DEADLINE_EXCEEDED',
          message ?? 'The request took too long to respond.',
        );
      default:
        throw failure(
          503,
          'internalError',
          'TRANSIENT_ERROR',
          message ?? 'An internal error has occurred. Retry the request.',
        );
    }
  };

  // ---- the resources ----

  const load = async (customerId: string): Promise<Map<string, Resource>> => {
    const rows = await db
      .select()
      .from(sandboxGoogleAdsResources)
      .where(eq(sandboxGoogleAdsResources.customerId, customerId));
    return new Map(
      rows.map((r) => [
        r.resourceName,
        {
          resourceName: r.resourceName,
          customerId: r.customerId,
          kind: r.kind,
          campaignId: r.campaignId,
          fields: r.fields,
        },
      ]),
    );
  };

  /** The campaigns' records in the shared sandbox table: review status and delivery history. */
  const records = async (campaignIds: string[]) => {
    if (campaignIds.length === 0) return new Map<string, typeof sandboxPlatformCampaigns.$inferSelect>();
    await settleReviews(campaignIds);
    const rows = await db
      .select()
      .from(sandboxPlatformCampaigns)
      .where(
        and(
          eq(sandboxPlatformCampaigns.platformKey, PLATFORM),
          inArray(sandboxPlatformCampaigns.externalId, campaignIds),
        ),
      );
    return new Map(rows.map((r) => [r.externalId, r]));
  };

  /** A review ends `reviewMs` after creation: approved, or disapproved by the name rule. */
  const settleReviews = async (campaignIds: string[]) => {
    const due = await db
      .select()
      .from(sandboxPlatformCampaigns)
      .where(
        and(
          eq(sandboxPlatformCampaigns.platformKey, PLATFORM),
          inArray(sandboxPlatformCampaigns.externalId, campaignIds),
          eq(sandboxPlatformCampaigns.status, 'in_review'),
          sql`${sandboxPlatformCampaigns.createdAt} <= now() - make_interval(secs => ${options.reviewMs / 1000})`,
        ),
      );
    if (due.length === 0) return;
    const today = await sandboxToday(db);
    for (const row of due) {
      const rejected = rejectsOn(String(row.payload.name ?? ''), PLATFORM);
      const [campaign] = await db
        .select({ fields: sandboxGoogleAdsResources.fields })
        .from(sandboxGoogleAdsResources)
        .where(eq(sandboxGoogleAdsResources.resourceName, row.reference));
      const status = rejected ? 'rejected' : campaign?.fields.status === 'PAUSED' ? 'paused' : 'active';
      await db
        .update(sandboxPlatformCampaigns)
        .set({
          status,
          reason: rejected ? 'the campaign name contains "reject" (sandbox rule)' : null,
          statusHistory: sql`${sandboxPlatformCampaigns.statusHistory} || ${JSON.stringify([{ status, on: today }])}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(sandboxPlatformCampaigns.externalId, row.externalId),
            eq(sandboxPlatformCampaigns.status, 'in_review'),
          ),
        );
    }
  };

  // ---- googleAds:mutate ----

  interface MutateBody {
    mutateOperations: Record<string, Record<string, unknown>>[];
    partialFailure?: boolean;
    validateOnly?: boolean;
  }

  async function mutate({ hierarchy, customer }: Caller, body: MutateBody) {
    if (customer.manager)
      throw failure(
        400,
        'requestError',
        'CANNOT_BE_EXECUTED_BY_MANAGER_ACCOUNT',
        'This request cannot be executed by a manager account.',
      );
    void hierarchy;
    const cid = customer.id;
    const staged = await load(cid);
    const temp = new Map<string, string>();
    const newId = () => String(randomInt(100_000_000, 99_999_999_999));
    const resolve = (value: unknown): unknown => {
      if (typeof value === 'string') return temp.get(value) ?? value;
      if (Array.isArray(value)) return value.map(resolve);
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
      return value;
    };
    const responses: Record<string, unknown>[] = [];
    const errors: GoogleAdsFailure['errors'] = [];
    const touched = new Set<string>();
    const opOf = new Map<string, number>();
    const assetFacts = new Map<string, Record<string, unknown>>();
    for (const r of staged.values())
      if (r.kind === 'asset')
        assetFacts.set(r.resourceName, (r.fields.sandboxFacts ?? {}) as Record<string, unknown>);

    for (const [index, operation] of body.mutateOperations.entries()) {
      const at = (...rest: (string | [string, number])[]) => fieldPath(['mutate_operations', index], ...rest);
      try {
        const keys = Object.keys(operation);
        const key = keys[0] ?? '';
        const spec = OPERATIONS[key];
        if (keys.length !== 1 || !spec)
          throw failure(400, 'requestError', 'OPERATION_REQUIRED', 'Exactly one operation is required.', {
            location: at(),
          });
        const snake = key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
        const inner = operation[key] as Record<string, unknown>;
        let resourceName: string;
        if (inner.create && typeof inner.create === 'object') {
          const fields = resolve(inner.create) as Record<string, unknown>;
          resourceName = await create(spec, snake, fields, at, index);
          const asGiven = (inner.create as { resourceName?: unknown }).resourceName;
          if (typeof asGiven === 'string' && asGiven !== resourceName) temp.set(asGiven, resourceName);
        } else if (inner.update && typeof inner.update === 'object') {
          const fields = resolve(inner.update) as Record<string, unknown>;
          resourceName = String(fields.resourceName ?? '');
          const existing = staged.get(resourceName);
          if (!existing || existing.gone || existing.kind !== spec.kind)
            throw failure(400, 'mutateError', 'RESOURCE_NOT_FOUND', 'The requested resource was not found.', {
              location: at(snake, 'update', 'resource_name'),
            });
          if (existing.fields.status === 'REMOVED')
            throw failure(
              400,
              'campaignError',
              'CANNOT_MODIFY_REMOVED_CAMPAIGN',
              'Cannot modify a removed campaign.',
              {
                location: at(snake, 'update'),
              },
            );
          const mask =
            typeof inner.updateMask === 'string' ? inner.updateMask.split(',').filter(Boolean) : [];
          if (mask.length === 0)
            throw failure(400, 'fieldMaskError', 'FIELD_MASK_MISSING', 'The field mask is missing.', {
              location: at(snake, 'update_mask'),
            });
          for (const path of mask) {
            const top = path.split('.')[0]!;
            if (['id', 'resourceName', 'advertisingChannelType', 'campaign', 'adGroup', 'ad'].includes(top))
              throw failure(400, 'fieldError', 'IMMUTABLE_FIELD', 'The field cannot be modified.', {
                location: at(
                  snake,
                  'update',
                  top.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`),
                ),
              });
            if (fields[top] === undefined) delete existing.fields[top];
            else existing.fields[top] = fields[top];
          }
          if (spec.kind === 'campaign') checkCampaign(existing.fields, (f) => at(snake, 'update', f));
          existing.dirty = true;
        } else if (typeof inner.remove === 'string') {
          resourceName = String(resolve(inner.remove));
          const existing = staged.get(resourceName);
          if (!existing || existing.gone || existing.kind !== spec.kind)
            throw failure(400, 'mutateError', 'RESOURCE_NOT_FOUND', 'The requested resource was not found.', {
              location: at(snake, 'remove'),
            });
          if (spec.kind === 'asset')
            throw failure(400, 'mutateError', 'MUTATE_NOT_ALLOWED', 'Assets cannot be removed.', {
              location: at(snake),
            });
          if (spec.kind === 'campaign' || spec.kind === 'ad_group' || spec.kind === 'ad_group_ad') {
            existing.fields.status = 'REMOVED';
            existing.dirty = true;
          } else {
            existing.gone = true;
          }
        } else {
          throw failure(
            400,
            'requestError',
            'OPERATION_REQUIRED',
            'The operation needs create, update or remove.',
            {
              location: at(snake),
            },
          );
        }
        const resource = staged.get(resourceName)!;
        if (resource.campaignId) {
          touched.add(resource.campaignId);
          if (!opOf.has(resource.campaignId)) opOf.set(resource.campaignId, index);
        }
        responses.push({ [spec.result]: { resourceName } });
      } catch (error) {
        if (!(error instanceof GoogleAdsFailure) || error.httpStatus !== 400 || !body.partialFailure)
          throw error;
        errors.push(...error.errors);
        responses.push({});
      }
    }

    // A budget changed on its own touches the campaigns that spend it.
    for (const r of staged.values()) {
      if (r.kind !== 'campaign_budget' || !r.dirty || r.created) continue;
      for (const campaign of staged.values())
        if (campaign.kind === 'campaign' && campaign.fields.campaignBudget === r.resourceName)
          touched.add(String(campaign.fields.id));
    }
    // The plan the campaigns now describe, checked by the sandbox's rules (the in-process sandbox's own).
    // Parent segments are targetable too (userInterests.ts).
    const platform = { ...SANDBOX_PLATFORMS.get(PLATFORM)!, interestsById: targetableInterests() };
    const today = await sandboxToday(db);
    for (const campaignId of touched) {
      const campaign = [...staged.values()].find((r) => r.kind === 'campaign' && r.fields.id === campaignId);
      if (!campaign || campaign.fields.status === 'REMOVED') continue;
      const plan = planOf(campaign, staged.values(), customer.currencyCode, assetFacts);
      const at = fieldPath(['mutate_operations', opOf.get(campaignId) ?? 0]);
      if (plan.endDate && plan.endDate < today.slice(0, 10) && campaign.created)
        throw failure(
          400,
          'campaignError',
          'CANNOT_SET_DATE_TO_PAST',
          'Cannot set the campaign date to the past.',
          {
            location: at,
          },
        );
      if (plan.budgetMinor < 100)
        throw failure(
          400,
          'rangeError',
          'TOO_LOW',
          `The budget for Google Ads is below its minimum of 1.00 ${plan.currency}.`,
          { location: at },
        );
      const problem =
        (plan.adSet ? adSetProblem(platform, { ...plan, adSet: plan.adSet }) : null) ??
        adProblem(platform, plan);
      if (problem) throw failure(400, 'fieldError', 'INVALID_VALUE', problem, { location: at });
    }

    if (!body.validateOnly) await persist(cid, staged, touched, customer.currencyCode, assetFacts);
    const partialFailureError =
      errors.length > 0
        ? {
            code: 3,
            message: errors.map((e) => e.message).join(', '),
            details: [new GoogleAdsFailure(400, errors).body('v25', '').error.details[0]],
          }
        : undefined;
    // validateOnly answers no results, only the refusals (with partialFailure, each operation's).
    if (body.validateOnly) return partialFailureError ? { partialFailureError } : {};
    return { mutateOperationResponses: responses, ...(partialFailureError ? { partialFailureError } : {}) };

    async function create(
      spec: (typeof OPERATIONS)[string],
      snake: string,
      fields: Record<string, unknown>,
      at: (...rest: (string | [string, number])[]) => ReturnType<typeof fieldPath>,
      index: number,
    ): Promise<string> {
      void index;
      const required = (field: string) => {
        if (fields[field] === undefined || fields[field] === '')
          throw failure(400, 'fieldError', 'REQUIRED', 'The required field was not present.', {
            location: at(
              snake,
              'create',
              field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`),
            ),
          });
      };
      const parent = (field: string, kind: string) => {
        required(field);
        const found = staged.get(String(fields[field]));
        if (!found || found.kind !== kind || found.gone)
          throw failure(400, 'mutateError', 'RESOURCE_NOT_FOUND', 'The requested resource was not found.', {
            location: at(
              snake,
              'create',
              field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`),
            ),
          });
        return found;
      };
      const id = newId();
      let resourceName = `customers/${cid}/${spec.collection}/${id}`;
      let campaignId: string | null = null;
      const out: Record<string, unknown> = { ...fields };
      switch (spec.kind) {
        case 'campaign_budget':
          required('amountMicros');
          if (!/^\d+$/.test(String(fields.amountMicros)))
            throw failure(400, 'fieldError', 'INVALID_VALUE', 'The field is not valid.', {
              location: at(snake, 'create', 'amount_micros'),
            });
          if (Number(fields.amountMicros) % 10 ** (6 - minorDigitsOf(customer.currencyCode)) !== 0)
            throw failure(
              400,
              'campaignBudgetError',
              'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT',
              'The budget amount is not a multiple of the minimum currency unit.',
              { location: at(snake, 'create', 'amount_micros') },
            );
          out.explicitlyShared = fields.explicitlyShared ?? true;
          out.deliveryMethod = fields.deliveryMethod ?? 'STANDARD';
          out.status = 'ENABLED';
          break;
        case 'campaign': {
          required('name');
          required('advertisingChannelType');
          if (fields.advertisingChannelType === 'VIDEO')
            throw failure(
              400,
              'campaignError',
              'CANNOT_CREATE_CAMPAIGN_OF_TYPE_VIDEO',
              'Video campaigns cannot be created through the API.',
              { location: at(snake, 'create', 'advertising_channel_type') },
            );
          if (!['SEARCH', 'DISPLAY', 'DEMAND_GEN'].includes(String(fields.advertisingChannelType)))
            throw failure(
              400,
              'fieldError',
              'INVALID_VALUE',
              'The sandbox runs SEARCH, DISPLAY and DEMAND_GEN campaigns.',
              {
                location: at(snake, 'create', 'advertising_channel_type'),
              },
            );
          required('containsEuPoliticalAdvertising');
          parent('campaignBudget', 'campaign_budget');
          out.status = fields.status ?? 'ENABLED';
          campaignId = id;
          checkCampaign(out, (f) => at(snake, 'create', f));
          out.biddingStrategyType = out.targetSpend
            ? 'TARGET_SPEND'
            : out.targetCpa
              ? 'TARGET_CPA'
              : out.maximizeConversions
                ? 'MAXIMIZE_CONVERSIONS'
                : out.manualCpc
                  ? 'MANUAL_CPC'
                  : 'UNSPECIFIED';
          break;
        }
        case 'campaign_criterion': {
          const campaign = parent('campaign', 'campaign');
          campaignId = String(campaign.fields.id);
          const criterion = criterionOutput(fields);
          if (!criterion)
            throw failure(
              400,
              'criterionError',
              'CANNOT_ADD_CRITERIA_TYPE',
              'Cannot add criteria of this type.',
              {
                location: at(snake, 'create'),
              },
            );
          if (
            criterion.type === 'USER_INTEREST' ||
            criterion.type === 'AGE_RANGE' ||
            criterion.type === 'GENDER'
          )
            throw failure(
              400,
              'criterionError',
              'CANNOT_ADD_CRITERIA_TYPE',
              'Cannot add this criterion to a campaign; add it to an ad group.',
              {
                location: at(snake, 'create'),
              },
            );
          Object.assign(out, criterion);
          out.negative = fields.negative ?? false;
          resourceName = `customers/${cid}/campaignCriteria/${campaignId}~${criterion.criterionId}`;
          break;
        }
        case 'ad_group': {
          required('name');
          const campaign = parent('campaign', 'campaign');
          campaignId = String(campaign.fields.id);
          out.status = fields.status ?? 'ENABLED';
          break;
        }
        case 'ad_group_criterion': {
          const adGroup = parent('adGroup', 'ad_group');
          campaignId = adGroup.campaignId;
          const criterion = criterionOutput(fields);
          if (!criterion)
            throw failure(
              400,
              'criterionError',
              'CANNOT_ADD_CRITERIA_TYPE',
              'Cannot add criteria of this type.',
              {
                location: at(snake, 'create'),
              },
            );
          if (criterion.type === 'USER_INTEREST') {
            const known = targetableInterests().has(criterion.criterionId);
            if (!known)
              throw failure(400, 'criterionError', 'INVALID_USER_INTEREST', 'Invalid user interest.', {
                location: at(snake, 'create', 'user_interest', 'user_interest_category'),
                trigger: { stringValue: criterion.criterionId },
              });
          }
          Object.assign(out, criterion);
          out.negative = fields.negative ?? false;
          out.status = fields.status ?? 'ENABLED';
          resourceName = `customers/${cid}/adGroupCriteria/${lastId(adGroup.resourceName)}~${criterion.criterionId}`;
          break;
        }
        case 'ad_group_ad': {
          const adGroup = parent('adGroup', 'ad_group');
          campaignId = adGroup.campaignId;
          const ad = (fields.ad ?? {}) as Record<string, unknown>;
          if (!Array.isArray(ad.finalUrls) || ad.finalUrls.length === 0)
            throw failure(400, 'adError', 'CANNOT_SET_WITHOUT_FINAL_URLS', 'Final urls are required.', {
              location: at(snake, 'create', 'ad', 'final_urls'),
            });
          const type = ad.responsiveSearchAd
            ? 'RESPONSIVE_SEARCH_AD'
            : ad.responsiveDisplayAd
              ? 'RESPONSIVE_DISPLAY_AD'
              : null;
          if (!type)
            throw failure(
              400,
              'adError',
              'CANNOT_CREATE_DEPRECATED_ADS',
              'The sandbox takes responsive search and responsive display ads.',
              {
                location: at(snake, 'create', 'ad'),
              },
            );
          if (type === 'RESPONSIVE_DISPLAY_AD') {
            const rda = ad.responsiveDisplayAd as Record<string, unknown>;
            for (const images of ['marketingImages', 'squareMarketingImages']) {
              const list = rda[images] as { asset?: string }[] | undefined;
              if (!Array.isArray(list) || list.length === 0)
                throw failure(400, 'adError', 'MISSING_IMAGE', 'An image is required.', {
                  location: at(
                    snake,
                    'create',
                    'ad',
                    'responsive_display_ad',
                    images.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`),
                  ),
                });
              for (const [i, image] of list.entries()) {
                const asset = staged.get(String(image.asset));
                if (asset?.kind !== 'asset')
                  throw failure(
                    400,
                    'mutateError',
                    'RESOURCE_NOT_FOUND',
                    'The requested resource was not found.',
                    {
                      location: at(
                        snake,
                        'create',
                        'ad',
                        'responsive_display_ad',
                        [images.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`), i],
                        'asset',
                      ),
                    },
                  );
              }
            }
          }
          const adId = newId();
          out.ad = { ...ad, id: adId, resourceName: `customers/${cid}/ads/${adId}`, type };
          out.status = fields.status ?? 'ENABLED';
          resourceName = `customers/${cid}/adGroupAds/${lastId(adGroup.resourceName)}~${adId}`;
          break;
        }
        case 'asset': {
          const image = fields.imageAsset as { data?: unknown } | undefined;
          if (typeof image?.data !== 'string' || image.data.length === 0)
            throw failure(400, 'assetError', 'IMAGE_ASSET_DATA_MISSING', 'Image data is required.', {
              location: at(snake, 'create', 'image_asset', 'data'),
            });
          const bytes = Buffer.from(image.data, 'base64');
          const meta = await sharp(bytes)
            .metadata()
            .catch(() => null);
          if (!meta?.width || !meta.height || (meta.format !== 'png' && meta.format !== 'jpeg'))
            throw failure(400, 'mediaUploadError', 'INVALID_IMAGE', 'The image is not valid.', {
              location: at(snake, 'create', 'image_asset', 'data'),
            });
          const mimeType = meta.format === 'png' ? 'image/png' : 'image/jpeg';
          // The asset as the API shows it (the bytes are not kept).
          out.imageAsset = {
            fileSize: String(bytes.length),
            mimeType: meta.format === 'png' ? 'IMAGE_PNG' : 'IMAGE_JPEG',
            fullSize: { widthPixels: String(meta.width), heightPixels: String(meta.height) },
          };
          out.type = 'IMAGE';
          out.sandboxFacts = { width: meta.width, height: meta.height, mimeType, byteSize: bytes.length };
          break;
        }
      }
      out.resourceName = resourceName;
      if (
        spec.kind !== 'campaign_criterion' &&
        spec.kind !== 'ad_group_criterion' &&
        spec.kind !== 'ad_group_ad'
      )
        out.id = id;
      if (staged.has(resourceName) && !staged.get(resourceName)!.gone)
        throw failure(400, 'mutateError', 'RESOURCE_ALREADY_EXISTS', 'The resource already exists.', {
          location: at(snake, 'create'),
        });
      staged.set(resourceName, {
        resourceName,
        customerId: cid,
        kind: spec.kind,
        campaignId,
        fields: out,
        dirty: true,
        created: true,
      });
      if (spec.kind === 'asset') assetFacts.set(resourceName, out.sandboxFacts as Record<string, unknown>);
      return resourceName;
    }
  }

  function checkCampaign(
    fields: Record<string, unknown>,
    at: (field: string) => ReturnType<typeof fieldPath>,
  ) {
    const dateTime = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
    for (const [field, snake] of [
      ['startDateTime', 'start_date_time'],
      ['endDateTime', 'end_date_time'],
    ] as const) {
      if (fields[field] !== undefined && !dateTime.test(String(fields[field])))
        throw failure(
          400,
          'dateError',
          'INVALID_FIELD_FORMAT',
          'The field is not in the expected format (yyyy-MM-dd HH:mm:ss).',
          {
            location: at(snake),
          },
        );
    }
    if (
      typeof fields.startDateTime === 'string' &&
      typeof fields.endDateTime === 'string' &&
      fields.endDateTime < fields.startDateTime
    )
      throw failure(
        400,
        'dateRangeError',
        'END_DATE_BEFORE_START_DATE',
        'The end date is before the start date.',
        {
          location: at('end_date_time'),
        },
      );
    if (!['ENABLED', 'PAUSED', 'REMOVED'].includes(String(fields.status)))
      throw failure(400, 'fieldError', 'INVALID_VALUE', 'The field is not valid.', {
        location: at('status'),
      });
    const bidding = ['targetSpend', 'maximizeConversions', 'targetCpa', 'manualCpc'].filter(
      (k) => fields[k] !== undefined,
    );
    if (bidding.length !== 1)
      throw failure(
        400,
        'biddingError',
        'BIDDING_STRATEGY_NOT_SUPPORTED',
        'Exactly one bidding strategy is needed.',
        {
          location: at('bidding_strategy'),
        },
      );
  }

  async function persist(
    cid: string,
    staged: Map<string, Resource>,
    touched: Set<string>,
    currency: string,
    assetFacts: Map<string, Record<string, unknown>>,
  ) {
    const today = await sandboxToday(db);
    await db.transaction(async (tx) => {
      for (const r of staged.values()) {
        if (r.gone) {
          await tx
            .delete(sandboxGoogleAdsResources)
            .where(eq(sandboxGoogleAdsResources.resourceName, r.resourceName));
        } else if (r.dirty) {
          await tx
            .insert(sandboxGoogleAdsResources)
            .values({
              resourceName: r.resourceName,
              customerId: cid,
              kind: r.kind,
              campaignId: r.campaignId,
              fields: r.fields,
            })
            .onConflictDoUpdate({
              target: sandboxGoogleAdsResources.resourceName,
              set: { fields: r.fields, updatedAt: sql`now()` },
            });
        }
      }
      // The shared sandbox record of each campaign: what it runs (delivery) and its review/status history.
      for (const campaignId of touched) {
        const campaign = [...staged.values()].find(
          (r) => r.kind === 'campaign' && r.fields.id === campaignId,
        );
        if (!campaign) continue;
        const plan = planOf(campaign, staged.values(), currency, assetFacts);
        const payload = { ...plan, adAccountId: cid };
        if (campaign.created) {
          await tx.insert(sandboxPlatformCampaigns).values({
            platformKey: PLATFORM,
            externalId: campaignId,
            reference: campaign.resourceName,
            payload,
            status: 'in_review',
            statusHistory: [{ status: 'in_review', on: today }],
          });
          continue;
        }
        const [record] = await tx
          .select()
          .from(sandboxPlatformCampaigns)
          .where(
            and(
              eq(sandboxPlatformCampaigns.platformKey, PLATFORM),
              eq(sandboxPlatformCampaigns.externalId, campaignId),
            ),
          );
        if (!record) continue;
        const wire = campaign.fields.status;
        const next =
          wire === 'REMOVED'
            ? 'deleted'
            : record.status === 'active' && wire === 'PAUSED'
              ? 'paused'
              : record.status === 'paused' && wire === 'ENABLED'
                ? 'active'
                : record.status;
        await tx
          .update(sandboxPlatformCampaigns)
          .set({
            payload,
            status: next,
            updateRequests: sql`${sandboxPlatformCampaigns.updateRequests} + 1`,
            ...(next !== record.status
              ? {
                  statusHistory: sql`${sandboxPlatformCampaigns.statusHistory} || ${JSON.stringify([{ status: next, on: today }])}::jsonb`,
                }
              : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(sandboxPlatformCampaigns.externalId, campaignId));
      }
    });
  }

  // ---- googleAds:search / searchStream ----

  async function runQuery(
    { hierarchy, customer }: Caller,
    query: GaqlQuery,
  ): Promise<Record<string, unknown>[]> {
    const joins = JOINS[query.from];
    if (!joins)
      throw failure(
        400,
        'queryError',
        'INVALID_RESOURCE_NAME_IN_FROM_CLAUSE',
        `Unrecognized resource in FROM: '${query.from}'.`,
      );
    for (const field of [
      ...query.select,
      ...query.where.map((w) => w.field),
      ...query.orderBy.map((o) => o.field),
    ]) {
      const [resource = '', ...rest] = field.split('.');
      if (!joins.includes(resource) || !FIELDS[resource]?.includes(rest.join('.')))
        throw failure(
          400,
          'queryError',
          'UNRECOGNIZED_FIELD',
          `Unrecognized field in the query: '${field}'.`,
          {
            trigger: { stringValue: field },
          },
        );
    }
    const wantsMetrics = [...query.select, ...query.where.map((w) => w.field)].some(
      (f) => f.startsWith('metrics.') || f.startsWith('segments.'),
    );
    // segments.date in SELECT needs a finite range in WHERE (checked before any row is read).
    const range = query.select.includes('segments.date') || wantsMetrics ? dateRange(query) : null;
    if (wantsMetrics && customer.manager)
      throw failure(
        400,
        'queryError',
        'REQUESTED_METRICS_FOR_MANAGER',
        'Metrics cannot be requested for a manager account.',
      );
    const customerRow = {
      resourceName: `customers/${customer.id}`,
      id: customer.id,
      descriptiveName: customer.descriptiveName,
      currencyCode: customer.currencyCode,
      timeZone: customer.timeZone,
      manager: customer.manager,
      status: 'ENABLED',
      testAccount: false,
    };
    let rows: Record<string, unknown>[] = [];
    if (query.from === 'customer') rows = [{ customer: customerRow }];
    else if (query.from === 'customer_client') {
      const reached = customer.manager ? customers(hierarchy) : [customer];
      rows = reached.map((x) => ({
        customer: customerRow,
        customerClient: {
          resourceName: `customers/${customer.id}/customerClients/${x.id}`,
          clientCustomer: `customers/${x.id}`,
          id: x.id,
          descriptiveName: x.descriptiveName,
          currencyCode: x.currencyCode,
          timeZone: x.timeZone,
          manager: x.manager,
          level: x.id === customer.id ? '0' : '1',
          status: 'ENABLED',
          testAccount: false,
          hidden: false,
        },
      }));
    } else if (query.from === 'user_interest') {
      rows = userInterests().map((userInterest) => ({
        userInterest: {
          ...userInterest,
          resourceName: `customers/${customer.id}/userInterests/${userInterest.userInterestId}`,
          ...(userInterest.userInterestParent
            ? {
                userInterestParent: `customers/${customer.id}/userInterests/${userInterest.userInterestParent}`,
              }
            : {}),
        },
      }));
    } else {
      const all = customer.manager ? new Map<string, Resource>() : await load(customer.id);
      const campaignIds = [...all.values()]
        .filter((r) => r.kind === 'campaign')
        .map((r) => String(r.fields.id));
      const recordsById = await records(campaignIds);
      const campaignRow = (r: Resource | undefined) => {
        if (!r) return undefined;
        const record = recordsById.get(String(r.fields.id));
        const { sandboxFacts: _facts, ...fields } = r.fields;
        const status = String(fields.status);
        return {
          ...fields,
          primaryStatus:
            status === 'REMOVED'
              ? 'REMOVED'
              : record?.status === 'rejected'
                ? 'NOT_ELIGIBLE'
                : status === 'PAUSED'
                  ? 'PAUSED'
                  : record?.status === 'in_review'
                    ? 'PENDING'
                    : 'ELIGIBLE',
          servingStatus:
            status === 'REMOVED' ? 'NONE' : record?.status === 'rejected' ? 'SUSPENDED' : 'SERVING',
        };
      };
      const byName = (name: unknown) => all.get(String(name));
      const campaignById = new Map(
        [...all.values()].filter((r) => r.kind === 'campaign').map((r) => [String(r.fields.id), r]),
      );
      for (const r of all.values()) {
        if (r.kind !== query.from) continue;
        const campaign =
          r.kind === 'campaign' ? r : r.campaignId ? campaignById.get(r.campaignId) : undefined;
        const row: Record<string, unknown> = { customer: customerRow, campaign: campaignRow(campaign) };
        const { sandboxFacts: _facts, ...fields } = r.fields;
        if (r.kind === 'campaign') row.campaignBudget = byName(r.fields.campaignBudget)?.fields;
        else if (r.kind === 'ad_group_ad') {
          const record = campaign ? recordsById.get(String(campaign.fields.id)) : undefined;
          row.adGroup = byName(r.fields.adGroup)?.fields;
          row.adGroupAd = { ...fields, policySummary: policySummary(record?.status, record?.reason ?? null) };
        } else if (r.kind === 'ad_group_criterion') {
          row.adGroup = byName(r.fields.adGroup)?.fields;
          row.adGroupCriterion = fields;
        } else {
          row[r.kind.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase())] = fields;
        }
        if (!wantsMetrics) rows.push(row);
        else if (r.kind === 'campaign') {
          const record = recordsById.get(String(r.fields.id));
          if (!record) continue;
          if (!range) continue;
          const asOf = await sandboxToday(db);
          const digits = minorDigitsOf(customer.currencyCode);
          for (const day of recordDelivery(record, range.since, asOf)) {
            if (day.date > range.until) continue;
            rows.push({
              ...row,
              segments: { date: day.date },
              metrics: {
                costMicros: String(day.counts.spendMinor * 10 ** (6 - digits)),
                impressions: String(day.counts.impressions),
                clicks: String(day.counts.clicks),
                conversions: day.counts.conversions,
                uniqueUsers: String(day.counts.reach),
              },
            });
          }
        }
      }
    }
    let results = rows.filter((row) => query.where.every((w) => matches(row, w)));
    for (const order of [...query.orderBy].reverse()) {
      results = results.sort((a, b) => {
        const x = String(readPath(a, order.field) ?? '');
        const y = String(readPath(b, order.field) ?? '');
        return (x < y ? -1 : x > y ? 1 : 0) * (order.descending ? -1 : 1);
      });
    }
    if (query.limit !== null) results = results.slice(0, query.limit);
    return results.map((row) => project(row, query.select));
  }

  return routes;
}

class ScopeRefusal extends Error {}

const lastId = (resourceName: string) => resourceName.split('/').at(-1) ?? '';

function policySummary(status: string | undefined, reason: string | null) {
  if (status === 'in_review' || status === undefined)
    return { policyTopicEntries: [], reviewStatus: 'REVIEW_IN_PROGRESS', approvalStatus: 'UNKNOWN' };
  if (status === 'rejected')
    return {
      policyTopicEntries: [
        {
          topic: 'UNRELIABLE_CLAIMS',
          type: 'PROHIBITED',
          evidences: [{ textList: { texts: [reason ?? 'sandbox rule'] } }],
        },
      ],
      reviewStatus: 'REVIEWED',
      approvalStatus: 'DISAPPROVED',
    };
  return { policyTopicEntries: [], reviewStatus: 'REVIEWED', approvalStatus: 'APPROVED' };
}

/** The `segments.date` range a metrics query asks for (GAQL needs one: BETWEEN, or >= and <=). */
function dateRange(query: GaqlQuery): { since: string; until: string } {
  let since: string | null = null;
  let until: string | null = null;
  for (const w of query.where) {
    if (w.field !== 'segments.date') continue;
    const values = w.values.map(String);
    if (values.some((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v)))
      throw failure(400, 'queryError', 'INVALID_DATE_FORMAT', 'Invalid date format; use YYYY-MM-DD.');
    if (w.operator === 'BETWEEN') [since, until] = values as [string, string];
    else if (w.operator === '>=' || w.operator === '>') since = values[0]!;
    else if (w.operator === '<=' || w.operator === '<') until = values[0]!;
    else if (w.operator === '=') since = until = values[0]!;
  }
  if (!since || !until)
    throw failure(
      400,
      'queryError',
      'EXPECTED_FILTERS_ON_DATE_RANGE',
      'Expected a filter on a finite date range when segments.date is selected.',
    );
  return { since, until };
}

/** Which of SandboxControl's operations a mutate is, for injected failures. */
function mutateOperation(body: {
  mutateOperations: Record<string, Record<string, unknown>>[];
  validateOnly?: boolean;
}): string[] {
  if (body.validateOnly) return ['validate', 'preflight', 'any'];
  const ops = body.mutateOperations;
  if (ops.some((op) => (op.campaignBudgetOperation as { create?: unknown } | undefined)?.create))
    return ['launch', 'any'];
  const campaignOps = ops.map((op) => op.campaignOperation as Record<string, unknown> | undefined);
  if (campaignOps.some((op) => typeof op?.remove === 'string')) return ['delete', 'any'];
  if (ops.length === 1 && campaignOps[0]?.updateMask === 'status') {
    const status = (campaignOps[0].update as { status?: string } | undefined)?.status;
    return [status === 'PAUSED' ? 'pause' : 'resume', 'any'];
  }
  return ['update', 'any'];
}

/** Which of SandboxControl's operations a query is (reads made while updating answer none). */
function searchOperation(query: GaqlQuery): string[] {
  if (query.from === 'user_interest') return ['interests'];
  if (query.select.some((f) => f.startsWith('metrics.'))) return ['delivery'];
  if (query.from === 'campaign' && query.where.some((w) => w.field === 'campaign.name'))
    return ['find', 'any'];
  if (query.from === 'campaign' || query.from === 'ad_group_ad') return ['status', 'any'];
  return [];
}
