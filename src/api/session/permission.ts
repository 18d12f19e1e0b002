import { type Action, can, refusal } from '../../../contract/policy';
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
  const user = useSession().user;
  const role = user?.isAuthenticated ? user.role : null;
  if (!role || can(role, action)) return { allowed: true, reason: null };
  return { allowed: false, reason: refusal(role, action) };
}
