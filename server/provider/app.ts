import { Hono } from 'hono';
import { type ProviderEnv, providerAuth } from './auth';
import { createChallengeRoutes } from './challengeRoutes';
import { createCodeRoutes } from './codeRoutes';
import { providerErrorResponse, providerNotFound } from './errors';
import { createMagicLinkRoutes } from './magicLinkRoutes';
import { createRecoveryCodeRoutes } from './recoveryCodeRoutes';
import type { ProviderService } from './service';
import { createTotpRoutes } from './totpRoutes';
import { createWebauthnRoutes } from './webauthnRoutes';

/**
 * The built-in step-up provider's HTTP API (spec section 7, "Authentication provider calls"), mounted at
 * `config.basePath` (/provider/v1). Every answer is JSON in the shapes of contract/provider.ts, errors included.
 */
export function createProviderApp(service: ProviderService) {
  const app = new Hono<ProviderEnv>();
  app.onError((error, c) => providerErrorResponse(c, error));
  app.use('*', async (c, next) => {
    c.set('service', service);
    c.header('Cache-Control', 'no-store');
    await next();
  });
  app.use('/client/*', providerAuth(service));
  app.route('/', createChallengeRoutes());
  app.route('/', createWebauthnRoutes());
  app.route('/', createTotpRoutes());
  app.route('/', createCodeRoutes());
  app.route('/', createMagicLinkRoutes());
  app.route('/', createRecoveryCodeRoutes());
  app.all('*', (c) => {
    throw providerNotFound(`No provider call ${c.req.method} ${c.req.path}`);
  });
  return app;
}
