import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { knownSignInPlaces, loginThrottle } from '../db/schema';

/**
 * Sign-in throttling (NIST SP 800-63B §5.2.2, OWASP Authentication Cheat Sheet): growing delays, never a
 * lock-out that the right password from the owner's usual place cannot get through.
 *
 * Every attempt is counted under a few keys before the password is checked (so a burst of parallel guesses
 * cannot all slip through between a check and a record); a successful sign-in takes its attempt back.
 *
 * - `pair`: one e-mail from one address. After `free` attempts, each further one waits `base`·2ⁿ (capped).
 * - `account`: one e-mail from anywhere (a guesser with many addresses). Skipped for a sign-in from a place
 *   where this user recently signed in successfully, so an attacker elsewhere cannot hold the owner out.
 * - `address`: one address across every e-mail (password spraying).
 * - `device`: a browser that signed in to this account before (the `fp_device` cookie, OWASP's "device
 *   cookie"): its attempts count only against itself, not the pair, account or address.
 *
 * The counters live in PostgreSQL, so every server process sees the same ones.
 *
 * Sign-up uses the same counters under one more key, `signup` (one network address, `addressKey`): each
 * sign-up hashes a password (deliberately slow) and answers whether an e-mail is taken, so an address gets
 * `free` attempts, then waits out `baseMs` — a fixed hourly allowance rather than growing delays.
 */
export interface ThrottlePolicy {
  /** Attempts allowed before the first delay. */
  free: number;
  /** The first delay; it doubles with each further attempt. */
  baseMs: number;
  /** The longest delay. */
  capMs: number;
  /** A counter with no attempt for this long starts again from zero. */
  quietMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const THROTTLE_POLICIES = {
  pair: { free: 5, baseMs: 30_000, capMs: 15 * MINUTE, quietMs: HOUR },
  device: { free: 5, baseMs: 30_000, capMs: 15 * MINUTE, quietMs: HOUR },
  account: { free: 10, baseMs: MINUTE, capMs: 15 * MINUTE, quietMs: 24 * HOUR },
  address: { free: 20, baseMs: MINUTE, capMs: HOUR, quietMs: 24 * HOUR },
  signup: { free: 20, baseMs: HOUR, capMs: HOUR, quietMs: HOUR },
} as const satisfies Record<string, ThrottlePolicy>;

export type ThrottleKind = keyof typeof THROTTLE_POLICIES;

/** How long a successful sign-in keeps its address and device "known" for the account. */
export const KNOWN_PLACE_MS = 30 * 24 * HOUR;

export interface ThrottleKey {
  kind: ThrottleKind;
  key: string;
}

/** The delay after the `attempts`-th counted attempt (0 while within the free attempts). */
export function delayAfter(policy: ThrottlePolicy, attempts: number): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempts - policy.free, 30));
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Where an attempt comes from: its address key (`addressKey`) and the browser's device id, if any. */
export interface SignInOrigin {
  address: string;
  deviceId: string | undefined;
}

const placeOfAddress = (address: string) => digest(`address:${address}`);
/** A device cookie as stored (a digest): the known places and the session's `device_id`. */
export const placeOfDevice = (deviceId: string) => digest(`device:${deviceId}`);

export interface KnownPlace {
  device: boolean;
  address: boolean;
}

/** Whether `userId` recently signed in from this device or this address. */
export async function knownPlace(
  db: Database,
  userId: string | undefined,
  origin: SignInOrigin,
  now = Date.now(),
): Promise<KnownPlace> {
  const device = origin.deviceId ? placeOfDevice(origin.deviceId) : undefined;
  const address = placeOfAddress(origin.address);
  // Asked for unknown e-mails too (with a user id that matches nothing), so the answer time does not tell.
  const rows = await db
    .select({ place: knownSignInPlaces.place })
    .from(knownSignInPlaces)
    .where(
      and(
        eq(knownSignInPlaces.userId, userId ?? '00000000-0000-0000-0000-000000000000'),
        inArray(knownSignInPlaces.place, device ? [device, address] : [address]),
        gt(knownSignInPlaces.lastSuccessAt, new Date(now - KNOWN_PLACE_MS)),
      ),
    );
  const places = new Set(rows.map((row) => row.place));
  return { device: device !== undefined && places.has(device), address: places.has(address) };
}

/** Records a successful sign-in's address and device as known for `userId`. */
export async function rememberPlace(db: Database, userId: string, origin: SignInOrigin, now = Date.now()) {
  const at = new Date(now);
  const places = [
    placeOfAddress(origin.address),
    ...(origin.deviceId ? [placeOfDevice(origin.deviceId)] : []),
  ];
  await db
    .insert(knownSignInPlaces)
    .values(places.map((place) => ({ userId, place, lastSuccessAt: at })))
    .onConflictDoUpdate({
      target: [knownSignInPlaces.userId, knownSignInPlaces.place],
      set: { lastSuccessAt: at },
    });
}

