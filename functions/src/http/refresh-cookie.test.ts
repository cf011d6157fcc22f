import type { HttpRequest } from '@azure/functions';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../deps.js';
import { ForbiddenError } from '../errors.js';
import { assertSameSiteRequest, clearedRefreshCookie, readRefreshCookie, refreshCookie } from './refresh-cookie.js';

function request(headers: Record<string, string>): HttpRequest {
  return { headers: new Headers(headers) } as unknown as HttpRequest;
}

function deps(publicUrl: string, corsOrigins: string[] = []): Pick<Deps, 'config'> {
  return { config: { publicUrl, corsOrigins } } as unknown as Pick<Deps, 'config'>;
}

describe('the refresh cookie', () => {
  it('is httpOnly, SameSite=Strict, scoped to the refresh route, and Secure only on https', () => {
    expect(refreshCookie(deps('http://localhost:7071'), 'id.secret', 60)).toBe(
      'ratkaisu_refresh=id.secret; Path=/user/refresh-session; Max-Age=60; HttpOnly; SameSite=Strict',
    );
    expect(refreshCookie(deps('https://ratkaisu.fi'), 'id.secret', 60)).toMatch(/; Secure$/);
    expect(clearedRefreshCookie(deps('https://ratkaisu.fi'))).toMatch(/^ratkaisu_refresh=; .*Max-Age=0;/);
  });

  it('is read from among other cookies, and absent when empty or missing', () => {
    expect(readRefreshCookie(request({ cookie: 'a=1; ratkaisu_refresh=abc.def; b=2' }))).toBe('abc.def');
    expect(readRefreshCookie(request({ cookie: 'ratkaisu_refresh=' }))).toBeUndefined();
    expect(readRefreshCookie(request({ cookie: 'xratkaisu_refresh=abc' }))).toBeUndefined();
    expect(readRefreshCookie(request({}))).toBeUndefined();
  });
});

describe('assertSameSiteRequest', () => {
  const app = { 'x-requested-with': 'XMLHttpRequest' };
  const site = deps('https://ratkaisu.fi', ['http://localhost:5173']);

  it('takes the app’s own requests: this site, its own host, or an allowed origin', () => {
    expect(() => assertSameSiteRequest(site, request({ ...app, origin: 'https://ratkaisu.fi' }))).not.toThrow();
    expect(() => assertSameSiteRequest(site, request({ ...app, origin: 'http://localhost:5173' }))).not.toThrow();
    expect(() =>
      assertSameSiteRequest(site, request({ ...app, origin: 'http://127.0.0.1:7204', host: '127.0.0.1:7204' })),
    ).not.toThrow();
    expect(() => assertSameSiteRequest(site, request(app))).not.toThrow();
  });

  it('refuses a request without the app header or from another origin', () => {
    expect(() => assertSameSiteRequest(site, request({ origin: 'https://ratkaisu.fi' }))).toThrow(ForbiddenError);
    expect(() => assertSameSiteRequest(site, request({ ...app, origin: 'https://evil.example' }))).toThrow(
      ForbiddenError,
    );
    expect(() =>
      assertSameSiteRequest(site, request({ ...app, origin: 'https://evil.example', host: 'ratkaisu.fi' })),
    ).toThrow(ForbiddenError);
    expect(() => assertSameSiteRequest(site, request({ ...app, origin: 'null' }))).toThrow(ForbiddenError);
  });
});
