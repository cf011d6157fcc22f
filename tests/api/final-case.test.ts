import { createHash, randomUUID } from 'node:crypto';
import {
  OUTCOME_MESSAGES,
  type AttachmentView,
  type DisputeView,
  type PhaseView,
  type WorkFileView,
} from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { WRITE_ONCE_RECORD_NAMES } from '../../functions/src/records/write-once-record.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { apiClient, FINNISH_CASE, uploadForm, type OpenCase } from './support/api-client.js';
import { CONTRACT_PAGES } from './support/finnish-pdf.js';
import { useFinnishPdfs } from './support/use-finnish-pdfs.js';
import { useTestHost } from './support/use-test-host.js';
import { secondFactor } from './support/second-factor.js';

/**
 * Final means final (docs/architecture.md "The outcome holds"), through the real local host: every
 * decision a numbered version with its SHA-256 and a file name carrying both; acceptance only of the latest
 * version the party has opened; a new version lapses a standing acceptance, audited, and mails the other
 * party; and once both accepted one version (or an award was issued) every mutating route answers the same
 * catalogued 409, downloads still work, and the appointment queue never lists the case.
 */

const clock: Clock = { now: () => new Date() };
const api = apiClient(() => host, clock);
const { call, json } = api;

const pdfs = useFinnishPdfs({ contract: CONTRACT_PAGES });
const host = useTestHost();

const phasesOf = async (c: OpenCase, token = c.claimant.token) =>
  json<PhaseView[]>(await call('GET', `/api/dispute/${c.dispute.id}/phases`, token), 200);

async function resolution(c: OpenCase, token = c.claimant.token): Promise<PhaseView> {
  return (await phasesOf(c, token)).find((phase) => phase.type === 'Resolution')!;
}

async function decision(c: OpenCase, attachmentId: string, token = c.claimant.token): Promise<AttachmentView> {
  return (await resolution(c, token)).attachments.find((file) => file.id === attachmentId)!;
}

/** A case in Resolution with a claim file and a work file on the claimant's side. */
async function caseInResolution(): Promise<{ c: OpenCase; workFile: WorkFileView }> {
  const c = await api.openCase(FINNISH_CASE);
  const upload = (token: string, name: string) =>
    api.uploadToActivePhase(c.dispute.id, token, [{ name, bytes: pdfs.contract }]);
  await upload(c.claimant.token, 'Kauppasopimus.pdf');
  const [workFile] = await json<WorkFileView[]>(
    await call(
      'POST',
      `/api/dispute/${c.dispute.id}/workfiles`,
      c.claimant.token,
      uploadForm([{ name: 'Muistio.pdf', bytes: pdfs.contract }]),
    ),
    201,
  );
  await json(await call('POST', `/api/dispute/${c.dispute.id}/phase/Response`, c.claimant.token), 200);
  await upload(c.respondent.token, 'Vastaus.pdf');
  await json(await call('POST', `/api/dispute/${c.dispute.id}/phase/ClaimantLetter1`, c.respondent.token), 200);
  await json(await call('POST', `/api/dispute/${c.dispute.id}/phase/Resolution`, c.claimant.token), 200);
  return { c, workFile: workFile! };
}

/** Asks for an AI decision as `token`'s party and waits for it: the new version's attachment. */
async function generated(c: OpenCase, token: string): Promise<AttachmentView> {
  const { data } = await json<{ data: { jobId: string; attachmentId: string } }>(
    await call('POST', `/api/dispute/${c.dispute.id}/generatedecision`, token, {}),
    202,
  );
  expect((await api.finished(data.jobId, token)).status).toBe('Completed');
  return decision(c, data.attachmentId, token);
}

