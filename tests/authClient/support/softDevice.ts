import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { SoftAuthenticator } from '../../provider/softAuthenticator';
import { ORIGIN } from '../../support/http';

/**
 * `navigator.credentials` for Node tests of the client library, backed by the provider tests' software
 * authenticator (tests/provider/softAuthenticator.ts, which speaks WebAuthn JSON): it converts what
 * @simplewebauthn/browser hands the browser (ArrayBuffers) to JSON options and the authenticator's JSON
 * answers back to PublicKeyCredential-like objects, so the client's real ceremonies run end to end.
 * 'platform' behaves like a passkey on this device, 'cross-platform' like a security key.
 */

const b64url = (source: BufferSource) =>
  Buffer.from(
    source instanceof ArrayBuffer
      ? new Uint8Array(source)
      : new Uint8Array(source.buffer, source.byteOffset, source.byteLength),
  ).toString('base64url');
/** A fresh ArrayBuffer holding the bytes of a base64url string (what browsers hand out). */
const arrayBuffer = (value: string) => new Uint8Array(Buffer.from(value, 'base64url')).buffer;

export class SoftDevice {
  readonly authenticator: SoftAuthenticator;
  private registered = false;
  /** When set, the next ceremony fails with this DOMException name (e.g. 'NotAllowedError': the user cancelled). */
  failNextWith: string | undefined;

  constructor(attachment: 'platform' | 'cross-platform') {
    this.authenticator = new SoftAuthenticator({ attachment });
  }

  /** To install with `vi.stubGlobal('navigator', { credentials: device.credentials })`. */
  get credentials() {
    return {
      create: (options: CredentialCreationOptions) => this.create(options),
      get: (options: CredentialRequestOptions) => this.get(options),
    };
  }

  private failure() {
    const name = this.failNextWith;
    this.failNextWith = undefined;
    if (name) throw new DOMException(`${name} (soft device)`, name);
  }

  private async create({ publicKey }: CredentialCreationOptions) {
    this.failure();
    if (!publicKey) throw new TypeError('publicKey options are required');
    const excluded = (publicKey.excludeCredentials ?? []).map((c) => b64url(c.id));
    if (this.registered && excluded.includes(this.authenticator.id))
      throw new DOMException('The authenticator was previously registered', 'InvalidStateError');
    const json = this.authenticator.register(
      {
        challenge: b64url(publicKey.challenge),
        rp: { id: publicKey.rp.id, name: publicKey.rp.name },
      } as PublicKeyCredentialCreationOptionsJSON,
      { origin: ORIGIN },
    );
    this.registered = true;
    return {
      id: json.id,
      rawId: arrayBuffer(json.rawId),
      type: json.type,
      authenticatorAttachment: json.authenticatorAttachment,
      response: {
        clientDataJSON: arrayBuffer(json.response.clientDataJSON),
        attestationObject: arrayBuffer(json.response.attestationObject),
        getTransports: () => json.response.transports ?? [],
      },
      getClientExtensionResults: () => ({}),
    };
  }

  private async get({ publicKey }: CredentialRequestOptions) {
    this.failure();
    if (!publicKey) throw new TypeError('publicKey options are required');
    const allowed = (publicKey.allowCredentials ?? []).map((c) => b64url(c.id));
    if (!this.registered || (allowed.length > 0 && !allowed.includes(this.authenticator.id)))
      throw new DOMException('No credential for this request', 'NotAllowedError');
    const json = this.authenticator.assert(
      {
        challenge: b64url(publicKey.challenge),
        rpId: publicKey.rpId,
      } as PublicKeyCredentialRequestOptionsJSON,
      { origin: ORIGIN },
    );
    return {
      id: json.id,
      rawId: arrayBuffer(json.rawId),
      type: json.type,
      authenticatorAttachment: json.authenticatorAttachment,
      response: {
        clientDataJSON: arrayBuffer(json.response.clientDataJSON),
        authenticatorData: arrayBuffer(json.response.authenticatorData),
        signature: arrayBuffer(json.response.signature),
        userHandle: null,
      },
      getClientExtensionResults: () => ({}),
    };
  }
}
