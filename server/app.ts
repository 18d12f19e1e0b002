import path from 'node:path';
import { CHART_COVERAGE_PATH } from '@contract/charts';
import { Hono } from 'hono';
import { recordImportInLog } from './activity/importEntry';
import { createActivityRoutes } from './activity/routes';
import type { AssetLimits } from './assets/limits';
import { createAssetRoutes } from './assets/routes';
import type { AssetStorage } from './assets/storage';
import { createAuthRoutes } from './auth/routes';
import { loadSession } from './auth/sessions';
import type { CampaignJobSender } from './campaigns/jobSender';
import { createCampaignRoutes } from './campaigns/routes';
import { createChartRoutes } from './charts/routes';
import type { AppAdapters, ServerConfig } from './config';
import { connectionAccess } from './connections/access';
import { createOAuthClients, type OAuthClients } from './connections/oauthClient';
import { createConnectionRoutes } from './connections/routes';
import { createDataRoutes } from './data/routes';
import { withActor } from './db/actor';
import type { Database } from './db/connect';
import type { SecretBox } from './db/secretBox';
import { createDeliveryRoutes } from './delivery/routes';
import { createExchangeRoutes, type LoadSignOff, type RecordImport } from './exchange/routes';
import { csrfProtection } from './http/csrf';
import type { AppEnv } from './http/env';
import { errorResponse, HttpError } from './http/errors';
import { allow } from './http/policy';
import { noticeOfRevision } from './notifications/revisionNotices';
import { createNotificationRoutes } from './notifications/routes';
import { setNotificationMail, setNotificationOrigin } from './notifications/store';
import { createOpenApiRoutes } from './openapi/routes';
import { createPacingRoutes } from './pacing/routes';
import { createConnectorRoutes } from './planning/connectorRoutes';
import { createPlanningRoutes, wantsJson } from './planning/routes';
import { rulesFor } from './planning/rules';
import type { ConnectorRegistry, SandboxOptions } from './platforms';
import { createGoogleAdsSandboxRoutes } from './platforms/sandbox/googleAds/routes';
import { createMetaGraphSandboxRoutes } from './platforms/sandbox/graph/routes';
import { createSandboxOAuthRoutes } from './platforms/sandbox/oauth/routes';
import { createStepUp, outboxEmail, type RiskyActionGuard, type StepUpSetup } from './provider';
import { requireStepUp } from './provider/requireStepUp';
import { createSecurityRoutes } from './provider/securityRoutes';
import { createReportRoutes } from './reports/routes';
import { createRevisionRoutes } from './revisions/routes';
import { assertSignedOff, signOffOf } from './revisions/store';
import { createShellRoutes } from './shell/routes';
import { CALLBACK_PATH, createSsoRoutes, FEDERATE_PATH } from './sso/routes';
import { ssoRequiredFor } from './sso/store';
import { createTeamRoutes } from './team/routes';

/**
 * Everything the HTTP API is built from, handed in by the one composition root (`server/main.ts`; tests build
 * theirs in `tests/support/http.ts`). Nothing here reads the environment or chooses an adapter by itself.
 */
export interface AppDeps {
  db: Database;
  /**
   * `publicOrigin` (CSRF check), `trustProxy` (whose X-Forwarded-* to believe: `clientAddress`) and `provider`,
   * the built-in step-up provider's settings (`readConfig`), and `fingerprintScriptUrl` (handed to the browser
   * with the provider configuration; unset: none).
   */
  config: Pick<ServerConfig, 'publicOrigin' | 'trustProxy' | 'provider' | 'oauth'> &
    Partial<
      Pick<
        ServerConfig,
        'fingerprintScriptUrl' | 'sandboxClockControl' | 'chartsPublic' | 'chartsCoverageFile'
      >
    >;
  /** The billing, analytics and step-up adapters the configuration names (`selectAdapters(config)`). */
  adapters: AppAdapters;
  /** Where launch/delete jobs go: the started `CampaignJobs`, or `CampaignJobs.sendOnly(db)` (enqueue only). */
  jobs: CampaignJobSender;
  /** One connector per platform (`createConnectors`), the same the jobs launch with: the wizard's rules, checks and estimates. */
  connectors: ConnectorRegistry;
  /** The step-up setup (built-in provider, the `adapters.stepUp` adapter). Default: built from `config.provider`. */
  stepUp?: StepUpSetup;
  /**
   * Asked before risky actions (launch, delete campaign, delete customer, remove an authenticator). Default:
   * the step-up of `stepUp`'s provider (`requireStepUp`); tests of other matters pass `allowWithoutStepUp`.
   */
  riskyActionGuard?: RiskyActionGuard;
  /** Where the asset library's files go (`fileAssetStorage(<DATA_DIR>/assets)`; tests: a fresh temp dir). */
  assetStorage: AssetStorage;
  /** The library's caps. Default: contract/creative/assets.ts; tests pass small ones. */
  assetLimits?: AssetLimits;
  /** Seals platform tokens and PKCE verifiers (`loadSecretsKey`; tests: TEST_SECRET_BOX). */
  secretBox: SecretBox;
  /** Our OAuth client per platform. Default: `createOAuthClients(config.oauth)` (real HTTP). */
  oauthClients?: OAuthClients;
  /** A campaign's revisions for the exports' sign-off (server/revisions/). Default: none. */
  loadSignOff?: LoadSignOff;
  /**
   * Writes an import's provenance to the change log, in the import's transaction. Default: the change log
   * (server/activity `recordImportInLog`); tests of the port pass their own.
   */
  recordImport?: RecordImport;
  /** The charts explorer's coverage file (contract/charts.ts). Default: `test-runs/chart-coverage.json` here. */
  chartCoverageFile?: string;
  /**
   * The real platforms' local stand-ins (Meta's Graph API, the Google Ads API): their latency and review time.
   * Default: the configuration's sandbox settings (SANDBOX_DELAY_MS, SANDBOX_REVIEW_MS).
   */
  standIns?: SandboxOptions;
}

