/**
 * The dispositive part a fake model's chapter 6 proposes in the decision tests: the respondent ordered to pay
 * the claimant 12 400 euros with penalty interest.
 */
export const DISPOSITIVE = {
  orders: [
    {
      kind: 'payment',
      debtor: 'respondent',
      creditor: 'claimant',
      amountCents: 1_240_000,
      interest: { basis: 'penalty', from: '2026-03-01' },
      text: 'Vastaaja velvoitetaan suorittamaan kantajalle 12 400 euroa viivästyskorkoineen.',
      references: ['K1 s.1'],
    },
  ],
};

/** A dispositive part as chapter 6 ends with it: a JSON block after the chapter's text. */
export function dispositiveBlock(dispositive: unknown = DISPOSITIVE): string {
  return `\n\n\`\`\`json\n${JSON.stringify(dispositive)}\n\`\`\``;
}
