import { type Action, can, refusal } from '@contract/policy';
import { useSession } from './SessionContext';

export interface Permission {
  allowed: boolean;
  /** Why not, as the server would say it ("Analysts can't launch campaigns"); null when allowed. */
  reason: string | null;
}

/**
 * Whether the signed-in member's role may take `action` (contract/policy.ts, the one the server enforces on
 * every route): views hide or disable what it may not, saying why. Outside an organization there is no role
 * yet and nothing is held back here; the server decides.
 */
export function usePermission(action: Action): Permission {
  return usePolicy()(action);
}

/** `usePermission` for several actions at once (a list of controls, the navigation). */
export function usePolicy(): (action: Action) => Permission {
  const user = useSession().user;
  const role = user?.isAuthenticated ? user.role : null;
  return (action) =>
    !role || can(role, action)
      ? { allowed: true, reason: null }
      : { allowed: false, reason: refusal(role, action) };
}
