import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
} from '@yanzhi/contract';
import { COSEALG, cose, isoCBOR } from '@simplewebauthn/server/helpers';

/** Where the tests' app is reached: `inject` sends `Host: localhost:80`. */
export const TEST_ORIGIN = 'http://localhost';
export const TEST_RP_ID = 'localhost';

/** What a forged answer changes; everything else is what an honest browser would send. */
export interface Forgery {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** The signature counter to report (an honest one counts up by one per use). */
  counter?: number;
  /** The user handle to return; null returns none. Default: the one registered. */
  userHandle?: string | null;
  type?: string;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

function sha256(data: string | Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/**
 * A software passkey (ES256, attestation 'none') for the tests: a node:crypto key pair, the
 * authenticator data and CBOR built by hand, and client data it can forge at will, so each way
 * an answer can be wrong is one argument away.
 */
export class SoftAuthenticator {
  readonly credentialId: string;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  /** Set by `register` from the options' user id. */
  userHandle: string | null = null;

  constructor(credentialId: string = b64url(randomBytes(16))) {
    this.credentialId = credentialId;
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** The answer to `navigator.credentials.create` for these options. */
  register(options: PasskeyCreationOptions, forgery: Forgery = {}): PasskeyRegistrationResponse {
    this.userHandle = options.user.id;
    const clientData = this.clientData('webauthn.create', options.challenge, forgery);
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(forgery.rpId ?? options.rp.id ?? TEST_RP_ID),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      counterBytes(forgery.counter ?? this.counter),
      Buffer.alloc(16),
      idLength,
      credentialId,
      Buffer.from(this.coseKey()),
    ]);
    const attestation = new Map<string, string | Map<string, string> | Uint8Array>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: { credProps: { rk: true } },
      type: 'public-key',
    };
  }

  /** The answer to `navigator.credentials.get`, counting one use unless a counter is forged. */
  assert(
    challenge: string,
    rpId = TEST_RP_ID,
    forgery: Forgery = {},
  ): PasskeyAuthenticationResponse {
    if (forgery.counter === undefined) this.counter += 1;
    const clientData = this.clientData('webauthn.get', challenge, forgery);
    const authData = Buffer.concat([
      sha256(forgery.rpId ?? rpId),
      Buffer.from([FLAG_UP | FLAG_UV]),
      counterBytes(forgery.counter ?? this.counter),
    ]);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.privateKey,
    );
    const userHandle = forgery.userHandle === undefined ? this.userHandle : forgery.userHandle;
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
      clientExtensionResults: {},
      type: 'public-key',
    };
  }

  private clientData(type: string, challenge: string, forgery: Forgery): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: forgery.type ?? type,
        challenge: forgery.challenge ?? challenge,
        origin: forgery.origin ?? TEST_ORIGIN,
        crossOrigin: false,
      }),
    );
  }

  /** The public key as a COSE EC2 map (kty 2, alg ES256, crv P-256, x, y). */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    const y = Buffer.from(jwk.y ?? '', 'base64url');
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
        [cose.COSEKEYS.alg, COSEALG.ES256],
        [cose.COSEKEYS.crv, cose.COSECRV.P256],
        [cose.COSEKEYS.x, x],
        [cose.COSEKEYS.y, y],
      ]),
    );
  }
}
