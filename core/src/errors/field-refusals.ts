import { z } from 'zod';
import { FIELD_MESSAGES } from './field-messages.js';
import {
  allRefusalReasons,
  refusal,
  refusalPlaceholders,
  refusalTemplate,
  type RefusalReason,
  type Refused,
} from './refusals.js';

/**
 * A field that fails its schema, worded from the catalogue (docs/architecture.md "Errors"). A schema's own text
 * (`.min(10, DATA_RIGHTS_MESSAGES.exportReasonRequired)`) is taken as the reason whose English it is; any other
 * problem gets the catalogue's reason for its kind — required, too short or long (`min`/`max`), not an e-mail,
 * not one of the options, … — so the web can say it in the user's language beside the field.
 */

/** Zod's own text for a missing value names no field and reads "received undefined": the catalogue says it. */
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? FIELD_MESSAGES.required : undefined,
});

let fixedTexts: Map<string, RefusalReason> | undefined;

/** The reason whose English text, without parameters, is `message` (the first such reason of the catalogue). */
function reasonOfFixedText(message: string): RefusalReason | undefined {
  if (!fixedTexts) {
    fixedTexts = new Map();
    for (const reason of allRefusalReasons()) {
      const text = refusalTemplate(reason);
      if (refusalPlaceholders(text).length === 0 && !fixedTexts.has(text)) fixedTexts.set(text, reason);
    }
  }
  return fixedTexts.get(message);
}

function bound(value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

const DATE_FORMATS = new Set(['date', 'datetime', 'time', 'duration']);

let zodEnglish: ((issue: z.core.$ZodIssue) => unknown) | undefined;

/** Whether the issue's text is zod's own English (then the catalogue's English replaces it). */
function isZodsOwnText(issue: z.core.$ZodIssue): boolean {
  zodEnglish ??= z.locales.en().localeError as (issue: z.core.$ZodIssue) => unknown;
  const own = zodEnglish(issue);
  return issue.message === (typeof own === 'string' ? own : (own as { message?: string } | undefined)?.message);
}

/**
 * The catalogue's refusal for one zod issue. Its English is the catalogue's, but where a schema gave a text of its
 * own that the catalogue does not hold, that text stays the English beside the reason for the problem's kind.
 */
export function fieldRefusal(issue: z.core.$ZodIssue): Refused {
  const fixed = reasonOfFixedText(issue.message);
  if (fixed) return { reason: fixed, params: {}, message: issue.message };
  const worded = refusalOfKind(issue);
  return isZodsOwnText(issue) ? worded : { ...worded, message: issue.message };
}

function refusalOfKind(issue: z.core.$ZodIssue): Refused {
  switch (issue.code) {
    case 'invalid_type':
      return refusal('fields.wrongType');
    case 'too_small': {
      const min = bound(issue.minimum);
      if (issue.origin === 'string')
        return min === 1 ? refusal('fields.required') : refusal('fields.tooShort', { min });
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'file')
        return refusal('fields.tooFew', { min });
      return issue.inclusive === false ? refusal('fields.notAboveMin', { min }) : refusal('fields.tooSmall', { min });
    }
    case 'too_big': {
      const max = bound(issue.maximum);
      if (issue.origin === 'string') return refusal('fields.tooLong', { max });
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'file')
        return refusal('fields.tooMany', { max });
      return issue.inclusive === false ? refusal('fields.notBelowMax', { max }) : refusal('fields.tooBig', { max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return refusal('fields.notEmail');
      return DATE_FORMATS.has(issue.format) ? refusal('fields.notDate') : refusal('fields.badFormat');
    case 'invalid_value':
      return refusal('fields.notOneOf', { options: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return refusal('fields.unknownFields', { keys: issue.keys.join(', ') });
    default:
      return refusal('fields.invalid');
  }
}

/** A field's path as the answer names it: dotted (`claimant.email`), `_` for the request as a whole. */
export function fieldPath(issue: z.core.$ZodIssue): string {
  return issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
}

/** Every field's first problem, worded from the catalogue, keyed by its dotted path. */
export function fieldRefusals(issues: readonly z.core.$ZodIssue[]): Record<string, Refused> {
  const fields: Record<string, Refused> = {};
  for (const issue of issues) fields[fieldPath(issue)] ??= fieldRefusal(issue);
  return fields;
}
