import type { z } from 'zod';
import { fieldErrorMessages } from '../../api/field-error-messages';

/** Field name → first message, from a failed parse of one of core's admin body schemas. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    fields[field] ??= issue.message;
  }
  return fields;
}

/** The server's per-field refusals of a refused save, when it sent them, in the screens' language. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return fieldErrorMessages(error);
}
