import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { TimestampAuthority } from './cades-signature.js';

const SHA256 = '2.16.840.1.101.3.4.2.1';
const TST_INFO = '1.2.840.113549.1.9.16.1.4';

/**
 * An RFC 3161 time-stamping authority reached over HTTP (SIGNING_TSA_URL): posts a TimeStampReq for the
 * SHA-256 digest with a fresh nonce and asks for the TSA's certificate in the token; accepts the answer only
 * when it is granted and its TSTInfo carries the same digest and nonce.
 */
export function httpTimestampAuthority(url: string, options: { timeoutMs?: number } = {}): TimestampAuthority {
  return {
    async timestamp(sha256) {
      const nonce = randomBytes(8);
      nonce[0]! &= 0x7f;
      const request = new pkijs.TimeStampReq({
        version: 1,
        messageImprint: new pkijs.MessageImprint({
          hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
          hashedMessage: new asn1js.OctetString({ valueHex: sha256 }),
        }),
        nonce: new asn1js.Integer({ valueHex: nonce }),
        certReq: true,
      });
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
        body: Buffer.from(request.toSchema().toBER(false)),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (!response.ok) throw new Error(`The timestamp authority answered HTTP ${response.status}.`);
      const reply = pkijs.TimeStampResp.fromBER(new Uint8Array(await response.arrayBuffer()));
      const status = reply.status.status;
      if ((status !== 0 && status !== 1) || !reply.timeStampToken) {
        throw new Error(`The timestamp authority refused the request (status ${status}).`);
      }
      const signedData = new pkijs.SignedData({ schema: reply.timeStampToken.content });
      if (signedData.encapContentInfo.eContentType !== TST_INFO || !signedData.encapContentInfo.eContent) {
        throw new Error('The timestamp token carries no TSTInfo.');
      }
      const info = pkijs.TSTInfo.fromBER(signedData.encapContentInfo.eContent.getValue());
      const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
      if (!imprint.equals(Buffer.from(sha256)) || !info.nonce?.isEqual(request.nonce!)) {
        throw new Error('The timestamp token is not for this signature.');
      }
      return new Uint8Array(reply.timeStampToken.toSchema().toBER(false));
    },
  };
}
