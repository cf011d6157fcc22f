import { sharedPartyField, type SharedPartyDetail } from '@ratkaisu/core';
import type { TFunction } from 'i18next';

/** The new-case form's fields by their path in `newDisputeSchema`, with their catalogue names. */
const FIELD_KEYS = {
  name: 'caseName',
  description: 'shortDescription',
  'claimant.name': 'claimantName',
  'claimant.identificationNumber': 'claimantId',
  'claimant.email': 'claimantEmail',
  'claimant.address': 'claimantAddress',
  'respondent.name': 'respondentName',
  'respondent.identificationNumber': 'respondentId',
  'respondent.email': 'respondentEmail',
  'respondent.address': 'respondentAddress',
} as const;

/** What the form needs of a zod issue. */
export interface FieldIssue {
  code: string;
  message: string;
  maximum?: number | bigint;
}

/**
 * A client-side validation message for the new-case form in the UI's language. core's schema words its
 * messages in English (the server's catalogue); the form says the same in the catalogue's words, so a Finnish
 * screen reads "Asian nimi on pakollinen." where an English one reads "Case name is required.".
 */
export function fieldMessage(path: string, issue: FieldIssue, t: TFunction): string {
  if (path === 'amountInDispute') return t('fees.invalidAmount');
  const key = FIELD_KEYS[path as keyof typeof FIELD_KEYS];
  if (!key) return issue.message;
  const field = t(`validation.fields.${key}`);
  if (issue.code === 'too_big' && issue.maximum !== undefined)
    return t('validation.tooLong', { field, max: Number(issue.maximum) });
  if (issue.code === 'invalid_format') return t('validation.email', { field });
  return t('validation.required', { field });
}

/** The new-case form's refusal of one representative or one company on both sides, keyed by the field it names. */
export function samePartyMessage(detail: SharedPartyDetail, t: TFunction): FieldErrors {
  return {
    [sharedPartyField(detail)]: t(detail === 'email' ? 'validation.samePartyEmail' : 'validation.samePartyId'),
  };
}

/** The field the server's `same_party_on_both_sides` names, read back as the detail it is about. */
export function samePartyDetailOf(fields: Record<string, string> | undefined): SharedPartyDetail {
  return fields && sharedPartyField('identificationNumber') in fields ? 'identificationNumber' : 'email';
}

type FieldErrors = Record<string, string>;
