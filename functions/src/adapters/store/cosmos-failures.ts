/** How the Cosmos store reads a failure of the SDK: its HTTP status, and whether trying again may pass. */
import { ErrorResponse } from '@azure/cosmos';
import { isNetworkFailure } from '../transient-failures.js';

/** The HTTP status of a failed SDK call, if it carries one. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof ErrorResponse && typeof error.code === 'number') return error.code;
  // Some SDK paths throw plain errors carrying the HTTP status in `code` or `statusCode`.
  if (typeof error === 'object' && error !== null) {
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (typeof code === 'number') return code;
    if (typeof statusCode === 'number') return statusCode;
  }
  return undefined;
}

/**
 * Statuses that pass if the request is tried again shortly (docs/operations.md "Transient failures"): a
 * timeout (408), throttling the SDK's own retries did not outlast (429), a write to retry (449), the service's
 * own failure or unavailability (500, 503). Never 404, 409 or 412: those are answers about the document.
 */
const TRANSIENT_STATUSES = new Set([408, 429, 449, 500, 503]);

/** A Cosmos failure that may pass: a transient status, or a connection reset, timed out or aborted. */
export function isCosmosTransient(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return TRANSIENT_STATUSES.has(status);
  return isNetworkFailure(error);
}
