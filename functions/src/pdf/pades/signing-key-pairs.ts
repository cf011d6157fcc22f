import { createPrivateKey, generateKeyPair, sign } from 'node:crypto';
import { promisify } from 'node:util';
import type { SignBytes } from './certificates.js';

const generate = promisify(generateKeyPair);

/** A key pair as DER: SubjectPublicKeyInfo and PKCS #8. */
export interface KeyPair {
  publicKey: Uint8Array;
  privateKey: Uint8Array;
}

/**
 * A fresh ECDSA P-256 key pair: 128-bit security (as RSA 3072, which ETSI TS 119 312 asks of new signatures),
 * made in milliseconds where an RSA 3072 key takes seconds — an arbitrator's key is made while the
 * appointment is being accepted. RSA keys (an organisation's own CA) sign just as well.
 */
export async function generateSigningKeyPair(): Promise<KeyPair> {
  const { publicKey, privateKey } = await generate('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  });
  return { publicKey: new Uint8Array(publicKey), privateKey: new Uint8Array(privateKey) };
}

/** SHA-256 and the key's own scheme (ECDSA, DER-encoded; or RSA PKCS #1 v1.5) by a PKCS #8 key in memory. */
export function keySigner(privateKey: Uint8Array): SignBytes {
  const key = createPrivateKey({ key: Buffer.from(privateKey), format: 'der', type: 'pkcs8' });
  return (data) => Promise.resolve(new Uint8Array(sign('sha256', data, key)));
}
