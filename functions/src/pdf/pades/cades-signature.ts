import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { parseCertificate, signatureAlgorithmFor, type SignBytes } from './certificates.js';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
};

/** RFC 3161: asks a time-stamping authority for a token over a digest (PAdES-B-T's signature time-stamp). */
export interface TimestampAuthority {
  timestamp(sha256: Uint8Array): Promise<Uint8Array>;
}

export interface CadesSigner {
  /** DER certificates: the signer's first, then its issuers. */
  certificateChain: Uint8Array[];
  sign: SignBytes;
}

/**
 * A CMS SignedData in the form PAdES baseline signatures use (ETSI EN 319 142-1 § 6.3, ETSI.CAdES.detached):
 * detached (no encapsulated content), SHA-256, signed attributes content-type, message-digest and ESS
 * signing-certificate-v2 (which binds the certificate to the signature) — and no signing-time attribute: a
 * PAdES signature's claimed time is the signature dictionary's /M, and its proven time a signature
 * time-stamp, which this adds as an unsigned attribute when a timestamp authority is given (PAdES-B-T).
 */
export async function createCadesSignature(
  documentDigest: Uint8Array,
  signer: CadesSigner,
  timestampAuthority?: TimestampAuthority,
): Promise<Uint8Array> {
  const [signerCertificateDer] = signer.certificateChain;
  if (!signerCertificateDer) throw new Error('A signer needs its certificate.');
  const certificates = signer.certificateChain.map(parseCertificate);
  const signerCertificate = certificates[0]!;

  const signedAttributes = [
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
    new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: documentDigest })] }),
    signingCertificateV2(signerCertificateDer, signerCertificate),
  ];
  const attributesSet = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: signedAttributes });
  // The signature covers the attributes DER-encoded as a SET OF (tag 0x31), not with the [0] tag they carry.
  const toBeSigned = new Uint8Array(attributesSet.toSchema().toBER(false));
  toBeSigned[0] = 0x31;
  const signatureValue = await signer.sign(toBeSigned);

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: signerCertificate.issuer,
      serialNumber: signerCertificate.serialNumber,
    }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs: attributesSet,
    signatureAlgorithm: signatureAlgorithmFor(signerCertificate.subjectPublicKeyInfo),
    signature: new asn1js.OctetString({ valueHex: signatureValue }),
  });
  if (timestampAuthority) {
    const token = await timestampAuthority.timestamp(createHash('sha256').update(signatureValue).digest());
    const parsed = asn1js.fromBER(token);
    if (parsed.offset === -1) throw new Error('The timestamp authority answered with something that is not a token.');
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [parsed.result] })],
    });
  }
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    certificates,
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

/** What a CMS signature says about itself: for tests and for the audit's reading of a signed PDF. */
export function describeCadesSignature(der: Uint8Array): {
  signedAttributes: string[];
  unsignedAttributes: string[];
  signerCommonName: string;
} {
  const contentInfo = pkijs.ContentInfo.fromBER(der.slice());
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const signerInfo = signedData.signerInfos[0]!;
  const signer = (signedData.certificates ?? []).find(
    (certificate): certificate is pkijs.Certificate =>
      certificate instanceof pkijs.Certificate &&
      certificate.serialNumber.isEqual((signerInfo.sid as pkijs.IssuerAndSerialNumber).serialNumber),
  );
  const commonName = signer?.subject.typesAndValues.find((entry) => entry.type === '2.5.4.3');
  return {
    signedAttributes: (signerInfo.signedAttrs?.attributes ?? []).map((attribute) => attribute.type),
    unsignedAttributes: (signerInfo.unsignedAttrs?.attributes ?? []).map((attribute) => attribute.type),
    signerCommonName: commonName ? String(commonName.value.valueBlock.value) : '',
  };
}

export const CADES_ATTRIBUTES = OID;

/**
 * ESS signing-certificate-v2 (RFC 5035): the SHA-256 of the signer's certificate and its issuer and serial.
 * SHA-256 is the default hash algorithm, so DER leaves the algorithm out.
 */
function signingCertificateV2(certificateDer: Uint8Array, certificate: pkijs.Certificate): pkijs.Attribute {
  const certificateHash = createHash('sha256').update(certificateDer).digest();
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })] }),
    serialNumber: certificate.serialNumber,
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: certificateHash }), issuerSerial.toSchema()],
  });
  return new pkijs.Attribute({
    type: OID.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
  });
}
