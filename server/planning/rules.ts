import type { RulesByPlatform } from '@contract/planning';
import type { ConnectorRegistry } from '../platforms/connector';
import { readPlatformRules } from './connectorRoutes';

/** Where the planning routes get the platforms' rules: every connector's `rules()`, by platform key. */
export type RulesSource = () => Promise<RulesByPlatform>;

/**
 * The rules of every platform of the registry, asked of the connectors on each call (a real connector
 * caches what its platform publishes; the checks must see a change at once). A connector that cannot
 * answer is the platform's outage, not the caller's mistake: 503 naming it (readPlatformRules), and
 * nothing is saved.
 */
export function rulesFor(connectors: ConnectorRegistry): RulesSource {
  return async () =>
    Object.fromEntries((await readPlatformRules(connectors)).map((rules) => [rules.key, rules]));
}
