// zod/mini: the same validation, a fraction of the start-up bundle.
import * as z from 'zod/mini';

/** An unset setting and an empty one (`VITE_X=` in a .env file) mean the same: not configured. */
const optional = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(schema),
  );

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envSchema = z.object({
  /** API host; the SPA's own origin when unset. */
  VITE_API_BASE_URL: optional(httpUrl),
  /** Entra ID application (client) id; work-account sign-in is offered only when set. */
  VITE_ENTRA_CLIENT_ID: optional(z.guid({ error: 'must be a GUID (the application client id)' })),
  VITE_ENTRA_AUTHORITY: z.pipe(
    optional(httpUrl),
    z.transform((value: string | undefined) => value ?? 'https://login.microsoftonline.com/organizations'),
  ),
  /** The API's delegated scope, e.g. api://<app id>/access_as_user. */
  VITE_ENTRA_API_SCOPE: optional(
    z.string().check(z.regex(/^(api:\/\/|https:\/\/)\S+\/\S+$/, 'must look like api://<app id>/access_as_user')),
  ),
});

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
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid web configuration: ${problems.join('; ')}`);
  }
  const settings = result.data;
  return {
    apiBaseUrl: (settings.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
    entra: settings.VITE_ENTRA_CLIENT_ID
      ? {
          clientId: settings.VITE_ENTRA_CLIENT_ID,
          authority: settings.VITE_ENTRA_AUTHORITY,
          apiScope: settings.VITE_ENTRA_API_SCOPE,
        }
      : undefined,
  };
}

let cached: AppEnv | undefined;

/** The app's configuration, parsed once on first use. */
export function getEnv(): AppEnv {
  cached ??= parseEnv(import.meta.env);
  return cached;
}
