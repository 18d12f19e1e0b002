/**
 * The device list (spec §3 "Browser storage"): localStorage key `as_user_passkey_map`, a JSON object mapping
 * a userId to the ids of the passkeys created or used on this device by that user. Cross-platform
 * credentials (security keys, phones via hybrid transport: `authenticatorAttachment: 'cross-platform'`)
 * are not stored: they are not "on this device".
 */
export const PASSKEY_MAP_KEY = 'as_user_passkey_map';

export type PasskeyMap = Record<string, string[]>;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed frame)
  }
}

/** The stored map; anything unreadable (missing, not JSON, wrong shape) reads as empty. */
export function readPasskeyMap(): PasskeyMap {
  const raw = storage()?.getItem(PASSKEY_MAP_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const map: PasskeyMap = {};
    for (const [userId, ids] of Object.entries(parsed)) {
      if (Array.isArray(ids)) map[userId] = ids.filter((id): id is string => typeof id === 'string');
    }
    return map;
  } catch {
    return {};
  }
}

function writePasskeyMap(map: PasskeyMap): void {
  try {
    storage()?.setItem(PASSKEY_MAP_KEY, JSON.stringify(map));
  } catch {
    // quota exceeded or storage disabled: the device list is a convenience only
  }
}

export function passkeyCredentialIds(userId: string): string[] {
  return readPasskeyMap()[userId] ?? [];
}

/** Remembers that `userId` has the credential `id` on this device, unless it is a cross-platform one. */
export function rememberPasskeyCredential(credential: {
  userId: string | undefined;
  id: string;
  authenticatorAttachment?: string | undefined;
}): void {
  if (credential.authenticatorAttachment === 'cross-platform' || !credential.userId) return;
  const map = readPasskeyMap();
  const ids = map[credential.userId] ?? [];
  if (!ids.includes(credential.id)) map[credential.userId] = [...ids, credential.id];
  writePasskeyMap(map);
}

/** Keeps only `known` of the user's ids (drops the ones the provider no longer has); no ids left → no entry. */
export function keepPasskeyCredentials(userId: string, known: readonly string[]): void {
  const map = readPasskeyMap();
  const kept = (map[userId] ?? []).filter((id) => known.includes(id));
  if (kept.length) map[userId] = kept;
  else delete map[userId];
  writePasskeyMap(map);
}

/** Forgets a credential the provider says is not registered (any user's entry; a user left with none is dropped). */
export function forgetPasskeyCredential(id: string): void {
  const map = readPasskeyMap();
  let changed = false;
  for (const [userId, ids] of Object.entries(map)) {
    if (!ids.includes(id)) continue;
    changed = true;
    const kept = ids.filter((other) => other !== id);
    if (kept.length) map[userId] = kept;
    else delete map[userId];
  }
  if (changed) writePasskeyMap(map);
}
