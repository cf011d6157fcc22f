import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { ARBITRATION_AGREEMENT, type AwardView, type JobStatusView } from '@ratkaisu/core';
import { bearer, ok, type Account } from './case-api.js';
import { authenticatorFor, E2E_ADMIN, enableSecondFactor } from './test-host.js';

/** What `registerConfirmedUser` seeds for the award's sole arbitrator: the attribute and a second factor. */
export const SOLE_ARBITRATOR = {
  arbitrator: { name: 'OTT Maija Virtanen', title: 'asianajaja' },
  secondFactor: true,
} as const;

/** The arbitrator's side of a seated tribunal: a bearer header and the second factor's codes. */
interface Judge {
  asJudge: Record<string, string>;
  code: () => Promise<string>;
}

/**
 * A sole arbitrator seated on the case through the API: requested, granted, appointed and accepted (a host
 * without the scenario builders). The screens of that path are walked by tribunal.spec.ts.
 */
async function seatedTribunal(
  request: APIRequestContext,
  claimant: Account,
  arbitrator: Account,
  disputeId: string,
): Promise<Judge> {
  const asClaimant = await bearer(request, claimant);
  const asAdmin = await bearer(request, { userName: E2E_ADMIN.email, password: E2E_ADMIN.password });
  await ok(
    await request.post(`/api/dispute/${disputeId}/tribunal/request`, { headers: asClaimant, data: { size: 1 } }),
    'request',
  );
  const login = (await ok(
    await request.post('/user/login', { data: { username: arbitrator.userName, password: arbitrator.password } }),
    'arbitrator login',
  )) as { user: { id: string }; token: string };
  // An arbitrator signs with a second factor, so only an account with one can be appointed.
  const authenticator = await enableSecondFactor(request, login.token);
  const asJudge = { Authorization: `Bearer ${login.token}` };
  await ok(
    await request.put(`/api/superadmin/users/${login.user.id}/arbitrator`, {
      headers: asAdmin,
      data: { arbitrator: { name: 'OTT Maija Virtanen', title: 'asianajaja' } },
    }),
    'grant the attribute',
  );
  await ok(
    await request.post(`/api/admin/tribunal/${disputeId}/appoint`, {
      headers: asAdmin,
      data: { arbitratorIds: [login.user.id] },
    }),
    'appoint',
  );
  await ok(
    await request.post(`/api/dispute/${disputeId}/tribunal/respond`, {
      headers: asJudge,
      data: { accept: true, statement: 'none' },
    }),
    'accept',
  );
  return { asJudge, code: authenticator.code };
}

/**
 * A one-arbitrator award, adopted and signed; answers its id and the arbitrator's second factor. On the test
 * host, for seeded accounts: the tribunal seated and the award issued by the scenario builders
 * (`tribunalSeated`, `awardIssued`: the offline model's draft run in the host's process, then saved, cleared,
 * adopted and signed through the services, so the PDF is the real signed award). Elsewhere (E2E_BASE_URL)
 * through the routes, as the screens would; tribunal.spec.ts walks those screens.
 */
export async function issuedAward(
  request: APIRequestContext,
  claimant: Account,
  respondent: Account,
  arbitrator: Account,
  disputeId: string,
): Promise<{ awardId: string; code: () => Promise<string> }> {
  if (claimant.id && respondent.id && arbitrator.id && arbitrator.tfaSecret) {
    await ok(
      await request.post('/api/test/seed', {
        data: { scenario: 'tribunalSeated', disputeId, arbitratorId: arbitrator.id },
      }),
      'seat the tribunal',
    );
    const issued = (await ok(
      await request.post('/api/test/seed', {
        data: {
          scenario: 'awardIssued',
          disputeId,
          claimantId: claimant.id,
          respondentId: respondent.id,
          arbitratorPassword: arbitrator.password,
        },
      }),
      'issue the award',
    )) as { awardId: string };
    return { awardId: issued.awardId, code: authenticatorFor(arbitrator.tfaSecret).code };
  }
  return issuedThroughRoutes(request, claimant, respondent, arbitrator, disputeId);
}

/** The same award reached through the routes: requested, drafted by the queued job, saved, adopted, signed. */
async function issuedThroughRoutes(
  request: APIRequestContext,
  claimant: Account,
  respondent: Account,
  arbitrator: Account,
  disputeId: string,
): Promise<{ awardId: string; code: () => Promise<string> }> {
  const { asJudge, code } = await seatedTribunal(request, claimant, arbitrator, disputeId);
  const started = (await ok(
    await request.post(`/api/dispute/${disputeId}/generatedecision`, {
      headers: asJudge,
      data: { proceedWithoutConfirmation: 'Asianosaiset eivät vastanneet yhteenvetoon.' },
    }),
    'generate',
  )) as { data: { jobId: string; attachmentId: string } };
  await expect
    .poll(
      async () =>
        (
          (await ok(
            await request.get(`/api/dispute/job/${started.data.jobId}/status`, { headers: asJudge }),
            'job',
          )) as JobStatusView
        ).status,
      { timeout: 120_000, intervals: [500] },
    )
    .toBe('Completed');
  const awardId = started.data.attachmentId;
  const draft = (
    (await ok(await request.get(`/api/dispute/${disputeId}/award/${awardId}`, { headers: asJudge }), 'draft')) as {
      data: AwardView;
    }
  ).data;
  await ok(
    await request.put(`/api/dispute/${disputeId}/award/${awardId}`, {
      headers: asJudge,
      data: {
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
              references: [],
            },
          ],
        },
      },
    }),
    'save',
  );
  // The constitution's bars: both parties accept the agreement and waive challenges; the tribunal records its
  // decision on jurisdiction (the fixture contract names its own clause); the chair confirms the differences
  // the dispositive check finds (no order fixes the fees here).
  for (const account of [claimant, respondent]) {
    const headers = await bearer(request, account);
    await ok(
      await request.post(`/api/dispute/${disputeId}/agreement`, {
        headers,
        data: { version: ARBITRATION_AGREEMENT.version },
      }),
      'accept the agreement',
    );
    await ok(await request.post(`/api/dispute/${disputeId}/tribunal/waive-challenge`, { headers }), 'waive');
  }
  await ok(
    await request.post(`/api/dispute/${disputeId}/tribunal/jurisdiction`, {
      headers: asJudge,
      data: { text: 'Sopimuksen välityslauseke ja palvelun välityssopimus ohjaavat riidan tähän menettelyyn.' },
    }),
    'jurisdiction',
  );
  const adopted = (await ok(
    await request.post(`/api/dispute/${disputeId}/award/${awardId}/adopt`, {
      headers: asJudge,
      data: { version: draft.version + 1, confirmMismatches: true },
    }),
    'adopt',
  )) as { data: { pdfSha256: string } };
  await ok(
    await request.post(`/api/dispute/${disputeId}/award/${awardId}/sign`, {
      headers: asJudge,
      data: { password: arbitrator.password, code: await code(), pdfSha256: adopted.data.pdfSha256 },
    }),
    'sign',
  );
  return { awardId, code };
}
