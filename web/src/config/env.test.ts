import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('parseEnv', () => {
  it('uses same origin and no Entra sign-in when nothing is set', () => {
    expect(parseEnv({})).toEqual({ apiBaseUrl: '', entra: undefined });
  });

  it('treats empty settings as unset', () => {
    expect(parseEnv({ VITE_API_BASE_URL: '', VITE_ENTRA_CLIENT_ID: ' ' })).toEqual({
      apiBaseUrl: '',
      entra: undefined,
    });
  });

  it('reads the API host without a trailing slash and defaults the authority', () => {
    const env = parseEnv({
      VITE_API_BASE_URL: 'https://api.example.fi/',
      VITE_ENTRA_CLIENT_ID: '11111111-2222-3333-4444-555555555555',
      VITE_ENTRA_API_SCOPE: 'api://11111111-2222-3333-4444-555555555555/access_as_user',
    });
    expect(env.apiBaseUrl).toBe('https://api.example.fi');
    expect(env.entra).toEqual({
      clientId: '11111111-2222-3333-4444-555555555555',
      authority: 'https://login.microsoftonline.com/organizations',
      apiScope: 'api://11111111-2222-3333-4444-555555555555/access_as_user',
    });
  });

  it('names the bad setting in the error', () => {
    expect(() => parseEnv({ VITE_API_BASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => parseEnv({ VITE_API_BASE_URL: 'not a url' })).toThrow(/VITE_API_BASE_URL/);
    expect(() => parseEnv({ VITE_ENTRA_CLIENT_ID: 'abc' })).toThrow(/VITE_ENTRA_CLIENT_ID/);
    expect(() => parseEnv({ VITE_ENTRA_API_SCOPE: 'access_as_user' })).toThrow(/VITE_ENTRA_API_SCOPE/);
    expect(() => parseEnv({ VITE_ENTRA_AUTHORITY: 'ftp://login.example' })).toThrow(
      'Invalid web configuration: VITE_ENTRA_AUTHORITY must be an http(s) URL',
    );
  });

  it('names every bad setting at once', () => {
    expect(() => parseEnv({ VITE_API_BASE_URL: 'javascript:alert(1)', VITE_ENTRA_CLIENT_ID: 42 })).toThrow(
      'Invalid web configuration: VITE_API_BASE_URL must be an http(s) URL; VITE_ENTRA_CLIENT_ID must be text',
    );
  });
});
