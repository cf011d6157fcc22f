import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ecdsaToDer } from '../../adapters/signing/key-vault-signing-keys.js';
import { createLocalSigningKeys } from '../../adapters/signing/local-signing-keys.js';
import type { Config } from '../../config.js';
import type { Deps } from '../../deps.js';
import { createSqliteStore } from '../../adapters/store/sqlite-store.js';
import { certificateFingerprint, issueCertificate, parseCertificate, toPem } from '../../pdf/pades/certificates.js';
import { decryptSecret, encryptSecret } from '../accounts/secret-box.js';
import { Reauthentication } from '../accounts/reauthenticate.js';
import { arbitratorKeyName } from './certificate-document.js';
import { documentSigner } from './document-signer.js';
import { issueSignerCertificate } from './issue-signer-certificate.js';
import { signingAuthority } from './signing-authority.js';

const BOX_KEY = Buffer.alloc(32, 7);
const box = {
  seal: (plaintext: string) => Promise.resolve(encryptSecret(BOX_KEY, plaintext)),
  open: (sealed: string) => Promise.resolve(decryptSecret(BOX_KEY, sealed)),
};

function keysIn(directory: string, provided?: Record<string, string>) {
  return createLocalSigningKeys({ directory, box, ...(provided ? { provided } : {}) });
}

function depsFor(signing: Partial<Config['signing']> = {}, directory = mkdtempSync(path.join(tmpdir(), 'keys-'))) {
  let now = new Date('2026-11-27T10:00:00Z');
  const clock = { now: () => now };
  const store = createSqliteStore({ file: ':memory:', clock });
  const config = {
    signing: {
      keys: { kind: 'local', directory },
      caKeyName: 'signing-ca',
      sealKeyName: 'signing-seal',
      caCertificateFile: undefined,
      caKeyFile: undefined,
      tsaUrl: undefined,
      ...signing,
    },
  } as unknown as Config;
  const deps = { config, store, clock, signingKeys: keysIn(directory) };
  return {
    deps: deps as unknown as Pick<Deps, 'config' | 'store' | 'signingKeys' | 'clock'>,
    directory,
    move: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

describe('local signing keys', () => {
  it('makes a key once, keeps it encrypted at rest, and a second instance on the same directory signs with it', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'keys-'));
    const first = keysIn(directory);
    const [a, b] = await Promise.all([first.publicKey('arbitrator-1'), first.publicKey('arbitrator-1')]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const files = readdirSync(directory);
    expect(files).toEqual(['arbitrator-1.key']);
    const stored = readFileSync(path.join(directory, files[0]!), 'utf8');
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('PRIVATE KEY');

    const second = keysIn(directory);
    const signature = await second.sign('arbitrator-1', new TextEncoder().encode('data'));
    const publicKey = createPublicKey({ key: Buffer.from(a), format: 'der', type: 'spki' });
    expect(verify('sha256', Buffer.from('data'), publicKey, signature)).toBe(true);
    await expect(second.sign('nobody', new Uint8Array([1]))).rejects.toThrow('No signing key nobody.');
  });
});

describe('the signing CA and the certificates it issues', () => {
  it('makes the CA once and issues an arbitrator certificate under it, kept while valid and renewed near its end', async () => {
    const { deps, move } = depsFor();
    const ca = await signingAuthority(deps);
    expect(Buffer.from(await signingAuthority(deps)).equals(Buffer.from(ca))).toBe(true);
    const subject = { commonName: 'OTT Maija Virtanen', email: 'maija@example.fi' };
    const keyName = arbitratorKeyName('u1');
    const first = await issueSignerCertificate(deps, { keyName, subject, userId: 'u1' });
    expect(first.issued).toBe(true);
    expect(first.document.issuerFingerprint).toBe(certificateFingerprint(ca));
    const certificate = parseCertificate(new Uint8Array(Buffer.from(first.document.certificate, 'base64')));
    expect(await certificate.verify(parseCertificate(ca))).toBe(true);
    expect((await issueSignerCertificate(deps, { keyName, subject })).issued).toBe(false);
    // A changed name, or a certificate in its last month, is issued anew.
    expect(
      (
        await issueSignerCertificate(deps, {
          keyName,
          subject: { ...subject, commonName: 'OTT Maija Virtanen-Korhonen' },
        })
      ).issued,
    ).toBe(true);
    move(3 * 365 * 24 * 3600 * 1000 - 10 * 24 * 3600 * 1000);
    expect(
      (
        await issueSignerCertificate(deps, {
          keyName,
          subject: { ...subject, commonName: 'OTT Maija Virtanen-Korhonen' },
        })
      ).issued,
    ).toBe(true);

    const signer = await documentSigner(deps, keyName);
    expect(signer!.signer.certificateChain).toHaveLength(2);
    expect(await documentSigner(deps, arbitratorKeyName('nobody'))).toBeUndefined();
  });

  it('uses an organisation’s own CA when one is configured', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'org-ca-'));
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spki = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
    const pkcs8Pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keys = keysIn(path.join(dir, 'keys'), { 'org-ca': pkcs8Pem });
    const orgCa = await issueCertificate({
      subject: { commonName: 'Välityslautakunta CA', organization: 'Välityslautakunta', country: 'FI' },
      publicKey: spki,
      notBefore: new Date('2026-01-01'),
      notAfter: new Date('2036-01-01'),
      authority: true,
      signWithIssuerKey: (data) => keys.sign('org-ca', data),
    });
    const certFile = path.join(dir, 'ca.pem');
    writeFileSync(certFile, toPem(orgCa));
    const { deps } = depsFor({ caCertificateFile: certFile, caKeyName: 'org-ca' });
    (deps as { signingKeys: typeof keys }).signingKeys = keys;
    expect(Buffer.from(await signingAuthority(deps)).equals(Buffer.from(orgCa))).toBe(true);
    const { document } = await issueSignerCertificate(deps, {
      keyName: 'arbitrator-u2',
      subject: { commonName: 'VT Pekka' },
    });
    const issued = parseCertificate(new Uint8Array(Buffer.from(document.certificate, 'base64')));
    expect(await issued.verify(parseCertificate(orgCa))).toBe(true);
  });
});

describe('Key Vault ECDSA answers', () => {
  it('become DER signatures that verify, whatever the leading bits of r and s', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    for (let i = 0; i < 20; i++) {
      const data = Buffer.from(`data ${i}`);
      const p1363 = sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
      expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'der' }, ecdsaToDer(p1363))).toBe(true);
    }
  });
});

describe('Reauthentication', () => {
  it('is a proof only when made by reauthenticate(), for the same user, within a minute', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const proof = Reauthentication.issue('u1', at, 'password and second factor');
    expect(Reauthentication.isFresh(proof, 'u1', new Date(at.getTime() + 59_000))).toBe(true);
    expect(Reauthentication.isFresh(proof, 'u1', new Date(at.getTime() + 61_000))).toBe(false);
    expect(Reauthentication.isFresh(proof, 'u2', at)).toBe(false);
    expect(Reauthentication.isFresh({ userId: 'u1', at, method: 'password' }, 'u1', at)).toBe(false);
  });
});
