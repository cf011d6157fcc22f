import {
  fillRefusalText,
  refusalPlaceholders,
  refusalTemplate,
  type ApiErrorBody,
  type RefusalReason,
} from '@ratkaisu/core';
import { expect } from 'vitest';
import { fiRefusals } from '../../../web/src/i18n/fi-refusals.js';
import { json } from './api-client.js';

/** The web's Finnish text for a refusal's reason (web/src/i18n/fi-refusals.ts), if it has one. */
export function finnishText(reason: RefusalReason): string | undefined {
  const [group, key] = reason.split('.') as [keyof typeof fiRefusals, string];
  return (fiRefusals[group] as Record<string, string | undefined>)[key];
}

/**
 * The refusal as sent, checked against the catalogue (docs/architecture.md "Errors"): its code and reason, its
 * parameters those of the English text, that text filled in as core fills it (a phase by its English name; sizes are worded in the user's locale, so a refusal
 * with a `…Bytes` parameter is not compared word for word), and a Finnish text with the same parameters.
 */
export async function refusedWith(response: Response, status: number, code: string, reason: RefusalReason) {
  const body = await json<ApiErrorBody>(response, status);
  expect(body).toMatchObject({ code, reason });
  const params = body.params ?? {};
  expect(Object.keys(params).sort()).toEqual(refusalPlaceholders(refusalTemplate(reason)).sort());
  const english = fillRefusalText(refusalTemplate(reason), params as Record<string, string | number>);
  if (!Object.keys(params).some((name) => name.endsWith('Bytes'))) expect(body.message).toBe(english);
  const finnish = finnishText(reason);
  expect(finnish, `fi-refusals.ts has no text for ${reason}`).toBeTruthy();
  expect(refusalPlaceholders(finnish!).sort()).toEqual(Object.keys(params).sort());
  expect(finnish).not.toBe(refusalTemplate(reason));
  return body;
}
