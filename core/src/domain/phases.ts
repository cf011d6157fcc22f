/** The seven phase types, in the order a case moves through them (docs/product.md section 4). */
export const PHASE_TYPES = [
  'Claim',
  'Response',
  'ClaimantLetter1',
  'RespondentLetter1',
  'ClaimantLetter2',
  'RespondentLetter2',
  'Resolution',
] as const;

export type PhaseType = (typeof PHASE_TYPES)[number];

/**
 * The phases' English names, the one list: the SPA's catalogue (web/src/i18n/en.ts `phases`) and the
 * server's English texts (case mails, refusals) both read it.
 */
export const PHASE_LABELS_EN = {
  Claim: 'Claim',
  Response: 'Response',
  ClaimantLetter1: 'Claimant Letter 1',
  RespondentLetter1: 'Respondent Letter 1',
  ClaimantLetter2: 'Claimant Letter 2',
  RespondentLetter2: 'Respondent Letter 2',
  Resolution: 'Resolution',
} as const satisfies Record<PhaseType, string>;

export const CLAIMANT_PHASES: readonly PhaseType[] = ['Claim', 'ClaimantLetter1', 'ClaimantLetter2'];
export const RESPONDENT_PHASES: readonly PhaseType[] = ['Response', 'RespondentLetter1', 'RespondentLetter2'];

export function isPhaseType(value: string): value is PhaseType {
  return (PHASE_TYPES as readonly string[]).includes(value);
}

/** The phase after `current`, wrapping around as the specification says. */
export function nextPhaseType(current: PhaseType): PhaseType {
  const index = PHASE_TYPES.indexOf(current);
  return PHASE_TYPES[(index + 1) % PHASE_TYPES.length] as PhaseType;
}

/**
 * End Process is offered when the case has 3–6 phases and the letter phase that
 * the count points at has no attachments (docs/product.md section 4).
 */
const END_PROCESS_LETTER_BY_COUNT: Readonly<Record<number, PhaseType>> = {
  3: 'ClaimantLetter1',
  4: 'RespondentLetter1',
  5: 'ClaimantLetter2',
  6: 'RespondentLetter2',
};

export function endProcessLetterPhase(phaseCount: number): PhaseType | undefined {
  return END_PROCESS_LETTER_BY_COUNT[phaseCount];
}

export const DISPUTE_STATUSES = ['Pending', 'InProgress', 'Resolved', 'Closed'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * Whether End Process is offered for a case with these phases: at 3–6 phases,
 * when the letter phase the count points at exists and has no attachments.
 * The server enforces it; the case page uses it to show the button.
 */
export function endProcessOffered(phases: readonly { type: PhaseType; attachments: readonly unknown[] }[]): boolean {
  const letter = endProcessLetterPhase(phases.length);
  if (!letter) return false;
  const phase = phases.find((candidate) => candidate.type === letter);
  return phase !== undefined && phase.attachments.length === 0;
}
