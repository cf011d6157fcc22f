import type { FieldReason } from '@ratkaisu/core';
import { ApiError } from './client';
import { refusalText } from './error-message';

/**
 * Each field a refusal names (a 400 `validation_failed`, or a route's own field refusal), with its text in the
 * screens' language: the catalogue's text for the field's reason (`fieldReasons`), else the server's sentence for
 * a field not yet catalogued. Keyed by the field's dotted path, as the server's `fields` are.
 */
export function fieldErrorMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const reasons = (error.body as { fieldReasons?: Record<string, FieldReason> } | undefined)?.fieldReasons ?? {};
  const paths = new Set([...Object.keys(error.fields ?? {}), ...Object.keys(reasons)]);
  return Object.fromEntries(
    [...paths].flatMap((path) => {
      const worded = reasons[path];
      const text = (worded && refusalText(worded.reason, worded.params ?? {})) ?? error.fields?.[path];
      return text ? [[path, text]] : [];
    }),
  );
}
