import type { AwardView, PhaseView } from '@ratkaisu/core';
import { expect } from 'vitest';
import type { Clock } from '../../../functions/src/ports/clock.js';
import { withLookupIndexes, type DisputeDocument } from '../../../functions/src/services/disputes/dispute-document.js';
import type { apiClient } from './api-client.js';
import { FINNISH_CASE, json, uniqueEmail, uploadForm, type OpenCase } from './api-client.js';
import { CONTRACT_PAGES, makeFinnishPdf } from './finnish-pdf.js';
import type { SignedInUser } from './seed-user.js';
import type { TestHost } from './start-host.js';

type ApiClient = ReturnType<typeof apiClient>;

/** The sole arbitrator every fixture seats: the name and title printed under the award's signature. */
export const SOLE_ARBITRATOR = { name: 'OTT Maija Virtanen', title: 'asianajaja' } as const;

/**
 * The cases the tribunal's API tests start from, one way each (award-review, corrections, ai-act and tribunal
 * tests): a case in its Resolution phase with a file from each side; the same with a constituted sole
 * arbitrator written straight into the store (the appointment itself is tribunal.test.ts's subject); and the
 * same with the AI's draft of the award.
 */
export function tribunalCases(api: ApiClient, host: () => TestHost, clock: Clock) {
  const { call } = api;
  let contract: Promise<Uint8Array<ArrayBuffer>> | undefined;

  /** Uploads the fixture contract into the case's active phase as `token`'s side. */
  async function uploadContract(c: OpenCase, token: string, name: string): Promise<void> {
    const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${c.dispute.id}/phases`, token), 200);
    const bytes = await (contract ??= makeFinnishPdf([...CONTRACT_PAGES]));
    await json(
      await call(
        'POST',
        `/${c.dispute.id}/phases/${phases.at(-1)!.id}/attachments`,
        token,
        uploadForm([{ name, bytes }]),
      ),
      201,
    );
  }

  /** A Finnish case moved to Resolution, the claimant's contract and the respondent's answer on file. */
  async function caseInResolution(): Promise<OpenCase> {
    const c = await api.openCase(FINNISH_CASE);
    const phase = (type: string, token: string) =>
      call('POST', `/api/dispute/${c.dispute.id}/phase/${type}`, token).then((response) => json(response, 200));
    await uploadContract(c, c.claimant.token, 'Kauppasopimus.pdf');
    await phase('Response', c.claimant.token);
    await uploadContract(c, c.respondent.token, 'Vastaus.pdf');
    await phase('ClaimantLetter1', c.respondent.token);
    await phase('Resolution', c.claimant.token);
    return c;
  }

  /** Seats a sole arbitrator who has accepted, written straight into the store; answers the arbitrator. */
  async function withSoleArbitrator(c: OpenCase): Promise<SignedInUser> {
    const arbitrator = await api.signedInUser({
      email: uniqueEmail('sole'),
      arbitrator: { ...SOLE_ARBITRATOR, grantedAt: clock.now().toISOString(), grantedBy: 'x' },
    });
    const disputes = host().deps.store.collection<DisputeDocument>('disputes');
    const { _etag, ...doc } = (await disputes.read(c.dispute.id, c.dispute.id))!;
    const now = clock.now().toISOString();
    await disputes.replace(
      withLookupIndexes({
        ...doc,
        tribunal: {
          status: 'Constituted',
          size: 1,
          requestedAt: now,
          requestedBy: c.claimant.user.id,
          requestedBySide: 'claimant',
          members: [
            {
              userId: arbitrator.user.id,
              ...SOLE_ARBITRATOR,
              email: arbitrator.user.email,
              role: 'sole',
              status: 'Accepted',
              appointedAt: now,
              appointedBy: 'x',
              respondedAt: now,
              statement: 'none',
            },
          ],
        },
      }),
      { ifMatch: _etag },
    );
    return arbitrator;
  }

  /**
   * A case in Resolution with a constituted sole arbitrator and the AI's draft of the award, generated without
   * waiting for the parties' answers to the summary of claims (`reason` is the tribunal's ground for that).
   */
  async function draftForSoleArbitrator(reason = 'Vastaaja ei ole vastannut kahteen viikkoon.') {
    const c = await caseInResolution();
    const arbitrator = await withSoleArbitrator(c);
    const id = c.dispute.id;
    const started = await json<{ data: { jobId: string; attachmentId: string } }>(
      await call('POST', `/api/dispute/${id}/generatedecision`, arbitrator.token, {
        proceedWithoutConfirmation: reason,
      }),
      202,
    );
    expect((await api.finished(started.data.jobId, arbitrator.token)).status).toBe('Completed');
    return { c, id, awardId: started.data.attachmentId, arbitrator };
  }

  /**
   * The sole arbitrator's draft saved with a dispositive order, the case cleared for adoption, the jurisdiction
   * recorded and the award adopted: answers the adopted PDF's SHA-256, what the signature request names.
   */
  /**
   * The draft saved with the dispositive part the award needs (the respondent pays 12 400 € of contractual
   * penalty): answers the version saved.
   */
  async function saveDraftWithPaymentOrder(id: string, awardId: string, token: string): Promise<number> {
    const draft = (
      await json<{ data: AwardView }>(await call('GET', `/api/dispute/${id}/award/${awardId}`, token), 200)
    ).data;
    await json(
      await call('PUT', `/api/dispute/${id}/award/${awardId}`, token, {
        baseVersion: draft.version,
        chapters: draft.chapters,
        dispositive: {
          orders: [
            {
              kind: 'payment',
              debtor: 'respondent',
              creditor: 'claimant',
              amountCents: 1_240_000,
              text: 'Sopimussakko.',
              references: ['K1 s.1'],
            },
          ],
        },
      }),
      200,
    );
    return draft.version + 1;
  }

  async function adoptForSigning(c: OpenCase, awardId: string, arbitrator: SignedInUser): Promise<string> {
    const id = c.dispute.id;
    const version = await saveDraftWithPaymentOrder(id, awardId, arbitrator.token);
    await api.clearForAdoption(id, c.claimant.token, c.respondent.token);
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/jurisdiction`, arbitrator.token, {
        text: 'Kauppasopimuksen välityslauseke ja palvelun välityssopimus ohjaavat saman riidan tähän menettelyyn.',
      }),
      200,
    );
    const adopted = await json<{ data: AwardView }>(
      await call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, arbitrator.token, {
        version,
        confirmMismatches: true,
      }),
      200,
    );
    expect(adopted.data.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    return adopted.data.pdfSha256!;
  }

  /**
   * The sole arbitrator's draft taken to an issued award: adopted as above and signed (the arbitrator's password
   * is the fixtures' one).
   */
  async function issuedForSoleArbitrator(reason?: string) {
    const { c, id, awardId, arbitrator } = await draftForSoleArbitrator(reason);
    const pdfSha256 = await adoptForSigning(c, awardId, arbitrator);
    const issued = await json<{ data: AwardView }>(
      await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, arbitrator.token, {
        password: 'user password 1',
        pdfSha256,
      }),
      200,
    );
    expect(issued.data.status).toBe('Issued');
    return { c, id, arbitrator, award: issued.data };
  }

  return {
    uploadContract,
    saveDraftWithPaymentOrder,
    caseInResolution,
    withSoleArbitrator,
    draftForSoleArbitrator,
    adoptForSigning,
    issuedForSoleArbitrator,
  };
}
