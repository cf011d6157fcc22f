import type { HttpResponseInit } from '@azure/functions';
import { z } from 'zod';
import { readJson } from '../../http/read-body.js';
import { created } from '../../http/responses.js';
import type { RouteCall } from '../../http/route.js';
import { NotFoundError } from '../../errors.js';
import { seedAccount } from './seed-account.js';
import { seedCaseInResolution } from './seed-case-in-resolution.js';
import { seedTribunalSeated } from './seed-tribunal-seated.js';
import { seedAwardIssued, seedDraftReady } from './award-scenarios.js';

const id = z.string().trim().min(1).max(128);
const word = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,30}$/, 'lower-case letters, digits and dashes, starting with a letter');
const pdf = z.object({
  fileName: z.string().trim().min(1).max(200),
  /** The PDF's bytes in base64. */
  base64: z.string().min(1).max(1_500_000),
});
const decode = (file: z.infer<typeof pdf>) => ({ fileName: file.fileName, bytes: Buffer.from(file.base64, 'base64') });

/** What `POST /api/test/seed` builds: one scenario per request (docs/testing.md "Scenario builders"). */
export const seedRequestSchema = z.discriminatedUnion('scenario', [
  z.object({
    scenario: z.literal('accounts'),
    accounts: z
      .array(
        z.object({
          name: word,
          fullName: z.string().trim().min(1).max(200).optional(),
          password: z.string().min(8).max(200).optional(),
          language: z.enum(['en', 'fi']).optional(),
          arbitrator: z.object({ name: z.string().trim().min(1), title: z.string().trim().min(1) }).optional(),
          secondFactor: z.boolean().optional(),
          agreedTerms: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(10),
  }),
  z.object({
    scenario: z.literal('caseInResolution'),
    claimantId: id,
    respondentId: id,
    name: z.string().trim().min(1).max(200).optional(),
    claim: pdf,
    response: pdf,
  }),
  z.object({
    scenario: z.literal('tribunalSeated'),
    disputeId: id,
    arbitratorId: id,
    requestedBySide: z.enum(['claimant', 'respondent']).optional(),
  }),
  z.object({
    scenario: z.literal('draftReady'),
    disputeId: id,
    /** A party's AI decision (no tribunal) instead of the seated tribunal's draft. */
    partyId: id.optional(),
    reason: z.string().trim().min(1).max(2000).optional(),
  }),
  z.object({
    scenario: z.literal('awardIssued'),
    disputeId: id,
    claimantId: id,
    respondentId: id,
    arbitratorPassword: z.string().min(8).max(200).optional(),
  }),
]);

/**
 * POST /api/test/seed — builds one scenario (local/test-seeding) and answers what a test needs of it. The local
 * host serves this route only with TEST_SEEDING, which config refuses outside RATKAISU_ENV=test; the check here
 * keeps a table that lists it by mistake from serving it anywhere else.
 */
export async function postTestSeed({ request, deps }: RouteCall): Promise<HttpResponseInit> {
  if (!deps.config.testSeeding || deps.config.environment !== 'test') throw new NotFoundError();
  const seed = await readJson(request, seedRequestSchema);
  switch (seed.scenario) {
    case 'accounts': {
      const accounts = [];
      // One after another: each account's password hash takes the CPU a while.
      for (const account of seed.accounts) accounts.push(await seedAccount(deps, account));
      return created({ accounts });
    }
    case 'caseInResolution':
      return created(
        await seedCaseInResolution(deps, {
          claimantId: seed.claimantId,
          respondentId: seed.respondentId,
          ...(seed.name ? { name: seed.name } : {}),
          claim: decode(seed.claim),
          response: decode(seed.response),
        }),
      );
    case 'tribunalSeated':
      await seedTribunalSeated(deps, {
        disputeId: seed.disputeId,
        arbitratorId: seed.arbitratorId,
        ...(seed.requestedBySide ? { requestedBySide: seed.requestedBySide } : {}),
      });
      return created({ disputeId: seed.disputeId });
    case 'draftReady':
      return created(
        await seedDraftReady(deps, {
          disputeId: seed.disputeId,
          ...(seed.partyId ? { partyId: seed.partyId } : {}),
          ...(seed.reason ? { reason: seed.reason } : {}),
        }),
      );
    case 'awardIssued': {
      const { award, ...built } = await seedAwardIssued(deps, {
        disputeId: seed.disputeId,
        claimantId: seed.claimantId,
        respondentId: seed.respondentId,
        ...(seed.arbitratorPassword ? { arbitratorPassword: seed.arbitratorPassword } : {}),
      });
      return created({ ...built, pdfSha256: award.pdfSha256, status: award.status });
    }
  }
}
