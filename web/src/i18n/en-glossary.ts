/**
 * The glossary: the words Ratkaisu uses for the things of a case, one word per thing, on every screen,
 * in the mails and in the award. The Glossary page (/glossary, linked from the footer and the account
 * menu) shows each term with its Finnish equivalent and a one-line definition.
 */
export const enGlossary = {
  title: 'Glossary',
  intro:
    'Ratkaisu uses one word for each thing of a case, on every screen, in its mails and in the award. The Finnish terms are those of Finnish arbitration practice.',
  termColumn: 'Term',
  otherLanguageColumn: 'In Finnish',
  definitionColumn: 'Meaning',
  terms: {
    case: {
      term: 'Case',
      definition: 'A commercial dispute between a claimant and a respondent that is resolved in Ratkaisu.',
    },
    claimant: {
      term: 'Claimant',
      definition: 'The party that brings the case and presents the claim (also called the plaintiff).',
    },
    respondent: {
      term: 'Respondent',
      definition: 'The party against which the claim is brought and which answers it (also called the defendant).',
    },
    phase: {
      term: 'Phase',
      definition:
        'One of the seven ordered steps of a case (Claim, Response, two letters from each party, Resolution), each with a due date.',
    },
    submission: {
      term: 'Submission',
      definition: 'The documents a party files in one phase, sent to the other party with Save and Send.',
    },
    claimApplication: {
      term: 'Claim application',
      definition:
        'The claimant’s written statement of its claims and their grounds; the AI can draft one from documents.',
    },
    decision: {
      term: 'Decision',
      definition:
        'The reasoned resolution the AI drafts from the case file; it binds only when both parties accept it.',
    },
    award: {
      term: 'Award',
      definition:
        'The arbitral award the tribunal adopts and signs under the Arbitration Act (967/1992); final and binding.',
    },
    tribunal: {
      term: 'Tribunal',
      definition: 'The sole arbitrator or the three arbitrators appointed to decide a case.',
    },
    upload: {
      term: 'Upload',
      definition: 'To send a file from your device to Ratkaisu (Upload documents). In Finnish: lisätä.',
    },
    download: {
      term: 'Download',
      definition: 'To save a file from Ratkaisu on your device (Download PDF). In Finnish: ladata.',
    },
  },
} as const;