/** The counter a sign-up from `address` (an `addressKey`) is charged to. */
export const signupThrottleKey = (address: string): ThrottleKey => ({
  kind: 'signup',
  key: `signup:${digest(address)}`,
});

/** The counters an attempt for `email` from `origin` is charged to. */
export function throttleKeys(email: string, origin: SignInOrigin, known: KnownPlace): ThrottleKey[] {
  if (known.device && origin.deviceId) {
    return [{ kind: 'device', key: `device:${placeOfDevice(origin.deviceId)}:${digest(email)}` }];
  }
  return [
    { kind: 'pair', key: `pair:${digest(`${email} ${origin.address}`)}` },
    ...(known.address ? [] : [{ kind: 'account' as const, key: `account:${digest(email)}` }]),
    { kind: 'address', key: `address:${digest(origin.address)}` },
  ];
}

export type AttemptGate =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number; kind: ThrottleKind };

/**
 * Counts one attempt under every key, or refuses it without counting while any key still waits out its delay.
 * Rows are locked in key order, so concurrent attempts serialize without deadlocks.
 */
export async function beginAttempt(
  db: Database,
  keys: ThrottleKey[],
  now = Date.now(),
): Promise<AttemptGate> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
  const at = new Date(now);
  return db.transaction(async (tx) => {
    await tx
      .insert(loginThrottle)
      .values(sorted.map(({ key }) => ({ key, failures: 0, lastFailureAt: at })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(loginThrottle)
      .where(
        inArray(
          loginThrottle.key,
          sorted.map((k) => k.key),
        ),
      )
      .orderBy(loginThrottle.key)
      .for('update');
    const byKey = new Map(rows.map((row) => [row.key, row]));
    let refusal: AttemptGate = { allowed: true };
    for (const { kind, key } of sorted) {
      const blockedUntil = byKey.get(key)?.blockedUntil?.getTime() ?? 0;
      const wait = Math.ceil((blockedUntil - now) / 1000);
      if (wait > 0 && (refusal.allowed || wait > refusal.retryAfterSeconds)) {
        refusal = { allowed: false, retryAfterSeconds: wait, kind };
      }
    }
    if (!refusal.allowed) return refusal;
    for (const { kind, key } of sorted) {
      const policy = THROTTLE_POLICIES[kind];
      const row = byKey.get(key);
      const quiet = !row || row.lastFailureAt.getTime() < now - policy.quietMs;
      const attempts = (quiet ? 0 : row.failures) + 1;
      const delay = delayAfter(policy, attempts);
      await tx
        .update(loginThrottle)
        .set({
          failures: attempts,
          lastFailureAt: at,
          blockedUntil: delay > 0 ? new Date(now + delay) : null,
        })
        .where(eq(loginThrottle.key, key));
    }
    return { allowed: true };
  });
}

/**
 * The right password: the attempt is taken back. The pair's and device's counters start again; the account's
 * and address's lose this attempt only, so the owner's success does not hand a guesser elsewhere fresh tries.
 */
export async function attemptSucceeded(db: Database, keys: ThrottleKey[]): Promise<void> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
  await db.transaction(async (tx) => {
    for (const { kind, key } of sorted) {
      if (kind === 'pair' || kind === 'device') {
        await tx.delete(loginThrottle).where(eq(loginThrottle.key, key));
        continue;
      }
      const { free } = THROTTLE_POLICIES[kind];
      await tx
        .update(loginThrottle)
        .set({
          failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
          blockedUntil: sql`case when ${loginThrottle.failures} - 1 >= ${free} then ${loginThrottle.blockedUntil} end`,
        })
        .where(eq(loginThrottle.key, key));
    }
  });
}

/** Drops counters quiet for longer than any policy keeps them, and known places past their time. */
export async function pruneThrottle(db: Database, now = Date.now()): Promise<void> {
  const longest = Math.max(...Object.values(THROTTLE_POLICIES).map((p) => Math.max(p.quietMs, p.capMs)));
  const at = new Date(now);
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.lastFailureAt, new Date(now - longest)),
        or(isNull(loginThrottle.blockedUntil), lt(loginThrottle.blockedUntil, at)),
      ),
    );
  await db
    .delete(knownSignInPlaces)
    .where(lt(knownSignInPlaces.lastSuccessAt, new Date(now - KNOWN_PLACE_MS)));
}
