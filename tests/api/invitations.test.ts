import type { DisputeView, InvitationView, PhaseView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { MovableClock } from '../support/movable-clock.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { apiClient, json, newDispute, uniqueEmail, uploadForm } from './support/api-client.js';
import { makePdf } from './support/pdf-fixtures.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The respondent's invitation: the mail's link carries a token that opens the
 * case's context on a public route, binds sign-up to the invited address and
 * keeps the case as the return target through the confirmation mail.
 */

const NOT_FOUND =
  'This invitation link is not valid. Open the link from the invitation mail exactly as it was sent, or ask the party who invited you to send it again. If you already have an account, log in: the case is listed on your dashboard.';
const EXPIRED =
  'This invitation link has expired. Ask the party who invited you to send the case again. If you already have an account, log in: the case is listed on your dashboard.';
const MISMATCH =
  'This invitation was sent to another email address. Sign up with the address the invitation was sent to, or ask the party who invited you to name your address in the case.';
const RETURN_TO_INVALID = 'returnTo must be a path on this site, such as /case-attachment/…';

const clock = new MovableClock();
const host = useTestHost({ ADMIN_EMAIL: 'root@example.fi', ADMIN_PASSWORD: 'root password 1' }, { clock });

const api = apiClient(() => host, clock);
const DAY = 24 * 3600_000;

/** A claimant files the claim against an address that has no account yet; answers the invitation token. */
async function invite(): Promise<{
  dispute: DisputeView;
  respondentEmail: string;
  token: string;
  claimantName: string;
}> {
  const claimant = await api.signedInUser({ email: uniqueEmail('claimant'), userName: `Maija${Date.now()}` });
  const respondentEmail = uniqueEmail('invited');
  const input = newDispute(respondentEmail, { name: 'Teräspalkkien viivästys' });
  const dispute = await json<DisputeView>(await api.call('POST', '/api/dispute', claimant.token, input), 201);
  const phases = await json<PhaseView[]>(
    await api.call('GET', `/api/dispute/${dispute.id}/phases`, claimant.token),
    200,
  );
  await json(
    await api.call(
      'POST',
      `/${dispute.id}/phases/${phases[0]!.id}/attachments`,
      claimant.token,
      uploadForm([{ name: 'Kanne.pdf', bytes: await makePdf() }]),
    ),
    201,
  );
  await json(await api.call('POST', `/api/dispute/${dispute.id}/phase/Response`, claimant.token), 200);
  const mail = api.mailsTo(respondentEmail).at(-1);
  expect(mail, 'the invitation mail').toBeDefined();
  const link = /https?:\/\/\S+\/invitation\/([A-Za-z0-9_-]{43})\b/.exec(mail!);
  expect(link, 'an invitation link in the mail').not.toBeNull();
  return { dispute, respondentEmail, token: link![1]!, claimantName: claimant.user.userName };
}

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { code: string; message: string };
  return { status: response.status, code: body.code, message: body.message };
}

describe('GET /api/invitation/{token}', () => {
  it('names the case, the inviting party and the invited address to the token holder', async () => {
    const { dispute, respondentEmail, token, claimantName } = await invite();
    const view = await json<InvitationView>(await api.get(`/api/invitation/${token}`), 200);
    expect(view).toMatchObject({
      disputeId: dispute.id,
      caseName: 'Teräspalkkien viivästys',
      invitingParty: 'Rakennus Oy',
      invitedBy: { name: claimantName },
      invitedEmail: respondentEmail,
      side: 'respondent',
      casePath: `/case-attachment/${dispute.id}`,
    });
    // The respondent's deadline: the open Response phase's due date, as the case page has it.
    const stored0 = await host.deps.store.collection<DisputeDocument>('disputes').read(dispute.id, dispute.id);
    const response = stored0!.phases.find((phase) => phase.id === stored0!.activePhaseId)!;
    expect(response.type).toBe('Response');
    expect(view.responseDueDate).toBe(response.dueDate);
    // Only the hash is kept: the token itself is nowhere in the store.
    const stored = await host.deps.store.collection<{ id: string; pk: string; kind: string }>('tokens').query({
      where: [{ field: 'kind', op: '=', value: 'invitation' }],
      limit: 1000,
    });
    expect(stored.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored.items)).not.toContain(token);
  });

  it('answers a wrong or malformed token with the same catalogued 404', async () => {
    const { token } = await invite();
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const candidate of [wrong, 'x', 'not-a-token-at-all', 'A'.repeat(43)]) {
      expect(await errorOf(await api.get(`/api/invitation/${candidate}`)), candidate).toEqual({
        status: 404,
        code: 'not_found',
        message: NOT_FOUND,
      });
    }
  });

  it('says an invitation has expired, with what to do', async () => {
    const { token } = await invite();
    clock.advance(31 * DAY);
    try {
      expect(await errorOf(await api.get(`/api/invitation/${token}`))).toEqual({
        status: 410,
        code: 'invitation_expired',
        message: EXPIRED,
      });
    } finally {
      clock.advance(-31 * DAY);
    }
  });
});

