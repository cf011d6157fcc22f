/** The delegated permission the SPA asks for; a token without it was not meant for this API. */
export const ENTRA_API_SCOPE_NAME = 'access_as_user';

/**
 * Why a work-account (Microsoft Entra ID) token is refused: group `entra` of the catalogue of refusals (core
 * errors/refusals.ts; docs/architecture.md "Errors").
 */
export const ENTRA_MESSAGES = {
  notConfigured: 'Work-account sign-in is not configured.',
  invalid: 'The sign-in token is not valid.',
  expired: 'The sign-in token has expired. Please sign in again.',
  wrongAudience: 'The sign-in token was not issued for this application.',
  wrongIssuer: 'The sign-in token was not issued by Microsoft Entra ID for its directory.',
  missingScope: `The sign-in token does not grant the ${ENTRA_API_SCOPE_NAME} permission.`,
  unknownTenant: 'Your organisation is not registered for Ratkaisu.',
  inactiveTenant: "Your organisation's access to Ratkaisu is not active.",
} as const;
