import { fieldRefusal } from '@ratkaisu/core';
import type { z } from 'zod';
import { refusalText } from '../../api/error-message';
import { fieldErrorMessages } from '../../api/field-error-messages';

/**
 * A field's problem found before sending, in the screens' language: the catalogue's text for the reason the
 * server would give it (core field-refusals.ts, the same `fieldReasons` a refused save carries), so the form
 * reads alike before and after sending and never shows zod's or the schema's English on a Finnish screen.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const refused = fieldRefusal(issue);
  return refusalText(refused.reason, refused.params) ?? refused.message;
}

/** Field name → first message, from a failed parse of one of core's admin body schemas. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    fields[field] ??= issueMessage(issue);
  }
  return fields;
}

/** The server's per-field refusals of a refused save, when it sent them, in the screens' language. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return fieldErrorMessages(error);
}
