import type { NoticeList, PhaseView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { actedOnCaseId } from '../../functions/src/http/handle.js';
import { routes } from '../../functions/src/routes.js';
import type { NoticeDocument } from '../../functions/src/records/notice-document.js';
import { writeNotice } from '../../functions/src/services/notices/notice-store.js';
import { apiClient, FINNISH_CASE, uploadForm } from './support/api-client.js';
import { CONTRACT_PAGES } from './support/finnish-pdf.js';
import { useFinnishPdfs } from './support/use-finnish-pdfs.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * A user who acts on a case has seen what its notices pointed to: a successful state-changing call on a case
 * marks that user's unread notices about that case read (docs/notices.md "In-app"); a read, a refused call,
 * another user's notices and another case's notices are left as they were.
 */

const api = apiClient(() => host);
const { call, json } = api;

const pdfs = useFinnishPdfs({ contract: CONTRACT_PAGES });
const host = useTestHost();

async function notices(token: string): Promise<NoticeList> {
  return json<NoticeList>(await call('GET', '/api/notices', token), 200);
}

/** A notice as notify.ts writes one, about `disputeId`, for `userId`. */
async function noticeAbout(userId: string, disputeId: string): Promise<NoticeDocument> {
  return writeNotice(host.deps, {
    userId,
    event: 'phaseStarted',
    disputeId,
    title: { en: 'Your turn', fi: 'Sinun vuorosi' },
    text: { en: 'Your turn', fi: 'Sinun vuorosi' },
    path: `/case/${disputeId}`,
  });
}

/** The user's notices about one case, as stored (the listed view does not name the case). */
async function aboutCase(userId: string, disputeId: string): Promise<NoticeDocument[]> {
  const page = await host.deps.store
    .collection<NoticeDocument>('notices')
    .query({ partitionKey: userId, where: [{ field: 'disputeId', op: '=', value: disputeId }] });
  return page.items;
}

async function readAt(userId: string, id: string): Promise<string | undefined> {
  return (await host.deps.store.collection<NoticeDocument>('notices').read(userId, id))?.readAt;
}

describe('which calls act on a case', () => {
  it('the state-changing routes under a case, never a read nor a path whose id is not a case', () => {
    const byName = (name: string) => routes.find((route) => route.name === name)!;
    expect(actedOnCaseId(byName('uploadAttachments'), { disputeId: 'd1', phaseId: 'p1' })).toBe('d1');
    for (const name of ['advancePhase', 'acceptDecision', 'signAward', 'acceptAgreement', 'appointTribunal']) {
      expect(actedOnCaseId(byName(name), { id: 'd1', awardId: 'a1', phaseType: 'Response' }), name).toBe('d1');
    }
    for (const name of ['getDispute', 'getDisputePhases', 'caseChangeToken', 'stopJob', 'deleteAttachment']) {
      expect(actedOnCaseId(byName(name), { id: 'd1' }), name).toBeUndefined();
    }
  });
});

describe('a notice is read once its user acts on its case', () => {
  it('an upload and a phase action mark the actor’s notices about that case read, nothing else', async () => {
    const c = await api.openCase(FINNISH_CASE);
    const id = c.dispute.id;
    const other = await api.openCase();
    const phases = async (token: string) =>
      json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, token), 200);
    const upload = async (token: string, name: string) => {
      const phase = (await phases(token)).at(-1)!;
      return call('POST', `/${id}/phases/${phase.id}/attachments`, token, uploadForm([{ name, bytes: pdfs.contract }]));
    };

    // The claimant sends the claim: the respondent is told (a notice about this case).
    await json(await upload(c.claimant.token, 'Kauppasopimus.pdf'), 201);
    await json(await call('POST', `/api/dispute/${id}/phase/Response`, c.claimant.token), 200);
    const told = await aboutCase(c.respondent.user.id, id);
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((n) => !n.readAt)).toBe(true);
    // Two more: one about this case read earlier elsewhere (it keeps its time), one about another case.
    const readEarlier = await noticeAbout(c.respondent.user.id, id);
    await json(await call('POST', '/api/notices/read', c.respondent.token, { ids: [readEarlier.id] }), 200);
    const firstReading = await readAt(c.respondent.user.id, readEarlier.id);
    expect(firstReading).toBeDefined();
    const elsewhere = await noticeAbout(c.respondent.user.id, other.dispute.id);

    // Reading the case costs no notice query and changes nothing.
    const store = host.deps.store as { collection: typeof host.deps.store.collection };
    const original = store.collection.bind(store);
    const touched: string[] = [];
    store.collection = ((name: Parameters<typeof original>[0]) => {
      touched.push(name);
      return original(name);
    }) as typeof store.collection;
    try {
      await json(await call('GET', `/api/dispute/${id}`, c.respondent.token), 200);
      await phases(c.respondent.token);
    } finally {
      store.collection = original;
    }
    expect(touched).not.toContain('notices');
    expect((await notices(c.respondent.token)).unread).toBe(told.length + 1);

    // A refused call (the claimant's step, not the respondent's) leaves them unread.
    const refused = await call('POST', `/api/dispute/${id}/phase/Resolution`, c.respondent.token);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await notices(c.respondent.token)).unread).toBe(told.length + 1);

    // The respondent uploads its answer: its notices about this case are read, the other case's are not.
    await json(await upload(c.respondent.token, 'Vastaus.pdf'), 201);
    const after = await notices(c.respondent.token);
    for (const notice of told) expect(await readAt(c.respondent.user.id, notice.id)).toBeDefined();
    expect(await readAt(c.respondent.user.id, readEarlier.id)).toBe(firstReading);
    expect(await readAt(c.respondent.user.id, elsewhere.id)).toBeUndefined();
    expect(after.unread).toBe(1);

    // The respondent's phase action tells the claimant's representative; its next phase action reads it.
    await json(await call('POST', `/api/dispute/${id}/phase/ClaimantLetter1`, c.respondent.token), 200);
    const claimantTold = (await aboutCase(c.coClaimant.user.id, id)).filter((n) => !n.readAt);
    expect(claimantTold.length).toBeGreaterThan(0);
    // The user who filed the case is told something too, and does not act.
    const bystander = await noticeAbout(c.claimant.user.id, id);
    expect((await aboutCase(c.coClaimant.user.id, id)).filter((n) => !n.readAt)).toHaveLength(claimantTold.length);
    await json(await call('POST', `/api/dispute/${id}/phase/Resolution`, c.coClaimant.token), 200);
    for (const notice of claimantTold) expect(await readAt(c.coClaimant.user.id, notice.id)).toBeDefined();
    expect(await readAt(c.claimant.user.id, bystander.id)).toBeUndefined();
  });
});
