import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const OID_EC_PUBLIC_KEY = '1.2.840.10045.2.1';
const OID_ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const OID_SHA256_WITH_RSA = '1.2.840.113549.1.1.11';

/**
 * The signature algorithm of a key, from its SubjectPublicKeyInfo: ecdsa-with-SHA256 for an EC key (no
 * parameters), sha256WithRSAEncryption (NULL parameters) for RSA. Every signature here is over SHA-256.
 */
export function signatureAlgorithmFor(publicKey: pkijs.PublicKeyInfo): pkijs.AlgorithmIdentifier {
  return publicKey.algorithm.algorithmId === OID_EC_PUBLIC_KEY
    ? new pkijs.AlgorithmIdentifier({ algorithmId: OID_ECDSA_WITH_SHA256 })
    : new pkijs.AlgorithmIdentifier({ algorithmId: OID_SHA256_WITH_RSA, algorithmParams: new asn1js.Null() });
}

/** Signs bytes with the issuer's private key (SHA-256; ECDSA DER-encoded, or RSA PKCS #1 v1.5); local or in Key Vault. */
export type SignBytes = (data: Uint8Array) => Promise<Uint8Array>;

export interface CertificateSubject {
  commonName: string;
  organization?: string;
  country?: string;
  email?: string;
}

export interface CertificateRequest {
  subject: CertificateSubject;
  /** DER SubjectPublicKeyInfo of the key being certified. */
  publicKey: Uint8Array;
  notBefore: Date;
  notAfter: Date;
  /** A certificate authority's own certificate (keyCertSign), or a signer's (digitalSignature + nonRepudiation). */
  authority: boolean;
  /** The issuer's certificate (DER); omitted for a self-signed root. */
  issuer?: Uint8Array;
  signWithIssuerKey: SignBytes;
}

/**
 * Issues an X.509 v3 certificate (RFC 5280): a root CA's, or an end entity's for signing documents — key usage
 * digitalSignature and nonRepudiation (contentCommitment), as ETSI EN 319 412-2 asks of a certificate for
 * signatures that commit the signer. Serial numbers are 128 random bits.
 */
export async function issueCertificate(request: CertificateRequest): Promise<Uint8Array> {
  const issuer = request.issuer ? parseCertificate(request.issuer) : undefined;
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = randomBytes(16);
  serial[0]! &= 0x7f; // positive
  serial[0]! |= 0x01; // and never shortened by a leading zero
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial });
  certificate.subject = distinguishedName(request.subject);
  certificate.issuer = issuer ? issuer.subject : distinguishedName(request.subject);
  certificate.notBefore.value = request.notBefore;
  certificate.notAfter.value = request.notAfter;
  certificate.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(request.publicKey.slice());

  const subjectKeyId = keyIdentifier(certificate.subjectPublicKeyInfo);
  const authorityKeyId = issuer ? keyIdentifier(issuer.subjectPublicKeyInfo) : subjectKeyId;
  certificate.extensions = [
    extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: request.authority }).toSchema()),
    extension(
      '2.5.29.15',
      true,
      // KeyUsage bits: keyCertSign (5) + cRLSign (6) for a CA; digitalSignature (0) + nonRepudiation (1) for a signer.
      request.authority
        ? new asn1js.BitString({ valueHex: new Uint8Array([0x06]).buffer, unusedBits: 1 })
        : new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 }),
    ),
    extension('2.5.29.14', false, new asn1js.OctetString({ valueHex: subjectKeyId })),
    extension(
      '2.5.29.35',
      false,
      new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: authorityKeyId }),
      }).toSchema(),
    ),
  ];
  if (!request.authority) {
    // Extended key usage: document signing (1.3.6.1.4.1.311.10.3.12) and e-mail protection, which readers accept.
    certificate.extensions.push(
      extension(
        '2.5.29.37',
        false,
        new pkijs.ExtKeyUsage({ keyPurposes: ['1.3.6.1.4.1.311.10.3.12', '1.3.6.1.5.5.7.3.4'] }).toSchema(),
      ),
    );
  }
  const issuerKey = issuer ? issuer.subjectPublicKeyInfo : certificate.subjectPublicKeyInfo;
  certificate.signature = signatureAlgorithmFor(issuerKey);
  certificate.signatureAlgorithm = signatureAlgorithmFor(issuerKey);
  const tbs = new Uint8Array(certificate.encodeTBS().toBER(false));
  certificate.tbsView = tbs;
  certificate.signatureValue = new asn1js.BitString({ valueHex: await request.signWithIssuerKey(tbs) });
  return new Uint8Array(certificate.toSchema(false).toBER(false));
}

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(der.slice());
}

/** SHA-256 of the DER certificate, hex: the fingerprint the audit chain records. */
export function certificateFingerprint(der: Uint8Array): string {
  return createHash('sha256').update(der).digest('hex');
}

/** The subject's common name, as a reader shows the signer. */
export function certificateCommonName(der: Uint8Array): string {
  const entry = parseCertificate(der).subject.typesAndValues.find((item) => item.type === '2.5.4.3');
  return entry ? String(entry.value.valueBlock.value) : '';
}

export function certificateValidity(der: Uint8Array): { notBefore: Date; notAfter: Date } {
  const certificate = parseCertificate(der);
  return { notBefore: certificate.notBefore.value, notAfter: certificate.notAfter.value };
}

export function toPem(der: Uint8Array, label = 'CERTIFICATE'): string {
  const base64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${base64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;
}

export function fromPem(pem: string): Uint8Array {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  return new Uint8Array(Buffer.from(body, 'base64'));
}

/** A distinguished name with one attribute per RDN (C, O, CN, E), as readers print them: "C=FI, O=…, CN=…". */
function distinguishedName(subject: CertificateSubject): pkijs.RelativeDistinguishedNames {
  const entries: [string, asn1js.BaseStringBlock][] = [];
  if (subject.country) entries.push(['2.5.4.6', new asn1js.PrintableString({ value: subject.country })]);
  if (subject.organization) entries.push(['2.5.4.10', new asn1js.Utf8String({ value: subject.organization })]);
  entries.push(['2.5.4.3', new asn1js.Utf8String({ value: subject.commonName })]);
  if (subject.email) entries.push(['1.2.840.113549.1.9.1', new asn1js.IA5String({ value: subject.email })]);
  // pkijs would put every attribute into one multi-valued RDN; the DER is written here, one SET per attribute.
  const der = new asn1js.Sequence({
    value: entries.map(
      ([type, value]) => new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] }),
    ),
  }).toBER(false);
  return pkijs.RelativeDistinguishedNames.fromBER(der);
}

function extension(extnID: string, critical: boolean, value: asn1js.AsnType): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}

/** RFC 5280 § 4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits. */
function keyIdentifier(key: pkijs.PublicKeyInfo): ArrayBuffer {
  const digest = createHash('sha1').update(key.subjectPublicKey.valueBlock.valueHexView).digest();
  return digest.buffer.slice(digest.byteOffset, digest.byteOffset + digest.byteLength) as ArrayBuffer;
}
