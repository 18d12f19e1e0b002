import type { Database } from '../db/connect';
import { TrustedProxies } from '../http/clientAddress';
import type { StepUpProvider, StepUpProviderFactory } from './adapter';
import { createProviderApp } from './app';
import type { ProviderConfig } from './config';
import { createDelivery, type EmailSender, type SmsGateway } from './delivery';
import { createOutboxRoutes } from './outboxRoutes';
import { ProviderService } from './service';

export {
  builtInStepUpProvider,
  STEP_UP_PROVIDERS,
  type StepUpProvider,
  type StepUpProviderFactory,
  stepUpProviderNamed,
} from './adapter';
export { type ProviderConfig, readProviderConfig } from './config';
export { type EmailSender, outboxEmail } from './delivery';
export { allowWithoutStepUp, REMOVE_AUTHENTICATOR_ACTION, type RiskyActionGuard } from './securityRoutes';

export interface StepUpSetup {
  service: ProviderService;
  /** The adapter chosen by STEP_UP_PROVIDER: what the app server calls (track, validate, …). */
  provider: StepUpProvider;
  /** The built-in provider's HTTP API, to mount at `config.basePath`. */
  providerApp: ReturnType<typeof createProviderApp>;
  /** The product's e-mail (SMTP_URL, else the development outbox): invitations and notices go out through it. */
  email?: EmailSender;
  /** /dev/outbox (loopback clients only), when every message goes to the outbox and DEV_OUTBOX allows it. */
  outboxApp: ReturnType<typeof createOutboxRoutes> | undefined;
}

/**
 * Builds the built-in provider (service, HTTP API, outbox page) and the app server's adapter: `factory`, the
 * one STEP_UP_PROVIDER names (`stepUpProviderNamed(config.stepUpProvider)`, chosen by the composition root).
 */
export function createStepUp(
  db: Database,
  config: ProviderConfig,
  options: { factory: StepUpProviderFactory; sms?: SmsGateway; trustProxy?: TrustedProxies },
): StepUpSetup {
  const delivery = createDelivery(db, config, options.sms);
  const service = new ProviderService(db, config, delivery);
  const provider = options.factory({ db, config, service });
  return {
    service,
    provider,
    providerApp: createProviderApp(service),
    email: delivery.email,
    // Never beside real delivery: a real SMS gateway (or SMTP) means real users' codes could land in it.
    outboxApp:
      config.outboxPage && delivery.outboxOnly
        ? createOutboxRoutes({ db, proxies: { trustProxy: options.trustProxy ?? TrustedProxies.none } })
        : undefined,
  };
}
