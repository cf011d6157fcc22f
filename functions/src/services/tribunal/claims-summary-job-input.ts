import { decisionSettingsSchema } from '@ratkaisu/core';
import { z } from 'zod';
import { jobPartySchema, jobSourceGroupsSchema } from '../decisions/decision-job-input.js';

/**
 * What a 'claims-summary' job carries from its request (request-claims-extraction.ts) to its worker
 * (run-claims-summary-job.ts): the case file as it stood when the summary was asked for, the parties, the
 * settings the extraction's model calls run with, and the member who asked. No attachment, no award: the
 * result is stored on the case as the summary of the claims the parties confirm or correct.
 */
export const claimsSummaryJobInputSchema = z.object({
  disputeId: z.string(),
  caseName: z.string(),
  claimant: jobPartySchema,
  respondent: jobPartySchema,
  groups: jobSourceGroupsSchema,
  settings: decisionSettingsSchema,
  requestedBy: z.object({ userId: z.string(), name: z.string() }),
});

export type ClaimsSummaryJobInput = z.infer<typeof claimsSummaryJobInputSchema>;
