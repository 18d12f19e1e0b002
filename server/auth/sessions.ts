import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@contract/policy';
import type { StepUpTarget } from '@contract/stepUp';
import { eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/connect';
import { sessions } from '../db/schema';
import type { AppEnv, SessionInfo, StepUpProof } from '../http/env';
import { HttpError } from '../http/errors';
import { isSecureRequest } from './secureCookie';
import { placeOfDevice } from './throttle';

export const SESSION_COOKIE = 'fp_session';
const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;

/** A risky action's step-up, run by a store with the target it built from the locked row. */
export type StepUpConfirm = (target: StepUpTarget) => Promise<void | StepUpProof>;

/**
 * The step-up confirmation of `action` for the signed-in user, for the stores to run before they change
 * anything, with the target they are about to change (built from the row, so the token is bound to it).
 */
export function stepUpFor(c: Context<AppEnv>, action: string): StepUpConfirm {
  const { userId } = requireSession(c);
  return (target) => c.get('stepUp')(c, { userId, action, target });
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

function cookieOptions(c: Context) {
  return { httpOnly: true, sameSite: 'Lax', secure: isSecureRequest(c), path: '/' } as const;
}

export async function startSession(
  c: Context,
  db: Database,
  user: { id: string; lastOrganizationId: string | null; lastAccountId: string | null },
  { deviceId }: { deviceId?: string | undefined } = {},
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  // Resume where the user was, but only inside organizations they still belong to.
  await db.execute(sql`
    INSERT INTO sessions (id, user_id, current_organization_id, current_account_id, expires_at, device_id)
    SELECT ${hashToken(token)}, ${user.id}::uuid, m.organization_id, a.id, ${expiresAt.toISOString()}::timestamptz,
      ${deviceId ? placeOfDevice(deviceId) : null}
    FROM (SELECT 1) one
    LEFT JOIN memberships m ON m.user_id = ${user.id}::uuid AND m.organization_id = ${user.lastOrganizationId}::uuid
    LEFT JOIN accounts a ON a.id = ${user.lastAccountId}::uuid AND a.organization_id = m.organization_id
      AND ${sql.raw(MAY_WORK_IN_ACCOUNT)}`);
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge: SESSION_DAYS * 86_400 });
}

export async function endSession(c: Context, db: Database): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

/**
 * SQL over a membership `m` and an account `a`: the member may work in the account (every account, or one
 * granted in `membership_accounts`). An account the member may not see is treated as missing.
 */
export const MAY_WORK_IN_ACCOUNT = `(m.all_accounts OR EXISTS (SELECT 1 FROM membership_accounts ma
  WHERE ma.user_id = m.user_id AND ma.organization_id = m.organization_id AND ma.account_id = a.id))`;

/** How stale `memberships.last_active_at` may get before a request touches it (the team page's "last active"). */
const ACTIVE_TOUCH_MS = 5 * 60_000;

interface SessionRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  organization_id: string | null;
  account_id: string | null;
  expires_at: Date;
  role: Role | null;
  account_ids: string[] | null;
  last_active_at: Date | null;
}

/** Loads the session (one indexed query) into `c.var.session`; slides its expiry at most once a day. */
export function loadSession(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('db', db);
    c.set('session', null);
    const token = getCookie(c, SESSION_COOKIE);
    if (token) {
      const { rows } = await db.$client.query<SessionRow>({
        name: 'load-session',
        text: `SELECT s.id, s.user_id, m.organization_id, a.id AS account_id, s.expires_at, m.role, m.last_active_at,
                 CASE WHEN m.all_accounts THEN NULL ELSE ARRAY(SELECT ma.account_id FROM membership_accounts ma
                   WHERE ma.user_id = m.user_id AND ma.organization_id = m.organization_id) END AS account_ids
               FROM sessions s
               LEFT JOIN memberships m ON m.user_id = s.user_id AND m.organization_id = s.current_organization_id
               LEFT JOIN accounts a ON a.id = s.current_account_id AND a.organization_id = m.organization_id
                 AND ${MAY_WORK_IN_ACCOUNT}
               WHERE s.id = $1 AND s.expires_at > now()`,
        values: [hashToken(token)],
      });
      const row = rows[0];
      if (row) {
        c.set('session', {
          id: row.id,
          userId: row.user_id,
          organizationId: row.organization_id,
          accountId: row.account_id,
          expiresAt: row.expires_at,
          role: row.role,
          accountIds: row.organization_id ? row.account_ids : null,
        });
        if (
          row.organization_id &&
          (!row.last_active_at || Date.now() - row.last_active_at.getTime() > ACTIVE_TOUCH_MS)
        ) {
          await db.$client.query({
            name: 'touch-membership',
            text: 'UPDATE memberships SET last_active_at = now() WHERE user_id = $1 AND organization_id = $2',
            values: [row.user_id, row.organization_id],
          });
        }
        if (row.expires_at.getTime() - Date.now() < (SESSION_DAYS - 1) * DAY_MS) {
          const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
          await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, row.id));
          setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge: SESSION_DAYS * 86_400 });
        }
      }
    }
    return next();
  };
}

export function requireSession(c: Context<AppEnv>): SessionInfo {
  const session = c.get('session');
  if (!session) throw new HttpError(401, 'Sign in to continue', { errorCode: 'UNAUTHENTICATED' });
  return session;
}

export function requireOrganization(c: Context<AppEnv>): SessionInfo & { organizationId: string } {
  const session = requireSession(c);
  if (!session.organizationId) {
    throw new HttpError(409, 'Choose an organization first', { errorCode: 'ORGANIZATION_REQUIRED' });
  }
  return session as SessionInfo & { organizationId: string };
}

export function requireAccount(
  c: Context<AppEnv>,
): SessionInfo & { organizationId: string; accountId: string } {
  const session = requireOrganization(c);
  if (!session.accountId)
    throw new HttpError(409, 'Choose an account first', { errorCode: 'ACCOUNT_REQUIRED' });
  return session as SessionInfo & { organizationId: string; accountId: string };
}

/** Moves the session (and the user's resume point) into an organization and optionally an account. */
export async function setSessionScope(
  db: Database,
  session: SessionInfo,
  organizationId: string,
  accountId: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ currentOrganizationId: organizationId, currentAccountId: accountId })
      .where(eq(sessions.id, session.id));
    await tx.execute(
      sql`UPDATE users SET last_organization_id = ${organizationId}::uuid, last_account_id = ${accountId}::uuid WHERE id = ${session.userId}::uuid`,
    );
  });
}
