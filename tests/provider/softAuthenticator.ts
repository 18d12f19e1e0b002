import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * A software WebAuthn authenticator for tests: one P-256 (ES256) credential, 'none' attestation, real
 * authenticatorData (rpIdHash, flags, signature counter) and clientDataJSON, so @simplewebauthn/server verifies
 * its responses for real.
 */

// --- minimal CBOR (RFC 8949) encoder: unsigned/negative ints, byte strings, text strings, maps ---------------
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(value, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftAuthenticatorOptions {
  /** 'platform' (passkey, transports ['internal']) or 'cross-platform' (security key, ['usb']) */
  attachment: 'platform' | 'cross-platform';
  /** whether the authenticator verifies the user (UV flag) */
  userVerification?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  /** the signature counter the next assertion will carry (incremented before each use) */
  counter = 0;
  userVerification: boolean;

  constructor(readonly options: SoftAuthenticatorOptions) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cosePublicKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    this.userVerification = options.userVerification ?? true;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private get transports() {
    return this.options.attachment === 'platform' ? ['internal'] : ['usb'];
  }

  private flags(extra = 0) {
    return FLAG_UP | (this.userVerification ? FLAG_UV : 0) | extra;
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create() */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: { origin?: string; rpId?: string; challenge?: string } = {},
  ): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id ?? 'localhost';
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      counter,
      Buffer.alloc(16), // aaguid
      idLength,
      this.credentialId,
      this.cosePublicKey,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: this.options.attachment,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(
          this.clientData(
            'webauthn.create',
            overrides.challenge ?? options.challenge,
            overrides.origin ?? 'http://localhost',
          ),
        ),
        attestationObject: b64url(attestationObject),
        transports: this.transports as never,
      },
    };
  }

  /** navigator.credentials.get(): signs authenticatorData ‖ SHA-256(clientDataJSON); the counter goes up by one. */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: { origin?: string; rpId?: string; challenge?: string; counter?: number } = {},
  ): AuthenticationResponseJSON {
    if (overrides.counter !== undefined) this.counter = overrides.counter;
    else this.counter += 1;
    const rpId = overrides.rpId ?? options.rpId ?? 'localhost';
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags()]), counter]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? 'http://localhost',
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: this.options.attachment,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
    };
  }
}
