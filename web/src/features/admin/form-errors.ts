import type { z } from 'zod';
import { ApiError } from '../../api/client';

/** Field name → first message, from a failed parse of one of core's admin body schemas. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    fields[field] ??= issue.message;
  }
  return fields;
}

/** The server's per-field messages of a refused save, when it sent them. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}
