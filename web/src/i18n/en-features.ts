import type { Catalogue } from './en';
import { enStart } from './en';
import { enAdmin } from './en-admin';
import { enCases } from './en-cases';
import { enClaimGenerator } from './en-claim-generator';
import { enGlossary } from './en-glossary';
import { enInvitation } from './en-invitation';
import { enJobProgress } from './en-jobs';
import { enTribunal } from './en-tribunal';
import { enConstitution } from './en-constitution';
import { enTurn } from './en-turn';

/**
 * The English texts only the screens after sign-in (and the glossary, the invitation and the anonymous
 * generator) show: loaded with those routes (loadFeatureTexts in i18n.ts), not on the sign-in page's first load.
 */
export const enFeatures = {
  ...enCases,
  ...enClaimGenerator,
  ...enAdmin,
  glossary: enGlossary,
  tribunal: enTribunal,
  constitution: enConstitution,
  jobProgress: enJobProgress,
  invitation: enInvitation,
  turn: enTurn,
} as const;

/** The whole English catalogue, as the parity test and the tests of texts read it. */
export const en: Catalogue = { ...enStart, ...enFeatures };
