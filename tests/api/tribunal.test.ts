import { createHash, randomUUID } from 'node:crypto';
import {
  CONSTITUTION_MESSAGES,
  TRIBUNAL_MESSAGES,
  type AdminUserView,
  type AwardAftercareView,
  type AwardView,
  type ClaimsSummaryView,
  type DispositiveCheckView,
  type ModelUsageRow,
  type DisputeView,
  type JobStatusView,
  type PhaseView,
  type TribunalView,
} from '@ratkaisu/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { proceduralHistory } from '../../functions/src/services/awards/award-frame-data.js';
import { start as startFakeOpenAi, type FakeOpenAi, type FakeResponse } from '../support/fake-openai.js';
import { apiClient, uniqueEmail, uploadForm, type OpenCase } from './support/api-client.js';
import { CONTRACT_PAGES, makeFinnishPdf } from './support/finnish-pdf.js';
import { pdfText } from './support/pdf-text.js';
import { pdfsigReport } from './support/pdfsig.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import type { JobDocument } from '../../functions/src/services/jobs/job-document.js';
import { startFakeEntra } from './support/fake-entra.js';
import { secondFactor } from './support/second-factor.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';
import { tribunalCases } from './support/tribunal-case.js';
import { seedTenant } from './support/seed-tenant.js';
import { auditEntriesOf } from './support/audit-trail.js';
import { dispositiveBlock } from './support/dispositive.js';

/**
 * The tribunal through the real local host with the offline model: a party asks for arbitrators, a
 * SuperAdmin grants the attribute and appoints three, each accepts with a statement of independence;
 * only the tribunal generates; the draft is hidden from the parties, edited in versions (a stale save is a
 * 409 that loses nothing), adopted by the chair with its dispositive part, signed after re-authentication,
 * and issued — the case Resolved, the PDF's hash in the audit chain, receipts on first opening.
 */

const clock: Clock = { now: () => new Date() };
const api = apiClient(() => host, clock);
const { call, json } = api;
let contractPdf: Uint8Array<ArrayBuffer>;
/** Work accounts sign by a fresh Microsoft sign-in: tokens from a stand-in for Entra ID. */
let entra: Awaited<ReturnType<typeof startFakeEntra>>;
const WORK_TID = 'dddddddd-1111-4222-8333-444444444444';

beforeAll(async () => {
  entra = await startFakeEntra();
});
afterAll(async () => {
  await entra?.close();
});
const host = useTestHost(() => entra.env);
beforeAll(async () => {
  await seedTenant(host, { id: 'work-tenant', name: 'Työ Oy', domain: 'tyo.fi', azureTenantId: WORK_TID });
  contractPdf = await makeFinnishPdf([...CONTRACT_PAGES]);
});

type SecondFactor = Awaited<ReturnType<typeof secondFactor>>;
const { caseInResolution } = tribunalCases(api, () => host, clock);

