import { ZodError } from 'zod';
import { DomainError } from '../../errors.js';
import { StoreConflictError } from '../../ports/store.js';

/**
 * What a failed action's audit entry says went wrong: the message the caller
 * was given. An unexpected error is not described, as its text may hold
 * internals; the server log has it.
 */
export function auditErrorMessage(error: unknown): string {
  if (error instanceof DomainError) return error.message;
  if (error instanceof ZodError) return error.issues[0]?.message ?? 'The request is not valid.';
  if (error instanceof StoreConflictError) return 'Someone else changed this at the same time.';
  return 'Unexpected error.';
}
