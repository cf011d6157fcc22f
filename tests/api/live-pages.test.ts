import type { ChangeTokenView, PhaseView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { apiClient, uniqueEmail, uploadForm } from './support/api-client.js';
import { makePdf } from './support/pdf-fixtures.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Live pages: an open case page and dashboard poll a change token and fetch again only when it
 * changes. The token must change for every change the other party makes, stay the same while nothing
 * happens, and reveal nothing to anyone who cannot see the case.
 */
const api = apiClient(() => host);

const host = useTestHost();

async function caseToken(disputeId: string, token: string): Promise<string> {
  return (await api.json<ChangeTokenView>(await api.call('GET', `/api/dispute/${disputeId}/change-token`, token), 200))
    .token;
}
async function dashboardToken(token: string): Promise<string> {
  return (await api.json<ChangeTokenView>(await api.call('GET', '/api/dispute/change-token', token), 200)).token;
}

describe('change tokens', () => {
  it('change when the other party files and sends, stay put while nothing happens', async () => {
    const c = await api.openCase();
    const id = c.dispute.id;
    const seenByClaimant = await caseToken(id, c.claimant.token);
    const seenByRespondent = await caseToken(id, c.respondent.token);
    const dashboard = await dashboardToken(c.respondent.token);
    // Both sides see the same case, so the same token; asking again changes nothing.
    expect(seenByRespondent).toBe(seenByClaimant);
    expect(await caseToken(id, c.claimant.token)).toBe(seenByClaimant);
    expect(await dashboardToken(c.respondent.token)).toBe(dashboard);

    const phases = await api.json<PhaseView[]>(
      await api.call('GET', `/api/dispute/${id}/phases`, c.claimant.token),
      200,
    );
    await api.json(
      await api.call(
        'POST',
        `/${id}/phases/${phases[0]!.id}/attachments`,
        c.claimant.token,
        uploadForm([{ name: 'Kanne.pdf', bytes: await makePdf() }]),
      ),
      201,
    );
    const afterUpload = await caseToken(id, c.respondent.token);
    expect(afterUpload).not.toBe(seenByClaimant);

    await api.json(await api.call('POST', `/api/dispute/${id}/phase/Response`, c.claimant.token), 200);
    // The respondent's open case page and dashboard both see the turn come to them.
    expect(await caseToken(id, c.respondent.token)).not.toBe(afterUpload);
    expect(await dashboardToken(c.respondent.token)).not.toBe(dashboard);
  });

  it('answer a stranger with the case’s 404 and need a signed-in caller', async () => {
    const c = await api.openCase();
    const stranger = await api.signedInUser({ email: uniqueEmail('stranger') });
    const refused = await api.call('GET', `/api/dispute/${c.dispute.id}/change-token`, stranger.token);
    expect(refused.status).toBe(404);
    expect((await api.call('GET', `/api/dispute/${c.dispute.id}/change-token`)).status).toBe(401);
    expect((await api.call('GET', '/api/dispute/change-token')).status).toBe(401);
    // A stranger's dashboard token does not move with a case they cannot see.
    const theirs = await dashboardToken(stranger.token);
    const phases = await api.json<PhaseView[]>(
      await api.call('GET', `/api/dispute/${c.dispute.id}/phases`, c.claimant.token),
      200,
    );
    await api.json(
      await api.call(
        'POST',
        `/${c.dispute.id}/phases/${phases[0]!.id}/attachments`,
        c.claimant.token,
        uploadForm([{ name: 'Kanne.pdf', bytes: await makePdf() }]),
      ),
      201,
    );
    expect(await dashboardToken(stranger.token)).toBe(theirs);
  });
});
