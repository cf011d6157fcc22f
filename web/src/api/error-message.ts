import { ApiError } from './client';

/**
 * The text a form shows for a failed call: the server's own message when it sent one,
 * otherwise the given fallback (usually the translated ErrorTryAgainText).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}
