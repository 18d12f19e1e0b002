import { createAuthClient } from '@src/auth-client';
import { PERSISTENT_COOKIE_MAX_AGE_DAYS, resetCookieIdCache } from '@src/auth-client/anonymousId';
import {
  keepPasskeyCredentials,
  PASSKEY_MAP_KEY,
  passkeyCredentialIds,
  readPasskeyMap,
  rememberPasskeyCredential,
} from '@src/auth-client/passkeyMap';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  resetCookieIdCache();
});
afterEach(() => vi.restoreAllMocks());

describe('as_user_passkey_map (localStorage)', () => {
  it('maps a userId to the ids of its passkeys on this device, without duplicates', () => {
    rememberPasskeyCredential({ userId: 'u1', id: 'cred-a', authenticatorAttachment: 'platform' });
    rememberPasskeyCredential({ userId: 'u1', id: 'cred-b' });
    rememberPasskeyCredential({ userId: 'u1', id: 'cred-a', authenticatorAttachment: 'platform' });
    rememberPasskeyCredential({ userId: 'u2', id: 'cred-c', authenticatorAttachment: 'platform' });
    expect(JSON.parse(localStorage.getItem(PASSKEY_MAP_KEY)!)).toEqual({
      u1: ['cred-a', 'cred-b'],
      u2: ['cred-c'],
    });
    expect(passkeyCredentialIds('u1')).toEqual(['cred-a', 'cred-b']);
    expect(passkeyCredentialIds('nobody')).toEqual([]);
  });

  it('never stores cross-platform credentials (security keys, phones) or credentials without a user', () => {
    rememberPasskeyCredential({ userId: 'u1', id: 'key-1', authenticatorAttachment: 'cross-platform' });
    rememberPasskeyCredential({ userId: undefined, id: 'orphan', authenticatorAttachment: 'platform' });
    expect(localStorage.getItem(PASSKEY_MAP_KEY)).toBeNull();
    expect(readPasskeyMap()).toEqual({});
  });

  it('reads a corrupt or foreign value as empty and keeps only string ids', () => {
    localStorage.setItem(PASSKEY_MAP_KEY, 'not json');
    expect(readPasskeyMap()).toEqual({});
    localStorage.setItem(PASSKEY_MAP_KEY, '["a"]');
    expect(readPasskeyMap()).toEqual({});
    localStorage.setItem(PASSKEY_MAP_KEY, JSON.stringify({ u1: ['ok', 7, null], u2: 'x' }));
    expect(readPasskeyMap()).toEqual({ u1: ['ok'] });
  });

  it('prunes the ids the provider no longer knows, and drops a user left with none', () => {
    localStorage.setItem(PASSKEY_MAP_KEY, JSON.stringify({ u1: ['a', 'b', 'c'], u2: ['d'] }));
    keepPasskeyCredentials('u1', ['b', 'zzz']);
    keepPasskeyCredentials('u2', []);
    expect(readPasskeyMap()).toEqual({ u1: ['b'] });
  });
});

describe('anonymous id cookie __as_aid and profiling cookie __as_pid', () => {
  it('creates a random UUID, keeps it across reads and pages, and renews its 400-day expiry on each visit', () => {
    const written: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (
      this: Document,
      value: string,
    ) {
      written.push(value);
      cookie.set!.call(this, value);
    });
    const client = createAuthClient({ tenantId: 't' });
    const id = client.anonymousId;
    expect(id).toMatch(UUID);
    expect(Cookies.get('__as_aid')).toBe(id);
    expect(client.anonymousId).toBe(id);
    expect(written).toHaveLength(1);

    // Next visit (a new page): same id, written again with a fresh expiry.
    resetCookieIdCache();
    const nextVisit = createAuthClient({ tenantId: 't' });
    expect(nextVisit.anonymousId).toBe(id);
    expect(written).toHaveLength(2);
    for (const line of written) {
      expect(line).toMatch(/^__as_aid=/);
      expect(line).toMatch(/path=\//);
      const expires = new Date(/expires=([^;]+)/.exec(line)![1]!).getTime();
      const days = (expires - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(PERSISTENT_COOKIE_MAX_AGE_DAYS - 1);
      expect(days).toBeLessThanOrEqual(PERSISTENT_COOKIE_MAX_AGE_DAYS);
    }
    expect(PERSISTENT_COOKIE_MAX_AGE_DAYS).toBe(400);
  });

  it('replaces a malformed cookie value with a new UUID', () => {
    Cookies.set('__as_aid', 'tampered<script>');
    const id = createAuthClient({ tenantId: 't' }).anonymousId;
    expect(id).toMatch(UUID);
    expect(Cookies.get('__as_aid')).toBe(id);
  });

  it('honours the configured cookie name', () => {
    const id = createAuthClient({ tenantId: 't', cookieName: 'my_aid' }).anonymousId;
    expect(Cookies.get('my_aid')).toBe(id);
    expect(Cookies.get('__as_aid')).toBeUndefined();
  });

  it('keeps a separate profiling id in __as_pid', () => {
    const client = createAuthClient({ tenantId: 't' });
    const profiling = client.profilingId;
    expect(profiling).toMatch(UUID);
    expect(Cookies.get('__as_pid')).toBe(profiling);
    expect(profiling).not.toBe(client.anonymousId);
    expect(client.profilingId).toBe(profiling);
    resetCookieIdCache();
    expect(createAuthClient({ tenantId: 't' }).profilingId).toBe(profiling);
  });

  it('honours the configured profiling cookie name', () => {
    const id = createAuthClient({ tenantId: 't', profilingCookieName: 'my_pid' }).profilingId;
    expect(id).toMatch(UUID);
    expect(Cookies.get('my_pid')).toBe(id);
    expect(Cookies.get('__as_pid')).toBeUndefined();
  });
});
