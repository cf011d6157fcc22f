import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdownPdf } from '../render-markdown-pdf.js';
import { CADES_ATTRIBUTES, createCadesSignature, describeCadesSignature } from './cades-signature.js';
import { certificateFingerprint, issueCertificate, parseCertificate } from './certificates.js';
import { httpTimestampAuthority } from './http-timestamp-authority.js';
import { generateSigningKeyPair, keySigner, type KeyPair } from './signing-key-pairs.js';
import { signPdf } from './sign-pdf.js';

const hasPdfsig = (() => {
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const LINE = '_'.repeat(36);
const YEAR = 365 * 24 * 3600 * 1000;

interface Identity {
  keys: KeyPair;
  certificate: Uint8Array;
}

let root: Identity;
let anna: Identity;
let matti: Identity;

async function identity(commonName: string, issuer?: Identity): Promise<Identity> {
  const keys = await generateSigningKeyPair();
  const certificate = await issueCertificate({
    subject: { commonName, organization: 'Ratkaisu test', country: 'FI' },
    publicKey: keys.publicKey,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + YEAR),
    authority: !issuer,
    ...(issuer ? { issuer: issuer.certificate } : {}),
    signWithIssuerKey: keySigner((issuer ?? { keys }).keys.privateKey),
  });
  return { keys, certificate };
}

const signerOf = (who: Identity) => ({
  certificateChain: [who.certificate, root.certificate],
  sign: keySigner(who.keys.privateKey),
});

async function awardWithTwoLines(): Promise<Uint8Array> {
  const markdown = [
    '# VÄLITYSTUOMIO',
    'Helsingissä 27. marraskuuta 2026',
    ['\u00a0', '\u00a0', '\u00a0', '\\_'.repeat(36), 'Anna Virtanen', 'OTT, puheenjohtaja'].join('  \n'),
    ['\u00a0', '\u00a0', '\u00a0', '\\_'.repeat(36), 'Matti Meikäläinen', 'VT, jäsen'].join('  \n'),
  ].join('\n\n');
  return renderMarkdownPdf(markdown, {
    title: 'Award',
    footerText: 'T-1',
    signatureFields: { anchor: LINE, names: ['Signature_anna', 'Signature_matti'], height: 44 },
  });
}

function pdfsig(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pades-'));
  const file = path.join(dir, 'signed.pdf');
  writeFileSync(file, bytes);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

beforeAll(async () => {
  root = await identity('Ratkaisu Test Signing CA');
  anna = await identity('Anna Virtanen', root);
  matti = await identity('Matti Meikäläinen', root);
});

describe('issueCertificate', () => {
  it('issues a signer certificate under the CA, for signatures that commit the signer', () => {
    const certificate = parseCertificate(anna.certificate);
    expect(certificate.issuer.isEqual(parseCertificate(root.certificate).subject)).toBe(true);
    const keyUsage = certificate.extensions!.find((extension) => extension.extnID === '2.5.29.15')!;
    expect(keyUsage.critical).toBe(true);
    const basic = certificate.extensions!.find((extension) => extension.extnID === '2.5.29.19')!;
    expect((basic.parsedValue as pkijs.BasicConstraints).cA).toBe(false);
    expect(certificateFingerprint(anna.certificate)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('issues a certificate whose signature the CA key verifies', async () => {
    const certificate = parseCertificate(anna.certificate);
    expect(await certificate.verify(parseCertificate(root.certificate))).toBe(true);
  });
});

describe('createCadesSignature', () => {
  it('writes content-type, message-digest and signing-certificate-v2 and no signing-time', async () => {
    const digest = createHash('sha256').update('document').digest();
    const described = describeCadesSignature(await createCadesSignature(digest, signerOf(anna)));
    expect(described.signedAttributes).toEqual([
      CADES_ATTRIBUTES.contentType,
      CADES_ATTRIBUTES.messageDigest,
      CADES_ATTRIBUTES.signingCertificateV2,
    ]);
    expect(described.signedAttributes).not.toContain(CADES_ATTRIBUTES.signingTime);
    expect(described.unsignedAttributes).toEqual([]);
    expect(described.signerCommonName).toBe('Anna Virtanen');
  });
});

describe.skipIf(!hasPdfsig)('signPdf (checked with poppler’s pdfsig)', () => {
  it('signs twice by incremental update: both valid, the second covering the whole file', async () => {
    const unsigned = await awardWithTwoLines();
    const first = await signPdf(unsigned, {
      signer: signerOf(anna),
      signingTime: new Date('2026-11-27T10:00:00Z'),
      name: 'Anna Virtanen',
      reason: 'Award',
      visible: {
        fieldName: 'Signature_anna',
        lines: ['Allekirjoitettu sähköisesti', 'Anna Virtanen', 'OTT, puheenjohtaja', '27.11.2026 klo 12.00'],
      },
    });
    expect(Buffer.from(first.pdf.subarray(0, unsigned.length)).equals(Buffer.from(unsigned))).toBe(true);
    const second = await signPdf(first.pdf, {
      signer: signerOf(matti),
      signingTime: new Date('2026-11-27T10:05:00Z'),
      name: 'Matti Meikäläinen',
      reason: 'Award',
      visible: { fieldName: 'Signature_matti', lines: ['Allekirjoitettu sähköisesti', 'Matti Meikäläinen'] },
    });
    expect(Buffer.from(second.pdf.subarray(0, first.pdf.length)).equals(Buffer.from(first.pdf))).toBe(true);
    expect(second.sha256).toBe(createHash('sha256').update(second.pdf).digest('hex'));

    const report = pdfsig(second.pdf);
    const signatures = report.split(/^Signature #\d+:$/m).slice(1);
    expect(signatures).toHaveLength(2);
    for (const signature of signatures) {
      expect(signature).toContain('Signature Validation: Signature is Valid.');
      expect(signature).toContain('Signature Type: ETSI.CAdES.detached');
    }
    expect(signatures[0]).toContain('Signer Certificate Common Name: Anna Virtanen');
    expect(signatures[0]).toContain('Signer full Distinguished Name: CN=Anna Virtanen,O=Ratkaisu test,C=FI');
    expect(signatures[0]).not.toContain('Total document signed');
    expect(signatures[1]).toContain('Signer Certificate Common Name: Matti Meikäläinen');
    expect(signatures[1]).toContain('Total document signed');
  });

  it('refuses to sign a field that is already signed, and a field that does not exist', async () => {
    const once = await signPdf(await awardWithTwoLines(), {
      signer: signerOf(anna),
      signingTime: new Date(),
      name: 'Anna Virtanen',
      reason: 'Award',
      visible: { fieldName: 'Signature_anna', lines: ['Anna Virtanen'] },
    });
    const again = { signer: signerOf(anna), signingTime: new Date(), name: 'Anna', reason: 'Award' };
    await expect(signPdf(once.pdf, { ...again, visible: { fieldName: 'Signature_anna', lines: [] } })).rejects.toThrow(
      /already signed/,
    );
    await expect(signPdf(once.pdf, { ...again, visible: { fieldName: 'Signature_x', lines: [] } })).rejects.toThrow(
      /no signature field/,
    );
  });

  it('seals a PDF with no fields invisibly, and a tampered byte breaks the seal', async () => {
    const plain = await renderMarkdownPdf('# Ratkaisuehdotus\n\nTeksti.', { title: 'AI', footerText: 'T-2' });
    const sealed = await signPdf(plain, {
      signer: signerOf(anna),
      signingTime: new Date(),
      name: 'Ratkaisu',
      reason: 'Sealed',
    });
    expect(pdfsig(sealed.pdf)).toContain('Signature Validation: Signature is Valid.');
    const tampered = new Uint8Array(sealed.pdf);
    tampered[200] = tampered[200]! ^ 0x01; // a byte inside the first page's objects, covered by the seal
    expect(pdfsig(tampered)).not.toContain('Signature Validation: Signature is Valid.');
  });
});

describe('PAdES-B-T through an RFC 3161 authority over HTTP', () => {
  let server: Server;
  let url: string;
  let tsa: Identity;
  const seen: string[] = [];
  let lie = false;

  beforeAll(async () => {
    tsa = await identity('Test TSA', root);
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push(String(request.headers['content-type']));
        void answer(new Uint8Array(Buffer.concat(chunks))).then((body) => {
          response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
          response.end(Buffer.from(body));
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsr`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A minimal TSA: a TSTInfo over the request's imprint and nonce, in a SignedData signed by the TSA key. */
  async function answer(body: Uint8Array): Promise<Uint8Array> {
    const request = pkijs.TimeStampReq.fromBER(body);
    const info = new pkijs.TSTInfo({
      version: 1,
      policy: '1.3.6.1.4.1.99999.1',
      messageImprint: lie
        ? new pkijs.MessageImprint({
            hashAlgorithm: request.messageImprint.hashAlgorithm,
            hashedMessage: new asn1js.OctetString({ valueHex: createHash('sha256').update('other').digest() }),
          })
        : request.messageImprint,
      serialNumber: new asn1js.Integer({ value: 7 }),
      genTime: new Date(),
      ...(request.nonce ? { nonce: request.nonce } : {}),
    });
    const content = new Uint8Array(info.toSchema().toBER(false));
    const digest = createHash('sha256').update(content).digest();
    const cms = pkijs.ContentInfo.fromBER(
      await createCadesSignature(digest, { certificateChain: [tsa.certificate], sign: keySigner(tsa.keys.privateKey) }),
    );
    const signedData = new pkijs.SignedData({ schema: cms.content });
    signedData.encapContentInfo = new pkijs.EncapsulatedContentInfo({
      eContentType: '1.2.840.113549.1.9.16.1.4',
      eContent: new asn1js.OctetString({ valueHex: content }),
    });
    const token = new pkijs.ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: signedData.toSchema(true) });
    const reply = new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 0 }), timeStampToken: token });
    return new Uint8Array(reply.toSchema().toBER(false));
  }

  it('adds the signature time-stamp as an unsigned attribute, and pdfsig still finds the signature valid', async () => {
    const signed = await signPdf(await awardWithTwoLines(), {
      signer: signerOf(anna),
      signingTime: new Date(),
      name: 'Anna Virtanen',
      reason: 'Award',
      visible: { fieldName: 'Signature_anna', lines: ['Anna Virtanen'] },
      timestampAuthority: httpTimestampAuthority(url),
    });
    expect(seen).toEqual(['application/timestamp-query']);
    const text = Buffer.from(signed.pdf).toString('latin1');
    const hex = /\/Contents\s*<([0-9a-f]+)>/i.exec(text.slice(text.lastIndexOf('/ByteRange')))![1]!;
    const described = describeCadesSignature(new Uint8Array(Buffer.from(hex, 'hex')));
    expect(described.unsignedAttributes).toEqual([CADES_ATTRIBUTES.signatureTimeStampToken]);
    if (hasPdfsig) expect(pdfsig(signed.pdf)).toContain('Signature Validation: Signature is Valid.');
  });

  it('refuses a token that is not for the digest it asked about', async () => {
    lie = true;
    try {
      await expect(httpTimestampAuthority(url).timestamp(createHash('sha256').update('x').digest())).rejects.toThrow(
        'The timestamp token is not for this signature.',
      );
    } finally {
      lie = false;
    }
  });
});