/** Downloads (opens) a decision as a party: the bytes served. */
async function open(c: OpenCase, attachmentId: string, token: string): Promise<Uint8Array> {
  const phase = await resolution(c, token);
  const response = await call(
    'GET',
    `/api/dispute/${c.dispute.id}/phases/${phase.id}/attachment/${attachmentId}/download`,
    token,
  );
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const accept = (c: OpenCase, attachmentId: string, token: string) =>
  call('POST', `/api/dispute/${c.dispute.id}/award/${attachmentId}/accept`, token);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function auditOf(disputeId: string): Promise<AuditDocument[]> {
  const page = await host.deps.store
    .collection<AuditDocument>('audit')
    .query({ where: [{ field: 'entityId', op: '=', value: disputeId }], limit: 200 });
  return page.items;
}

/**
 * Every request that would change a final case, each answered with the catalogued 409 (never a 200, a 500 or
 * a different refusal), and the case unchanged after them.
 */
async function expectEveryChangeRefused(c: OpenCase, workFile: WorkFileView, decisionId: string): Promise<void> {
  const id = c.dispute.id;
  const before = await host.deps.store.collection<DisputeDocument>('disputes').read(id, id);
  const phases = await phasesOf(c);
  const active = phases.at(-1)!;
  const claimPhase = phases.find((phase) => phase.type === 'Claim')!;
  const pdf = () => uploadForm([{ name: `Uusi-${randomUUID().slice(0, 6)}.pdf`, bytes: pdfs.contract }]);
  const attempts: [string, () => Promise<Response>][] = [
    ['Create decision (claimant)', () => call('POST', `/api/dispute/${id}/generatedecision`, c.claimant.token, {})],
    ['Create decision (respondent)', () => call('POST', `/api/dispute/${id}/generatedecision`, c.respondent.token, {})],
    ['Stop', () => call('POST', `/api/dispute/${id}/stopdecisiongeneration`, c.respondent.token)],
    [
      'Request an arbitrator',
      () => call('POST', `/api/dispute/${id}/tribunal/request`, c.respondent.token, { size: 1 }),
    ],
    [
      'Upload to the active phase',
      () => call('POST', `/${id}/phases/${active.id}/attachments`, c.claimant.token, pdf()),
    ],
    [
      'Upload to the Claim phase',
      () => call('POST', `/${id}/phases/${claimPhase.id}/attachments`, c.claimant.token, pdf()),
    ],
    [
      'Delete a case file',
      () => call('DELETE', `/api/dispute/attachments/${claimPhase.attachments[0]!.id}`, c.claimant.token),
    ],
    ['Upload a work file', () => call('POST', `/api/dispute/${id}/workfiles`, c.claimant.token, pdf())],
    ['Delete a work file', () => call('DELETE', `/api/dispute/${id}/workfiles/${workFile.id}`, c.claimant.token)],
    ['Save and Send', () => call('POST', `/api/dispute/${id}/phase/ClaimantLetter2`, c.claimant.token)],
    ['End Process', () => call('POST', `/api/dispute/${id}/phase/Resolution`, c.respondent.token)],
    [
      'Generate a claim into the case',
      () =>
        call('POST', `/api/dispute/${id}/generateclaim`, c.claimant.token, {
          fileIds: [claimPhase.attachments[0]!.id],
          settings: { language: 'fi' },
          case_name: c.dispute.name,
          claimant_info: { name: 'Rakennus Oy', contact_info: 'Katu 1, 00100 Helsinki' },
          process_type: 'claim',
        }),
    ],
    [
      'File a claim draft',
      () =>
        api.post(
          `/dispute/${id}/saveclaimaspdf`,
          { markdownContent: '# Haastehakemus\n\nVaatimus.' },
          c.claimant.token,
        ),
    ],
    [
      'Answer the claims summary',
      () => call('PUT', `/api/dispute/${id}/tribunal/claims-summary/claimant`, c.claimant.token, {}),
    ],
    [
      'Comment on the claims summary',
      () =>
        call('POST', `/api/dispute/${id}/tribunal/claims-summary/comments`, c.respondent.token, { text: 'Kommentti.' }),
    ],
    ['Accept again', () => accept(c, decisionId, c.respondent.token)],
  ];
  for (const [label, attempt] of attempts) {
    const response = await attempt();
    expect(response.status, label).toBe(409);
    expect(await response.json(), label).toEqual({
      code: 'case_final',
      reason: 'cases.final',
      params: {},
      message: OUTCOME_MESSAGES.caseFinal,
    });
  }
  const after = await host.deps.store.collection<DisputeDocument>('disputes').read(id, id);
  expect(after?._etag, 'the case was not written').toBe(before?._etag);
  const workFiles = await json<WorkFileView[]>(
    await call('GET', `/api/dispute/${id}/workfiles`, c.claimant.token),
    200,
  );
  expect(workFiles.map((file) => file.id)).toEqual([workFile.id]);
}

describe('acceptance binds to one opened version', () => {
  it('numbers each version, refuses an unopened or older one, lapses an acceptance on regeneration and mails it', async () => {
    const { c } = await caseInResolution();
    const id = c.dispute.id;

    // Version 1: numbered, hashed, named with the case number and the version.
    const v1 = await generated(c, c.claimant.token);
    const caseNumber = (await json<DisputeView>(await call('GET', `/api/dispute/${id}`, c.claimant.token), 200))
      .caseNumber!;
    expect(v1).toMatchObject({
      version: 1,
      fileName: `Decision_${caseNumber}_v1.pdf`,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      generatedBy: { seat: 'claimant', name: expect.any(String) },
    });

    // Not before the party has opened that very file; opening it is recorded per side.
    const unopened = await accept(c, v1.id, c.claimant.token);
    expect(await json(unopened, 409)).toEqual({
      code: 'conflict',
      reason: 'cases.decisionNotOpened',
      params: {},
      message: OUTCOME_MESSAGES.notOpened,
    });
    expect(sha256(await open(c, v1.id, c.claimant.token))).toBe(v1.sha256);
    const accepted = await json<{ data: { acceptedBy: string[]; resolved: boolean; version: number; sha256: string } }>(
      await accept(c, v1.id, c.claimant.token),
      200,
    );
    expect(accepted.data).toEqual({ acceptedBy: ['claimant'], resolved: false, version: 1, sha256: v1.sha256 });
    expect((await decision(c, v1.id)).acceptances).toEqual([
      { side: 'claimant', at: expect.any(String), version: 1, sha256: v1.sha256 },
    ]);

    // The respondent asks for a new version: the claimant's acceptance lapses, on the record, and by mail.
    const mailsBefore = api.mailsTo(c.coClaimant.user.email).length;
    const v2 = await generated(c, c.respondent.token);
    expect(v2).toMatchObject({ version: 2, fileName: `Decision_${caseNumber}_v2.pdf` });
    expect(v2.sha256).not.toBe(v1.sha256);
    const lapsed = await decision(c, v1.id);
    expect(lapsed.acceptances).toBeUndefined();
    expect(lapsed.acceptedBy).toBeUndefined();
    expect(lapsed.lapsedAcceptances).toEqual([
      {
        side: 'claimant',
        at: expect.any(String),
        lapsedAt: expect.any(String),
        reason: OUTCOME_MESSAGES.lapsedByRegeneration('respondent'),
      },
    ]);
    // Earlier versions stay readable, numbered, with who generated them.
    expect(sha256(await open(c, v1.id, c.respondent.token))).toBe(v1.sha256);
    expect((await resolution(c)).attachments.map((file) => [file.version, file.generatedBy?.seat])).toEqual([
      [1, 'claimant'],
      [2, 'respondent'],
    ]);
    // The lapse mail, beside the new version's "decision ready" (tests/api/notices.test.ts shows each event).
    const mails = api
      .mailsTo(c.coClaimant.user.email)
      .slice(mailsBefore)
      .filter((mail) => mail.includes('acceptance has therefore lapsed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('acceptance has therefore lapsed');
    expect(mails[0]).toMatch(/on \d{1,2}\.\d{1,2}\.\d{4}, \d\d:\d\d \(Helsinki time\)/);
    expect(mails[0]).toContain(`You accepted version 1 of the AI decision`);
    expect(mails[0]).toContain(caseNumber);
    // In the recipient's language only: this account never chose Finnish.
    expect(mails[0]).not.toContain('on siksi rauennut');
    const audit = await auditOf(id);
    const lapse = audit.find((entry) => entry.action === 'AcceptanceLapsed');
    expect(lapse?.details).toContain(`version 1`);
    expect(lapse?.details).toContain(v1.sha256!);

    // The older version can no longer be accepted, even by a party who opened it.
    expect(await json(await accept(c, v1.id, c.respondent.token), 409)).toMatchObject({
      message: OUTCOME_MESSAGES.notLatest,
    });
    expect(await json(await accept(c, v2.id, c.respondent.token), 409)).toMatchObject({
      message: OUTCOME_MESSAGES.notOpened,
    });

    // Both open and accept version 2: the case is final, with that version and its hash.
    await open(c, v2.id, c.respondent.token);
    await open(c, v2.id, c.claimant.token);
    await json(await accept(c, v2.id, c.respondent.token), 200);
    const both = await json<{ data: { acceptedBy: string[]; resolved: boolean } }>(
      await accept(c, v2.id, c.claimant.token),
      200,
    );
    expect(both.data).toMatchObject({ acceptedBy: ['respondent', 'claimant'], resolved: true });
    const final = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, c.respondent.token), 200);
    expect(final).toMatchObject({
      status: 'Resolved',
      outcome: { kind: 'accepted', decisionId: v2.id, version: 2, sha256: v2.sha256, at: expect.any(String) },
    });
    const summary = await json<{ id: string; outcome?: unknown }[]>(
      await call('GET', '/api/dispute', c.claimant.token),
      200,
    );
    expect(summary.find((row) => row.id === id)?.outcome).toMatchObject({ kind: 'accepted', version: 2 });
    const actions = (await auditOf(id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'AcceptDecision')).toHaveLength(3);
    expect(actions).toContain('CaseFinal');
  });

  it('refuses acceptance while a newer version is being generated', async () => {
    const { c } = await caseInResolution();
    const v1 = await generated(c, c.claimant.token);
    await open(c, v1.id, c.respondent.token);
    // A generation in flight, as requestDecisionGeneration leaves it until its job ends.
    const disputes = host.deps.store.collection<DisputeDocument>('disputes');
    const { _etag, ...doc } = (await disputes.read(c.dispute.id, c.dispute.id))!;
    const pending = { id: randomUUID(), fileName: 'Decision.pdf', dateCreated: new Date().toISOString() };
    await disputes.replace(
      {
        ...doc,
        phases: doc.phases.map((phase) =>
          phase.type === 'Resolution'
            ? {
                ...phase,
                attachments: [
                  ...phase.attachments,
                  { ...pending, status: 'Generating' as const, decisionKind: 'aiDecision' as const },
                ],
              }
            : phase,
        ),
        attachmentIds: [...doc.attachmentIds, pending.id],
      },
      { ifMatch: _etag },
    );
    expect(await json(await accept(c, v1.id, c.respondent.token), 409)).toMatchObject({
      message: OUTCOME_MESSAGES.generating,
    });
    expect((await decision(c, v1.id)).acceptances).toBeUndefined();
  });
});

describe('a final case', () => {
  it('after both parties accepted one version: every change refused with the catalogued 409, reads still served', async () => {
    const { c, workFile } = await caseInResolution();
    const v1 = await generated(c, c.claimant.token);
    const accepted = await open(c, v1.id, c.claimant.token);
    await open(c, v1.id, c.respondent.token);
    await json(await accept(c, v1.id, c.claimant.token), 200);
    await json(await accept(c, v1.id, c.respondent.token), 200);

    await expectEveryChangeRefused(c, workFile, v1.id);

    // Downloads and reads remain: the accepted PDF, now sealed by the service (its bytes unchanged, the seal
    // appended by incremental update).
    const sealed = await open(c, v1.id, c.respondent.token);
    expect(sha256(accepted)).toBe(v1.sha256);
    expect(sealed.byteLength).toBeGreaterThan(accepted.byteLength);
    expect(sha256(sealed.subarray(0, accepted.byteLength))).toBe(v1.sha256);
    // The sealed decision and the first side's receipt are also kept write-once (docs/operations.md).
    const records = host.deps.blobs;
    const original = await records.downloadBuffer(
      'records',
      WRITE_ONCE_RECORD_NAMES.sealedDecision(c.dispute.id, v1.id),
    );
    expect(original && sha256(original)).toBe(sha256(sealed));
    const receipt = await records.downloadBuffer(
      'records',
      WRITE_ONCE_RECORD_NAMES.receipt(c.dispute.id, v1.id, 'claimant'),
    );
    expect(JSON.parse(receipt!.toString('utf8'))).toMatchObject({ side: 'claimant', userId: c.claimant.user.id });
    await json(await call('GET', `/api/dispute/${c.dispute.id}/award/${v1.id}/settings`, c.respondent.token), 200);
    const download = await call('GET', `/api/dispute/${c.dispute.id}/workfiles/${workFile.id}`, c.claimant.token);
    expect(download.status).toBe(200);
  });

  it('after an award was issued: the same refusals', async () => {
    const { c, workFile } = await caseInResolution();
    // The award as sign-award.ts issues it (tribunal.test.ts drives the whole way there): a Completed award
    // on the Resolution phase, the case Resolved with its outcome recorded.
    const awardId = randomUUID();
    const at = new Date().toISOString();
    const disputes = host.deps.store.collection<DisputeDocument>('disputes');
    const current = (await disputes.read(c.dispute.id, c.dispute.id))!;
    const { _etag, ...doc } = current;
    await disputes.replace(
      {
        ...doc,
        status: 'Resolved',
        outcome: { kind: 'award', decisionId: awardId, at },
        phases: doc.phases.map((phase) =>
          phase.type === 'Resolution'
            ? {
                ...phase,
                attachments: [
                  ...phase.attachments,
                  {
                    id: awardId,
                    fileName: 'Award_RAT.pdf',
                    dateCreated: at,
                    status: 'Completed',
                    decisionKind: 'award',
                  },
                ],
              }
            : phase,
        ),
        attachmentIds: [...doc.attachmentIds, awardId],
      },
      { ifMatch: _etag },
    );
    const view = await json<DisputeView>(await call('GET', `/api/dispute/${c.dispute.id}`, c.claimant.token), 200);
    expect(view.outcome).toEqual({ kind: 'award', decisionId: awardId, at });

    await expectEveryChangeRefused(c, workFile, awardId);
  });

  it('is never in the appointment queue, and its tribunal can be neither appointed nor accepted', async () => {
    const { c } = await caseInResolution();
    const v1 = await generated(c, c.claimant.token);
    await open(c, v1.id, c.claimant.token);
    await open(c, v1.id, c.respondent.token);
    await json(await accept(c, v1.id, c.claimant.token), 200);
    await json(await accept(c, v1.id, c.respondent.token), 200);
    const superAdmin = await api.signedInUser({ email: api.uniqueEmail('super'), roles: ['SuperAdmin'] });
    // An arbitrator signs with a second factor, and needs one to be appointed.
    const factor = await secondFactor(host, { now: () => new Date() });
    const arbitrator = await api.signedInUser({ email: api.uniqueEmail('arbitrator'), ...factor.overrides });
    await json(
      await call('PUT', `/api/superadmin/users/${arbitrator.user.id}/arbitrator`, superAdmin.token, {
        arbitrator: { name: 'OTT Maija Virtanen', title: 'asianajaja' },
      }),
      200,
    );
    const open2 = await caseInResolution();
    await json(
      await call('POST', `/api/dispute/${open2.c.dispute.id}/tribunal/request`, open2.c.respondent.token, { size: 1 }),
      200,
    );

    // The final case is given a pending appointment behind the API's back, as a case resolved before tribunal
    // requests on final cases were refused may hold one.
    const disputes = host.deps.store.collection<DisputeDocument>('disputes');
    const current = (await disputes.read(c.dispute.id, c.dispute.id))!;
    const { _etag, ...doc } = current;
    const now = new Date().toISOString();
    await disputes.replace(
      {
        ...doc,
        tribunal: {
          status: 'Appointed',
          size: 1,
          requestedAt: now,
          requestedBy: c.respondent.user.id,
          requestedBySide: 'respondent',
          members: [
            {
              userId: arbitrator.user.id,
              name: 'OTT Maija Virtanen',
              title: 'asianajaja',
              email: arbitrator.user.email,
              role: 'sole',
              status: 'Invited',
              appointedAt: now,
              appointedBy: superAdmin.user.id,
            },
          ],
        },
      },
      { ifMatch: _etag },
    );

    const queue = await json<{ data: { dispute: { id: string } }[] }>(
      await call('GET', '/api/admin/tribunal/requests', superAdmin.token),
      200,
    );
    const listed = queue.data.map((row) => row.dispute.id);
    expect(listed).toContain(open2.c.dispute.id);
    expect(listed).not.toContain(c.dispute.id);

    const appoint = await call('POST', `/api/admin/tribunal/${c.dispute.id}/appoint`, superAdmin.token, {
      arbitratorIds: [arbitrator.user.id],
    });
    expect(await json(appoint, 409)).toEqual({
      code: 'case_final',
      reason: 'cases.final',
      params: {},
      message: OUTCOME_MESSAGES.caseFinal,
    });
    const respond = await call('POST', `/api/dispute/${c.dispute.id}/tribunal/respond`, arbitrator.token, {
      accept: true,
      statement: 'none',
    });
    expect(await json(respond, 409)).toEqual({
      code: 'case_final',
      reason: 'cases.final',
      params: {},
      message: OUTCOME_MESSAGES.caseFinal,
    });
    // The open case is still appointed as before.
    await json(
      await call('POST', `/api/admin/tribunal/${open2.c.dispute.id}/appoint`, superAdmin.token, {
        arbitratorIds: [arbitrator.user.id],
      }),
      200,
    );
  });
});
