/**
 * Where a sign-in may send the browser afterwards: a path on this site only.
 *
 * A mail link to a protected page that is opened signed out goes to the
 * sign-in screen with `?returnTo=<path>`; after sign-in (or sign-up and
 * confirmation) the user lands there. Anything that could leave the site —
 * an absolute URL, a protocol-relative `//host`, a backslash that browsers
 * read as a slash, a control character, a `javascript:` scheme — is refused,
 * so the parameter cannot be used as an open redirect. The sign-in screens
 * themselves are refused too, so a return never loops.
 */
export const RETURN_TO_PARAM = 'returnTo';

const MAX_RETURN_PATH_LENGTH = 2048;
const NEVER_RETURN_TO = ['/login', '/logout', '/checkauth', '/access-denied.html'];

/** The path itself when it is a safe same-site return target, else undefined. */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return undefined;
  // One leading slash, then not a second slash or backslash (`//evil`, `/\evil` leave the site).
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Backslashes and control or whitespace characters are read leniently by browsers; no real path needs them.
  if (
    value.includes('\\') ||
    [...value].some((char) => /\s/.test(char) || char.charCodeAt(0) < 0x20 || char === '\u007f')
  ) {
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(value, 'https://ratkaisu.invalid');
  } catch {
    return undefined;
  }
  if (parsed.origin !== 'https://ratkaisu.invalid') return undefined;
  const path = parsed.pathname.toLowerCase();
  if (NEVER_RETURN_TO.some((page) => path === page || path.startsWith(`${page}/`))) return undefined;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** `/login`, with the return target when there is a safe one. */
export function signInPathFor(returnTo: unknown): string {
  const safe = safeReturnPath(returnTo);
  return safe && safe !== '/' ? `/login?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : '/login';
}
