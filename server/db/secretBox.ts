import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Seals secrets at rest (platform tokens, PKCE verifiers) with AES-256-GCM: a fresh 12-byte nonce per
 * value, the 16-byte tag checked on opening, so a changed or swapped value is refused rather than read.
 * Stored form: `v1.<nonce>.<ciphertext>.<tag>` (base64url). `context` (e.g. `meta:access:<account>`) is
 * bound as associated data: a sealed value copied to another row does not open there.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

const KEY_FILE = 'secrets.key';

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes (AES-256).');
  return {
    seal(plaintext, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', nonce, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, nonce, body, tag] = sealed.split('.');
      if (version !== 'v1' || nonce === undefined || body === undefined || tag === undefined)
        throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * The key: `SECRETS_KEY` (32 bytes as 64 hex digits or base64), else `DATA_DIR/secrets.key`, generated on
 * first start (owner-only) and reused, so a restart can still open what it sealed. Several processes or
 * machines must share one key: set SECRETS_KEY.
 */
export async function loadSecretsKey(secretsKey: string | undefined, dataDir: string): Promise<Buffer> {
  if (secretsKey !== undefined && secretsKey !== '') return parseKey(secretsKey, 'SECRETS_KEY');
  const file = path.join(dataDir, KEY_FILE);
  try {
    return parseKey((await readFile(file, 'utf8')).trim(), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: two processes starting at once cannot both write a key; the loser reads the winner's.
  try {
    await writeFile(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseKey((await readFile(file, 'utf8')).trim(), file);
  }
}

function parseKey(raw: string, source: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error(`${source} must be 32 bytes, as 64 hex digits or base64.`);
  return key;
}
