import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';
import { cataloguedRefusal } from '../../api/error-message';
import { MissingJobIdError } from './api/claim-generator';

/** The text for a failed Generate request, as docs/product.md section 8 words it for the claim generator. */
export function generationErrorMessage(failure: unknown, t: TFunction): string {
  if (failure instanceof MissingJobIdError) return t('claimGenerator.noJobId');
  if (failure instanceof ApiError) {
    // No answer at all: offline, the server unreachable, or the 30 s timeout.
    if (failure.status === 0) return t('claimGenerator.noConnection');
    if (failure.status === 404) return t('claimGenerator.notAvailable');
    const body = cataloguedRefusal(failure) ?? failure.serverMessage;
    if (body) return t('claimGenerator.errorWithBody', { body });
    return t('claimGenerator.serverReturned', { status: failure.status });
  }
  // Any other failure is the client's own, whose English is never shown: the generic text in the screens' language.
  return t('claimGenerator.generationError');
}

/** The reason part of "Failed to load files: …" and "Failed to retrieve the claim document: …". */
export function failureReason(failure: unknown, t: TFunction): string {
  if (failure instanceof ApiError) {
    if (failure.status === 0) return t('claimGenerator.noConnection');
    return cataloguedRefusal(failure) ?? failure.serverMessage ?? t('claimGenerator.unexpectedError');
  }
  return t('claimGenerator.unexpectedError');
}
