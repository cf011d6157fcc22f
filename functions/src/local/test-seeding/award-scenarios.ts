import { ARBITRATION_AGREEMENT, generateDecisionSchema, type AwardView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Queue } from '../../ports/queue.js';
import type { DisputeDocument } from '../../services/disputes/dispute-document.js';
import type { JobDocument } from '../../services/jobs/job-document.js';
import { requestDecisionGeneration } from '../../services/decisions/request-decision-generation.js';
import { runDecisionJob } from '../../services/decisions/run-decision-job.js';
import { getAward } from '../../services/awards/get-award.js';
import { saveAwardDraft } from '../../services/awards/save-award-draft.js';
import { adoptAward } from '../../services/awards/adopt-award.js';
import { signAward } from '../../services/award-signing/sign-award.js';
import { acceptAgreement } from '../../services/constitution/accept-agreement.js';
import { waiveChallenge } from '../../services/constitution/waive-challenge.js';
import { recordJurisdiction } from '../../services/constitution/jurisdiction.js';
import type { UserDocument } from '../../records/user-document.js';
import { decryptSecret } from '../../services/accounts/secret-box.js';
import { tfaEncryptionKey } from '../../services/accounts/tfa-encryption-key.js';
import { totpFor, TOTP_PERIOD_SECONDS } from '../../services/accounts/two-factor-totp.js';
import { callerOf, SEEDED_PASSWORD, SeedingError, SEEDING_CLIENT } from './seed-account.js';

export interface DraftReadySeed {
  /** A case in Resolution, with a seated tribunal (seedTribunalSeated) unless `partyId` asks. */
  disputeId: string;
  /** A party's account: its AI decision on a case without a tribunal, instead of the tribunal's draft. */
  partyId?: string;
  /** The tribunal's ground for drafting before the parties answered the summary of their claims. */
  reason?: string;
}

export interface DraftReady {
  awardId: string;
  jobId: string;
  /** Who asked for it: the seated sole arbitrator or chair, or the party. */
  askedById: string;
}

/**
 * "Draft ready": the tribunal's AI draft of the award on the case (or, asked by a party of a case without a
 * tribunal, its AI decision). Asked for through the service the Generate button calls (the Generating
 * attachment, the job, the audit, the other party's notice), with the job's message kept from the host's
 * queue; the decision worker's own function then runs the job here, so the builder answers once the draft is
 * written, without a client polling the job. The offline model's work and the PDF are a queued run's.
 */
export async function seedDraftReady(deps: Deps, seed: DraftReadySeed): Promise<DraftReady> {
  let askedBy = seed.partyId;
  if (!askedBy) {
    const dispute = await deps.store.collection<DisputeDocument>('disputes').read(seed.disputeId, seed.disputeId);
    const chair = dispute?.tribunal?.members.find(
      (member) => member.status === 'Accepted' && (member.role === 'sole' || member.role === 'chair'),
    );
    if (!chair) throw new SeedingError(`The case ${seed.disputeId} has no seated tribunal.`);
    askedBy = chair.userId;
  }
  const { jobId, attachmentId } = await requestDecisionGeneration(
    { ...deps, queue: heldQueue(deps.queue) },
    await callerOf(deps, askedBy),
    {
      disputeId: seed.disputeId,
      settings: generateDecisionSchema.parse({}),
      ...(seed.partyId
        ? {}
        : { proceedWithoutConfirmation: seed.reason ?? 'Asianosaiset eivät vastanneet yhteenvetoon.' }),
    },
    SEEDING_CLIENT,
  );
  await runDecisionJob(deps, { jobId, deliveryCount: 1 }, new AbortController().signal);
  const job = await deps.store.collection<JobDocument>('jobs').read(jobId, jobId);
  if (job?.status !== 'Completed') {
    throw new SeedingError(`The draft's job ended ${job?.status ?? 'missing'}: ${job?.errorMessage ?? ''}`);
  }
  return { awardId: attachmentId, jobId, askedById: askedBy };
}

/** A queue whose sends go nowhere: the builder runs the job itself, so no worker of the host may claim it. */
function heldQueue(queue: Queue): Queue {
  return {
    kind: queue.kind,
    send: async () => undefined,
    sendAt: async () => undefined,
    consume: (name, handler, options) => queue.consume(name, handler, options),
    ping: () => queue.ping(),
    close: async () => undefined,
  };
}