/** The HTTP API: every path that `isServerRoute` claims. The browser app is served beside it. */
export function createApp({
  db,
  config,
  adapters,
  jobs,
  connectors,
  stepUp,
  riskyActionGuard,
  assetStorage,
  assetLimits,
  secretBox,
  oauthClients,
  loadSignOff,
  recordImport,
  chartCoverageFile,
  standIns,
}: AppDeps) {
  const rules = rulesFor(connectors);
  // A development control (SANDBOX_CLOCK_CONTROL=on): it moves every tenant's sandbox day at once.
  const sandboxClock = 'sandboxClockControl' in config && config.sandboxClockControl === true;
  const providerConfig = config.provider;
  const steps =
    stepUp ?? createStepUp(db, providerConfig, { factory: adapters.stepUp, trustProxy: config.trustProxy });
  const guard = riskyActionGuard ?? requireStepUp(steps.provider);
  // The product's e-mail: the provider's delivery (SMTP_URL, else the development outbox).
  const mail = steps.email ?? outboxEmail(db);
  setNotificationMail(mail);
  if (config.publicOrigin) setNotificationOrigin(config.publicOrigin);
  const app = new Hono<AppEnv>();
  app.onError((error, c) => errorResponse(c, error));
  app.notFound((c) => errorResponse(c, new HttpError(404, `No route for ${c.req.method} ${c.req.path}`)));
  app.use('*', async (c, next) => {
    // Every answer here is about a user or a tenant (or an error about one): no shared cache and no browser
    // cache may keep it. A route that knows better sets its own (the brand icon: private, immutable).
    // Set before the handler, so `c.json` builds its answer with them: set on a finished answer, they make
    // Hono copy it into a streamed Response, ~15 % of the API's CPU on a list (docs/list-performance.md).
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'private, no-store');
    await next();
    // A route that returned a Response object of its own did not get the headers above.
    if (!c.res.headers.has('X-Content-Type-Options')) c.header('X-Content-Type-Options', 'nosniff');
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store');
  });
  // First: loading the session may refresh its cookie, whose `Secure` flag asks who the proxies are.
  app.use('*', async (c, next) => {
    c.set('trustProxy', config.trustProxy);
    await next();
  });
  app.use('*', csrfProtection(config));
  app.use('*', loadSession(db));
  // The change log's "who" (docs/activity.md): every write of the request is the signed-in user's.
  app.use('*', (c, next) => {
    const session = c.get('session');
    return session ? withActor(session.userId, next) : next();
  });
  app.use('*', async (c, next) => {
    c.set('stepUp', guard);
    c.set('stepUpTenantId', steps.provider.tenantId);
    await next();
  });
  app.get('/api/health', allow('public'), (c) => c.json({ ok: true }));
  app.route('/', createAuthRoutes({ email: mail, singleSignOnRequired: ssoRequiredFor }));
  app.route('/', createSsoRoutes({ box: secretBox, publicOrigin: config.publicOrigin }));
  app.route(
    '/',
    createShellRoutes({
      billing: adapters.billing,
      analytics: adapters.analytics,
      proxies: { trustProxy: config.trustProxy },
    }),
  );
  app.route('/', createCampaignRoutes({ jobs }));
  // The account's connections, as the planning calls of a real platform need them (refreshed when expiring).
  const clients = oauthClients ?? createOAuthClients(config.oauth);
  const connections = connectionAccess(db, secretBox, clients);
  app.route('/', createConnectorRoutes({ connectors, connections }));
  app.route('/', createPlanningRoutes({ rules, connectors, jobs, signOff: assertSignedOff, connections }));
  app.route('/', createRevisionRoutes({ onEvent: (event) => noticeOfRevision(db, event) }));
  app.route('/', createNotificationRoutes());
  app.route('/', createPacingRoutes());
  app.route('/', createAssetRoutes({ storage: assetStorage, limits: assetLimits }));
  app.route(
    '/',
    createExchangeRoutes({
      loadSignOff: loadSignOff ?? signOffOf,
      recordImport: recordImport ?? recordImportInLog,
    }),
  );
  app.route('/', createReportRoutes());
  app.route(
    '/',
    createDeliveryRoutes({ jobs, sandboxControl: sandboxClock, proxies: { trustProxy: config.trustProxy } }),
  );
  app.route(
    '/',
    createConnectionRoutes({
      db,
      box: secretBox,
      clients,
      connectors,
    }),
  );
  app.route('/', createSandboxOAuthRoutes({ db, box: secretBox, settings: config.oauth }));
  // The real platforms' APIs as their local stand-ins answer them (issue 29): the `graph` and `googleads`
  // connectors' default on a development start. Reviews last as long as the in-process sandbox's.
  const standInOptions = standIns ??
    (config as Partial<Pick<ServerConfig, 'platforms'>>).platforms?.sandbox ?? { delayMs: 0, reviewMs: 5000 };
  app.route('/', createGoogleAdsSandboxRoutes({ db, reviewMs: standInOptions.reviewMs }));
  app.route(
    '/',
    createMetaGraphSandboxRoutes({ db, client: config.oauth.sandboxClient, sandbox: standInOptions }),
  );
  app.route(
    '/',
    createSecurityRoutes({
      provider: steps.provider,
      guard,
      clientConfig: {
        appearance: providerConfig.appearance,
        regionalBaseUrl: providerConfig.regionalBaseUrl,
        fingerprintScriptUrl: config.fingerprintScriptUrl,
      },
    }),
  );
  app.route('/', createOpenApiRoutes({ sandboxControl: sandboxClock }));
  app.route('/', createActivityRoutes());
  app.route('/', createTeamRoutes({ email: mail, publicOrigin: config.publicOrigin }));
  // The charts explorer's coverage (issue 30): the last test run's, read-only (docs/charts-explorer.md).
  app.route(
    '/',
    createChartRoutes({
      coverageFile:
        chartCoverageFile ??
        ('chartsCoverageFile' in config && config.chartsCoverageFile
          ? config.chartsCoverageFile
          : path.resolve(CHART_COVERAGE_PATH)),
      public: 'chartsPublic' in config && config.chartsPublic === true,
    }),
  );
  app.route('/api', createDataRoutes());
  // The provider's API answers to its own credentials (Basic authorization, challenge tokens), not our session.
  app.use(`${providerConfig.basePath}/*`, allow('public'));
  app.route(providerConfig.basePath, steps.providerApp);
  if (steps.outboxApp) app.route('/', steps.outboxApp);
  return app;
}

