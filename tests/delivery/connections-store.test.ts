import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadCredentials } from '@server/connections/store';
import { loadSecretsKey, secretBox } from '@server/db/secretBox';
import { checkSandboxAccessToken } from '@server/platforms/sandbox/oauthTokens';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectPlatforms, TEST_SECRET_BOX } from '../support/connections';
import { freshDatabase, type TestDatabase } from '../support/db';

let t: TestDatabase;
let accountId: string;
beforeAll(async () => {
  t = await freshDatabase();
  accountId = (await t.db.$client.query('SELECT id FROM accounts LIMIT 1')).rows[0].id;
});

describe('secret box', () => {
  it('opens what it sealed, and refuses a changed value or another row’s context', () => {
    const box = secretBox(randomBytes(32));
    const sealed = box.seal('sbx_at_secret', 'meta:access:a');
    expect(sealed).not.toContain('sbx_at_secret');
    expect(box.open(sealed, 'meta:access:a')).toBe('sbx_at_secret');
    expect(() => box.open(sealed, 'meta:access:b')).toThrow();
    const [v, nonce, body, tag] = sealed.split('.');
    // The body's first character changed to another (a fixed replacement equals it once in 64 runs).
    const first = body![0] === 'A' ? 'B' : 'A';
    const flipped = `${v}.${nonce}.${first}${body!.slice(1)}.${tag}`;
    expect(() => box.open(flipped, 'meta:access:a')).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed, 'meta:access:a')).toThrow();
  });

  it('generates a key once into DATA_DIR, owner-only, and reuses it; SECRETS_KEY wins', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fp-key-'));
    const first = await loadSecretsKey(undefined, dir);
    expect(await loadSecretsKey(undefined, dir)).toEqual(first);
    expect((await stat(path.join(dir, 'secrets.key'))).mode & 0o777).toBe(0o600);
    expect((await readFile(path.join(dir, 'secrets.key'), 'utf8')).trim()).toBe(first.toString('hex'));
    const given = randomBytes(32).toString('hex');
    expect((await loadSecretsKey(given, dir)).toString('hex')).toBe(given);
    await expect(loadSecretsKey('short', dir)).rejects.toThrow(/SECRETS_KEY must be 32 bytes/);
  });
});

describe('connections', () => {
  it('keeps tokens sealed in the database and gives calls a token the sandbox accepts', async () => {
    // The seeded accounts come connected to every platform: start this one from none.
    await t.db.$client.query('DELETE FROM platform_connections WHERE account_id = $1', [accountId]);
    await connectPlatforms(t.db, accountId, ['meta']);
    const { rows } = await t.db.$client.query('SELECT * FROM platform_connections WHERE account_id = $1', [
      accountId,
    ]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toMatch(/sbx_(at|rt)_/);
    const credentials = await loadCredentials(t.db, TEST_SECRET_BOX, accountId, 'meta');
    expect(credentials?.accessToken).toMatch(/^sbx_at_/);
    expect(await checkSandboxAccessToken(t.db, 'meta', credentials!.accessToken)).toMatchObject({ ok: true });
    expect(await checkSandboxAccessToken(t.db, 'google', credentials!.accessToken)).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(await loadCredentials(t.db, TEST_SECRET_BOX, accountId, 'google')).toBeNull();
  });
});
