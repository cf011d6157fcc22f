import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { AwardView, DisputeView, JobStatusView, PhaseView } from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../functions/src/config.js';
import { seedAccount } from '../../functions/src/local/test-seeding/seed-account.js';
import { seedCaseInResolution } from '../../functions/src/local/test-seeding/seed-case-in-resolution.js';
import { seedTribunalSeated } from '../../functions/src/local/test-seeding/seed-tribunal-seated.js';
import { seedAwardIssued, seedDraftReady } from '../../functions/src/local/test-seeding/index.js';
import { pdfsigReport } from './support/pdfsig.js';
import { CONTRACT_PAGES, makeFinnishPdf } from './support/finnish-pdf.js';
import type { TestHost } from './support/start-host.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The scenario builders (functions/src/local/test-seeding) and their route `POST /api/test/seed`: the route
 * exists only on a test run's host that asks for it (TEST_SEEDING, refused by config outside RATKAISU_ENV=test);
 * the states it writes are what the other routes then serve, in process and over HTTP alike.
 */

const seeding = useTestHost({ TEST_SEEDING: 'true' });
const plain = useTestHost();
let contract: Uint8Array;

beforeAll(async () => {
  contract = await makeFinnishPdf([...CONTRACT_PAGES]);
});

const seed = (host: TestHost, body: unknown) =>
  host.fetch('/api/test/seed', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const get = (host: TestHost, path: string, token: string) =>
  host.fetch(path, { headers: { Authorization: `Bearer ${token}` } });

type SeededAccount = { id: string; token: string };

/** A claimant, a respondent and an arbitrator with a second factor, each signed in, seeded by the route. */
async function seedParties(): Promise<[SeededAccount, SeededAccount, SeededAccount]> {
  const response = await seed(seeding, {
    scenario: 'accounts',
    accounts: [
      { name: 'kantaja' },
      { name: 'vastaaja' },
      { name: 'valimies', arbitrator: { name: 'OTT Maija Virtanen', title: 'asianajaja' }, secondFactor: true },
    ],
  });
  const { accounts } = (await response.json()) as { accounts: SeededAccount[] };
  return accounts as [SeededAccount, SeededAccount, SeededAccount];
}

/** The contract PDF as the route takes a file: its name and its bytes in base64. */
const pdf = (fileName: string) => ({ fileName, base64: Buffer.from(contract).toString('base64') });

describe('TEST_SEEDING', () => {
  it('is refused by the configuration outside test runs', () => {
    for (const environment of ['production', 'local']) {
      expect(() => loadConfig({ RATKAISU_ENV: environment, TEST_SEEDING: 'true', DATA_DIR: '/tmp/x' })).toThrow(
        /TEST_SEEDING: only in test runs/,
      );
    }
    expect(() => loadConfig({ RATKAISU_ENV: 'production', TEST_SEEDING: 'true' })).toThrow(ConfigError);
    expect(loadConfig({ RATKAISU_ENV: 'test', TEST_SEEDING: 'true' }).testSeeding).toBe(true);
    expect(loadConfig({ RATKAISU_ENV: 'test' }).testSeeding).toBe(false);
  });

  it('without it the seeding route does not exist', async () => {
    const response = await seed(plain, { scenario: 'accounts', accounts: [{ name: 'nobody' }] });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('accounts');
  });
});

describe('POST /api/test/seed', () => {
  it('refuses a body that names no scenario it builds (400, nothing written)', async () => {
    const response = await seed(seeding, { scenario: 'awardOnTheMoon' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('validation_failed');
  });

  it('writes confirmed accounts whose tokens are signed-in sessions', async () => {
    const response = await seed(seeding, {
      scenario: 'accounts',
      accounts: [
        { name: 'kantaja' },
        { name: 'valimies', arbitrator: { name: 'OTT Maija', title: 'asianajaja' }, secondFactor: true },
      ],
    });
    expect(response.status).toBe(201);
    const { accounts } = (await response.json()) as {
      accounts: { id: string; userName: string; password: string; token: string; tfaSecret?: string }[];
    };
    expect(accounts).toHaveLength(2);
    const me = (await (await get(seeding, '/user/check-auth', accounts[0]!.token)).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ id: accounts[0]!.id, userName: accounts[0]!.userName });
    expect(accounts[0]!.tfaSecret).toBeUndefined();
    expect(accounts[1]!.tfaSecret).toMatch(/^[A-Z2-7]+$/);
    // The password works at the sign-in route too (without the second factor where it is off).
    const login = await seeding.fetch('/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: accounts[0]!.userName, password: accounts[0]!.password }),
    });
    expect(login.status).toBe(200);
    // The same user name again is refused by the sign-up route: the names are claimed as a registration does.
    const taken = await seeding.fetch('/user/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: accounts[0]!.userName, email: 'other@example.fi', password: 'Kuusi-puuta-9' }),
    });
    expect(taken.status).toBe(409);
  });

  it('builds a case in Resolution and seats a sole arbitrator, as the case routes then show them', async () => {
    const [claimant, respondent, arbitrator] = await seedParties();
    const built = await seed(seeding, {
      scenario: 'caseInResolution',
      claimantId: claimant.id,
      respondentId: respondent.id,
      name: 'Siemennetty asia',
      claim: pdf('Sopimus.pdf'),
      response: pdf('Vastine.pdf'),
    });
    expect(built.status).toBe(201);
    const { disputeId } = (await built.json()) as { disputeId: string };
    const phases = (await (
      await get(seeding, `/api/dispute/${disputeId}/phases`, respondent.token)
    ).json()) as PhaseView[];
    expect(phases.map((phase) => phase.type)).toEqual(['Claim', 'Response', 'ClaimantLetter1', 'Resolution']);
    expect(phases[0]!.attachments.map((file) => file.fileName)).toEqual(['Sopimus.pdf']);
    expect(phases[1]!.attachments.map((file) => file.fileName)).toEqual(['Vastine.pdf']);

    expect((await seed(seeding, { scenario: 'tribunalSeated', disputeId, arbitratorId: arbitrator.id })).status).toBe(
      201,
    );
    const asArbitrator = (await (
      await get(seeding, `/api/dispute/${disputeId}`, arbitrator.token)
    ).json()) as DisputeView;
    expect(asArbitrator.tribunal).toMatchObject({ status: 'Constituted', size: 1 });
    expect(asArbitrator.tribunal!.members).toEqual([
      expect.objectContaining({ name: 'OTT Maija Virtanen', role: 'sole', status: 'Accepted' }),
    ]);
    // A second tribunal on the same case is refused, and the first stays.
    const again = await seed(seeding, { scenario: 'tribunalSeated', disputeId, arbitratorId: arbitrator.id });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('already has a tribunal');
  });

  it('are the same builders in process, for API tests', async () => {
    const deps = seeding.deps;
    const claimant = await seedAccount(deps, { name: 'sisainen' });
    const respondent = await seedAccount(deps, { name: 'toinen', language: 'fi' });
    const arbitrator = await seedAccount(deps, {
      name: 'tuomari',
      arbitrator: { name: 'OTT Ville Virtanen', title: 'asianajaja' },
      secondFactor: true,
    });
    const { disputeId } = await seedCaseInResolution(deps, {
      claimantId: claimant.id,
      respondentId: respondent.id,
      claim: { fileName: 'Sopimus.pdf', bytes: contract },
      response: { fileName: 'Vastine.pdf', bytes: contract },
    });
    await seedTribunalSeated(deps, { disputeId, arbitratorId: arbitrator.id });
    const view = (await (await get(seeding, `/api/dispute/${disputeId}`, claimant.token)).json()) as DisputeView;
    expect(view.tribunal?.status).toBe('Constituted');
  });

  it('brings a seated tribunal to its AI draft by the route: the draft the arbitrator then reviews', async () => {
    const [claimant, respondent, arbitrator] = await seedParties();
    const { disputeId } = (await (
      await seed(seeding, {
        scenario: 'caseInResolution',
        claimantId: claimant.id,
        respondentId: respondent.id,
        claim: pdf('Sopimus.pdf'),
        response: pdf('Vastine.pdf'),
      })
    ).json()) as { disputeId: string };
    // Without a tribunal there is no one to draft: refused, nothing written.
    const early = await seed(seeding, { scenario: 'draftReady', disputeId });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain('has no seated tribunal');

    await seed(seeding, { scenario: 'tribunalSeated', disputeId, arbitratorId: arbitrator.id });
    const built = await seed(seeding, { scenario: 'draftReady', disputeId });
    expect(built.status).toBe(201);
    const { awardId, jobId } = (await built.json()) as { awardId: string; jobId: string };
    // The job ended before the route answered: nothing for a client to poll.
    const job = (await (
      await get(seeding, `/api/dispute/job/${jobId}/status`, arbitrator.token)
    ).json()) as JobStatusView;
    expect(job.status).toBe('Completed');
    const draft = (
      (await (await get(seeding, `/api/dispute/${disputeId}/award/${awardId}`, arbitrator.token)).json()) as {
        data: AwardView;
      }
    ).data;
    expect(draft).toMatchObject({ status: 'Draft', version: 1 });
    expect(draft.chapters.length).toBeGreaterThan(0);
    const phases = (await (
      await get(seeding, `/api/dispute/${disputeId}/phases`, arbitrator.token)
    ).json()) as PhaseView[];
    expect(phases.at(-1)!.attachments.find((file) => file.id === awardId)).toMatchObject({
      status: 'Draft',
      decisionKind: 'award',
    });
  });

  it("writes a party's AI decision on a case without a tribunal, in process", async () => {
    const deps = seeding.deps;
    const claimant = await seedAccount(deps, { name: 'pyytaja' });
    const respondent = await seedAccount(deps, { name: 'vastapuoli' });
    const { disputeId } = await seedCaseInResolution(deps, {
      claimantId: claimant.id,
      respondentId: respondent.id,
      claim: { fileName: 'Sopimus.pdf', bytes: contract },
      response: { fileName: 'Vastine.pdf', bytes: contract },
    });
    const { awardId } = await seedDraftReady(deps, { disputeId, partyId: claimant.id });
    // The other party sees it ready, as after the queued job: an AI decision, not a draft.
    const resolution = (
      (await (await get(seeding, `/api/dispute/${disputeId}/phases`, respondent.token)).json()) as PhaseView[]
    ).at(-1)!;
    expect(resolution.attachments.find((file) => file.id === awardId)).toMatchObject({
      status: 'Completed',
      decisionKind: 'aiDecision',
    });
  });

  it('issues the award in process: adopted and signed, delivered to the parties as a PDF pdfsig accepts', async () => {
    const deps = seeding.deps;
    const claimant = await seedAccount(deps, { name: 'ostaja' });
    const respondent = await seedAccount(deps, { name: 'myyja' });
    const arbitrator = await seedAccount(deps, {
      name: 'tuomari',
      arbitrator: { name: 'OTT Maija Virtanen', title: 'asianajaja' },
      secondFactor: true,
    });
    const { disputeId } = await seedCaseInResolution(deps, {
      claimantId: claimant.id,
      respondentId: respondent.id,
      claim: { fileName: 'Sopimus.pdf', bytes: contract },
      response: { fileName: 'Vastine.pdf', bytes: contract },
    });
    await seedTribunalSeated(deps, { disputeId, arbitratorId: arbitrator.id });
    const { awardId, award } = await seedAwardIssued(deps, {
      disputeId,
      claimantId: claimant.id,
      respondentId: respondent.id,
    });
    expect(award.status).toBe('Issued');
    expect(award.signatures).toHaveLength(1);

    const view = (await (await get(seeding, `/api/dispute/${disputeId}`, respondent.token)).json()) as DisputeView;
    expect(view.status).toBe('Resolved');
    const resolution = (
      (await (await get(seeding, `/api/dispute/${disputeId}/phases`, respondent.token)).json()) as PhaseView[]
    ).find((phase) => phase.type === 'Resolution')!;
    const download = await get(
      seeding,
      `/api/dispute/${disputeId}/phases/${resolution.id}/attachment/${awardId}/download`,
      respondent.token,
    );
    expect(download.status).toBe(200);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(award.pdfSha256);
    const report = pdfsigReport(bytes);
    if (report !== undefined) {
      const found = report.split(/^Signature #\d+:$/m).slice(1);
      expect(found).toHaveLength(1);
      expect(found[0]).toContain('Signature Validation: Signature is Valid.');
      expect(found[0]).toContain('Signer Certificate Common Name: OTT Maija Virtanen');
      expect(found[0]).toContain('Total document signed');
    }
    // The builder signed with a code no later than now's, so the arbitrator's next code still signs in.
    const code = new TOTP({
      secret: Secret.fromBase32(arbitrator.tfaSecret!),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    const login = await seeding.fetch('/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: arbitrator.userName,
        password: arbitrator.password,
        tfaCode: code.generate({ timestamp: deps.clock.now().getTime() + 30_000 }),
      }),
    });
    expect(login.status).toBe(200);
  });
});
