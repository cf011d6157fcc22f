/**
 * The Content-Security-Policy of the deployed SPA names the API by its
 * origin, which exists only once infra/ is provisioned; the file in
 * web/public names only the SPA's own origin and the Entra sign-in host.
 * This adds the API origin to connect-src, and a sign-in host other than the
 * default one (a custom ENTRA authority) to connect-src and frame-src.
 */

const LOGIN_HOST = 'https://login.microsoftonline.com';

/**
 * @param {string} csp
 * @param {{ apiOrigin: string; authority?: string }} origins
 * @returns {string}
 */
export function extendCsp(csp, origins) {
  const api = originOf(origins.apiOrigin, 'VITE_API_BASE_URL');
  const login = origins.authority ? originOf(origins.authority, 'VITE_ENTRA_AUTHORITY') : LOGIN_HOST;
  const directives = csp
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.split(/\s+/));
  const add = (name, source) => {
    const directive = directives.find(([directiveName]) => directiveName === name);
    if (!directive) throw new Error(`The CSP has no ${name} directive.`);
    if (!directive.includes(source)) directive.push(source);
  };
  add('connect-src', api);
  add('connect-src', login);
  add('frame-src', login);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * @param {{ globalHeaders?: Record<string, string> }} config the parsed staticwebapp.config.json
 * @param {{ apiOrigin: string; authority?: string }} origins
 */
export function withApiOrigin(config, origins) {
  const headers = config.globalHeaders ?? {};
  const csp = headers['Content-Security-Policy'];
  if (!csp) throw new Error('staticwebapp.config.json has no Content-Security-Policy header.');
  return { ...config, globalHeaders: { ...headers, 'Content-Security-Policy': extendCsp(csp, origins) } };
}

/** @param {string} value @param {string} name */
function originOf(value, name) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute https URL, not "${value}".`);
  }
  if (url.protocol !== 'https:') throw new Error(`${name} must be an https URL, not "${value}".`);
  return url.origin;
}
