/** The account screens' query keys. */
export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  receipts: ['account', 'receipts'] as const,
  /** The key to set two-factor up with, while it is off. */
  tfaKey: ['account', 'tfa-key'] as const,
};
