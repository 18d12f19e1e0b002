import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { providerSettings } from '../db/schema';

const SECRET_KEY = 'secret';

/**
 * The provider's keys, all derived (HKDF-SHA256) from one secret: PROVIDER_SECRET, or — when it is not set —
 * a random one generated once and stored in `provider_settings`, so every instance on the database shares it.
 * Production should set PROVIDER_SECRET (a database dump then does not hold the key to its own TOTP secrets).
 */
export class ProviderKeys {
  private constructor(private readonly secret: Buffer) {}

  static async load(db: Database, configured: string | undefined): Promise<ProviderKeys> {
    if (configured) return new ProviderKeys(Buffer.from(configured, 'utf8'));
    const generated = randomBytes(32).toString('base64url');
    await db.insert(providerSettings).values({ key: SECRET_KEY, value: generated }).onConflictDoNothing();
    const [row] = await db.select().from(providerSettings).where(eq(providerSettings.key, SECRET_KEY));
    if (!row) throw new Error('The provider secret could not be stored');
    return new ProviderKeys(Buffer.from(row.value, 'utf8'));
  }

  private derive(info: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.secret, 'flightplan-step-up-provider', info, 32));
  }

  /** HS256 key of one tenant's tokens: a token signed for tenant A does not verify as tenant B's. */
  signingKey(tenantId: string): Uint8Array {
    return new Uint8Array(this.derive(`jwt:${tenantId}`));
  }

  /** AES-256-GCM; the result is `iv.tag.ciphertext` in base64url. */
  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.derive('totp-secret'), iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
  }

  decrypt(sealed: string): string {
    const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !ciphertext) throw new Error('Malformed encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.derive('totp-secret'), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  }

  /** Keyed hash of a one-time code, bound to its challenge. */
  codeHash(challengeId: string, code: string): string {
    return createHmac('sha256', this.derive('codes')).update(`${challengeId}:${code}`).digest('hex');
  }

  codeMatches(challengeId: string, code: string, stored: string): boolean {
    const actual = Buffer.from(this.codeHash(challengeId, code), 'hex');
    const expected = Buffer.from(stored, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

/** SHA-256 of a high-entropy token (magic links): the database never holds a usable link. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