/**
 * Which requests the API answers; everything else is the single-page app. `/planning/wizard/...` is both:
 * its GET is a screen, unless it asks for JSON (`Accept: application/json`: the plan); its POST and PUT
 * (step saves, launch from review) are API calls. `/planning/platforms/...` is API only.
 */
export function isServerRoute(method: string, pathname: string, accept?: string): boolean {
  if (pathname.startsWith('/api/') || pathname === '/api') return true;
  if (pathname.startsWith('/data/')) return true;
  // The sandbox platforms' own pages and endpoints (consent, token, revoke): another "site" we serve.
  if (pathname.startsWith('/sandbox/')) return true;
  if (pathname.startsWith('/provider/')) return true;
  if (pathname === '/dev/outbox' || pathname === '/dev/outbox.json') return true;
  if (pathname === '/organization/switch' || pathname === '/account/switch') return true;
  // Single sign-on: the redirect to the identity provider and its answer (server/sso/routes.ts).
  if (pathname === FEDERATE_PATH || pathname === CALLBACK_PATH) return true;
  if (pathname.startsWith('/planning/') && method !== 'GET' && method !== 'HEAD') return true;
  // The platforms' rules and interests are data; no screen lives under /planning/platforms.
  if (pathname === '/planning/platforms' || pathname.startsWith('/planning/platforms/')) return true;
  if (pathname === '/planning/creative-specs') return true;
  // A fetch for JSON under /planning/ (the plan, the platforms' rules and interests) is the API's.
  if (pathname.startsWith('/planning/') && wantsJson(accept)) return true;
  return false;
}
