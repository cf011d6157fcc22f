import i18next from 'i18next';
import { ApiError, type ApiErrorCode } from './client';

/**
 * Refusals whose text the catalogues hold, so the user reads them in the screens' language whatever
 * language the server answered in (a final case's 409 comes from many routes, each in English).
 */
const CATALOGUED_REFUSALS: Partial<Record<ApiErrorCode, 'outcome.caseFinal'>> = {
  case_final: 'outcome.caseFinal',
};

/** The catalogue's text for a refusal it holds, in the screens' language; undefined for any other failure. */
export function cataloguedRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const key = CATALOGUED_REFUSALS[error.code];
  return key ? i18next.t(key) : undefined;
}

/**
 * The text a form shows for a failed call: the catalogue's text for a refusal it holds, else the server's
 * own message when it sent one, otherwise the given fallback (usually the translated ErrorTryAgainText).
 */
export function errorMessage(error: unknown, fallback: string): string {
  const catalogued = cataloguedRefusal(error);
  if (catalogued) return catalogued;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}
