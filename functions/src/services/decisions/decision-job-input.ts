import { decisionSettingsSchema, PHASE_TYPES } from '@ratkaisu/core';
import { z } from 'zod';
import { documentSourceSchema } from '../documents/document-text.js';

/** A party as a generation job carries it (the decision's and the claims summary's, tribunal/). */
export const jobPartySchema = z.object({
  name: z.string(),
  identificationNumber: z.string().optional(),
  address: z.string().optional(),
  email: z.string().optional(),
});

/** The case's documents as they stood when a job was asked for: every phase in order, each party's under its prefix. */
export const jobSourceGroupsSchema = z.array(
  z.object({ prefix: z.string(), phase: z.enum(PHASE_TYPES), documents: z.array(documentSourceSchema) }),
);

/**
 * What a case's decision job carries from its request to its worker: the
 * case's documents as they stood when generation was asked for (every phase
 * in order, each party's under its prefix), the parties, the settings, and
 * the Resolution-phase attachment that will hold the PDF.
 */
export const decisionJobInputSchema = z.object({
  disputeId: z.string(),
  attachmentId: z.string(),
  caseName: z.string(),
  claimant: jobPartySchema,
  respondent: jobPartySchema,
  groups: jobSourceGroupsSchema,
  settings: decisionSettingsSchema,
  /** An AI decision (no tribunal) or a draft for the tribunal; older jobs without it were AI decisions. */
  kind: z.enum(['aiDecision', 'award']).default('aiDecision'),
  /** Who set the settings and when, with their hash, for both parties to read and for the AI-use annex. */
  settingsBy: z
    .object({
      userId: z.string(),
      name: z.string(),
      side: z.enum(['claimant', 'respondent', 'tribunal']),
      at: z.string(),
      sha256: z.string(),
    })
    .optional(),
  /**
   * A tribunal's request to write one chapter of its draft again with an instruction: the other chapters are
   * the draft's current text (given to the graph as done), and the result is a new version of the draft.
   */
  regenerate: z
    .object({
      awardId: z.string(),
      /** 0-based. */
      chapter: z.number().int().min(0).max(19),
      instruction: z.string().max(4000),
      baseVersion: z.number().int().min(1),
      requestedBy: z.object({ userId: z.string(), name: z.string() }),
    })
    .optional(),
});

export type DecisionJobInput = z.infer<typeof decisionJobInputSchema>;
