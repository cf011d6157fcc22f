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
  if (failure instanceof Error) return failure.message || t('claimGenerator.generationError');
  return t('claimGenerator.unexpectedError');
}

/** The reason part of "Failed to load files: …" and "Failed to retrieve the claim document: …". */
export function failureReason(failure: unknown, t: TFunction): string {
  if (failure instanceof ApiError) return cataloguedRefusal(failure) ?? failure.serverMessage ?? failure.message;
  if (failure instanceof Error && failure.message) return failure.message;
  return t('claimGenerator.unexpectedError');
}