describe('POST /user/register with an invitation', () => {
  const password = 'Kuusi-puuta-9';

  it('refuses another address than the invited one, and counts nothing', async () => {
    const { token } = await invite();
    const response = await api.post('/user/register', {
      username: `someone${Date.now()}`,
      email: uniqueEmail('other'),
      password,
      agreedTerms: true,
      invitationToken: token,
    });
    const body = (await response.clone().json()) as { fields?: Record<string, string> };
    expect(await errorOf(response)).toEqual({ status: 400, code: 'bad_request', message: MISMATCH });
    expect(body.fields?.email).toBe(MISMATCH);
  });

  it('refuses an invalid invitation token', async () => {
    const response = await api.post('/user/register', {
      username: `someone${Date.now()}`,
      email: uniqueEmail('other'),
      password,
      invitationToken: 'A'.repeat(43),
    });
    expect(await errorOf(response)).toMatchObject({ status: 404, message: NOT_FOUND });
  });

  it('takes the invited address (in any letter case) and returns to the case through the confirmation', async () => {
    const { dispute, respondentEmail, token } = await invite();
    const username = `vastaaja${Date.now()}`;
    const registered = await api.post('/user/register', {
      username,
      email: respondentEmail.toUpperCase(),
      password,
      agreedTerms: true,
      invitationToken: token,
    });
    expect(registered.status).toBe(201);
    const link = api.linkIn(respondentEmail.toUpperCase(), '/confirm-email');
    expect(link.searchParams.get('returnTo')).toBe(`/case-attachment/${dispute.id}`);
    await json(
      await api.post('/user/confirm-email', {
        userId: link.searchParams.get('userId'),
        token: link.searchParams.get('token'),
      }),
      200,
    );
    const { token: bearer } = await api.signIn(username, password);
    const seen = await json<DisputeView>(await api.get(`/api/dispute/${dispute.id}`, bearer), 200);
    expect(seen.id).toBe(dispute.id);
  });
});

describe('the return target of a sign-up', () => {
  it('keeps a path on this site through the confirmation link', async () => {
    const username = `palaaja${Date.now()}`;
    const email = uniqueEmail('return');
    const response = await api.post('/user/register', {
      username,
      email,
      password: 'Kuusi-puuta-9',
      returnTo: '/case-attachment/abc-123?tab=2',
    });
    expect(response.status).toBe(201);
    expect(api.linkIn(email, '/confirm-email').searchParams.get('returnTo')).toBe('/case-attachment/abc-123?tab=2');
  });

  it('refuses a return target off the site (no open redirect)', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const email = uniqueEmail('redirect');
      const response = await api.post('/user/register', {
        username: `ohjaus${Date.now()}${Math.round(Math.random() * 1e6)}`,
        email,
        password: 'Kuusi-puuta-9',
        returnTo,
      });
      expect(await errorOf(response), returnTo).toMatchObject({ status: 400, message: RETURN_TO_INVALID });
      expect(api.mailsTo(email), returnTo).toEqual([]);
    }
  });
});
