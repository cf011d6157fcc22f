import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { JobStatusView, PhaseType, PhaseView } from '@ratkaisu/core';
import { CONTRACT_PAGES, makeFinnishPdf } from '../../api/support/finnish-pdf.js';
import type { registerConfirmedUser } from './test-host.js';

/** Setting a case up through the API, for browser tests whose subject comes after it. */

export type Account = Awaited<ReturnType<typeof registerConfirmedUser>>;

export const RESPONSE_PAGES = [
  'VASTINE\n\n' +
    'Teräs Oy kiistää kanteen siltä osin kuin vaaditaan muuta kuin sopimussakkoa. Toimitus viivästyi, koska ' +
    'tehtaan valssauslinja oli huollossa maaliskuussa 2026, mistä ostajalle ilmoitettiin sähköpostilla 25.2.2026.\n\n' +
    'Sopimuksen 2 kohdan mukaan viivästyksen seuraamus on sopimussakko, enintään 3 % kauppahinnasta eli 372 euroa. ' +
    'Vahingonkorvausvaatimus on perusteeton, koska lisäkustannuksia ei ole näytetty.',
];

/** A bearer header for a local account, signed in through the API. */
export async function bearer(
  request: APIRequestContext,
  account: { userName: string; password: string },
): Promise<Record<string, string>> {
  const response = await request.post('/user/login', {
    data: { username: account.userName, password: account.password },
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** The JSON of a successful answer; anything else throws with the server's text. */
export async function ok(response: APIResponse, what: string): Promise<unknown> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

/** Uploads one PDF into the case's active phase (not sent). */
export async function uploadToActivePhase(
  request: APIRequestContext,
  headers: Record<string, string>,
  disputeId: string,
  document: { name: string; pages: readonly string[] },
): Promise<PhaseView> {
  const phases = (await ok(
    await request.get(`/api/dispute/${disputeId}/phases`, { headers }),
    'phases',
  )) as PhaseView[];
  const active = phases.at(-1)!;
  const buffer = Buffer.from(await makeFinnishPdf(document.pages));
  await ok(
    await request.post(`/${disputeId}/phases/${active.id}/attachments`, {
      headers,
      multipart: { file: { name: document.name, mimeType: 'application/pdf', buffer } },
    }),
    `upload to ${active.type}`,
  );
  return active;
}

/** Files one PDF into the case's active phase and sends the case on to `next`. */
export async function fileAndSend(
  request: APIRequestContext,
  headers: Record<string, string>,
  disputeId: string,
  document: { name: string; pages: readonly string[] },
  next: PhaseType,
): Promise<void> {
  await uploadToActivePhase(request, headers, disputeId, document);
  await ok(await request.post(`/api/dispute/${disputeId}/phase/${next}`, { headers }), `move to ${next}`);
}

/**
 * Opens a case of the steel-beam delay (Rakennus Oy against Teräs Oy) as the claimant and returns its id; the
 * case-creation body every browser helper writes.
 */
export async function openCase(
  request: APIRequestContext,
  asClaimant: Record<string, string>,
  parties: { name: string; claimantEmail: string; respondentEmail: string; withAddresses?: boolean },
  amountInDispute?: string,
): Promise<string> {
  const disputeId = randomUUID();
  const addresses = parties.withAddresses
    ? { claimant: 'Katu 1', respondent: 'Tie 2' }
    : { claimant: '', respondent: '' };
  await ok(
    await request.post('/api/dispute', {
      headers: asClaimant,
      data: {
        id: disputeId,
        name: parties.name,
        description: 'Teräspalkit toimitettiin kuusi viikkoa sovittua myöhemmin.',
        ...(amountInDispute === undefined ? {} : { amountInDispute }),
        claimant: {
          name: 'Rakennus Oy',
          identificationNumber: '1234567-8',
          email: parties.claimantEmail,
          address: addresses.claimant,
        },
        respondent: {
          name: 'Teräs Oy',
          identificationNumber: '8765432-1',
          email: parties.respondentEmail,
          address: addresses.respondent,
        },
      },
    }),
    'create case',
  );
  return disputeId;
}

/**
 * A case between the two accounts with the claim and the answer filed, ended into its Resolution phase: written
 * by the host's scenario builder for seeded accounts, else walked through the API. The screens of filing and
 * answering are walked by cases-two-users.spec.ts.
 */
export async function caseInResolution(
  request: APIRequestContext,
  claimant: Account,
  respondent: Account,
  name = 'Teräspalkkien viivästys',
): Promise<string> {
  if (claimant.id && respondent.id) {
    const pdf = async (fileName: string, pages: readonly string[]) => ({
      fileName,
      base64: Buffer.from(await makeFinnishPdf(pages)).toString('base64'),
    });
    const seeded = (await ok(
      await request.post('/api/test/seed', {
        data: {
          scenario: 'caseInResolution',
          claimantId: claimant.id,
          respondentId: respondent.id,
          name,
          claim: await pdf('Sopimus.pdf', CONTRACT_PAGES),
          response: await pdf('Vastine.pdf', RESPONSE_PAGES),
        },
      }),
      'seed a case in Resolution',
    )) as { disputeId: string };
    return seeded.disputeId;
  }
  const asClaimant = await bearer(request, claimant);
  const asRespondent = await bearer(request, respondent);
  const disputeId = await openCase(request, asClaimant, {
    name,
    claimantEmail: claimant.email,
    respondentEmail: respondent.email,
    withAddresses: true,
  });
  await fileAndSend(request, asClaimant, disputeId, { name: 'Sopimus.pdf', pages: CONTRACT_PAGES }, 'Response');
  await fileAndSend(
    request,
    asRespondent,
    disputeId,
    { name: 'Vastine.pdf', pages: RESPONSE_PAGES },
    'ClaimantLetter1',
  );
  await ok(await request.post(`/api/dispute/${disputeId}/phase/Resolution`, { headers: asClaimant }), 'end process');
  return disputeId;
}

/**
 * A party's AI decision on a case in Resolution without a tribunal, written before this answers: by the host's
 * `draftReady` builder for a seeded account (the offline model's job run in the host's process), else asked
 * for through the route and its job followed until it ends. decision.spec.ts walks the generation on screen.
 */
export async function aiDecisionReady(request: APIRequestContext, party: Account, disputeId: string): Promise<void> {
  if (party.id) {
    await ok(
      await request.post('/api/test/seed', { data: { scenario: 'draftReady', disputeId, partyId: party.id } }),
      'seed the AI decision',
    );
    return;
  }
  const headers = await bearer(request, party);
  const started = (await ok(
    await request.post(`/api/dispute/${disputeId}/generatedecision`, { headers, data: {} }),
    'generate decision',
  )) as { data: { jobId: string } };
  await expect
    .poll(
      async () =>
        (
          (await ok(
            await request.get(`/api/dispute/job/${started.data.jobId}/status`, { headers }),
            'job status',
          )) as JobStatusView
        ).status,
      { timeout: 240_000, intervals: [500, 1000, 2000] },
    )
    .toBe('Completed');
}

/**
 * A case with an amount in dispute opened by `claimant` and its claim's PDF uploaded (not sent): under a fee
 * schedule its first Save and Send is the filing fee's due point.
 */
export async function caseWithClaimUploaded(
  request: APIRequestContext,
  claimant: Account,
  name: string,
  respondentEmail: string,
): Promise<{ disputeId: string; asClaimant: Record<string, string> }> {
  const asClaimant = await bearer(request, claimant);
  const disputeId = await openCase(
    request,
    asClaimant,
    { name, claimantEmail: claimant.email, respondentEmail },
    '30 000',
  );
  await uploadToActivePhase(request, asClaimant, disputeId, { name: 'Sopimus.pdf', pages: CONTRACT_PAGES });
  return { disputeId, asClaimant };
}
