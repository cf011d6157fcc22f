import type { AttachmentView, InvitationView, PhaseView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { apiClient, FINNISH_CASE, type OpenCase } from './support/api-client.js';
import { CONTRACT_PAGES } from './support/finnish-pdf.js';
import { useFinnishPdfs } from './support/use-finnish-pdfs.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * A reused invitation tells the truth: used after the case is resolved (both parties accepted the AI decision),
 * the invitation no longer asks for an answer nor names a due date; it says the case is resolved and where it
 * opens (the invitation page's `resolved` message, web InvitationPage).
 */

const api = apiClient(() => host);
const { call, json } = api;

const pdfs = useFinnishPdfs({ contract: CONTRACT_PAGES });
const host = useTestHost();

const phasesOf = async (c: OpenCase, token: string) =>
  json<PhaseView[]>(await call('GET', `/api/dispute/${c.dispute.id}/phases`, token), 200);

async function upload(c: OpenCase, token: string, name: string): Promise<void> {
  await api.uploadToActivePhase(c.dispute.id, token, [{ name, bytes: pdfs.contract }]);
}

const invitation = async (token: string) => json<InvitationView>(await call('GET', `/api/invitation/${token}`), 200);

describe('an invitation used after its case is resolved', () => {
  it('says the case is resolved and opens it, instead of asking for an answer', async () => {
    const c = await api.openCase(FINNISH_CASE);
    const id = c.dispute.id;
    await upload(c, c.claimant.token, 'Kauppasopimus.pdf');
    await json(await call('POST', `/api/dispute/${id}/phase/Response`, c.claimant.token), 200);
    const mail = api.mailsTo(c.respondent.user.email).at(-1);
    const token = /https?:\/\/\S+\/invitation\/([A-Za-z0-9_-]{43})\b/.exec(mail ?? '')?.[1];
    expect(token, 'an invitation link in the mail').toBeDefined();

    // While the respondent's answer is awaited the invitation says so.
    const waiting = await invitation(token!);
    expect(waiting.resolved).toBeUndefined();
    expect(waiting.responseDueDate).toBeDefined();

    // The case goes on to an AI decision both parties open and accept: it is resolved.
    await upload(c, c.respondent.token, 'Vastaus.pdf');
    await json(await call('POST', `/api/dispute/${id}/phase/ClaimantLetter1`, c.respondent.token), 200);
    await json(await call('POST', `/api/dispute/${id}/phase/Resolution`, c.claimant.token), 200);
    const { data } = await json<{ data: { jobId: string; attachmentId: string } }>(
      await call('POST', `/api/dispute/${id}/generatedecision`, c.claimant.token, {}),
      202,
    );
    expect((await api.finished(data.jobId, c.claimant.token)).status).toBe('Completed');
    for (const party of [c.respondent, c.claimant]) {
      const resolution = (await phasesOf(c, party.token)).find((phase) => phase.type === 'Resolution')!;
      const decision = resolution.attachments.find((file: AttachmentView) => file.id === data.attachmentId)!;
      const opened = await call(
        'GET',
        `/api/dispute/${id}/phases/${resolution.id}/attachment/${decision.id}/download`,
        party.token,
      );
      expect(opened.status).toBe(200);
      await opened.arrayBuffer();
    }
    await json(await call('POST', `/api/dispute/${id}/award/${data.attachmentId}/accept`, c.respondent.token), 200);
    const both = await json<{ data: { resolved: boolean } }>(
      await call('POST', `/api/dispute/${id}/award/${data.attachmentId}/accept`, c.claimant.token),
      200,
    );
    expect(both.data.resolved).toBe(true);

    // The same link now: resolved, no answer due, and the case to open — the signed-in invitee can open it.
    const reused = await invitation(token!);
    expect(reused).toMatchObject({ disputeId: id, resolved: true, casePath: `/case-attachment/${id}` });
    expect(reused.responseDueDate).toBeUndefined();
    await json(await call('GET', `/api/dispute/${id}`, c.respondent.token), 200);
  });
});