describe('the tribunal, step by step (each step goes on from the case the one before left)', () => {
  let c: OpenCase;
  let id: string;
  let superAdmin: SignedInUser;
  let outsiderAdmin: SignedInUser;
  let chairFactor: SecondFactor;
  let thirdFactor: SecondFactor;
  let workOid: string;
  let chair: SignedInUser;
  let second: SignedInUser;
  let third: SignedInUser;
  let noFactor: SignedInUser;
  let plain: SignedInUser;
  let outsider: SignedInUser;
  let awardId: string;
  let draft: AwardView;
  let edited: AwardView['chapters'];
  let adopted: AwardView;
  let opened: Uint8Array;
  let issued: { data: AwardView };

  // The accounts of the whole story: arbitrators need a second factor.
  beforeAll(async () => {
    c = await caseInResolution();
    id = c.dispute.id;
    superAdmin = await api.signedInUser({ email: uniqueEmail('super'), roles: ['SuperAdmin'] });
    outsiderAdmin = await api.signedInUser({ email: uniqueEmail('admin'), roles: ['Admin'] }, { ownTenant: true });
    // Arbitrators need a second factor: the chair signs with an authenticator code, the second member with a
    // work account (a fresh Microsoft sign-in), the member who will not sign has a code too; a fourth holds the
    // attribute with neither and cannot be appointed.
    chairFactor = await secondFactor(host, clock);
    thirdFactor = await secondFactor(host, clock);
    workOid = randomUUID();
    [chair, second, third, noFactor] = await Promise.all([
      api.signedInUser({ email: uniqueEmail('chair'), ...chairFactor.overrides }),
      api.signedInUser({
        email: uniqueEmail('member-b'),
        entra: { tid: WORK_TID, oid: workOid },
        passwordHash: undefined,
      }),
      api.signedInUser({ email: uniqueEmail('member-c'), ...thirdFactor.overrides }),
      api.signedInUser({ email: uniqueEmail('no-factor') }),
    ]);
    plain = await api.signedInUser({ email: uniqueEmail('not-arbitrator') });
    outsider = await api.signedInUser({ email: uniqueEmail('outsider') });
  });

  it('is asked for by a party, and an administrator grants the attribute and appoints three who have a second factor', async () => {
    // A party asks for three arbitrators; once only. Both parties are told.
    const requested = await json<{ data: TribunalView }>(
      await call('POST', `/api/dispute/${id}/tribunal/request`, c.respondent.token, {
        size: 3,
        note: 'Asia on laaja.',
      }),
      200,
    );
    expect(requested.data).toMatchObject({ status: 'Requested', size: 3, requestedBySide: 'respondent', members: [] });
    const again = await call('POST', `/api/dispute/${id}/tribunal/request`, c.claimant.token, { size: 1 });
    expect((await json<{ message: string }>(again, 409)).message).toBe(TRIBUNAL_MESSAGES.alreadyRequested);
    expect(api.mailsTo(c.coClaimant.user.email).join('\n')).toContain('has asked for a tribunal of three arbitrators');
    // Three arbitrators only with the other party's agreement (constitution.test.ts shows refusal and lapse).
    await json(await call('POST', `/api/dispute/${id}/tribunal/size`, c.claimant.token, { agree: true }), 200);

    // The attribute: granted by an administrator of the user's tenant, with the name and title under the signature.
    for (const [user, name] of [
      [chair!, 'OTT Maija Virtanen'],
      [second!, 'VT Pekka Korhonen'],
      [third!, 'OTK Liisa Nieminen'],
      [noFactor!, 'VT Ilman Tunnistusta'],
    ] as const) {
      const granted = await json<{ data: AdminUserView }>(
        await call('PUT', `/api/superadmin/users/${user.user.id}/arbitrator`, superAdmin.token, {
          arbitrator: { name, title: 'asianajaja' },
        }),
        200,
      );
      expect(granted.data.arbitrator).toEqual({ name, title: 'asianajaja' });
    }
    await json(
      await call('PUT', `/api/superadmin/users/${chair!.user.id}/arbitrator`, outsiderAdmin.token, {
        arbitrator: null,
      }),
      404,
    );
    await json(
      await call('PUT', `/api/superadmin/users/${chair!.user.id}/arbitrator`, c.claimant.token, { arbitrator: null }),
      403,
    );

    // The appointment screen's data, then the appointment (the chair first); non-arbitrators cannot be appointed.
    const waiting = await json<{ data: { dispute: { id: string } }[] }>(
      await call('GET', '/api/admin/tribunal/requests', superAdmin.token),
      200,
    );
    expect(waiting.data.map((row) => row.dispute.id)).toContain(id);
    const arbitrators = await json<{ data: { userId: string }[] }>(
      await call('GET', '/api/admin/arbitrators', superAdmin.token),
      200,
    );
    expect(arbitrators.data.map((row) => row.userId)).toEqual(
      expect.arrayContaining([chair!.user.id, second!.user.id, third!.user.id]),
    );
    const canSign = new Map(
      (arbitrators.data as { userId: string; canSign: boolean }[]).map((row) => [row.userId, row.canSign]),
    );
    expect([chair, second, third, noFactor].map((user) => canSign.get(user!.user.id))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    const withoutFactor = await call('POST', `/api/admin/tribunal/${id}/appoint`, superAdmin.token, {
      arbitratorIds: [chair!.user.id, second!.user.id, noFactor!.user.id],
    });
    expect((await json<{ message: string }>(withoutFactor, 400)).message).toBe(TRIBUNAL_MESSAGES.secondFactorRequired);
    const refused = await call('POST', `/api/admin/tribunal/${id}/appoint`, superAdmin.token, {
      arbitratorIds: [chair!.user.id, second!.user.id, plain.user.id],
    });
    expect((await json<{ message: string }>(refused, 400)).message).toBe(TRIBUNAL_MESSAGES.notArbitrator);
    await json(
      await call('POST', `/api/admin/tribunal/${id}/appoint`, outsiderAdmin.token, { arbitratorIds: [chair!.user.id] }),
      404,
    );
    const appointed = await json<{ data: TribunalView }>(
      await call('POST', `/api/admin/tribunal/${id}/appoint`, superAdmin.token, {
        arbitratorIds: [chair!.user.id, second!.user.id, third!.user.id],
      }),
      200,
    );
    expect(appointed.data.members.map((m) => [m.role, m.status])).toEqual([
      ['chair', 'Invited'],
      ['member', 'Invited'],
      ['member', 'Invited'],
    ]);
    expect(api.mailsTo(chair!.user.email).join('\n')).toContain('appointed as chair of the tribunal');
  });

  it('lets nobody generate before it is constituted; acceptance needs a statement of independence', async () => {
    // Before the tribunal is constituted nobody generates: parties never, members not yet.
    const partyGenerates = await call('POST', `/api/dispute/${id}/generatedecision`, c.claimant.token, {});
    expect((await json<{ message: string }>(partyGenerates, 403)).message).toBe(TRIBUNAL_MESSAGES.tribunalOnly);
    const early = await call('POST', `/api/dispute/${id}/generatedecision`, chair!.token, {});
    expect((await json<{ message: string }>(early, 409)).message).toBe(TRIBUNAL_MESSAGES.tribunalNotConstituted);

    // Acceptance needs the statement of independence; a disclosure needs its text.
    const bare = await call('POST', `/api/dispute/${id}/tribunal/respond`, chair!.token, {
      accept: true,
      statement: 'disclosed',
    });
    expect((await json<{ message: string }>(bare, 400)).message).toBe(TRIBUNAL_MESSAGES.disclosureRequired);
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/respond`, chair!.token, {
        accept: true,
        statement: 'disclosed',
        disclosure: 'Toimin vuonna 2019 kantajan asiamiehenä eri asiassa.',
      }),
      200,
    );
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/respond`, second!.token, { accept: true, statement: 'none' }),
      200,
    );
    await json(await call('POST', `/api/dispute/${id}/tribunal/respond`, outsider.token, { accept: false }), 404);
    const constituted = await json<{ data: TribunalView }>(
      await call('POST', `/api/dispute/${id}/tribunal/respond`, third!.token, { accept: true, statement: 'none' }),
      200,
    );
    expect(constituted.data.status).toBe('Constituted');
    const partyMail = api.mailsTo(c.respondent.user.email).join('\n');
    expect(partyMail).toContain('is constituted:');
    expect(partyMail).toContain('OTT Maija Virtanen');
    expect(partyMail).toContain('Toimin vuonna 2019 kantajan asiamiehen');
    // The parties accept the arbitration agreement and waive the 15-day challenge period (constitution.test.ts).
    await api.clearForAdoption(id, c.claimant.token, c.respondent.token);
  });

  it('lets its members read the case and its documents but act in no party phase', async () => {
    // An arbitrator reads the case and its documents but acts in no party phase.
    const seen = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, second!.token), 200);
    expect(seen.side).toBe('tribunal');
    expect(seen.tribunal?.members[0]).toMatchObject({ statement: 'disclosed', status: 'Accepted' });
    const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, second!.token), 200);
    const claimPhase = phases.find((phase) => phase.type === 'Claim')!;
    const document = claimPhase.attachments[0]!;
    const read = await call(
      'GET',
      `/api/dispute/${id}/phases/${claimPhase.id}/attachment/${document.id}/download`,
      second!.token,
    );
    expect(read.status).toBe(200);
    const upload = await call(
      'POST',
      `/${id}/phases/${phases.at(-1)!.id}/attachments`,
      second!.token,
      uploadForm([{ name: 'Oma.pdf', bytes: contractPdf }]),
    );
    expect((await json<{ message: string }>(upload, 403)).message).toBe(TRIBUNAL_MESSAGES.arbitratorCannotAct);
    await json(await call('DELETE', `/api/dispute/attachments/${document.id}`, second!.token), 403);
    await json(await call('POST', `/api/dispute/${id}/phase/Resolution`, second!.token), 403);
    const cases = await json<{ data: { id: string; side: string }[] }>(
      await call('GET', '/api/tribunal/cases', third!.token),
      200,
    );
    expect(cases.data).toEqual([expect.objectContaining({ id, side: 'tribunal' })]);
  });

  it('has the claims extracted, each party answers its own side, and drafting waits for the answers', async () => {
    // The first validation gate: the tribunal has the parties' claims extracted, each party answers its own side.
    const partyExtracts = await call('POST', `/api/dispute/${id}/tribunal/claims-summary`, c.claimant.token);
    expect((await json<{ message: string }>(partyExtracts, 403)).message).toBe(TRIBUNAL_MESSAGES.tribunalOnly);
    const unconfirmed = await call('POST', `/api/dispute/${id}/generatedecision`, chair!.token, {});
    expect((await json<{ message: string }>(unconfirmed, 409)).message).toBe(TRIBUNAL_MESSAGES.claimsNotConfirmed);
    await json(
      await call('POST', `/api/dispute/${id}/generatedecision`, chair!.token, { proceedWithoutConfirmation: 'lyhyt' }),
      400,
    );
    const extraction = await json<{ data: { jobId: string } }>(
      await call('POST', `/api/dispute/${id}/tribunal/claims-summary`, second!.token),
      202,
    );
    expect((await api.finished(extraction.data.jobId, second!.token)).status).toBe('Completed');
    // Its own job kind on its own queue (not a decision job): both parties may follow it on the status route.
    const summaryJob = await host.deps.store
      .collection<JobDocument>('jobs')
      .read(extraction.data.jobId, extraction.data.jobId);
    expect(summaryJob).toMatchObject({ kind: 'claims-summary', status: 'Completed' });
    expect(summaryJob!.resultContentType).toBe('text/markdown; charset=utf-8');
    const partyView = await call('GET', `/api/dispute/job/${extraction.data.jobId}/status`, c.respondent.token);
    expect((await json<JobStatusView>(partyView, 200)).status).toBe('Completed');
    const proposed = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, c.respondent.token), 200);
    expect(proposed.claimsSummary).toMatchObject({
      version: 1,
      sides: { claimant: { status: 'Proposed' }, respondent: { status: 'Proposed' } },
      comments: [],
    });
    expect(proposed.claimsSummary!.sides.claimant.text).toContain('[K1 s.');
    const wrongSide = await call('PUT', `/api/dispute/${id}/tribunal/claims-summary/respondent`, c.claimant.token, {});
    expect((await json<{ message: string }>(wrongSide, 403)).message).toBe(TRIBUNAL_MESSAGES.notYourSide);
    await json(await call('PUT', `/api/dispute/${id}/tribunal/claims-summary/claimant`, chair!.token, {}), 403);
    const confirmed = await json<{ data: ClaimsSummaryView }>(
      await call('PUT', `/api/dispute/${id}/tribunal/claims-summary/claimant`, c.claimant.token, {}),
      200,
    );
    expect(confirmed.data.sides.claimant).toMatchObject({
      status: 'Confirmed',
      text: proposed.claimsSummary!.sides.claimant.text,
    });
    const halfway = await call('POST', `/api/dispute/${id}/generatedecision`, chair!.token, {});
    expect((await json<{ message: string }>(halfway, 409)).message).toBe(TRIBUNAL_MESSAGES.claimsNotConfirmed);
    const corrected = await json<{ data: ClaimsSummaryView }>(
      await call('PUT', `/api/dispute/${id}/tribunal/claims-summary/respondent`, c.respondent.token, {
        text: 'Vastaaja vaatii, että kanne hylätään, koska toimitus oli ajallaan [V1 s.1].',
      }),
      200,
    );
    expect(corrected.data.sides.respondent.status).toBe('Corrected');
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/claims-summary/comments`, c.claimant.token, {
        text: 'Korko lasketaan eräpäivästä.',
      }),
      200,
    );
    const commented = await json<{ data: ClaimsSummaryView }>(
      await call('POST', `/api/dispute/${id}/tribunal/claims-summary/comments`, second!.token, {
        text: 'Yhteenveto on vahvistettu.',
      }),
      200,
    );
    expect(commented.data.comments.map((comment) => comment.by)).toEqual(['claimant', 'tribunal']);
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/claims-summary/comments`, outsider.token, { text: 'Hei.' }),
      404,
    );

    // The correction and the comment were put to the other party: drafting waits for their answers.
    const unheard = await call('POST', `/api/dispute/${id}/generatedecision`, chair!.token, {});
    expect((await json<{ message: string }>(unheard, 409)).message).toBe(CONSTITUTION_MESSAGES.matterUnanswered);
    await api.answerNewMatters(id, c.claimant.token, c.respondent.token);
  });

  it('drafts for the tribunal only, the case still in progress', async () => {
    // The chair generates: a draft for the tribunal only; the case stays in progress.
    const started = await json<{ data: { jobId: string; attachmentId: string } }>(
      await call('POST', `/api/dispute/${id}/generatedecision`, chair!.token, {}),
      202,
    );
    awardId = started.data.attachmentId;
    expect((await api.finished(started.data.jobId, chair!.token)).status).toBe('Completed');
    const tribunalView = await json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, chair!.token), 200);
    expect(tribunalView.find((p) => p.type === 'Resolution')!.attachments).toEqual([
      expect.objectContaining({ id: awardId, status: 'Draft', decisionKind: 'award' }),
    ]);
    const partyView = await json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, c.claimant.token), 200);
    expect(partyView.find((p) => p.type === 'Resolution')!.attachments).toEqual([]);
    await json(await call('GET', `/api/dispute/${id}/award/${awardId}`, c.claimant.token), 404);
    await json(await call('GET', `/api/dispute/${id}/award/${awardId}`, outsider.token), 404);
    expect((await json<DisputeView>(await call('GET', `/api/dispute/${id}`, c.claimant.token), 200)).status).toBe(
      'InProgress',
    );
    const stopByParty = await call('POST', `/api/dispute/${id}/stopdecisiongeneration`, c.respondent.token);
    expect((await json<{ message: string }>(stopByParty, 403)).message).toBe(TRIBUNAL_MESSAGES.tribunalOnly);

    draft = (
      await json<{ data: AwardView }>(await call('GET', `/api/dispute/${id}/award/${awardId}`, second!.token), 200)
    ).data;
    expect(draft).toMatchObject({
      status: 'Draft',
      version: 1,
      caseNumber: expect.stringMatching(/^RAT-\d{4}-\d{6}$/),
    });
    expect(draft.chapters).toHaveLength(7);
    expect(draft.dispositive).toBeUndefined(); // the offline model invents no dispositive part
    expect(draft.settings.setBy).toMatchObject({ side: 'tribunal', name: 'OTT Maija Virtanen, asianajaja' });
  });

  it('edits in versions without losing a word: a stale save is a 409, a chapter written again is a new version', async () => {
    // Adoption needs the dispositive part.
    const noOrders = await call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, chair!.token, { version: 1 });
    expect((await json<{ message: string }>(noOrders, 409)).message).toBe(TRIBUNAL_MESSAGES.dispositiveRequired);

    // Two members edit the same version: the first save wins, the second is a 409 carrying the newer version.
    edited = draft.chapters.map((chapter, index) =>
      index === 5
        ? { ...chapter, text: 'Vastaaja on viivästynyt toimituksessa [K1 s.1]. Kanne hyväksytään.' }
        : chapter,
    );
    const dispositive = {
      orders: [
        {
          kind: 'payment',
          debtor: 'respondent',
          creditor: 'claimant',
          amountCents: 1_240_000,
          interest: { basis: 'penalty', from: '2026-03-15' },
          text: 'Sopimussakko.',
          references: ['K1 s.1'],
        },
      ],
    };
    const saved = await json<{ data: AwardView }>(
      await call('PUT', `/api/dispute/${id}/award/${awardId}`, second!.token, {
        baseVersion: 1,
        chapters: edited,
        dispositive,
        costs: 'Vastaaja velvoitetaan korvaamaan kantajan oikeudenkäyntikulut 2 000 eurolla.',
      }),
      200,
    );
    expect(saved.data.version).toBe(2);
    const stale = await call('PUT', `/api/dispute/${id}/award/${awardId}`, third!.token, {
      baseVersion: 1,
      chapters: draft.chapters.map((chapter) => ({ ...chapter, text: 'Kolmannen jäsenen teksti.' })),
    });
    const conflict = await json<{ message: string; current: AwardView }>(stale, 409);
    expect(conflict.message).toBe(TRIBUNAL_MESSAGES.staleVersion);
    expect(conflict.current.version).toBe(2);
    expect(conflict.current.chapters[5]!.text).toContain('Kanne hyväksytään.');
    const kept = (
      await json<{ data: AwardView }>(await call('GET', `/api/dispute/${id}/award/${awardId}`, chair!.token), 200)
    ).data;
    expect(kept.versions.map((v) => [v.version, v.source, v.savedBy.name])).toEqual([
      [1, 'ai', 'Offline extract'],
      [2, 'tribunal', 'VT Pekka Korhonen'],
    ]);
    expect(kept.chapters[0]!.text).not.toContain('Kolmannen jäsenen teksti.');
    // One chapter written again by the model with the tribunal's instruction: a new version, nobody's edit lost.
    const regeneration = await json<{ data: { jobId: string } }>(
      await call('POST', `/api/dispute/${id}/award/${awardId}/regenerate`, chair!.token, {
        baseVersion: 2,
        chapter: 3,
        instruction: 'Tiivistä oikeuskysymykset kolmeen kohtaan.',
      }),
      202,
    );
    expect((await api.finished(regeneration.data.jobId, chair!.token)).status).toBe('Completed');
    const regenerated = (
      await json<{ data: AwardView }>(await call('GET', `/api/dispute/${id}/award/${awardId}`, chair!.token), 200)
    ).data;
    expect(regenerated.version).toBe(3);
    expect(regenerated.versions.at(-1)).toMatchObject({ version: 3, source: 'ai' });
    expect(regenerated.versions.at(-1)!.savedBy.name).toContain('OTT Maija Virtanen');
    expect(regenerated.chapters[5]!.text).toContain('Kanne hyväksytään.');
    await json(
      await call('POST', `/api/dispute/${id}/award/${awardId}/regenerate`, second!.token, {
        baseVersion: 2,
        chapter: 3,
        instruction: 'Vanhasta versiosta.',
      }),
      409,
    );
    await json(
      await call('POST', `/api/dispute/${id}/award/${awardId}/regenerate`, c.claimant.token, {
        baseVersion: 3,
        chapter: 3,
        instruction: 'Puolueen ohje.',
      }),
      404,
    );
  });

  it('adopts only by the chair, on the latest version, with the jurisdiction decided and the dispositive part confirmed', async () => {
    // A party cannot edit; a member cannot adopt; the chair cannot adopt a stale version.
    await json(
      await call('PUT', `/api/dispute/${id}/award/${awardId}`, c.claimant.token, { baseVersion: 2, chapters: edited }),
      404,
    );
    const byMember = await call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, second!.token, { version: 3 });
    expect((await json<{ message: string }>(byMember, 403)).message).toBe(TRIBUNAL_MESSAGES.chairOnly);
    await json(await call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, chair!.token, { version: 2 }), 409);
    const tooFew = await call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, chair!.token, {
      version: 3,
      notSigning: [
        { userId: second!.user.id, reason: 'Estynyt.' },
        { userId: third!.user.id, reason: 'Estynyt.' },
      ],
    });
    expect((await json<{ message: string }>(tooFew, 400)).message).toBe(TRIBUNAL_MESSAGES.majorityRequired);

    // The contract's own arbitration clause: the tribunal records its decision on jurisdiction first.
    const noJurisdiction = await call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, chair!.token, {
      version: 3,
    });
    expect((await json<{ message: string }>(noJurisdiction, 409)).message).toBe(
      CONSTITUTION_MESSAGES.jurisdictionRequired,
    );
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/jurisdiction`, chair!.token, {
        text: 'Kauppasopimuksen välityslauseke ja palvelun välityssopimus ohjaavat saman riidan tähän menettelyyn.',
      }),
      200,
    );

    // Before adopting, the tuomiolauselma is compared with chapter 6: chapter 6 states no 12 400 euros and no
    // order fixes the fees. A party cannot read the check; adopting needs the chair's confirmation.
    await json(await call('GET', `/api/dispute/${id}/award/${awardId}/dispositive-check`, c.claimant.token), 404);
    const check = await json<{ data: DispositiveCheckView }>(
      await call('GET', `/api/dispute/${id}/award/${awardId}/dispositive-check`, chair!.token),
      200,
    );
    expect(check.data).toEqual({
      version: 3,
      mismatches: [{ code: 'amountNotInReasons', order: 1, amountCents: 1_240_000 }, { code: 'noFeesOrder' }],
    });
    const notConfirmed = await call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, chair!.token, {
      version: 3,
      notSigning: [{ userId: third!.user.id, reason: 'Eri mieltä lopputuloksesta, ei allekirjoita.' }],
    });
    expect((await json<{ message: string }>(notConfirmed, 409)).message).toBe(TRIBUNAL_MESSAGES.dispositiveMismatch);

    adopted = (
      await json<{ data: AwardView }>(
        await call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, chair!.token, {
          version: 3,
          notSigning: [{ userId: third!.user.id, reason: 'Eri mieltä lopputuloksesta, ei allekirjoita.' }],
          confirmMismatches: true,
        }),
        200,
      )
    ).data;
    expect(adopted).toMatchObject({
      status: 'Adopted',
      requiredSignatures: 2,
      pdfSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('signs after re-authentication: a password, a second factor, a fresh Microsoft sign-in; the file signed is the one seen', async () => {
    // A signature names the PDF the signer opened: without its SHA-256 nothing is signed.
    const noHash = await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, chair!.token, {
      password: 'user password 1',
      code: chairFactor.code(),
    });
    const noHashBody = await json<{ code: string; message: string; fields: Record<string, string> }>(noHash, 400);
    expect(noHashBody.code).toBe('validation_failed');
    expect(noHashBody.fields.pdfSha256).toBe(TRIBUNAL_MESSAGES.pdfSha256Required);
    expect(TRIBUNAL_MESSAGES.pdfSha256Required).toBe(
      'Open the PDF you are signing first: a signature names that file by its SHA-256.',
    );
    const hashed = { pdfSha256: adopted.pdfSha256 };

    // Signing is a re-authentication.
    const noPassword = await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, chair!.token, hashed);
    expect((await json<{ message: string }>(noPassword, 401)).message).toBe(TRIBUNAL_MESSAGES.reauthRequired);
    const wrong = await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, chair!.token, {
      ...hashed,
      password: 'wrong',
    });
    expect((await json<{ message: string }>(wrong, 401)).message).toBe(TRIBUNAL_MESSAGES.reauthFailed);
    const notSigner = await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, third!.token, {
      ...hashed,
      password: 'user password 1',
      code: thirdFactor.code(),
    });
    expect((await json<{ message: string }>(notSigner, 409)).message).toBe(TRIBUNAL_MESSAGES.notSigningMember);
    // The second factor is required where the account has one; a wrong code fails.
    const noCode = await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, chair!.token, {
      ...hashed,
      password: 'user password 1',
    });
    expect((await json<{ message: string }>(noCode, 401)).message).toBe(TRIBUNAL_MESSAGES.reauthRequired);
    const wrongCode = await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, chair!.token, {
      ...hashed,
      password: 'user password 1',
      code: chairFactor.code() === '000000' ? '111111' : '000000',
    });
    expect((await json<{ message: string }>(wrongCode, 401)).message).toBe(TRIBUNAL_MESSAGES.reauthFailed);

    // Sign what you see: the draft's download is now the adopted PDF, and a signer names the file it opened.
    const resolutionPhase = (
      await json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, chair!.token), 200)
    ).find((p) => p.type === 'Resolution')!;
    const draftDownload = `/api/dispute/${id}/phases/${resolutionPhase.id}/attachment/${awardId}/download`;
    opened = new Uint8Array(await (await call('GET', draftDownload, chair!.token)).arrayBuffer());
    expect(createHash('sha256').update(opened).digest('hex')).toBe(adopted.pdfSha256);

    const one = await json<{ data: AwardView }>(
      await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, chair!.token, {
        password: 'user password 1',
        code: chairFactor.code(),
        pdfSha256: adopted.pdfSha256,
      }),
      200,
    );
    expect(one.data.status).toBe('Adopted');
    await json(
      await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, chair!.token, {
        password: 'user password 1',
        pdfSha256: one.data.pdfSha256,
      }),
      409,
    );
    // The second member opened the adopted PDF before the chair signed: that file is no longer the one to sign.
    const changed = await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, second!.token, {
      entraToken: await entra.mint({ tid: WORK_TID, oid: workOid }),
      pdfSha256: adopted.pdfSha256,
    });
    expect((await json<{ message: string }>(changed, 409)).message).toBe(TRIBUNAL_MESSAGES.pdfChanged);
    const afterChair = new Uint8Array(await (await call('GET', draftDownload, second!.token)).arrayBuffer());
    expect(createHash('sha256').update(afterChair).digest('hex')).toBe(one.data.pdfSha256);
    // A work account signs by signing in with Microsoft again: no token, a sign-in older than five minutes, or
    // another account's token are refused.
    const workSign = async (entraToken?: string) =>
      call('POST', `/api/dispute/${id}/award/${awardId}/sign`, second!.token, {
        ...(entraToken ? { entraToken } : {}),
        pdfSha256: one.data.pdfSha256,
      });
    for (const refused of [
      await workSign(),
      await workSign(await entra.mint({ tid: WORK_TID, oid: workOid, iat: Math.floor(Date.now() / 1000) - 600 })),
      await workSign(await entra.mint({ tid: WORK_TID, oid: randomUUID() })),
    ]) {
      expect((await json<{ message: string }>(refused, 401)).message).toBe(TRIBUNAL_MESSAGES.reauthEntra);
    }
    issued = await json<{ data: AwardView }>(await workSign(await entra.mint({ tid: WORK_TID, oid: workOid })), 200);
    expect(issued.data.status).toBe('Issued');
    const [chairSignature, secondSignature] = issued.data.signatures;
    expect(chairSignature!.pdfSha256).toBe(one.data.pdfSha256);
    expect(secondSignature!.pdfSha256).toBe(issued.data.pdfSha256);
    expect(new Set([adopted.pdfSha256, chairSignature!.pdfSha256, secondSignature!.pdfSha256]).size).toBe(3);
  });

  it('issues the award: the case Resolved and final, both signatures valid in the PDF, the first opening the receipt', async () => {
    // Issued: the case is Resolved, the award is the parties' to download, and the first download is the receipt.
    const resolved = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, c.respondent.token), 200);
    expect(resolved.status).toBe('Resolved');
    // Final (final-case.test.ts refuses every route): the tribunal drafts no more, nobody asks for another.
    expect(resolved.outcome).toMatchObject({ kind: 'award', decisionId: awardId, at: expect.any(String) });
    for (const [path, token, body] of [
      [`/api/dispute/${id}/generatedecision`, chair!.token, {}],
      [`/api/dispute/${id}/tribunal/request`, c.claimant.token, { size: 1 }],
    ] as const) {
      expect(await json(await call('POST', path, token, body), 409)).toMatchObject({ code: 'case_final' });
    }
    const resolution = (
      await json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, c.respondent.token), 200)
    ).find((p) => p.type === 'Resolution')!;
    const awardFile = resolution.attachments.find((file) => file.id === awardId)!;
    expect(awardFile).toMatchObject({ status: 'Completed', decisionKind: 'award' });
    expect(awardFile.fileName).toBe(`Award_${adopted.caseNumber}.pdf`);
    const download = await call(
      'GET',
      `/api/dispute/${id}/phases/${resolution.id}/attachment/${awardId}/download`,
      c.respondent.token,
    );
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(issued.data.pdfSha256);
    // The issued PDF carries both signatures inside it, each valid, the last covering the whole file; the
    // adopted PDF is its first bytes, unchanged (incremental updates).
    expect(Buffer.from(bytes.subarray(0, opened.length)).equals(Buffer.from(opened))).toBe(true);
    const report = pdfsigReport(bytes);
    if (report !== undefined) {
      const found = report.split(/^Signature #\d+:$/m).slice(1);
      expect(found).toHaveLength(2);
      for (const signature of found) {
        expect(signature).toContain('Signature Validation: Signature is Valid.');
        expect(signature).toContain('Signature Type: ETSI.CAdES.detached');
      }
      expect(found[0]).toContain('Signer Certificate Common Name: OTT Maija Virtanen');
      expect(found[1]).toContain('Signer Certificate Common Name: VT Pekka Korhonen');
      expect(found[0]).not.toContain('Total document signed');
      expect(found[1]).toContain('Total document signed');
    }
    expect(api.mailsTo(c.coClaimant.user.email).join('\n')).toContain('the arbitral award has been issued');
    // The first opening is the side's receipt, kept on the award's record beside its deliveries (corrections.test.ts).
    const afterReceipt = await json<{ data: AwardAftercareView }>(
      await call('GET', `/api/dispute/${id}/award/${awardId}/delivery`, c.claimant.token),
      200,
    );
    expect(afterReceipt.data.receipts).toEqual([expect.objectContaining({ side: 'respondent', how: 'opened' })]);

    // The award PDF: the frame from the case's data, the tribunal's names under the signature lines.
    const flat = (await pdfText(bytes)).text.replace(/\s+/g, ' ');
    for (const expected of [
      'VÄLITYSTUOMIO',
      adopted.caseNumber,
      'Asianosaiset ja asiamiehet',
      'Välimiesoikeus',
      'OTT Maija Virtanen',
      'puheenjohtaja',
      'Toimin vuonna 2019 kantajan asiamiehenä eri asiassa.',
      'Välityssopimus ja toimivalta',
      'Menettelyn vaiheet',
      'pyysi kolmijäsenisen välimiesoikeuden nimeämistä',
      'Kantaja vahvisti yhteenvedon vaatimuksistaan ja perusteistaan.',
      'Asianosaisten vaatimukset ja perusteet',
      'kantaja vahvisti',
      'vastaaja korjasi',
      'Vastaaja vaatii, että kanne hylätään, koska toimitus oli ajallaan [V1 s.1].',
      'Korko lasketaan eräpäivästä.',
      'Tuomiolauselma',
      'Vastaaja velvoitetaan suorittamaan kantajalle 12 400,00 euroa',
      'korkolain (633/1982) 4 §:n 1 momentin mukaista viivästyskorkoa 15.3.2026 lukien',
      'Menettelyn kustannukset',
      'oikeudenkäyntikulut 2 000 eurolla',
      // No order fixes the fees (confirmed at adoption): the award says so and gives no § 47 notice.
      'Tuomiolauselmassa ei ole välimiesten palkkiota koskevaa määräystä.',
      'Välitystuomion korjaaminen, tulkinta ja täydentäminen',
      'Asianosainen voi 30 päivän kuluessa',
      'Välitystuomion moittiminen ja mitättömyys',
      'sai kappaleen välitystuomiota',
      'Allekirjoitukset',
      'Helsingissä',
      'VT Pekka Korhonen',
      'OTK Liisa Nieminen ei allekirjoittanut tuomiota',
      'Liite 2: Tekoälyn käyttö',
      'Välimiesoikeus muutti tekoälyn tekstiä',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).not.toContain('LUONNOS');
    expect(flat).not.toContain('Muutoksenhaku');
    expect(flat).not.toContain('47 §');
  });

  it('holds every step in the audit chain, the signatures with the PDF’s hash', async () => {
    // The chain holds every step, the signatures with the PDF's hash.
    const audit = await auditEntriesOf(host, id);
    const actions = audit.map((entry) => entry.action);
    for (const action of [
      'RequestTribunal',
      'AppointTribunal',
      'AcceptAppointment',
      'GenerateDecision',
      'DecisionDrafted',
      'EditAward',
      'RegenerateChapter',
      'ExtractClaims',
      'ConfirmClaims',
      'CommentClaims',
      'AdoptAward',
      'SignAward',
      'IssueAward',
      'ReceiveDecision',
    ] as const) {
      expect(actions).toContain(action);
    }
    const signatures = audit.filter((entry) => entry.action === 'SignAward' && entry.success);
    expect(signatures).toHaveLength(2);
    // Each signature: signer, time, certificate fingerprint and the PDF's hash after it.
    issued.data.signatures.forEach((signature, index) => {
      expect(signatures[index]!.details).toContain(signature.name);
      expect(signatures[index]!.details).toContain(signature.signedAt);
      expect(signatures[index]!.details).toContain(`certificate sha256 ${signature.certificateFingerprint}`);
      expect(signatures[index]!.details).toContain(`pdf sha256 after the signature ${signature.pdfSha256}`);
    });
    expect(actions).toContain('IssueSigningCertificate');
    expect(audit.find((entry) => entry.action === 'IssueAward')!.details).toContain(issued.data.pdfSha256!);
    expect(audit.filter((entry) => entry.action === 'SignAward' && !entry.success).length).toBeGreaterThanOrEqual(2);
  });
});

describe('a chapter written again for the tribunal, against an OpenAI-compatible endpoint', () => {
  let fake: FakeOpenAi;
  const modelApi = apiClient(() => modelHost, clock);
  const modelCases = tribunalCases(modelApi, () => modelHost, clock);

  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const modelHost = useTestHost(() => ({ OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'decision-model' }));

  it('makes one call with the same prefix, the tribunal’s text of the chapters it rests on, and the instruction', async () => {
    const c = await modelCases.caseInResolution();
    const id = c.dispute.id;
    // A constituted sole arbitrator, written straight into the store: the appointment is the other test's subject.
    const arbitrator = await modelCases.withSoleArbitrator(c);

    const dispositive = {
      orders: [{ kind: 'dismissal', text: 'Kanne hylätään.', references: [] }],
    };
    fake.respondWith((body): FakeResponse | undefined => {
      const ask = [...(body?.messages ?? [])].reverse().find((message) => message.role === 'user')?.content ?? '';
      const chapter = /^Kirjoita seuraavaksi välitystuomion luku (\d)/u.exec(ask)?.[1];
      if (!chapter) return undefined;
      return {
        kind: 'completion',
        text: `Luvun ${chapter} teksti [K1 s.1].${chapter === '6' ? dispositiveBlock(dispositive) : ''}`,
        usage: 'measured',
      };
    });
    const started = await json<{ data: { jobId: string; attachmentId: string } }>(
      await modelApi.call('POST', `/api/dispute/${id}/generatedecision`, arbitrator.token, {
        proceedWithoutConfirmation: 'Vastaaja ei ole vastannut kahteen viikkoon.',
      }),
      202,
    );
    expect((await modelApi.finished(started.data.jobId, arbitrator.token)).status).toBe('Completed');
    const awardId = started.data.attachmentId;
    const firstRun = [...fake.requests];
    const originalSix = firstRun.find((request) =>
      request.body?.messages?.some(
        (m) => m.role === 'user' && m.content.startsWith('Kirjoita seuraavaksi välitystuomion luku 6'),
      ),
    )!;
    const draft = (
      await json<{ data: AwardView }>(
        await modelApi.call('GET', `/api/dispute/${id}/award/${awardId}`, arbitrator.token),
        200,
      )
    ).data;
    expect(draft.dispositive).toEqual(dispositive);
    // Proceeding without the parties' confirmation: the reason is in the audit chain and the procedural history.
    const proceededCase = (await modelHost.deps.store.collection<DisputeDocument>('disputes').read(id, id))!;
    expect(proceededCase.claimsProceeded).toEqual([
      expect.objectContaining({ reason: 'Vastaaja ei ole vastannut kahteen viikkoon.' }),
    ]);
    expect(proceduralHistory(proceededCase).map((entry) => entry.text)).toContainEqual(
      expect.stringContaining('perusteena: Vastaaja ei ole vastannut kahteen viikkoon.'),
    );
    const generateAudit = await modelHost.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'entityId', op: '=', value: id }], limit: 50 });
    expect(generateAudit.items.find((entry) => entry.action === 'GenerateDecision')?.details).toContain(
      'Vastaaja ei ole vastannut kahteen viikkoon.',
    );

    await json(
      await modelApi.call('PUT', `/api/dispute/${id}/award/${awardId}`, arbitrator.token, {
        baseVersion: 1,
        chapters: draft.chapters.map((chapter, index) =>
          index === 4 ? { ...chapter, text: 'Välimiesoikeuden oma arvio: viivästys oli olennainen.' } : chapter,
        ),
        dispositive,
      }),
      200,
    );
    fake.requests.length = 0;
    const regeneration = await json<{ data: { jobId: string } }>(
      await modelApi.call('POST', `/api/dispute/${id}/award/${awardId}/regenerate`, arbitrator.token, {
        baseVersion: 2,
        chapter: 6,
        instruction: 'Perustele ratkaisu lyhyemmin ja viittaa kauppalakiin.',
      }),
      202,
    );
    expect((await modelApi.finished(regeneration.data.jobId, arbitrator.token)).status).toBe('Completed');
    expect(fake.requests).toHaveLength(1);
    const messages = fake.requests[0]!.body!.messages!;
    const prompt = messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('Perustele ratkaisu lyhyemmin ja viittaa kauppalakiin.');
    expect(prompt).toContain('Välimiesoikeuden oma arvio: viivästys oli olennainen.');
    // The same prefix as the draft's own call for chapter 6: the system message and the case file.
    expect(messages.slice(0, 2)).toEqual(originalSix.body!.messages!.slice(0, 2));
    const after = (
      await json<{ data: AwardView }>(
        await modelApi.call('GET', `/api/dispute/${id}/award/${awardId}`, arbitrator.token),
        200,
      )
    ).data;
    expect(after.version).toBe(3);
    expect(after.chapters[4]!.text).toBe('Välimiesoikeuden oma arvio: viivästys oli olennainen.');
    expect(after.chapters[5]!.text).toContain('Luvun 6 teksti');

    // What the model cost, per tenant and month, for the administrators (the draft and the chapter written again).
    const superAdmin = await modelApi.signedInUser({ email: uniqueEmail('super'), roles: ['SuperAdmin'] });
    const usage = await json<ModelUsageRow[]>(
      await modelApi.call('GET', '/api/superadmin/analytics/model-usage', superAdmin.token),
      200,
    );
    const row = usage.find((entry) => entry.tenantId === 'default')!;
    expect(row).toMatchObject({ month: clock.now().toISOString().slice(0, 7), jobs: 2 });
    expect(row.promptTokens).toBeGreaterThan(0);
    expect(row.cachedTokens).toBeGreaterThan(0);
    await json(await modelApi.call('GET', '/api/superadmin/analytics/model-usage', arbitrator.token), 403);
  });
});
