import type { DisplayLanguage } from '../text/display-dates.js';

/** What a new case's two sides may not share: one representative, or one company. */
export type SharedPartyDetail = 'email' | 'identificationNumber';

interface PartyDetails {
  email: string;
  identificationNumber?: string | null;
}

/**
 * Which detail the claimant and the respondent share, if any. A case whose two sides share a representative's
 * e-mail would invite the claimant's own counsel as the respondent and wait for ever; one whose sides share a
 * business ID is a company suing itself. E-mails compare without case or surrounding spaces; business IDs
 * without spaces, dashes or case ("1234567-8" is "12345678"), and only when both are given.
 */
export function sharedPartyDetail(claimant: PartyDetails, respondent: PartyDetails): SharedPartyDetail | undefined {
  if (normaliseEmail(claimant.email) === normaliseEmail(respondent.email)) return 'email';
  const claimantId = normaliseId(claimant.identificationNumber);
  if (claimantId !== '' && claimantId === normaliseId(respondent.identificationNumber)) return 'identificationNumber';
  return undefined;
}

/** The field of `newDisputeSchema` a refusal points at: the respondent's, the one typed last. */
export function sharedPartyField(detail: SharedPartyDetail): string {
  return `respondent.${detail}`;
}

/**
 * The refusal in the caller's language (the web shows its catalogue's `validation.samePartyEmail` /
 * `validation.samePartyId`, the same words).
 */
export const SAME_PARTY_MESSAGES: Record<DisplayLanguage, Record<SharedPartyDetail, string>> = {
  en: {
    email:
      'The claimant and the respondent cannot have the same representative email. Enter the email of the respondent’s own representative.',
    identificationNumber:
      'The claimant and the respondent cannot have the same Business ID/PIN. Check the respondent’s Business ID/PIN.',
  },
  fi: {
    email:
      'Kantajalla ja vastaajalla ei voi olla samaa asiamiehen sähköpostiosoitetta. Anna vastaajan oman asiamiehen sähköpostiosoite.',
    identificationNumber:
      'Kantajalla ja vastaajalla ei voi olla samaa Y-tunnusta / henkilötunnusta. Tarkista vastaajan Y-tunnus / henkilötunnus.',
  },
};

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function normaliseId(id: string | null | undefined): string {
  return (id ?? '').replace(/[\s\-‐‑–]/g, '').toUpperCase();
}
