import type { RulesByPlatform } from '../../contract/planning';
import { HttpError } from '../http/errors';
import { type ConnectorRegistry, PlatformError } from '../platforms/connector';

/** Where the planning routes get the platforms' rules: every connector's `rules()`, by platform key. */
export type RulesSource = () => Promise<RulesByPlatform>;

/**
 * The rules of every platform of the registry, asked of the connectors on each call (a real connector
 * caches what its platform publishes; the checks must see a change at once). A connector that cannot
 * answer is the platform's outage, not the caller's mistake: 503, and nothing is saved.
 */
export function rulesFor(connectors: ConnectorRegistry): RulesSource {
  return async () => {
    const entries = await Promise.all(
      [...connectors.values()].map(async (connector) => {
        try {
          return [connector.key, await connector.rules()] as const;
        } catch (error) {
          if (!(error instanceof PlatformError)) throw error;
          throw new HttpError(
            503,
            `${connector.displayName}'s rules are not available right now. Try again in a moment.`,
            {},
            { 'Retry-After': '5' },
          );
        }
      }),
    );
    return Object.fromEntries(entries);
  };
}
