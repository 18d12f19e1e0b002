import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import sharp, { type Metadata } from 'sharp';
import { probeVideoBytes } from '../../../assets/probeVideo';
import type { Database } from '../../../db/connect';
import { sandboxGraphObjects, sandboxOauthCodes } from '../../../db/schema';
import type { AppEnv } from '../../../http/env';
import { allow } from '../../../http/policy';
import type { PlatformAd, PlatformAdSet, PlatformCampaignRequest } from '../../connector';
import type { SandboxOptions } from '../../sandbox';
import { rejectsOn } from '../../sandbox';
import { sleep } from '../../sleep';
import { adProblem } from '../adProblems';
import { adSetProblem } from '../adSetProblems';
import { estimateAudience } from '../audienceEstimate';
import { addDays, sandboxToday } from '../clock';
import { SANDBOX_PLATFORMS } from '../data';
import { recordDelivery } from '../deliveryReport';
import { takeInjectedFailure } from '../failures';
import { searchTaxonomy } from '../interestSearch';
import { sandboxAdAccountName } from '../oauth/accounts';
import { revokeSandboxGrants } from '../oauth/control';
import { checkSandboxAccessToken, hashToken, issueSandboxTokens } from '../oauthTokens';
import { updateWarnings } from '../updateWarnings';
import {
  dayOf,
  fbtraceId,
  GRAPH_OBJECTIVES,
  GraphFault,
  genderOf,
  graphAdAccountId,
  graphId,
  graphTime,
  invalidParameter,
  jsonParam,
  languageOfLocale,
  pacingOf,
  SANDBOX_LOCALES,
  unknownObject,
} from './wire';

/**
 * The Meta Graph API (Marketing API) stand-in, under `/sandbox/meta/graph/<version>/…`: the paths, params,
 * objects, units and error bodies of graph.facebook.com, over the sandbox's shared rules (adSetProblems,
 * adProblems, the deterministic delivery with restatements, the review delay and the name rule, injected
 * failures) and the sandbox OAuth server's codes and tokens for platform `meta`. docs/platforms/meta.md.
 */

const PLATFORM = 'meta';
/** Meta's short-lived user token (about an hour or two) and the 60-day long-lived one. */
const SHORT_LIVED_MS = 2 * 60 * 60 * 1000;
const LONG_LIVED_MS = 60 * 24 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

type Params = Record<string, unknown>;
interface VideoStatus {
  video_status: 'processing' | 'ready' | 'error';
  processing_progress?: number;
}

/**
 * The frames Meta offers of a processed video (`GET <video>/thumbnails`, VideoThumbnail): one preferred.
 * Their `uri` is a CDN address in Meta; here a stable address nothing needs to fetch.
 */
function thumbnailsOf(row: { id: string; fields: Record<string, unknown> }) {
  const width = Number(row.fields.width ?? 0) || 1280;
  const height = Number(row.fields.height ?? 0) || 720;
  return [0, 1, 2].map((frame) => ({
    id: `${row.id}${frame + 1}`,
    uri: `https://scontent.sandbox.flightplan.invalid/v/t15/${row.id}_${frame + 1}.jpg`,
    is_preferred: frame === 0,
    width,
    height,
    scale: 1,
  }));
}
type Row = typeof sandboxGraphObjects.$inferSelect;
interface Caller {
  act: string;
  sandboxAccountId: string;
  scope: string;
}

export interface MetaGraphSandboxDeps {
  db: Database;
  /** The Meta app the stand-in knows (the sandbox OAuth client: SANDBOX_OAUTH_CLIENT_*). */
  client: { clientId: string; clientSecret: string };
  sandbox: SandboxOptions;
}

const oauthError = (message: string, code = 190, subcode?: number) =>
  new GraphFault(400, {
    message,
    type: 'OAuthException',
    code,
    ...(subcode ? { error_subcode: subcode } : {}),
  });

