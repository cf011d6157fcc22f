import { REFUSALS } from '@ratkaisu/core';
import { enStart } from './en';
import { enAdmin } from './en-admin';
import { enAnonymousDecision } from './en-anonymous-decision';
import { enAiNotice, enAiOversight, enAiProblem } from './en-ai-use';
import { enCases } from './en-cases';
import { enClaimGenerator } from './en-claim-generator';
import { enCorrections } from './en-corrections';
import { enGlossary } from './en-glossary';
import { enInvitation } from './en-invitation';
import { enJobProgress } from './en-jobs';
import { enOutcome } from './en-outcome';
import { enTribunal } from './en-tribunal';
import { enConstitution } from './en-constitution';
import { enTurn } from './en-turn';
import { enFirstUse } from './en-first-use';
import { enRetention } from './en-retention';
import { enFees } from './en-fees';
import { enPayments } from './en-payments';
import { enIncidents } from './en-incidents';

/**
 * The English texts only the screens after sign-in (and the glossary, the invitation and the anonymous
 * generator) show: loaded with those routes (loadFeatureTexts in i18n.ts), not on the sign-in page's first load.
 */
export const enFeatures = {
  ...enCases,
  ...enClaimGenerator,
  ...enAdmin,
  anonymousDecision: enAnonymousDecision,
  glossary: enGlossary,
  tribunal: enTribunal,
  corrections: enCorrections,
  constitution: enConstitution,
  jobProgress: enJobProgress,
  invitation: enInvitation,
  turn: enTurn,
  outcome: enOutcome,
  aiNotice: enAiNotice,
  aiProblem: enAiProblem,
  aiOversight: enAiOversight,
  firstUse: enFirstUse,
  retention: enRetention,
  fees: enFees,
  payments: enPayments,
  incidents: enIncidents,
  /** The server's refusals by reason: their English is core's (refusals.ts), the Finnish fi-refusals.ts. */
  refusals: REFUSALS,
} as const;

/**
 * The catalogue's shape; another locale must provide the same keys. The texts of the screens after sign-in
 * (this file: cases, decision, claim generator, admin, tribunal, turn, job progress, invitation, glossary) are
 * a chunk of their own, added by the routes that show them (loadFeatureTexts in i18n.ts), so the sign-in page's
 * first load stays small; en.ts (the sign-in page's texts) imports nothing from here, so the two form no cycle.
 */
export type Catalogue = typeof enStart & typeof enFeatures;

/** The whole English catalogue, as the parity test and the tests of texts read it. */
export const en: Catalogue = { ...enStart, ...enFeatures };
