import { z } from 'zod';
import { integer, optionalText, optionalUrl, type Settings } from './setting-parsers.js';

/** Accounts and sign-in: the first administrator, sessions, request limits, second factor, Entra ID. */
export const accountSettings = {
  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email({ message: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),

  SESSION_IDLE_MINUTES: integer(60, 1, 60 * 24 * 30),
  SESSION_ABSOLUTE_HOURS: integer(24, 1, 24 * 90),
  // How long "Keep me signed in" lasts on a device at most (a remembered session's absolute time-out).
  SESSION_PERSISTENT_DAYS: integer(30, 1, 365),
  // Registrations and password-reset requests one address may make per clock hour.
  ACCOUNT_REQUESTS_PER_HOUR: integer(10, 1, 100_000),
  // User-name availability checks (the sign-up form's, as the user types) one address may make per clock hour.
  USERNAME_CHECKS_PER_HOUR: integer(300, 1, 100_000),
  // Second-factor time steps accepted either side of now. 1 (clock drift) everywhere but test runs, where a
  // browser test takes several codes in a row without waiting real 30-second steps.
  TOTP_WINDOW_STEPS: integer(1, 1, 40),
  // New password hashes at OWASP's argon2id cost; `test` (test runs only) at a light one.
  PASSWORD_HASH_COST: z.enum(['owasp', 'test']).default('owasp'),

  // Work-account sign-in (Entra ID). Unset: local accounts only.
  ENTRA_CLIENT_ID: optionalText,
  ENTRA_API_SCOPE: optionalText,
  ENTRA_AUTHORITY: optionalUrl,
  ENTRA_API_AUDIENCE: optionalText,
  ENTRA_JWKS_URL: optionalUrl,

  // Two-factor secrets are encrypted at rest with this key (base64 of 32 bytes). Required in production.
  TFA_ENCRYPTION_KEY: optionalText,
};

/** The argon2id cost of new password hashes (services/accounts/hash-password.ts). */
export type PasswordHashCost = 'owasp' | 'test';

export interface AccountsConfig {
  admin: { email: string | undefined; password: string | undefined };
  sessions: { idleMinutes: number; absoluteHours: number; persistentDays: number };
  accounts: {
    requestsPerHour: number;
    usernameChecksPerHour: number;
    totpWindowSteps: number;
    passwordHashCost: PasswordHashCost;
  };
  entra:
    | {
        clientId: string;
        apiScope: string | undefined;
        authority: string;
        /** The `aud` an access token for this API must carry. */
        audience: string;
        /** Where the signing keys are published. */
        jwksUrl: string;
      }
    | undefined;
  /**
   * Keys from the environment. `tfaKey` undefined only outside production: the
   * local stack then keeps a generated key in DATA_DIR/secrets (services/accounts/tfa-encryption-key.ts).
   */
  secrets: { tfaKey: Buffer | undefined };
}

export function readAccounts(
  e: Settings<typeof accountSettings>,
  environment: 'local' | 'test' | 'production',
  problems: string[],
): AccountsConfig {
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) problems.push('ADMIN_EMAIL: required when ADMIN_PASSWORD is set');

  let tfaKey: Buffer | undefined;
  if (e.TFA_ENCRYPTION_KEY) {
    tfaKey = Buffer.from(e.TFA_ENCRYPTION_KEY, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(e.TFA_ENCRYPTION_KEY) || tfaKey.length !== 32) {
      problems.push('TFA_ENCRYPTION_KEY: must be the base64 of 32 random bytes (openssl rand -base64 32)');
    }
  } else if (environment === 'production') {
    problems.push('TFA_ENCRYPTION_KEY: required in production (base64 of 32 random bytes: openssl rand -base64 32)');
  }

  if (e.TOTP_WINDOW_STEPS > 1 && environment !== 'test') {
    problems.push('TOTP_WINDOW_STEPS: only 1 outside test runs (RATKAISU_ENV=test)');
  }
  if (e.PASSWORD_HASH_COST !== 'owasp' && environment !== 'test') {
    problems.push('PASSWORD_HASH_COST: only owasp outside test runs (RATKAISU_ENV=test)');
  }

  return {
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    sessions: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      persistentDays: e.SESSION_PERSISTENT_DAYS,
    },
    accounts: {
      requestsPerHour: e.ACCOUNT_REQUESTS_PER_HOUR,
      usernameChecksPerHour: e.USERNAME_CHECKS_PER_HOUR,
      totpWindowSteps: e.TOTP_WINDOW_STEPS,
      passwordHashCost: e.PASSWORD_HASH_COST,
    },
    entra: e.ENTRA_CLIENT_ID
      ? {
          clientId: e.ENTRA_CLIENT_ID,
          apiScope: e.ENTRA_API_SCOPE,
          authority: e.ENTRA_AUTHORITY ?? 'https://login.microsoftonline.com/organizations',
          audience: e.ENTRA_API_AUDIENCE ?? defaultEntraAudience(e.ENTRA_CLIENT_ID, e.ENTRA_API_SCOPE),
          jwksUrl: e.ENTRA_JWKS_URL ?? 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
        }
      : undefined,
    secrets: { tfaKey },
  };
}

/**
 * The audience of a v2.0 access token is the API registration's application
 * (client) id. When the scope is written `api://<application id>/access_as_user`,
 * that id is the API's; otherwise the SPA and the API share one registration and
 * the client id is it. A custom App ID URI (`api://ratkaisu.example/...`) says
 * nothing about the id, so that case needs ENTRA_API_AUDIENCE.
 */
export function defaultEntraAudience(clientId: string, apiScope: string | undefined): string {
  const match = /^api:\/\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i.exec(apiScope ?? '');
  return match ? match[1]!.toLowerCase() : clientId;
}
