/**
 * The texts of the legal pages that the app shell needs (the terms decision bar, the table of contents);
 * the documents themselves are in legal-documents.ts, loaded only with the legal pages.
 */
export const enLegal = {
  legalPages: {
    contents: 'Contents',
    translationReview:
      'This Finnish translation awaits a lawyer’s review. If it differs from the English text, the English text prevails.',
    termsDecision: {
      undecided: 'Please review the Terms of Service. Accept to continue to Ratkaisu, or decline to log out.',
      declined: 'You have declined the Terms of Service. Accept to continue to Ratkaisu, or decline to log out.',
      accepting: 'Accepting…',
      declining: 'Declining…',
      accepted: 'You have accepted the Terms of Service.',
      acceptedOn: 'You accepted the Terms of Service effective {{version}} on {{date}}.',
      declineLater:
        'You may decline them: you are then logged out, your account and cases are kept, and you are asked again at your next login.',
      region: 'Your decision on the Terms of Service',
    },
  },
} as const;
