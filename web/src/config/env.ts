// Hand-written, not zod: getEnv() is read synchronously before the first render (the API host, the Microsoft
// button), so a schema library here would put its core on every first load for four settings.

/** An unset setting and an empty one (`VITE_X=` in a .env file) mean the same: not configured. */
function setting(raw: Record<string, unknown>, name: string, problems: string[]): string | undefined {
  const value = raw[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    problems.push(`${name} must be text`);
    return undefined;
  }
  return value.trim() === '' ? undefined : value;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const API_SCOPE = /^(api:\/\/|https:\/\/)\S+\/\S+$/;

/** Checks one optional setting: absent is fine, present must pass `valid`, else `message` names the fault. */
function checked(
  raw: Record<string, unknown>,
  name: string,
  valid: (value: string) => boolean,
  message: string,
  problems: string[],
): string | undefined {
  const value = setting(raw, name, problems);
  if (value === undefined || valid(value)) return value;
  problems.push(`${name} ${message}`);
  return undefined;
}

export interface AppEnv {
  /** Base URL without a trailing slash; '' means same origin. */
  apiBaseUrl: string;
  entra: { clientId: string; authority: string; apiScope: string | undefined } | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the VITE_* settings; a bad one is named in the thrown error. */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const problems: string[] = [];
  /** API host; the SPA's own origin when unset. */
  const apiBaseUrl = checked(raw, 'VITE_API_BASE_URL', isHttpUrl, 'must be an http(s) URL', problems);
  /** Entra ID application (client) id; work-account sign-in is offered only when set. */
  const clientId = checked(
    raw,
    'VITE_ENTRA_CLIENT_ID',
    (value) => GUID.test(value),
    'must be a GUID (the application client id)',
    problems,
  );
  const authority = checked(raw, 'VITE_ENTRA_AUTHORITY', isHttpUrl, 'must be an http(s) URL', problems);
  /** The API's delegated scope, e.g. api://<app id>/access_as_user. */
  const apiScope = checked(
    raw,
    'VITE_ENTRA_API_SCOPE',
    (value) => API_SCOPE.test(value),
    'must look like api://<app id>/access_as_user',
    problems,
  );
  if (problems.length > 0) throw new ConfigError(`Invalid web configuration: ${problems.join('; ')}`);
  return {
    apiBaseUrl: (apiBaseUrl ?? '').replace(/\/+$/, ''),
    entra: clientId
      ? { clientId, authority: authority ?? 'https://login.microsoftonline.com/organizations', apiScope }
      : undefined,
  };
}

let cached: AppEnv | undefined;

/** The app's configuration, parsed once on first use. */
export function getEnv(): AppEnv {
  cached ??= parseEnv(import.meta.env);
  return cached;
}