export function createMetaGraphSandboxRoutes({ db, client, sandbox }: MetaGraphSandboxDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const data = () => SANDBOX_PLATFORMS.get(PLATFORM)!;

  routes.all('/sandbox/meta/graph/:version/*', allow('public'), async (c) => {
    const version = c.req.param('version');
    try {
      if (!/^v\d{1,3}\.0$/.test(version))
        throw new GraphFault(400, {
          message: `Unknown path components: /${version}`,
          type: 'OAuthException',
          code: 2500,
        });
      const prefix = `/sandbox/meta/graph/${version}/`;
      const path = decodeURIComponent(new URL(c.req.url).pathname.slice(prefix.length))
        .split('/')
        .filter(Boolean);
      const params = await readParams(c);
      const answer = await handle(c.req.method, path, params, c);
      // The platform's own clock (the sandbox's day, moved by SandboxControl.advanceClock): insights' days.
      const today = await sandboxToday(db);
      const now = new Date(Date.parse(`${today}T${new Date().toISOString().slice(11)}`));
      return c.json(answer as object, 200, {
        'facebook-api-version': version,
        'x-fb-trace-id': fbtraceId(),
        Date: now.toUTCString(),
      });
    } catch (error) {
      if (!(error instanceof GraphFault)) throw error;
      return c.json({ error: { ...error.body, fbtrace_id: fbtraceId() } }, error.status, {
        'facebook-api-version': version,
        ...error.headers,
      });
    }
  });

  async function handle(method: string, path: string[], params: Params, c: Context<AppEnv>) {
    const [first, second, third] = path;
    if (first === 'oauth' && second === 'access_token') return accessToken(params);
    if (first === 'debug_token' && method === 'GET') return debugToken(params);
    if (first === 'search' && method === 'GET') {
      await appOrUser(params, c);
      await injected(['interests'], c);
      return search(params);
    }
    const caller = await userCaller(params, c);
    if (first === 'me') {
      if (second === 'adaccounts' && method === 'GET') return adAccounts(caller);
      if (second === 'accounts' && method === 'GET') return pages(caller);
      if (second === 'permissions' && method === 'DELETE') {
        await revokeSandboxGrants(db, PLATFORM, caller.sandboxAccountId);
        return { success: true };
      }
      if (!second && method === 'GET') return { id: userIdOf(caller), name: 'Sandbox user' };
    }
    if (first?.startsWith('act_')) {
      if (first !== caller.act)
        throw new GraphFault(400, {
          message: `(#200) Ad account owner has NOT grant ads_management or ads_read permission`,
          type: 'OAuthException',
          code: 200,
        });
      if (!second && method === 'GET') return adAccount(caller, String(params.fields ?? ''));
      if (method === 'GET' && second === 'campaigns') {
        await injected(['find', 'any'], c);
        return edge(caller, 'campaign', null, params);
      }
      if (method === 'GET' && second === 'insights') {
        await injected(['delivery'], c);
        await delay(c);
        return insights(caller, params);
      }
      // An asynchronous report run (Meta's way for long ranges): the report is kept, read by its id.
      if (method === 'POST' && second === 'insights') {
        await injected(['delivery'], c);
        await insights(caller, params); // refuses what the synchronous call would, before a run is made
        const { id } = await insert(caller, 'report_run', null, { params }, 'ACTIVE');
        return { report_run_id: id };
      }
      if (method === 'GET' && second === 'delivery_estimate') {
        await injected(['estimate'], c);
        return deliveryEstimate(params);
      }
      if (method === 'POST' && second && !third) {
        const validateOnly = isValidateOnly(params);
        await injected(validateOnly ? ['validate', 'preflight', 'any'] : ['launch', 'any'], c);
        if (second === 'campaigns') await delay(c);
        return create(caller, second, params, validateOnly);
      }
      throw unknownPath(path);
    }
    if (first && /^\d+$/.test(first)) {
      const row = await objectOf(caller, first, method);
      if (row.kind === 'report_run') {
        // The stand-in's runs complete at once; the real API's take a few polls.
        if (method === 'GET' && !second)
          return {
            id: row.id,
            account_id: caller.act.slice(4),
            async_status: 'Job Completed',
            async_percent_completion: 100,
            time_ref: Math.floor(row.createdAt.getTime() / 1000),
          };
        if (method === 'GET' && second === 'insights')
          return insights(caller, (row.fields as { params: Params }).params);
        throw unknownPath(path);
      }
      if (method === 'GET' && !second) {
        await injected(['status', 'any'], c);
        const answer = await read(row, String(params.fields ?? ''));
        // A video is processing when first asked about, ready from then on: a launch waits for it once.
        if (
          row.kind === 'advideo' &&
          (row.fields.status as VideoStatus | undefined)?.video_status === 'processing'
        )
          await db
            .update(sandboxGraphObjects)
            .set({
              fields: { ...row.fields, status: { video_status: 'ready', processing_progress: 100 } },
              updatedAt: sql`now()`,
            })
            .where(eq(sandboxGraphObjects.id, row.id));
        return answer;
      }
      if (method === 'GET' && second === 'thumbnails' && row.kind === 'advideo') {
        if ((row.fields.status as VideoStatus | undefined)?.video_status !== 'ready') return { data: [] };
        return { data: thumbnailsOf(row) };
      }
      if (method === 'GET' && (second === 'adsets' || second === 'ads')) {
        await injected(['status', 'any'], c);
        return edge(caller, second === 'adsets' ? 'adset' : 'ad', row, params);
      }
      if (method === 'GET' && second === 'insights') {
        await injected(['delivery'], c);
        return insights(caller, {
          ...params,
          filtering: JSON.stringify([{ field: 'campaign.id', operator: 'IN', value: [row.id] }]),
        });
      }
      if (method === 'DELETE' && !second) {
        await injected(['delete', 'any'], c);
        await setStatus(row, 'DELETED');
        return { success: true };
      }
      if (method === 'POST' && !second) {
        const validateOnly = isValidateOnly(params);
        const status = params.status;
        const op = validateOnly
          ? ['preflight', 'validate', 'any']
          : status === 'PAUSED'
            ? ['pause', 'any']
            : status === 'ACTIVE'
              ? ['resume', 'any']
              : status === 'DELETED'
                ? ['delete', 'any']
                : ['update', 'any'];
        await injected(op, c);
        return updateObject(caller, row, params, validateOnly);
      }
    }
    throw unknownPath(path);
  }

  // —— tokens ——

  async function accessToken(params: Params) {
    if (params.client_id !== client.clientId || params.client_secret !== client.clientSecret)
      throw oauthError('Error validating client secret.', 1);
    if (params.grant_type === 'fb_exchange_token') {
      const check = await checkSandboxAccessToken(db, PLATFORM, String(params.fb_exchange_token ?? ''));
      if (!check.ok) throw oauthError('Error validating access token: The session is invalid.', 190, 460);
      const issued = await issueSandboxTokens(
        db,
        {
          platformKey: PLATFORM,
          clientId: client.clientId,
          externalAccountId: check.externalAccountId,
          scope: check.scope,
        },
        new Date(),
        { accessMs: LONG_LIVED_MS, refreshMs: LONG_LIVED_MS },
      );
      return { access_token: issued.accessToken, token_type: 'bearer', expires_in: LONG_LIVED_MS / 1000 };
    }
    const code = String(params.code ?? '');
    if (!code) throw oauthError('Missing authorization code', 100);
    const [row] = await db
      .update(sandboxOauthCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(sandboxOauthCodes.codeHash, hashToken(code)),
          eq(sandboxOauthCodes.platformKey, PLATFORM),
          isNull(sandboxOauthCodes.usedAt),
        ),
      )
      .returning();
    if (!row || row.expiresAt <= new Date())
      throw oauthError('This authorization code has expired.', 100, 36007);
    if (row.redirectUri !== params.redirect_uri)
      throw oauthError(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        100,
        36008,
      );
    if (params.code_verifier !== undefined || row.codeChallenge) {
      const challenge = createHash('sha256')
        .update(String(params.code_verifier ?? ''))
        .digest('base64url');
      if (challenge !== row.codeChallenge) throw oauthError('Invalid code verifier', 100, 36009);
    }
    const issued = await issueSandboxTokens(
      db,
      {
        platformKey: PLATFORM,
        clientId: row.clientId,
        externalAccountId: row.externalAccountId,
        scope: row.scope,
      },
      new Date(),
      { accessMs: SHORT_LIVED_MS, refreshMs: SHORT_LIVED_MS },
    );
    return { access_token: issued.accessToken, token_type: 'bearer', expires_in: SHORT_LIVED_MS / 1000 };
  }

  async function debugToken(params: Params) {
    const appToken = `${client.clientId}|${client.clientSecret}`;
    const caller = String(params.access_token ?? '');
    if (caller !== appToken) {
      const check = await checkSandboxAccessToken(db, PLATFORM, caller);
      if (!check.ok) throw tokenFault(check.reason);
    }
    const input = String(params.input_token ?? '');
    const [token] = await db
      .execute<{
        access_expires_at: Date;
        scope: string;
        revoked_at: Date | null;
        external_account_id: string;
      }>(
        sql`SELECT access_expires_at, scope, revoked_at, external_account_id FROM sandbox_oauth_tokens
          WHERE platform_key = ${PLATFORM} AND access_token_hash = ${hashToken(input)}`,
      )
      .then((r) => r.rows);
    if (!token)
      return {
        data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' }, scopes: [] },
      };
    const expires = Math.floor(new Date(token.access_expires_at).getTime() / 1000);
    const valid = !token.revoked_at && expires * 1000 > Date.now();
    return {
      data: {
        app_id: client.clientId,
        type: 'USER',
        application: 'Flightplan',
        data_access_expires_at: expires + 90 * 86_400,
        expires_at: expires,
        is_valid: valid,
        issued_at: expires - LONG_LIVED_MS / 1000,
        scopes: token.scope.split(/[\s,]+/).filter(Boolean),
        user_id: userIdOf({ sandboxAccountId: token.external_account_id }),
        ...(valid
          ? {}
          : {
              error: {
                code: 190,
                subcode: token.revoked_at ? 460 : 463,
                message: token.revoked_at ? 'The session has been invalidated.' : 'Session has expired.',
              },
            }),
      },
    };
  }

  function tokenFault(reason: 'unknown' | 'expired' | 'revoked' | 'missing') {
    switch (reason) {
      case 'missing':
        return oauthError(
          'An active access token must be used to query information about the current user.',
          2500,
        );
      case 'unknown':
        return oauthError('Invalid OAuth access token - Cannot parse access token', 190);
      case 'expired':
        return oauthError('Error validating access token: Session has expired.', 190, 463);
      case 'revoked':
        return oauthError(
          'Error validating access token: The user has not authorized application.',
          190,
          458,
        );
    }
  }

  function tokenOf(params: Params, c: Context<AppEnv>): string | null {
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    return (typeof params.access_token === 'string' && params.access_token) || bearer || null;
  }

  async function userCaller(params: Params, c: Context<AppEnv>): Promise<Caller> {
    const token = tokenOf(params, c);
    if (!token) throw tokenFault('missing');
    const check = await checkSandboxAccessToken(db, PLATFORM, token);
    if (!check.ok) throw tokenFault(check.reason);
    return {
      act: graphAdAccountId(check.externalAccountId),
      sandboxAccountId: check.externalAccountId,
      scope: check.scope,
    };
  }

  /** Targeting search takes the app's token (`app_id|app_secret`) or a person's. */
  async function appOrUser(params: Params, c: Context<AppEnv>) {
    if (tokenOf(params, c) === `${client.clientId}|${client.clientSecret}`) return;
    await userCaller(params, c);
  }

  // —— injected failures, in Meta's codes and headers ——

  async function injected(operations: string[], c: Context<AppEnv>) {
    const failure = await takeInjectedFailure(db, PLATFORM, operations);
    if (!failure) return;
    const seconds = failure.retry_after_seconds;
    switch (failure.kind) {
      case 'validation':
        throw new GraphFault(400, {
          message: 'Invalid parameter',
          type: 'OAuthException',
          code: 100,
          error_user_title: 'Ad not accepted',
          error_user_msg:
            failure.message ?? "Meta refused the campaign: the ad does not meet the platform's requirements.",
        });
      case 'rate_limit':
        // Whole minutes: the business-use-case limit (80004) and its header in minutes; otherwise the ad
        // account's score limit (17/2446079) with its reset in seconds.
        if (seconds >= 60 && seconds % 60 === 0)
          throw new GraphFault(
            400,
            {
              message:
                'There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
              type: 'OAuthException',
              code: 80004,
              error_subcode: 2446079,
              is_transient: true,
            },
            {
              'X-Business-Use-Case-Usage': JSON.stringify({
                '0': [
                  {
                    type: 'ads_management',
                    call_count: 100,
                    total_cputime: 40,
                    total_time: 40,
                    estimated_time_to_regain_access: seconds / 60,
                    ads_api_access_tier: 'development_access',
                  },
                ],
              }),
            },
          );
        throw new GraphFault(
          400,
          {
            message: 'User request limit reached',
            type: 'OAuthException',
            code: 17,
            error_subcode: 2446079,
            is_transient: true,
            error_user_title: 'Ad Account Has Too Many API Calls',
            error_user_msg:
              failure.message ??
              'There have been too many calls from this ad-account. Please wait a bit and try again.',
          },
          {
            'X-Ad-Account-Usage': JSON.stringify({
              acc_id_util_pct: 100,
              reset_time_duration: seconds,
              ads_api_access_tier: 'development_access',
            }),
          },
        );
      case 'expired_credential':
        throw oauthError(failure.message ?? 'Error validating access token: Session has expired.', 190, 463);
      case 'unavailable':
        throw new GraphFault(500, {
          message: failure.message ?? 'An unexpected error has occurred. Please retry your request later.',
          type: 'OAuthException',
          code: 2,
          is_transient: true,
        });
      case 'hang':
        await sleep(sandbox.hangMs ?? 30_000, c.req.raw.signal);
        throw new GraphFault(503, {
          message: 'Service temporarily unavailable',
          type: 'OAuthException',
          code: 2,
          is_transient: true,
        });
    }
  }

  async function delay(c: Context<AppEnv>) {
    if (sandbox.delayMs > 0) await sleep(sandbox.delayMs, c.req.raw.signal);
  }

  // —— accounts ——

  function adAccountOf(caller: Pick<Caller, 'act' | 'sandboxAccountId'>) {
    return {
      id: caller.act,
      account_id: caller.act.slice(4),
      name: sandboxAdAccountName(caller.sandboxAccountId),
      currency: 'EUR',
      account_status: 1,
      timezone_name: 'Etc/UTC',
    };
  }

  function adAccounts(caller: Caller) {
    return { data: [adAccountOf(caller)], paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } } };
  }

  function adAccount(caller: Caller, fields: string) {
    return pick({ ...adAccountOf(caller), min_daily_budget: 100 }, fields);
  }

  const pageIdOf = (caller: Pick<Caller, 'act'>) => `10${caller.act.slice(4, 17)}`;
  const userIdOf = (caller: Pick<Caller, 'sandboxAccountId'>) =>
    `10${BigInt(`0x${createHash('sha256').update(caller.sandboxAccountId).digest('hex').slice(0, 12)}`)
      .toString()
      .padStart(15, '0')
      .slice(0, 15)}`;

  function pages(caller: Caller) {
    return {
      data: [
        {
          id: pageIdOf(caller),
          name: `${sandboxAdAccountName(caller.sandboxAccountId)} page`,
          category: 'Brand',
          tasks: ['ADVERTISE', 'CREATE_CONTENT'],
        },
      ],
    };
  }

  // —— targeting search and estimates ——

  function search(params: Params) {
    const type = params.type;
    const { interests, interestsById } = data();
    const wire = (interest: (typeof interests)[number]) => ({
      id: interest.id,
      name: interest.name,
      audience_size_lower_bound: Math.round(interest.audienceSize * 0.85),
      audience_size_upper_bound: Math.round(interest.audienceSize * 1.15),
      path: [...interest.path, interest.name],
      topic: interest.path[0] ?? interest.name,
    });
    if (type === 'adinterest') {
      const limit = Math.min(Number(params.limit ?? 25) || 25, 1000);
      return { data: searchTaxonomy(interests, String(params.q ?? ''), limit).map(wire) };
    }
    if (type === 'adinterestvalid') {
      const ids = (jsonParam(params, 'interest_fbid_list') as unknown[] | undefined) ?? [];
      return {
        data: ids.flatMap((id) => {
          const known = interestsById.get(String(id));
          return known ? [{ ...wire(known), valid: true }] : [];
        }),
      };
    }
    if (type === 'adlocale') {
      const q = String(params.q ?? '').toLowerCase();
      return {
        data: SANDBOX_LOCALES.filter((l) => l.name.toLowerCase().startsWith(q)).map(({ key, name }) => ({
          key,
          name,
        })),
      };
    }
    throw invalidParameter('type', `Targeting search type ${String(type)} is not supported here.`);
  }

  function deliveryEstimate(params: Params) {
    const spec = (jsonParam(params, 'targeting_spec') ?? {}) as Record<string, unknown>;
    const audience = audienceOf(spec);
    const unknown = audience.interests.find((id) => !data().interestsById.has(id));
    if (unknown !== undefined)
      throw invalidParameter(
        'targeting_spec',
        `Interest ${unknown} is not a valid interest.`,
        'Invalid Interest',
      );
    const objectiveId = GRAPH_OBJECTIVES[String(params.objective ?? '')] ?? 1;
    const { lower, upper } = estimateAudience(data(), { objectiveId, audience, dailyBudgetMinor: null });
    return {
      data: [
        {
          daily_outcomes_curve: [{ spend: 0, reach: 0, impressions: 0, actions: 0 }],
          estimate_dau: Math.round(lower / 3),
          estimate_mau_lower_bound: lower,
          estimate_mau_upper_bound: upper,
          estimate_ready: true,
        },
      ],
    };
  }

  // —— objects ——

  async function objectOf(caller: Caller, id: string, method: string): Promise<Row> {
    const [row] = await db.select().from(sandboxGraphObjects).where(eq(sandboxGraphObjects.id, id));
    if (!row || row.adAccountId !== caller.act) throw unknownObject(id, method);
    // Deleted objects stay readable by id; they take no changes.
    if (row.status === 'DELETED' && method !== 'GET') throw unknownObject(id, method);
    return row;
  }

  async function children(kind: string, parentIds: string[]): Promise<Row[]> {
    if (parentIds.length === 0) return [];
    return db
      .select()
      .from(sandboxGraphObjects)
      .where(
        and(
          eq(sandboxGraphObjects.kind, kind),
          inArray(sandboxGraphObjects.parentId, parentIds),
          ne(sandboxGraphObjects.status, 'DELETED'),
        ),
      )
      .orderBy(sandboxGraphObjects.createdAt);
  }

  async function edge(caller: Caller, kind: string, parent: Row | null, params: Params) {
    let rows: Row[];
    if (parent?.kind === 'campaign' && kind === 'ad')
      rows = await children(
        'ad',
        (await children('adset', [parent.id])).map((r) => r.id),
      );
    else if (parent) rows = await children(kind, [parent.id]);
    else
      rows = await db
        .select()
        .from(sandboxGraphObjects)
        .where(
          and(
            eq(sandboxGraphObjects.adAccountId, caller.act),
            eq(sandboxGraphObjects.kind, kind),
            ne(sandboxGraphObjects.status, 'DELETED'),
          ),
        )
        .orderBy(sandboxGraphObjects.createdAt);
    const filtering =
      (jsonParam(params, 'filtering') as { field: string; operator: string; value: unknown }[] | undefined) ??
      [];
    for (const filter of filtering) {
      const field = filter.field.replace(/^(campaign|adset|ad)\./, '');
      rows = rows.filter((row) => {
        const value = String(field === 'id' ? row.id : (row.fields[field] ?? ''));
        if (filter.operator === 'CONTAIN') return value.includes(String(filter.value));
        if (filter.operator === 'EQUAL') return value === String(filter.value);
        if (filter.operator === 'IN') return (filter.value as unknown[]).map(String).includes(value);
        throw invalidParameter('filtering', `Filtering operator ${filter.operator} is not supported here.`);
      });
    }
    const fields = String(params.fields ?? '');
    return {
      data: await Promise.all(rows.map((row) => read(row, fields))),
      paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } },
    };
  }

  async function read(row: Row, fields: string): Promise<Record<string, unknown>> {
    const settled = row.kind === 'campaign' ? await settleReview(row) : row;
    const full: Record<string, unknown> = {
      id: settled.id,
      account_id: settled.adAccountId.slice(4),
      ...settled.fields,
      // A video's status is its processing (AdVideo.status: video_status), not a delivery status.
      status: settled.kind === 'advideo' ? settled.fields.status : settled.status,
      configured_status: settled.status,
      created_time: graphTime(settled.createdAt),
      updated_time: graphTime(settled.updatedAt),
    };
    if (row.kind === 'campaign' || row.kind === 'adset' || row.kind === 'ad')
      Object.assign(full, await effective(settled));
    return pick(full, fields);
  }

  /** `effective_status` (and an ad's review feedback) from its own, its parents' statuses and the review. */
  async function effective(row: Row): Promise<Record<string, unknown>> {
    if (row.status === 'DELETED' || row.status === 'ARCHIVED') return { effective_status: row.status };
    const lineage = await ancestors(row);
    const campaign = lineage.find((r) => r.kind === 'campaign');
    const adset = lineage.find((r) => r.kind === 'adset');
    if (row.kind === 'ad' && campaign) {
      const reviewing = Date.now() - row.createdAt.getTime() < sandbox.reviewMs;
      if (reviewing) return { effective_status: 'PENDING_REVIEW' };
      if (rejectsOn(String(campaign.fields.name ?? ''), PLATFORM))
        return {
          effective_status: 'DISAPPROVED',
          ad_review_feedback: {
            global: {
              'Unacceptable business practices':
                'Meta rejected the ads: they do not comply with its advertising policies (sandbox rule: the campaign name contains "reject").',
            },
          },
        };
    }
    if (campaign && campaign !== row && campaign.status === 'PAUSED')
      return { effective_status: 'CAMPAIGN_PAUSED' };
    if (adset && adset !== row && adset.status === 'PAUSED') return { effective_status: 'ADSET_PAUSED' };
    return { effective_status: row.status };
  }

  async function ancestors(row: Row): Promise<Row[]> {
    const lineage = [row];
    let current = row;
    while (current.parentId) {
      const [parent] = await db
        .select()
        .from(sandboxGraphObjects)
        .where(eq(sandboxGraphObjects.id, current.parentId));
      if (!parent) break;
      lineage.push(parent);
      current = parent;
    }
    return lineage;
  }

  /**
   * The review ends `reviewMs` after the campaign was created: the campaign's history (what delivery
   * follows) gains the day it went live, or that it was rejected (the name rule).
   */
  async function settleReview(campaign: Row): Promise<Row> {
    if (campaign.statusHistory.length !== 1 || Date.now() - campaign.createdAt.getTime() < sandbox.reviewMs)
      return campaign;
    const outcome = rejectsOn(String(campaign.fields.name ?? ''), PLATFORM)
      ? 'rejected'
      : campaign.status === 'ACTIVE'
        ? 'active'
        : campaign.status === 'PAUSED'
          ? 'paused'
          : 'deleted';
    const [settled] = await db
      .update(sandboxGraphObjects)
      .set({
        statusHistory: sql`${sandboxGraphObjects.statusHistory} || ${JSON.stringify([{ status: outcome, on: await sandboxToday(db) }])}::jsonb`,
      })
      .where(
        and(
          eq(sandboxGraphObjects.id, campaign.id),
          sql`jsonb_array_length(${sandboxGraphObjects.statusHistory}) = 1`,
        ),
      )
      .returning();
    return settled ?? campaign;
  }

  async function setStatus(row: Row, status: string): Promise<Row> {
    let history = sql`${sandboxGraphObjects.statusHistory}`;
    if (row.kind === 'campaign') {
      const settled = await settleReview(row);
      // Before the review ends a status change waits for it (the settle records the status it finds).
      if (settled.statusHistory.length > 1 && settled.statusHistory.at(-1)?.status !== 'rejected') {
        const internal = status === 'ACTIVE' ? 'active' : status === 'PAUSED' ? 'paused' : 'deleted';
        history = sql`${sandboxGraphObjects.statusHistory} || ${JSON.stringify([{ status: internal, on: await sandboxToday(db) }])}::jsonb`;
      }
    }
    const [updated] = await db
      .update(sandboxGraphObjects)
      .set({ status, statusHistory: history, updatedAt: sql`now()` })
      .where(eq(sandboxGraphObjects.id, row.id))
      .returning();
    return updated!;
  }

  // —— create ——

  async function create(caller: Caller, edgeName: string, params: Params, validateOnly: boolean) {
    switch (edgeName) {
      case 'campaigns':
        return createCampaign(caller, params, validateOnly);
      case 'adsets':
        return createAdSet(caller, params, validateOnly);
      case 'adimages':
        return createImage(caller, params);
      case 'advideos':
        return createVideo(caller, params);
      case 'adcreatives':
        return createCreative(caller, params, validateOnly);
      case 'ads':
        return createAd(caller, params, validateOnly);
    }
    throw unknownPath([caller.act, edgeName]);
  }

  const required = (params: Params, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw invalidParameter(name, `The parameter ${name} is required.`, 'Missing parameter');
    return value;
  };
  const statusOf = (params: Params, fallback = 'ACTIVE') => {
    const status = String(params.status ?? fallback);
    if (!['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'].includes(status))
      throw invalidParameter('status', `Status ${status} is not one of ACTIVE, PAUSED, DELETED, ARCHIVED.`);
    return status;
  };

  async function insert(
    caller: Caller,
    kind: string,
    parentId: string | null,
    fields: Record<string, unknown>,
    status: string,
    id = graphId(),
  ) {
    const history = kind === 'campaign' ? [{ status: 'in_review', on: await sandboxToday(db) }] : [];
    await db
      .insert(sandboxGraphObjects)
      .values({ id, kind, adAccountId: caller.act, parentId, fields, status, statusHistory: history });
    return { id };
  }

  async function createCampaign(caller: Caller, params: Params, validateOnly: boolean) {
    const name = String(required(params, 'name'));
    const objective = String(required(params, 'objective'));
    if (!(objective in GRAPH_OBJECTIVES))
      throw invalidParameter(
        'objective',
        `Objective ${objective} is not valid for new campaigns: use one of ${Object.keys(GRAPH_OBJECTIVES).join(', ')}.`,
      );
    const categories = jsonParam(params, 'special_ad_categories');
    if (!Array.isArray(categories))
      throw invalidParameter(
        'special_ad_categories',
        'special_ad_categories is required: an array of categories, or [] for none.',
      );
    const hasBudget = params.daily_budget !== undefined || params.lifetime_budget !== undefined;
    if (!hasBudget && params.is_adset_budget_sharing_enabled === undefined)
      throw invalidParameter(
        'is_adset_budget_sharing_enabled',
        'Must specify True or False in is_adset_budget_sharing_enabled field',
      );
    const status = statusOf(params, 'PAUSED');
    if (validateOnly) return { success: true };
    return insert(
      caller,
      'campaign',
      null,
      {
        name,
        objective,
        special_ad_categories: categories,
        is_adset_budget_sharing_enabled: String(params.is_adset_budget_sharing_enabled) === 'true',
        buying_type: 'AUCTION',
        ...(params.adlabels ? { adlabels: jsonParam(params, 'adlabels') } : {}),
      },
      status,
    );
  }

  async function createAdSet(caller: Caller, params: Params, validateOnly: boolean) {
    const campaign = await objectOf(caller, String(required(params, 'campaign_id')), 'POST');
    if (campaign.kind !== 'campaign') throw invalidParameter('campaign_id', 'campaign_id is not a campaign.');
    const fields = adSetFields(params);
    const problem = adSetProblemOf(campaign, fields);
    if (problem) throw problem;
    const status = statusOf(params);
    if (validateOnly) return { success: true };
    return insert(caller, 'adset', campaign.id, fields, status);
  }

  function adSetFields(params: Params, before: Record<string, unknown> = {}): Record<string, unknown> {
    const fields: Record<string, unknown> = { ...before };
    for (const name of [
      'name',
      'billing_event',
      'optimization_goal',
      'bid_strategy',
      'start_time',
      'end_time',
    ] as const)
      if (params[name] !== undefined) fields[name] = String(params[name]);
    for (const name of ['daily_budget', 'lifetime_budget', 'bid_amount'] as const) {
      if (params[name] === undefined) continue;
      const value = String(params[name]);
      if (!/^\d+$/.test(value))
        throw invalidParameter(
          name,
          `${name} must be a whole number in the account currency's smallest unit.`,
        );
      fields[name] = value;
    }
    for (const name of ['targeting', 'pacing_type', 'promoted_object'] as const)
      if (params[name] !== undefined) fields[name] = jsonParam(params, name);
    if (!fields.name) throw invalidParameter('name', 'The parameter name is required.', 'Missing parameter');
    if (!fields.billing_event)
      throw invalidParameter(
        'billing_event',
        'The parameter billing_event is required.',
        'Missing parameter',
      );
    if (!fields.targeting)
      throw invalidParameter('targeting', 'The parameter targeting is required.', 'Missing parameter');
    if (fields.daily_budget === undefined && fields.lifetime_budget === undefined)
      throw invalidParameter(
        'daily_budget',
        'An ad set needs a daily_budget or a lifetime_budget when its campaign has no budget.',
      );
    if (fields.lifetime_budget !== undefined && !fields.end_time)
      throw invalidParameter('end_time', 'An ad set with a lifetime budget needs an end_time.');
    const strategy = fields.bid_strategy ?? 'LOWEST_COST_WITHOUT_CAP';
    if (
      (strategy === 'COST_CAP' || strategy === 'LOWEST_COST_WITH_BID_CAP') &&
      fields.bid_amount === undefined
    )
      throw invalidParameter('bid_amount', `Bid strategy ${String(strategy)} needs a bid_amount.`);
    const targeting = fields.targeting as Record<string, unknown>;
    const custom =
      targeting.age_min !== undefined ||
      targeting.genders !== undefined ||
      targeting.flexible_spec !== undefined;
    const automation = targeting.targeting_automation as { advantage_audience?: unknown } | undefined;
    if (custom && automation?.advantage_audience === undefined)
      throw invalidParameter(
        'targeting',
        'Advantage audience flag is required: set targeting_automation.advantage_audience to 0 or 1.',
        'Advantage audience flag required',
      );
    return fields;
  }

  /** The internal request for one ad set, for the sandbox's shared ad set rules. */
  function requestOf(
    campaign: Row,
    adsets: Record<string, unknown>[],
    ads: PlatformAd[] = [],
  ): PlatformCampaignRequest {
    const flights = adsets
      .map((fields) => {
        const startDate = dayOf(fields.start_time) ?? new Date().toISOString().slice(0, 10);
        const endDate = dayOf(fields.end_time) ?? startDate;
        const days = Math.round((Date.parse(endDate) - Date.parse(startDate)) / DAY_MS) + 1;
        const amountMinor =
          fields.lifetime_budget !== undefined
            ? Number(fields.lifetime_budget)
            : Number(fields.daily_budget ?? 0) * days;
        return { startDate, endDate, amountMinor, pacing: pacingOf(fields.pacing_type) };
      })
      .sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
    const first = adsets[0] ?? {};
    const adSet: PlatformAdSet = {
      audience: audienceOf((first.targeting ?? {}) as Record<string, unknown>),
      bidStrategy: first.bid_strategy === 'COST_CAP' ? 'cost_cap' : 'lowest_cost',
      costCapMinor: first.bid_amount !== undefined ? Number(first.bid_amount) : null,
      flights,
    };
    return {
      reference: campaign.id,
      campaignId: campaign.id,
      name: String(campaign.fields.name ?? ''),
      objectiveId: GRAPH_OBJECTIVES[String(campaign.fields.objective)] ?? 1,
      startDate: flights[0]?.startDate ?? null,
      endDate: flights.at(-1)?.endDate ?? null,
      budgetMinor: flights.reduce((sum, f) => sum + f.amountMinor, 0),
      // The sandbox's accounts bill in EUR (me/adaccounts); minor units = Meta's offset units for it.
      currency: 'EUR',
      adSet,
      ads,
    };
  }

  function adSetProblemOf(campaign: Row, fields: Record<string, unknown>): GraphFault | null {
    const request = requestOf(campaign, [fields]);
    if (request.endDate && request.endDate < new Date().toISOString().slice(0, 10))
      return invalidParameter(
        'end_time',
        'The end time of an ad set must be in the future.',
        'Invalid end time',
      );
    const problem = adSetProblem(data(), { ...request, adSet: request.adSet! });
    if (!problem) return null;
    const field =
      /interest/i.test(problem) || /audience|targets people/i.test(problem)
        ? 'targeting'
        : /cost cap|bidding/i.test(problem)
          ? 'bid_amount'
          : /budget|Flight/i.test(problem)
            ? fields.lifetime_budget !== undefined
              ? 'lifetime_budget'
              : 'daily_budget'
            : 'campaign_id';
    return invalidParameter(field, problem);
  }

  async function createImage(caller: Caller, params: Params) {
    const raw = params.bytes;
    const file = params.filename ?? params.source;
    let bytes: Buffer;
    if (typeof raw === 'string' && raw) bytes = Buffer.from(raw, 'base64');
    else if (file instanceof File) bytes = Buffer.from(await file.arrayBuffer());
    else throw invalidParameter('bytes', 'Send the image as bytes (base64) or as a file upload.', 'No image');
    let meta: Metadata;
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      throw new GraphFault(400, {
        message: 'Invalid image',
        type: 'OAuthException',
        code: 100,
        error_subcode: 1487242,
        error_user_title: 'Image Resize Failed',
        error_user_msg: 'The image could not be read.',
        error_data: { blame_field_specs: [['bytes']] },
      });
    }
    const hash = createHash('md5').update(bytes).digest('hex');
    const key = file instanceof File ? file.name : 'bytes';
    const fields = {
      hash,
      name: typeof params.name === 'string' ? params.name : key,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      original_width: meta.width ?? 0,
      original_height: meta.height ?? 0,
      mime_type:
        meta.format === 'png' ? 'image/png' : meta.format === 'jpeg' ? 'image/jpeg' : `image/${meta.format}`,
      byte_size: bytes.length,
      url: `https://scontent.sandbox.invalid/${hash}.${meta.format}`,
    };
    await db
      .insert(sandboxGraphObjects)
      .values({
        id: `${caller.act}:${hash}`,
        kind: 'adimage',
        adAccountId: caller.act,
        parentId: null,
        fields,
        status: 'ACTIVE',
      })
      .onConflictDoNothing();
    return { images: { [key]: { hash, url: fields.url } } };
  }

  async function createVideo(caller: Caller, params: Params) {
    const file = params.source;
    if (!(file instanceof File))
      throw invalidParameter('source', 'Send the video as a file upload (source).', 'No video');
    const bytes = new Uint8Array(await file.arrayBuffer());
    // Meta reads the video's facts from the file while processing it; one it cannot read ends in `error`.
    let facts: { width: number; height: number; durationMs: number } | null = null;
    try {
      facts = probeVideoBytes(bytes);
    } catch {
      facts = null;
    }
    return insert(
      caller,
      'advideo',
      null,
      {
        title: String(params.title ?? params.name ?? file.name),
        byte_size: bytes.length,
        mime_type: file.type || 'video/mp4',
        ...(facts ? { width: facts.width, height: facts.height, length: facts.durationMs / 1000 } : {}),
        status: facts
          ? { video_status: 'processing', processing_progress: 0 }
          : { video_status: 'error', processing_progress: 0 },
      },
      'ACTIVE',
    );
  }

  async function createCreative(caller: Caller, params: Params, validateOnly: boolean) {
    const spec = jsonParam(params, 'object_story_spec') as Record<string, unknown> | undefined;
    if (!spec)
      throw invalidParameter(
        'object_story_spec',
        'The parameter object_story_spec is required.',
        'Missing parameter',
      );
    if (!spec.page_id)
      throw invalidParameter(
        'object_story_spec',
        'object_story_spec needs the page_id of the Page the ad runs as.',
        'Missing Page',
      );
    if (spec.page_id !== pageIdOf(caller))
      throw invalidParameter(
        'object_story_spec',
        `The Page ${String(spec.page_id)} is not one this ad account may advertise for.`,
        'Invalid Page',
      );
    const link = (spec.link_data ?? {}) as Record<string, unknown>;
    const video = (spec.video_data ?? {}) as Record<string, unknown>;
    const cta = (link.call_to_action ?? video.call_to_action) as
      | { type?: string; value?: { link?: string } }
      | undefined;
    const destination = String(link.link ?? cta?.value?.link ?? '');
    if (!/^https?:\/\//.test(destination))
      throw invalidParameter(
        'object_story_spec',
        'The link of the ad must be a valid http or https URL.',
        'Invalid Link',
      );
    if (spec.video_data && !video.image_url && !video.image_hash)
      throw invalidParameter(
        'object_story_spec',
        'Video ads need a thumbnail: set image_url or image_hash in video_data.',
        'Missing Thumbnail',
      );
    const hashes = [
      link.image_hash,
      video.image_hash,
      ...((link.child_attachments as { image_hash?: string }[] | undefined) ?? []).map((a) => a.image_hash),
    ]
      .filter(Boolean)
      .map(String);
    for (const hash of hashes) {
      const [image] = await db
        .select()
        .from(sandboxGraphObjects)
        .where(eq(sandboxGraphObjects.id, `${caller.act}:${hash}`));
      if (!image)
        throw invalidParameter(
          'object_story_spec',
          `Image with hash ${hash} is not in this ad account's image library.`,
          'Invalid Image Hash',
        );
    }
    if (video.video_id) await objectOf(caller, String(video.video_id), 'POST');
    if (validateOnly) return { success: true };
    return insert(
      caller,
      'adcreative',
      null,
      {
        name: String(params.name ?? 'Creative'),
        object_story_spec: spec,
        ...(params.url_tags ? { url_tags: String(params.url_tags) } : {}),
      },
      'ACTIVE',
    );
  }

  /** The creative as the sandbox's creative checks take an ad (contract/creative): format, texts, media facts. */
  async function adOf(caller: Caller, name: string, creative: Row): Promise<PlatformAd> {
    const spec = creative.fields.object_story_spec as Record<string, Record<string, unknown>>;
    const link = spec.link_data;
    const video = spec.video_data;
    const part = (link ?? video)!;
    const texts: Record<string, string[]> = { primaryText: part.message ? [String(part.message)] : [] };
    const headline = link ? link.name : video?.title;
    if (headline) texts.headline = [String(headline)];
    if (link?.description) texts.description = [String(link.description)];
    const media: PlatformAd['media'] = [];
    const children = (link?.child_attachments as { image_hash?: string }[] | undefined) ?? [];
    for (const hash of children.length
      ? children.map((c) => c.image_hash)
      : link?.image_hash
        ? [link.image_hash]
        : []) {
      const [image] = await db
        .select()
        .from(sandboxGraphObjects)
        .where(eq(sandboxGraphObjects.id, `${caller.act}:${String(hash)}`));
      const f = image?.fields ?? {};
      media.push({
        assetId: String(hash),
        kind: 'image',
        mimeType: f.mime_type as never,
        width: Number(f.width),
        height: Number(f.height),
        durationMs: null,
        byteSize: Number(f.byte_size),
        url: '',
        focalX: 0.5,
        focalY: 0.5,
        crops: [],
      });
    }
    if (video?.video_id) {
      const [file] = await db
        .select()
        .from(sandboxGraphObjects)
        .where(eq(sandboxGraphObjects.id, String(video.video_id)));
      const f = file?.fields ?? {};
      media.push({
        assetId: String(video.video_id),
        kind: 'video',
        mimeType: f.mime_type as never,
        width: Number(f.width ?? 1080),
        height: Number(f.height ?? 1080),
        durationMs: f.length ? Number(f.length) * 1000 : null,
        byteSize: Number(f.byte_size),
        url: '',
        focalX: 0.5,
        focalY: 0.5,
        crops: [],
      });
    }
    const cta = (part.call_to_action as { type?: string } | undefined)?.type ?? 'NO_BUTTON';
    return {
      name,
      format: video ? 'video' : children.length ? 'carousel' : 'single_image',
      texts,
      destination: String(link?.link ?? ''),
      callToAction: cta,
      media,
    };
  }

  async function createAd(caller: Caller, params: Params, validateOnly: boolean) {
    const name = String(required(params, 'name'));
    const adset = await objectOf(caller, String(required(params, 'adset_id')), 'POST');
    if (adset.kind !== 'adset') throw invalidParameter('adset_id', 'adset_id is not an ad set.');
    const creativeRef = jsonParam(params, 'creative') as { creative_id?: string } | undefined;
    if (!creativeRef?.creative_id)
      throw invalidParameter(
        'creative',
        'The parameter creative ({"creative_id": …}) is required.',
        'Missing parameter',
      );
    const creative = await objectOf(caller, creativeRef.creative_id, 'POST');
    const [campaign] = await db
      .select()
      .from(sandboxGraphObjects)
      .where(eq(sandboxGraphObjects.id, adset.parentId!));
    const request = requestOf(campaign!, [adset.fields], [await adOf(caller, name, creative)]);
    const problem = adProblem(data(), request);
    if (problem) throw invalidParameter('creative', problem, 'Ad creative not accepted');
    const status = statusOf(params);
    if (validateOnly) return { success: true };
    return insert(
      caller,
      'ad',
      adset.id,
      {
        name,
        creative: { id: creative.id },
        adset_id: adset.id,
        campaign_id: adset.parentId,
        ...(params.adlabels ? { adlabels: jsonParam(params, 'adlabels') } : {}),
      },
      status,
    );
  }

  // —— updates ——

  async function updateObject(caller: Caller, row: Row, params: Params, validateOnly: boolean) {
    const status = params.status !== undefined ? statusOf(params) : null;
    const changes = Object.keys(params).filter(
      (k) => !['access_token', 'status', 'execution_options', 'appsecret_proof'].includes(k),
    );
    if (row.kind === 'adset' && changes.length > 0) {
      const fields = adSetFields(params, row.fields);
      const [campaign] = await db
        .select()
        .from(sandboxGraphObjects)
        .where(eq(sandboxGraphObjects.id, row.parentId!));
      const problem = adSetProblemOf(campaign!, fields);
      if (problem) throw problem;
      if (validateOnly) return { success: true, ...warningsOf(campaign!, row.fields, fields) };
      await db
        .update(sandboxGraphObjects)
        .set({ fields, updatedAt: sql`now()` })
        .where(eq(sandboxGraphObjects.id, row.id));
    } else if (row.kind === 'campaign' && changes.length > 0) {
      const fields = { ...row.fields };
      if (params.name !== undefined) fields.name = String(params.name);
      if (params.adlabels !== undefined) fields.adlabels = jsonParam(params, 'adlabels');
      if (validateOnly) return { success: true };
      await db
        .update(sandboxGraphObjects)
        .set({ fields, updatedAt: sql`now()` })
        .where(eq(sandboxGraphObjects.id, row.id));
    } else if (row.kind === 'ad' && params.creative !== undefined) {
      const ref = jsonParam(params, 'creative') as { creative_id?: string };
      const creative = await objectOf(caller, String(ref.creative_id), 'POST');
      if (validateOnly) return { success: true };
      // A new creative goes through review again: the ad's review clock restarts.
      await db
        .update(sandboxGraphObjects)
        .set({
          fields: { ...row.fields, creative: { id: creative.id } },
          createdAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(sandboxGraphObjects.id, row.id));
    } else if (validateOnly) return { success: true };
    if (status && !validateOnly) {
      const [current] = await db.select().from(sandboxGraphObjects).where(eq(sandboxGraphObjects.id, row.id));
      await setStatus(current!, status);
    }
    return { success: true };
  }

  /** A validate-only ad set change answers Meta's recommendations: the learning phase, the budget's move. */
  function warningsOf(campaign: Row, before: Record<string, unknown>, after: Record<string, unknown>) {
    const was = requestOf(campaign, [before]);
    const will = requestOf(campaign, [after]);
    const messages = updateWarnings('Meta', was, will);
    return messages.length
      ? {
          recommendations: messages.map((message) => ({
            title: 'Learning phase',
            message,
            code: 1885283,
            importance: 'MEDIUM',
            confidence: 'HIGH',
          })),
        }
      : {};
  }

  // —— insights ——

  async function insights(caller: Caller, params: Params) {
    const range = (jsonParam(params, 'time_range') ?? {}) as { since?: string; until?: string };
    if (!range.since || !/^\d{4}-\d{2}-\d{2}$/.test(range.since))
      throw invalidParameter('time_range', 'time_range needs since and until as YYYY-MM-DD.');
    if (params.level !== undefined && params.level !== 'campaign')
      throw invalidParameter('level', 'The sandbox reports insights at level=campaign.');
    const today = await sandboxToday(db);
    // The sandbox's clock may run days ahead of the real one (a demo, a test): a range up to the real today
    // means "up to now", which for the sandbox is its own today. Today itself is never complete.
    const realToday = new Date().toISOString().slice(0, 10);
    const asked = range.until && range.until < realToday ? range.until : addDays(today, -1);
    const until = asked < today ? asked : addDays(today, -1);
    const filtering =
      (jsonParam(params, 'filtering') as { field: string; value: unknown }[] | undefined) ?? [];
    const ids = filtering.find((f) => f.field === 'campaign.id')?.value as string[] | undefined;
    const campaigns = await db
      .select()
      .from(sandboxGraphObjects)
      .where(
        and(
          eq(sandboxGraphObjects.adAccountId, caller.act),
          eq(sandboxGraphObjects.kind, 'campaign'),
          ...(ids ? [inArray(sandboxGraphObjects.id, ids.map(String))] : []),
        ),
      );
    const rows: Record<string, unknown>[] = [];
    for (const stored of campaigns) {
      const campaign = await settleReview(stored);
      const adsets = await db
        .select()
        .from(sandboxGraphObjects)
        .where(and(eq(sandboxGraphObjects.kind, 'adset'), eq(sandboxGraphObjects.parentId, campaign.id)));
      const request = requestOf(
        campaign,
        adsets.map((a) => a.fields),
      );
      const internal =
        campaign.status === 'DELETED' ? 'deleted' : campaign.status === 'PAUSED' ? 'paused' : 'active';
      const days = recordDelivery(
        {
          externalId: campaign.id,
          platformKey: PLATFORM,
          status: internal,
          payload: request as never,
          statusHistory: campaign.statusHistory,
          updatedAt: campaign.updatedAt,
        },
        range.since,
        today,
      );
      for (const day of days) {
        if (day.date > until) continue;
        const { counts } = day;
        rows.push({
          account_id: caller.act.slice(4),
          campaign_id: campaign.id,
          campaign_name: campaign.fields.name,
          account_currency: 'EUR',
          date_start: day.date,
          date_stop: day.date,
          impressions: String(counts.impressions),
          reach: String(counts.reach),
          clicks: String(counts.clicks),
          spend: (counts.spendMinor / 100).toFixed(2).replace(/\.?0+$/, ''),
          ...(counts.conversions > 0
            ? {
                conversions: [
                  { action_type: 'offsite_conversion.fb_pixel_purchase', value: String(counts.conversions) },
                ],
                actions: [
                  { action_type: 'offsite_conversion.fb_pixel_purchase', value: String(counts.conversions) },
                ],
              }
            : {}),
        });
      }
    }
    rows.sort(
      (a, b) =>
        String(a.date_start).localeCompare(String(b.date_start)) ||
        String(a.campaign_id).localeCompare(String(b.campaign_id)),
    );
    return { data: rows, paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } } };
  }

  return routes;
}

