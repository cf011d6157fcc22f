import { z } from 'zod';
import { documentSourceSchema } from '../documents/document-text.js';

/**
 * What a claim job carries from its request to its worker (the job
 * document's `input`), checked again when the worker reads it: the files in
 * the order the claimant selected them (K1, K2, … follow it) and the parties
 * as they stood when the job was asked for.
 */
export const claimJobInputSchema = z.object({
  language: z.literal('fi'),
  caseName: z.string(),
  claimant: z.object({ name: z.string(), contactInfo: z.string(), identificationNumber: z.string() }),
  respondent: z.object({
    name: z.string(),
    identificationNumber: z.string(),
    address: z.string(),
    email: z.string(),
  }),
  files: z.array(documentSourceSchema).min(1),
});

export type ClaimJobInput = z.infer<typeof claimJobInputSchema>;
