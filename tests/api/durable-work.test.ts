import type { AwardAftercareView, DisputeView } from '@ratkaisu/core';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { AwardDocument } from '../../functions/src/services/awards/award-document.js';
import { ISSUANCE_GRACE_MS } from '../../functions/src/services/award-signing/sweep-issuances.js';
import { MAIL_LEASE_MS, type MailDocument } from '../../functions/src/services/outbox/mail-document.js';
import { timers } from '../../functions/src/timers.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient } from './support/api-client.js';
import { outboxWithAttachments } from './support/mail-attachments.js';
import { leaseAzuriteAccount, type AzuriteAccount } from './support/shared-azurite.js';
import { startTestHost, type TestHost } from './support/start-host.js';
import { tribunalCases } from './support/tribunal-case.js';

/**
 * Issuance survives a crash (docs/operations.md "Operations: durable work"): the last signature writes the
 * award Issued together with the steps still to do (the case Resolved, the § 37 mails); the host is made to
 * crash right after each durable step (a probe throws there, so nothing after it runs), a fresh host is
 * started on the same data directory and Blob Storage, and the sweeps finish the work — each party mailed the
 * signed PDF exactly once, each delivery recorded once, the case Resolved once.
 */

const clock = new MovableClock();
/** The hosts' Blob Storage: one account of the worker's Azurite, kept across the crashes. */
let azurite: AzuriteAccount | undefined;
let host: TestHost;
/** The step at which the next crash comes; disarmed once it has. */
let crashAt: string | undefined;
const stepProbe = (step: string) => {
  if (step !== crashAt) return;
  crashAt = undefined;
  throw new Error(`Simulated crash after ${step}`);
};
const api = apiClient(() => host, clock);
const { call, json } = api;
const { draftForSoleArbitrator, adoptForSigning } = tribunalCases(api, () => host, clock);

/** A host on the file's Azurite account (so a host started again finds the signed PDFs), on `dataDir` when given. */
function startHost(dataDir?: string): Promise<TestHost> {
  return startTestHost(dataDir ? { DATA_DIR: dataDir } : {}, { clock, stepProbe, runningAzurite: azurite });
}

async function runTimer(name: string): Promise<void> {
  await timers.find((timer) => timer.name === name)!.handler(host.deps, new AbortController().signal);
}

beforeAll(async () => {
  azurite = await leaseAzuriteAccount();
  if (!azurite) throw new Error('No Azurite account left for this worker (tests/api/support/shared-azurite.ts).');
});
afterAll(async () => {
  await host?.stop();
  await azurite?.release();
});

describe('issuance finished after a crash', () => {
  it.each(['award.issued', 'issuance.resolveCase', 'issuance.deliver', 'mail.sent'])(
    'a crash after %s: the sweep resolves the case and mails each party the signed award exactly once',
    async (step) => {
      host = await startHost();
      const { c, id, awardId, arbitrator } = await draftForSoleArbitrator();
      const pdfSha256 = await adoptForSigning(c, awardId, arbitrator);

      crashAt = step;
      const crashed = await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, arbitrator.token, {
        password: 'user password 1',
        pdfSha256,
      });
      expect(crashed.status).toBe(500);
      expect(crashAt).toBeUndefined();
      const dataDir = host.dataDir;
      await host.close();

      host = await startHost(dataDir);
      const awards = host.deps.store.collection<AwardDocument>('awards');
      const left = (await awards.read(id, awardId))!;
      expect(left.status).toBe('Issued');
      // What the crash left undone is named on the record; after the last step, in the outbox.
      if (step.startsWith('award.') || step === 'issuance.resolveCase') {
        expect(left.issuanceSteps).toContain('deliver');
      } else {
        expect(left.issuanceSteps).toBeUndefined();
        expect(left.deliveryMails?.length).toBeGreaterThan(0);
      }
      if (step === 'issuance.deliver') {
        // The case page shows the § 37 mails written and not sent yet.
        const pending = (
          await json<{ data: AwardAftercareView }>(
            await call('GET', `/api/dispute/${id}/award/${awardId}/delivery`, c.claimant.token),
            200,
          )
        ).data.deliveries;
        expect(pending.length).toBeGreaterThan(0);
        expect(pending.every((delivery) => delivery.pending && !delivery.messageId)).toBe(true);
      }

      // Signing again is no way round: the signature is in.
      const again = await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, arbitrator.token, {
        password: 'user password 1',
        pdfSha256: left.pdfSha256,
      });
      expect(again.status).toBe(409);

      // Past the grace left to a request still at work, and past a crashed attempt's lease on a mail.
      clock.advance(Math.max(ISSUANCE_GRACE_MS, MAIL_LEASE_MS) + 1000);
      await runTimer('sweepIssuances');
      await runTimer('sendDueMails');
      // A second run finds nothing more to do.
      await runTimer('sweepIssuances');
      await runTimer('sendDueMails');

      const dispute = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, c.claimant.token), 200);
      expect(dispute.status).toBe('Resolved');
      const finished = (await awards.read(id, awardId))!;
      expect(finished.issuanceSteps).toBeUndefined();

      const view = (
        await json<{ data: AwardAftercareView }>(
          await call('GET', `/api/dispute/${id}/award/${awardId}/delivery`, arbitrator.token),
          200,
        )
      ).data;
      const recipients = view.deliveries.map((delivery) => delivery.email);
      expect(new Set(recipients).size).toBe(recipients.length);
      expect(recipients).toEqual(expect.arrayContaining([c.claimant.user.email, c.respondent.user.email]));
      expect(view.deliveries.every((d) => d.messageId && d.attached && !d.failed && !d.pending)).toBe(true);

      // Exactly one mail with the signed PDF to each representative, and no other mail of it.
      const signedPdfMails = outboxWithAttachments(host.dataDir).filter((mail) =>
        mail.attachments.some((file) => file.contentType === 'application/pdf'),
      );
      expect(signedPdfMails.map((mail) => mail.to).sort()).toEqual([...recipients].sort());

      const outbox = await host.deps.store
        .collection<MailDocument>('outbox')
        .query({ where: [{ field: 'disputeId', op: '=', value: id }], limit: 200 });
      expect(outbox.items.filter((mail) => mail.status !== 'Sent')).toEqual([]);
      expect(outbox.items.filter((mail) => mail.followUpPending)).toEqual([]);

      const audit = await host.deps.store
        .collection<AuditDocument>('audit')
        .query({ where: [{ field: 'entityId', op: '=', value: id }], limit: 500 });
      expect(audit.items.filter((entry) => entry.action === 'IssueAward')).toHaveLength(1);
      expect(audit.items.filter((entry) => entry.action === 'DeliverAward')).toHaveLength(recipients.length);

      const dataDirAfter = host.dataDir;
      await host.close();
      rmSync(dataDirAfter, { recursive: true, force: true });
      host = undefined as unknown as TestHost;
    },
  );
});