function audienceOf(targeting: Record<string, unknown>): PlatformAdSet['audience'] {
  const geo = (targeting.geo_locations ?? {}) as { countries?: string[] };
  const flexible = (targeting.flexible_spec ?? []) as { interests?: { id: string }[] }[];
  return {
    locations: geo.countries ?? [],
    ageMin: Number(targeting.age_min ?? 18),
    ageMax: Number(targeting.age_max ?? 65),
    genders: genderOf(targeting.genders),
    languages: ((targeting.locales ?? []) as unknown[]).flatMap((key) => languageOfLocale(key) ?? []),
    interests: flexible.flatMap((spec) => (spec.interests ?? []).map((i) => String(i.id))),
  };
}

const isValidateOnly = (params: Params) => {
  const options = params.execution_options;
  if (options === undefined) return false;
  try {
    const list = typeof options === 'string' ? JSON.parse(options) : options;
    return Array.isArray(list) && list.includes('validate_only');
  } catch {
    return false;
  }
};

function pick(full: Record<string, unknown>, fields: string): Record<string, unknown> {
  const wanted = fields
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const out: Record<string, unknown> = { id: full.id };
  for (const field of wanted) if (full[field] !== undefined) out[field] = full[field];
  return out;
}

const unknownPath = (path: string[]) =>
  new GraphFault(400, {
    message: `Unknown path components: /${path.join('/')}`,
    type: 'OAuthException',
    code: 2500,
  });

async function readParams(c: Context<AppEnv>): Promise<Params> {
  const params: Params = { ...c.req.query() };
  const type = c.req.header('content-type') ?? '';
  if (
    c.req.method !== 'GET' &&
    (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data'))
  ) {
    const body = await c.req.parseBody();
    Object.assign(params, body);
  } else if (c.req.method !== 'GET' && type.includes('application/json')) {
    Object.assign(params, (await c.req.json()) as object);
  }
  return params;
}
