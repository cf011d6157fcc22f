import { createPrivateKey, generateKeyPair, sign } from 'node:crypto';
import { promisify } from 'node:util';
import type { SignBytes } from './certificates.js';

const generate = promisify(generateKeyPair);

/** An RSA key pair as DER: SubjectPublicKeyInfo and PKCS #8. */
export interface RsaKeyPair {
  publicKey: Uint8Array;
  privateKey: Uint8Array;
}

/** A fresh RSA key pair (3072 bits: ETSI TS 119 312 recommends at least that for signatures meant to last). */
export async function generateRsaKeyPair(bits = 3072): Promise<RsaKeyPair> {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  });
  return { publicKey: new Uint8Array(publicKey), privateKey: new Uint8Array(privateKey) };
}

/** RSASSA-PKCS1-v1_5 with SHA-256 by a PKCS #8 private key held in memory. */
export function rsaSigner(privateKey: Uint8Array): SignBytes {
  const key = createPrivateKey({ key: Buffer.from(privateKey), format: 'der', type: 'pkcs8' });
  return (data) => Promise.resolve(new Uint8Array(sign('sha256', data, key)));
}
