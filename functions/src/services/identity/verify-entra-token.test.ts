import { describe, expect, it } from 'vitest';
import { defaultEntraAudience, loadConfig } from '../../config.js';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import { verifyEntraToken } from './verify-entra-token.js';

const API_ID = '11111111-2222-4333-8444-555555555555';
const SPA_ID = '99999999-8888-4777-8666-555555555555';

describe('work-account settings', () => {
  it('are absent without ENTRA_CLIENT_ID', () => {
    expect(loadConfig({ ENTRA_API_SCOPE: `api://${API_ID}/access_as_user` }).entra).toBeUndefined();
  });

  it("take the audience from an api://<application id>/ scope, and the keys from Microsoft's common JWKS", () => {
    const entra = loadConfig({ ENTRA_CLIENT_ID: SPA_ID, ENTRA_API_SCOPE: `api://${API_ID}/access_as_user` }).entra;
    expect(entra?.audience).toBe(API_ID);
    expect(entra?.jwksUrl).toBe('https://login.microsoftonline.com/common/discovery/v2.0/keys');
  });

  it('fall back to the client id when the scope names no application id', () => {
    expect(defaultEntraAudience(SPA_ID, undefined)).toBe(SPA_ID);
    expect(defaultEntraAudience(SPA_ID, 'api://ratkaisu.example/access_as_user')).toBe(SPA_ID);
    expect(defaultEntraAudience(SPA_ID, `api://${API_ID.toUpperCase()}/access_as_user`)).toBe(API_ID);
  });

  it('let ENTRA_API_AUDIENCE and ENTRA_JWKS_URL override the defaults', () => {
    const entra = loadConfig({
      ENTRA_CLIENT_ID: SPA_ID,
      ENTRA_API_SCOPE: `api://${API_ID}/access_as_user`,
      ENTRA_API_AUDIENCE: 'api://ratkaisu.example',
      ENTRA_JWKS_URL: 'http://127.0.0.1:4000/keys',
    }).entra;
    expect(entra?.audience).toBe('api://ratkaisu.example');
    expect(entra?.jwksUrl).toBe('http://127.0.0.1:4000/keys');
  });

  it('refuse a JWKS address that is not a URL', () => {
    expect(() => loadConfig({ ENTRA_CLIENT_ID: SPA_ID, ENTRA_JWKS_URL: 'keys.json' })).toThrow(/ENTRA_JWKS_URL/);
  });
});

describe('verifyEntraToken', () => {
  it('refuses every token when work-account sign-in is not configured', async () => {
    const deps = { config: loadConfig({}), clock: { now: () => new Date() } } as unknown as Deps;
    const attempt = verifyEntraToken(deps, 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln');
    await expect(attempt).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(attempt).rejects.toThrow('Work-account sign-in is not configured.');
  });
});
