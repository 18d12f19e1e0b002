import { createHash } from 'node:crypto';
import type { StepUpTarget } from '@contract/stepUp';
import type { TokenTarget } from './tokens';

/** JSON with object keys sorted, so the same parameters always give the same digest. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What a step-up token carries of its target: `<kind>:<id>` and a digest of the description shown to the
 * person and the change's essential parameters. Computed again from the row when the action is retried, so a
 * token verified for another target — or for this one before its name, platforms or budget changed — differs.
 */
export function targetBinding(target: StepUpTarget): TokenTarget {
  const digest = createHash('sha256')
    .update(
      canonical({
        kind: target.kind,
        id: target.id,
        description: target.description,
        params: target.params ?? {},
      }),
    )
    .digest('base64url');
  return { ref: `${target.kind}:${target.id}`, digest, description: target.description };
}

export const sameTarget = (a: TokenTarget | undefined, b: TokenTarget | undefined): boolean =>
  a === undefined || b === undefined ? a === b : a.ref === b.ref && a.digest === b.digest;
