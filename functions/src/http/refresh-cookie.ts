import type { HttpRequest } from '@azure/functions';
import type { Deps } from '../deps.js';
import { ForbiddenError } from '../errors.js';

/**
 * The "Keep me signed in" cookie: the refresh token of a remembered session.
 * httpOnly (no script reads it), SameSite=Strict (no other site's page sends
 * it), Secure when the service is on https, and scoped to the refresh route,
 * so no other request carries it. One cookie of a fixed name: written and read
 * here rather than through a cookie library.
 */
export const REFRESH_COOKIE = 'ratkaisu_refresh';
export const REFRESH_PATH = '/user/refresh-session';

export const CROSS_SITE_REFUSED_MESSAGE = 'This request must come from the Ratkaisu app itself.';

function attributes(deps: Pick<Deps, 'config'>, maxAgeSeconds: number): string {
  const secure = deps.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `Path=${REFRESH_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

/** The Set-Cookie value that stores a refresh token for `maxAgeSeconds`. */
export function refreshCookie(deps: Pick<Deps, 'config'>, refreshToken: string, maxAgeSeconds: number): string {
  return `${REFRESH_COOKIE}=${refreshToken}; ${attributes(deps, maxAgeSeconds)}`;
}

/** The Set-Cookie value that removes the cookie (sign-out, a refused refresh). */
export function clearedRefreshCookie(deps: Pick<Deps, 'config'>): string {
  return `${REFRESH_COOKIE}=; ${attributes(deps, 0)}`;
}

/** The refresh token the request's Cookie header carries, if any. */
export function readRefreshCookie(request: HttpRequest): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === REFRESH_COOKIE) {
      const value = part.slice(index + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

/**
 * Cross-site request forgery on the refresh route: SameSite=Strict already
 * keeps other sites' pages from sending the cookie; on top, the request must
 * carry the app's own `X-Requested-With` header (which no plain form or link
 * can, and which a cross-origin script cannot send without a CORS preflight we
 * do not grant), and an Origin, when the browser sends one, must be this site.
 */
export function assertSameSiteRequest(deps: Pick<Deps, 'config'>, request: HttpRequest): void {
  if (request.headers.get('x-requested-with') !== 'XMLHttpRequest')
    throw new ForbiddenError(CROSS_SITE_REFUSED_MESSAGE);
  const origin = request.headers.get('origin');
  if (origin === null) return;
  const allowed = new Set([new URL(deps.config.publicUrl).origin, ...deps.config.corsOrigins]);
  const host = request.headers.get('host');
  if (!allowed.has(origin) && !(host !== null && hostOf(origin) === host))
    throw new ForbiddenError(CROSS_SITE_REFUSED_MESSAGE);
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
