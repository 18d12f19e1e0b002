import { Hono } from 'hono';
import { type ProviderEnv, providerAuth } from './auth';
import { challengeRoutes } from './challengeRoutes';
import { codeRoutes } from './codeRoutes';
import { providerErrorResponse, providerNotFound } from './errors';
import { magicLinkRoutes } from './magicLinkRoutes';
import { recoveryCodeRoutes } from './recoveryCodeRoutes';
import type { ProviderService } from './service';
import { totpRoutes } from './totpRoutes';
import { webauthnRoutes } from './webauthnRoutes';

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
  app.route('/', challengeRoutes());
  app.route('/', webauthnRoutes());
  app.route('/', totpRoutes());
  app.route('/', codeRoutes());
  app.route('/', magicLinkRoutes());
  app.route('/', recoveryCodeRoutes());
  app.all('*', (c) => {
    throw providerNotFound(`No provider call ${c.req.method} ${c.req.path}`);
  });
  return app;
}
