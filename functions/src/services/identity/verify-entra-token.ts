import { ENTRA_API_SCOPE_NAME, ENTRA_MESSAGES, refusal, type Refused } from '@ratkaisu/core';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { Stored } from '../../ports/store.js';
import type { TenantDocument } from '../../records/tenant-document.js';

/** The delegated permission the SPA asks for; a token without it was not meant for this API. */
export const API_SCOPE_NAME = ENTRA_API_SCOPE_NAME;

/** How far the token's time claims may disagree with our clock. */
const CLOCK_TOLERANCE_SECONDS = 60;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { ENTRA_MESSAGES };

/** What a validated work-account token says about its holder. */
export interface EntraIdentity {
  /** The directory (Entra tenant) id. */
  tid: string;
  /** The user's object id in that directory: with tid, the only thing that identifies the user. */
  oid: string;
  /** For display only: the `name` claim. */
  name: string | undefined;
  /** For display only: the `email` claim, else `preferred_username` (neither is verified by Entra ID). */
  email: string | undefined;
  preferredUsername: string | undefined;
  /** The registered, active tenant whose azureTenantId is tid. */
  tenant: Stored<TenantDocument>;
}

type KeySet = ReturnType<typeof createRemoteJWKSet>;
/** One key set per JWKS address for the life of the process: jose caches the keys and refetches on an unknown kid. */
const keySets = new Map<string, KeySet>();

function keySetFor(url: string): KeySet {
  let keySet = keySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, keySet);
  }
  return keySet;
}

/**
 * Validates an Entra ID v2.0 access token for this API: an RS256 signature by
 * a key of the configured JWKS, the API's audience, expiry (with a small clock
 * tolerance, on `deps.clock`), the `access_as_user` scope, an issuer equal to
 * `https://login.microsoftonline.com/{tid}/v2.0` for the token's own tid, and a
 * tid that belongs to a registered, active tenant. Anything else is a 401 whose
 * message says which of these failed (the token holder sees it on the
 * access-denied page; it reveals nothing they could not read from the token).
 */
export async function verifyEntraToken(
  deps: Pick<Deps, 'config' | 'store' | 'clock'>,
  jwt: string,
): Promise<EntraIdentity> {
  const entra = deps.config.entra;
  if (!entra) throw new UnauthorizedError(refusal('entra.notConfigured'));

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(jwt, keySetFor(entra.jwksUrl), {
      algorithms: ['RS256'],
      audience: entra.audience,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: deps.clock.now(),
      requiredClaims: ['exp', 'iss', 'tid', 'oid'],
    }));
  } catch (error) {
    throw new UnauthorizedError(messageFor(error));
  }

  const tid = typeof payload.tid === 'string' ? payload.tid.toLowerCase() : '';
  const oid = typeof payload.oid === 'string' ? payload.oid.toLowerCase() : '';
  if (!GUID.test(tid) || !GUID.test(oid)) throw new UnauthorizedError(refusal('entra.invalid'));
  if (payload.iss !== `https://login.microsoftonline.com/${tid}/v2.0`) {
    throw new UnauthorizedError(refusal('entra.wrongIssuer'));
  }
  const scopes = typeof payload.scp === 'string' ? payload.scp.split(' ') : [];
  if (!scopes.includes(API_SCOPE_NAME)) throw new UnauthorizedError(refusal('entra.missingScope'));

  const tenant = await findTenant(deps, tid);

  return {
    tid,
    oid,
    name: textClaim(payload.name),
    email: textClaim(payload.email) ?? textClaim(payload.preferred_username),
    preferredUsername: textClaim(payload.preferred_username),
    tenant,
  };
}

async function findTenant(deps: Pick<Deps, 'store'>, tid: string): Promise<Stored<TenantDocument>> {
  // Directory ids are GUIDs; an administrator may have typed one in capitals.
  const { items } = await deps.store.collection<TenantDocument>('tenants').query({
    where: [{ field: 'azureTenantId', op: 'in', value: [tid, tid.toUpperCase()] }],
    limit: 10,
  });
  if (items.length === 0) throw new UnauthorizedError(refusal('entra.unknownTenant'));
  const active = items.find((tenant) => tenant.isActive);
  if (!active) throw new UnauthorizedError(refusal('entra.inactiveTenant'));
  return active;
}

function messageFor(error: unknown): Refused {
  if (error instanceof joseErrors.JWTExpired) return refusal('entra.expired');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return refusal('entra.wrongAudience');
    if (error.claim === 'iss' || error.claim === 'tid') return refusal('entra.wrongIssuer');
    return refusal('entra.invalid');
  }
  // The key set could not be fetched or read: our problem, not the token's (a 500, logged).
  if (
    error instanceof joseErrors.JWKSTimeout ||
    error instanceof joseErrors.JWKSInvalid ||
    (error instanceof joseErrors.JOSEError && error.code === joseErrors.JOSEError.code)
  ) {
    throw error;
  }
  // A bad signature, an unknown key id, a disallowed algorithm (none, HS256), a malformed token.
  if (error instanceof joseErrors.JOSEError) return refusal('entra.invalid');
  throw error;
}

function textClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
