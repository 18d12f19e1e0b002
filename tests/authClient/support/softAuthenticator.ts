import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software WebAuthn authenticator for Node tests: it stands in for `navigator.credentials` so the client
 * library's real @simplewebauthn/browser ceremonies run against the real provider (which verifies them with
 * @simplewebauthn/server). ES256 keys, "none" attestation, user presence and verification always given.
 * `attachment` 'platform' behaves like a passkey on this device, 'cross-platform' like a security key.
 */

type CborValue = number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue>;

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 0x100) return [(major << 5) | 24, length];
  if (length < 0x10000) return [(major << 5) | 25, length >> 8, length & 0xff];
  return [
    (major << 5) | 26,
    (length >>> 24) & 0xff,
    (length >> 16) & 0xff,
    (length >> 8) & 0xff,
    length & 0xff,
  ];
}

/** The small part of CBOR (RFC 8949) attestation objects and COSE keys need. */
export function cbor(value: CborValue): Uint8Array {
  const out: number[] = [];
  const put = (v: CborValue) => {
    if (typeof v === 'number') out.push(...(v >= 0 ? head(0, v) : head(1, -1 - v)));
    else if (typeof v === 'string') {
      const bytes = new TextEncoder().encode(v);
      out.push(...head(3, bytes.length), ...bytes);
    } else if (v instanceof Uint8Array) out.push(...head(2, v.length), ...v);
    else if (Array.isArray(v)) {
      out.push(...head(4, v.length));
      for (const item of v) put(item);
    } else {
      out.push(...head(5, v.size));
      for (const [key, item] of v) {
        put(key);
        put(item);
      }
    }
  };
  put(value);
  return Uint8Array.from(out);
}

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const b64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes as ArrayBuffer).toString('base64url');
const toBytes = (source: BufferSource) =>
  source instanceof ArrayBuffer
    ? new Uint8Array(source)
    : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
/** A fresh ArrayBuffer with these bytes (what browsers hand out). */
const buffer = (bytes: Uint8Array) => bytes.slice().buffer;

interface StoredCredential {
  id: Uint8Array;
  rpId: string;
  userHandle: Uint8Array;
  privateKey: KeyObject;
  counter: number;
}

export interface SoftAuthenticatorOptions {
  origin: string;
  attachment: 'platform' | 'cross-platform';
}

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];
  /** When set, the next ceremony fails with this DOMException name (e.g. 'NotAllowedError': the user cancelled). */
  failNextWith: string | undefined;

  constructor(private readonly options: SoftAuthenticatorOptions) {}

  /** `navigator.credentials`, to install with `vi.stubGlobal('navigator', { credentials: authenticator.api })`. */
  get api() {
    return {
      create: (o: CredentialCreationOptions) => this.create(o),
      get: (o: CredentialRequestOptions) => this.get(o),
    };
  }

  private failure(): DOMException | undefined {
    const name = this.failNextWith;
    this.failNextWith = undefined;
    return name ? new DOMException(`${name} (soft authenticator)`, name) : undefined;
  }

  private clientData(type: string, challenge: BufferSource): Uint8Array {
    return new TextEncoder().encode(
      JSON.stringify({
        type,
        challenge: b64url(toBytes(challenge)),
        origin: this.options.origin,
        crossOrigin: false,
      }),
    );
  }

  async create(options: CredentialCreationOptions) {
    const failure = this.failure();
    if (failure) throw failure;
    const publicKey = options.publicKey!;
    const rpId = publicKey.rp.id ?? new URL(this.options.origin).hostname;
    const excluded = (publicKey.excludeCredentials ?? []).map((c) => b64url(toBytes(c.id)));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.includes(b64url(c.id))))
      throw new DOMException('The authenticator was previously registered', 'InvalidStateError');
    const { privateKey, publicKey: publicKeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKeyObject.export({ format: 'jwk' });
    const cose = cbor(
      new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const id = new Uint8Array(randomBytes(16));
    const credential: StoredCredential = {
      id,
      rpId,
      userHandle: toBytes(publicKey.user.id).slice(),
      privateKey,
      counter: 0,
    };
    this.credentials.push(credential);
    const flags = 0x01 | 0x04 | 0x40; // user present, user verified, attested credential data
    const authData = Uint8Array.from([
      ...sha256(rpId),
      flags,
      ...u32(0),
      ...new Uint8Array(16), // AAGUID
      id.length >> 8,
      id.length & 0xff,
      ...id,
      ...cose,
    ]);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', publicKey.challenge);
    const transports = this.options.attachment === 'platform' ? ['internal'] : ['usb'];
    return {
      id: b64url(id),
      rawId: buffer(id),
      type: 'public-key',
      authenticatorAttachment: this.options.attachment,
      response: {
        clientDataJSON: buffer(clientDataJSON),
        attestationObject: buffer(attestationObject),
        getTransports: () => transports,
      },
      getClientExtensionResults: () => ({}),
    };
  }

  async get(options: CredentialRequestOptions) {
    const failure = this.failure();
    if (failure) throw failure;
    const publicKey = options.publicKey!;
    const rpId = publicKey.rpId ?? new URL(this.options.origin).hostname;
    const allowed = (publicKey.allowCredentials ?? []).map((c) => b64url(toBytes(c.id)));
    const credential = this.credentials.find(
      (c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(b64url(c.id))),
    );
    if (!credential) throw new DOMException('No credential for this request', 'NotAllowedError');
    credential.counter += 1;
    const authData = Uint8Array.from([...sha256(rpId), 0x01 | 0x04, ...u32(credential.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', publicKey.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: buffer(credential.id),
      type: 'public-key',
      authenticatorAttachment: this.options.attachment,
      response: {
        clientDataJSON: buffer(clientDataJSON),
        authenticatorData: buffer(authData),
        signature: buffer(new Uint8Array(signature)),
        userHandle: buffer(credential.userHandle),
      },
      getClientExtensionResults: () => ({}),
    };
  }
}