export interface AwardIssuedSeed extends DraftReadySeed {
  /** The accounts of the two sides' representatives: each accepts the agreement and waives challenges. */
  claimantId: string;
  respondentId: string;
  /** The arbitrator's password, which signing asks for again (a seeded account's unless given). */
  arbitratorPassword?: string;
}

/**
 * "Award issued": the draft above saved with a payment order (the respondent pays 12 400 € of contractual
 * penalty), both parties' acceptance of the agreement and waiver of challenges, the tribunal's decision on
 * its jurisdiction, the award adopted and signed by the sole arbitrator — each step through the service its
 * route calls, so the PDF is the real PAdES-signed award, issued and delivered as after the screens.
 */
export async function seedAwardIssued(deps: Deps, seed: AwardIssuedSeed): Promise<DraftReady & { award: AwardView }> {
  const { partyId: _notByAParty, ...tribunals } = seed;
  const draft = await seedDraftReady(deps, tribunals);
  const judge = await callerOf(deps, draft.askedById);
  const ids = { disputeId: seed.disputeId, awardId: draft.awardId };
  const current = await getAward(deps, judge, ids);
  const saved = await saveAwardDraft(
    deps,
    judge,
    {
      ...ids,
      draft: {
        baseVersion: current.version,
        chapters: current.chapters,
        dispositive: {
          orders: [
            {
              kind: 'payment',
              debtor: 'respondent',
              creditor: 'claimant',
              amountCents: 1_240_000,
              text: 'Sopimussakko.',
              references: [],
            },
          ],
        },
      },
    },
    SEEDING_CLIENT,
  );
  for (const partyId of [seed.claimantId, seed.respondentId]) {
    const party = await callerOf(deps, partyId);
    await acceptAgreement(
      deps,
      party,
      { disputeId: seed.disputeId, version: ARBITRATION_AGREEMENT.version },
      SEEDING_CLIENT,
    );
    await waiveChallenge(deps, party, { disputeId: seed.disputeId }, SEEDING_CLIENT);
  }
  await recordJurisdiction(
    deps,
    judge,
    {
      disputeId: seed.disputeId,
      text: 'Sopimuksen välityslauseke ja palvelun välityssopimus ohjaavat riidan tähän menettelyyn.',
    },
    SEEDING_CLIENT,
  );
  const adopted = await adoptAward(
    deps,
    judge,
    { ...ids, version: saved.version, notSigning: [], confirmMismatches: true },
    SEEDING_CLIENT,
  );
  const award = await signAward(
    deps,
    judge,
    {
      ...ids,
      password: seed.arbitratorPassword ?? SEEDED_PASSWORD,
      code: await earliestCode(deps, draft.askedById),
      pdfSha256: adopted.pdfSha256!,
    },
    SEEDING_CLIENT,
  );
  if (award.status !== 'Issued') throw new SeedingError(`The award was signed but is ${award.status}.`);
  return { ...draft, award };
}

/**
 * The arbitrator's authenticator code of the earliest step the host accepts with a step's margin (its TOTP
 * window less one: the current step when the window is one), so the signature does not fail when a step ends
 * while it is checked, and the codes a test then makes from the account's secret (from two steps back on in
 * the browser tests' wide window, the next step in the API tests') are later ones, none refused as spent.
 */
async function earliestCode(deps: Deps, userId: string): Promise<string> {
  const user = await deps.store.collection<UserDocument>('users').read(userId, userId);
  if (!user?.tfaSecretEncrypted) throw new SeedingError(`The arbitrator ${userId} has no second factor.`);
  const secret = decryptSecret(await tfaEncryptionKey(deps.config), user.tfaSecretEncrypted);
  const periodMs = TOTP_PERIOD_SECONDS * 1000;
  const stepsBack = Math.max(0, deps.config.accounts.totpWindowSteps - 1);
  const step = Math.floor(deps.clock.now().getTime() / periodMs) - stepsBack;
  return totpFor(secret, user.email).generate({ timestamp: step * periodMs });
}
