import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/**
 * A Microsoft Entra ID stand-in on loopback for tests that need work-account tokens: the JWKS it serves, the
 * host settings that point at it, and `mint` for an access token of this API (as entra.test.ts mints them).
 */
export async function startFakeEntra(): Promise<{
  env: Record<string, string>;
  mint: (claims: { tid: string; oid: string; iat?: number }) => Promise<string>;
  close: () => Promise<void>;
}> {
  const apiId = randomUUID();
  const kid = 'fake-entra-1';
  const pair = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(pair.publicKey)), kid, use: 'sig', alg: 'RS256' };
  const server = createServer((request, response) => {
    if (request.url !== '/keys') return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const key: CryptoKey = pair.privateKey;
  return {
    env: {
      ENTRA_CLIENT_ID: apiId,
      ENTRA_API_SCOPE: `api://${apiId}/access_as_user`,
      ENTRA_API_AUDIENCE: apiId,
      ENTRA_JWKS_URL: `http://127.0.0.1:${port}/keys`,
    },
    mint: ({ tid, oid, iat }) => {
      const issuedAt = iat ?? Math.floor(Date.now() / 1000);
      return new SignJWT({
        aud: apiId,
        iss: `https://login.microsoftonline.com/${tid}/v2.0`,
        iat: issuedAt,
        nbf: issuedAt,
        exp: issuedAt + 3600,
        tid,
        oid,
        scp: 'openid access_as_user',
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
        .sign(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
