import {
  ARBITRATION_AGREEMENT,
  CONSTITUTION_MESSAGES,
  OUTCOME_MESSAGES,
  type AwardView,
  type ConstitutionView,
  type DisputeView,
  type JurisdictionView,
  type PhaseView,
  type TribunalView,
} from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import { lapseTribunalSizeRequests } from '../../functions/src/services/constitution/lapse-tribunal-size-requests.js';
import { apiClient, FINNISH_CASE, uniqueEmail } from './support/api-client.js';
import { pdfText } from './support/pdf-text.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';
import { accountSteps } from './support/accounts.js';
import { tribunalCases } from './support/tribunal-case.js';
import { secondFactor } from './support/second-factor.js';
import { auditEntriesOf } from './support/audit-trail.js';

/**
 * The tribunal's legal footing through the real local host and a movable clock: the
 * arbitration agreement each party accepts, a request for three arbitrators put to the other party, the
 * 15-day challenge period and the appointing authority's decision on a challenge, the tribunal's decision on
 * jurisdiction when the contract holds its own arbitration clause, and every correction heard before drafting.
 */

const DAY = 24 * 3600 * 1000;
let offset = 0;
const clock: Clock = { now: () => new Date(Date.now() + offset) };
const api = apiClient(() => host, clock);
const { call, json } = api;

const host = useTestHost({}, { clock });

const { caseInResolution, saveDraftWithPaymentOrder } = tribunalCases(api, () => host, clock);
const steps = accountSteps(api);

/** Each arbitrator's authenticator: an arbitrator signs with a second factor (and needs one to be appointed). */
const factors = new Map<string, () => string>();

async function arbitrators(admin: SignedInUser, names: string[]): Promise<SignedInUser[]> {
  const users: SignedInUser[] = [];
  for (const name of names) {
    const factor = await secondFactor(host, clock);
    const user = await api.signedInUser({ email: uniqueEmail('arbitrator'), ...factor.overrides });
    factors.set(user.user.id, factor.code);
    await json(
      await call('PUT', `/api/superadmin/users/${user.user.id}/arbitrator`, admin.token, {
        arbitrator: { name, title: 'asianajaja' },
      }),
      200,
    );
    users.push(user);
  }
  return users;
}

/** A fresh session after the clock moved on (a session does not outlive the days a test skips). */
async function again(user: SignedInUser): Promise<SignedInUser> {
  const code = factors.get(user.user.id);
  const signed = await steps.signIn(user.user.userName, 'user password 1', code ? { tfaCode: code() } : {});
  return { ...user, token: signed.token };
}

async function constitutionOf(id: string, token: string): Promise<ConstitutionView> {
  return (await json<DisputeView>(await call('GET', `/api/dispute/${id}`, token), 200)).constitution!;
}

async function message(response: Response, status: number): Promise<string> {
  return (await json<{ message: string }>(response, status)).message;
}

describe('the size of the tribunal', () => {
  it('is three only if the other party agrees: a refusal or no answer in time leaves a sole arbitrator', async () => {
    offset = 0;
    const admin = await api.signedInUser({ email: uniqueEmail('super'), roles: ['SuperAdmin'] });
    const [a, b, d] = await arbitrators(admin, ['OTT Aino Aalto', 'VT Bertta Berg', 'OTK Daniel Dahl']);

    // Refused: the requesting party cannot answer its own request; the other refuses; three cannot be appointed.
    const refused = await api.openCase(FINNISH_CASE);
    await json(
      await call('POST', `/api/dispute/${refused.dispute.id}/tribunal/request`, refused.claimant.token, { size: 3 }),
      200,
    );
    expect(api.mailsTo(refused.respondent.user.email).join('\n')).toContain('The other party may agree to three');
    const early = await call('POST', `/api/admin/tribunal/${refused.dispute.id}/appoint`, admin.token, {
      arbitratorIds: [a!.user.id, b!.user.id, d!.user.id],
    });
    expect(await message(early, 409)).toBe(CONSTITUTION_MESSAGES.sizePending);
    const own = await call('POST', `/api/dispute/${refused.dispute.id}/tribunal/size`, refused.claimant.token, {
      agree: true,
    });
    expect(await message(own, 403)).toBe(CONSTITUTION_MESSAGES.sizeOwnRequest);
    const answered = await json<{ data: TribunalView }>(
      await call('POST', `/api/dispute/${refused.dispute.id}/tribunal/size`, refused.respondent.token, {
        agree: false,
      }),
      200,
    );
    expect(answered.data.size).toBe(1);
    const twice = await call('POST', `/api/dispute/${refused.dispute.id}/tribunal/size`, refused.respondent.token, {
      agree: true,
    });
    expect(await message(twice, 409)).toBe(CONSTITUTION_MESSAGES.sizeNotPending);
    const three = await call('POST', `/api/admin/tribunal/${refused.dispute.id}/appoint`, admin.token, {
      arbitratorIds: [a!.user.id, b!.user.id, d!.user.id],
    });
    expect(await message(three, 400)).toBe(CONSTITUTION_MESSAGES.sizeMismatch);
    expect(api.mailsTo(refused.coClaimant.user.email).join('\n')).toContain('refused a tribunal of three');

    // Unanswered: the sweep lapses it only once the period has ended.
    const silent = await api.openCase(FINNISH_CASE);
    await json(
      await call('POST', `/api/dispute/${silent.dispute.id}/tribunal/request`, silent.respondent.token, { size: 3 }),
      200,
    );
    await lapseTribunalSizeRequests(host.deps);
    expect((await constitutionOf(silent.dispute.id, silent.claimant.token)).sizeRequest?.status).toBe('Pending');
    offset = 8 * DAY;
    await lapseTribunalSizeRequests(host.deps);
    const claimant = await again(silent.claimant);
    const lapsed = await json<DisputeView>(await call('GET', `/api/dispute/${silent.dispute.id}`, claimant.token), 200);
    expect(lapsed.constitution?.sizeRequest?.status).toBe('Lapsed');
    expect(lapsed.tribunal?.size).toBe(1);
    const late = await call('POST', `/api/dispute/${silent.dispute.id}/tribunal/size`, claimant.token, {
      agree: true,
    });
    expect(await message(late, 409)).toBe(CONSTITUTION_MESSAGES.sizeNotPending);
    expect(api.mailsTo(silent.respondent.user.email).join('\n')).toContain('did not answer the request');
    offset = 0;
  }, 240_000);
});

describe('a sustained challenge', () => {
  it('removes the arbitrator and reopens the seat for a new appointment', async () => {
    offset = 0;
    const admin = await api.signedInUser({ email: uniqueEmail('super'), roles: ['SuperAdmin'] });
    const [first, second] = await arbitrators(admin, ['OTT Eero Esko', 'VT Fanni Fors']);
    const c = await api.openCase(FINNISH_CASE);
    const id = c.dispute.id;
    await json(await call('POST', `/api/dispute/${id}/tribunal/request`, c.claimant.token, { size: 1 }), 200);
    await json(
      await call('POST', `/api/admin/tribunal/${id}/appoint`, admin.token, { arbitratorIds: [first!.user.id] }),
      200,
    );
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/respond`, first!.token, {
        accept: true,
        statement: 'disclosed',
        disclosure: 'Olen vastaajan toimitusjohtajan serkku.',
      }),
      200,
    );
    const told = api.mailsTo(c.respondent.user.email).join('\n');
    expect(told).toContain('OTT Eero Esko accepted the appointment');
    expect(told).toContain('You may challenge the arbitrator');
    const short = await call('POST', `/api/dispute/${id}/tribunal/challenges`, c.claimant.token, {
      arbitratorId: first!.user.id,
      grounds: 'lyhyt',
    });
    expect(short.status).toBe(400);
    const challenged = await json<{ data: ConstitutionView }>(
      await call('POST', `/api/dispute/${id}/tribunal/challenges`, c.claimant.token, {
        arbitratorId: first!.user.id,
        grounds: 'Sukulaisuus vastaajan toimitusjohtajaan vaarantaa puolueettomuuden.',
      }),
      200,
    );
    const challenge = challenged.data.challenges[0]!;
    expect(challenge).toMatchObject({ status: 'Open', side: 'claimant', arbitratorName: 'OTT Eero Esko' });
    await json(
      await call('POST', `/api/admin/tribunal/${id}/challenges/${challenge.id}`, c.claimant.token, {
        sustained: true,
        reasons: 'Osapuoli ei voi päättää.',
      }),
      403,
    );
    const decided = await json<{ data: ConstitutionView }>(
      await call('POST', `/api/admin/tribunal/${id}/challenges/${challenge.id}`, admin.token, {
        sustained: true,
        reasons: 'Läheinen sukulaisuus asianosaisen johtoon on esteellisyysperuste.',
      }),
      200,
    );
    expect(decided.data.challenges[0]).toMatchObject({ status: 'Sustained', reasons: expect.stringContaining('suku') });
    const reopened = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, c.claimant.token), 200);
    expect(reopened.tribunal).toMatchObject({ status: 'Requested' });
    expect(reopened.tribunal!.members[0]).toMatchObject({ userId: first!.user.id, status: 'Declined' });
    // The removed arbitrator no longer reads the case; a replacement is appointed to the open seat.
    await json(await call('GET', `/api/dispute/${id}`, first!.token), 404);
    const again2 = await call('POST', `/api/admin/tribunal/${id}/challenges/${challenge.id}`, admin.token, {
      sustained: false,
      reasons: 'Toinen päätös samasta asiasta.',
    });
    expect(await message(again2, 409)).toBe(CONSTITUTION_MESSAGES.challengeDecided);
    const replaced = await json<{ data: TribunalView }>(
      await call('POST', `/api/admin/tribunal/${id}/appoint`, admin.token, { arbitratorIds: [second!.user.id] }),
      200,
    );
    expect(replaced.data.members.find((m) => m.userId === second!.user.id)).toMatchObject({ status: 'Invited' });
    expect(api.mailsTo(first!.user.email).join('\n')).toContain('was sustained');
  });
});

describe('a three-member award after a rejected challenge', () => {
  it('states the agreement, each appointment, the challenge, the jurisdiction and every matter heard', async () => {
    offset = 0;
    const c = await caseInResolution();
    const id = c.dispute.id;
    const admin = await api.signedInUser({ email: uniqueEmail('super'), roles: ['SuperAdmin'] });
    const [chair, second, third] = await arbitrators(admin, [
      'OTT Maija Virtanen',
      'VT Pekka Korhonen',
      'OTK Liisa Nieminen',
    ]);

    // The agreement: each side once, in the version shown; an arbitrator is not a party.
    const stale = await call('POST', `/api/dispute/${id}/agreement`, c.claimant.token, { version: '2020-01-01' });
    expect(stale.status).toBe(400);
    const accepted = await json<{ data: ConstitutionView }>(
      await call('POST', `/api/dispute/${id}/agreement`, c.claimant.token, { version: ARBITRATION_AGREEMENT.version }),
      200,
    );
    expect(accepted.data.agreement.claimant).toMatchObject({ version: ARBITRATION_AGREEMENT.version });
    expect(accepted.data.agreement.respondent).toBeUndefined();
    const twice = await call('POST', `/api/dispute/${id}/agreement`, c.coClaimant.token, {
      version: ARBITRATION_AGREEMENT.version,
    });
    expect(await message(twice, 409)).toBe(CONSTITUTION_MESSAGES.agreementAlreadyAccepted);

    // Three arbitrators, agreed by the other party; appointed by the service's administrator.
    await json(await call('POST', `/api/dispute/${id}/tribunal/request`, c.claimant.token, { size: 3 }), 200);
    await json(await call('POST', `/api/dispute/${id}/tribunal/size`, c.respondent.token, { agree: true }), 200);
    await json(
      await call('POST', `/api/admin/tribunal/${id}/appoint`, admin.token, {
        arbitratorIds: [chair!.user.id, second!.user.id, third!.user.id],
      }),
      200,
    );
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/respond`, chair!.token, {
        accept: true,
        statement: 'disclosed',
        disclosure: 'Toimin vuonna 2019 kantajan asiamiehenä eri asiassa.',
      }),
      200,
    );
    for (const member of [second!, third!]) {
      await json(
        await call('POST', `/api/dispute/${id}/tribunal/respond`, member.token, { accept: true, statement: 'none' }),
        200,
      );
    }
    const periods = (await constitutionOf(id, c.respondent.token)).challengePeriods;
    expect(periods).toHaveLength(3);
    expect(new Date(periods[0]!.until).getTime() - Date.now()).toBeGreaterThan(14.9 * DAY);

    // The respondent challenges the chair; the appointing authority rejects it with reasons.
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/challenges`, c.respondent.token, {
        arbitratorId: chair!.user.id,
        grounds: 'Puheenjohtaja on toiminut kantajan asiamiehenä.',
      }),
      200,
    );
    const duplicate = await call('POST', `/api/dispute/${id}/tribunal/challenges`, c.respondent.token, {
      arbitratorId: chair!.user.id,
      grounds: 'Sama vastustus uudelleen.',
    });
    expect(await message(duplicate, 409)).toBe(CONSTITUTION_MESSAGES.challengeAlreadyOpen);
    const notSeated = await call('POST', `/api/dispute/${id}/tribunal/challenges`, c.respondent.token, {
      arbitratorId: admin.user.id,
      grounds: 'Ei ole välimies tässä asiassa.',
    });
    expect(await message(notSeated, 400)).toBe(CONSTITUTION_MESSAGES.challengeNotSeated);
    const open = await json<{ data: { challenge: { id: string }; dispute: { id: string }; disclosure?: string }[] }>(
      await call('GET', '/api/admin/tribunal/challenges', admin.token),
      200,
    );
    const row = open.data.find((entry) => entry.dispute.id === id)!;
    expect(row.disclosure).toContain('kantajan asiamiehenä');

    // The claims: the respondent's correction is put to the claimant; drafting waits.
    const extraction = await json<{ data: { jobId: string } }>(
      await call('POST', `/api/dispute/${id}/tribunal/claims-summary`, chair!.token),
      202,
    );
    expect((await api.finished(extraction.data.jobId, chair!.token)).status).toBe('Completed');
    await json(await call('PUT', `/api/dispute/${id}/tribunal/claims-summary/claimant`, c.claimant.token, {}), 200);
    await json(
      await call('PUT', `/api/dispute/${id}/tribunal/claims-summary/respondent`, c.respondent.token, {
        text: 'Vastaaja vaatii kanteen hylkäämistä ja toissijaisesti sopimussakon sovittelua [V1 s.1].',
      }),
      200,
    );
    expect(api.mailsTo(c.coClaimant.user.email).join('\n')).toContain('corrected the summary of its claims');
    const matters = (await constitutionOf(id, c.claimant.token)).newMatters;
    expect(matters).toEqual([expect.objectContaining({ kind: 'correction', raisedBy: 'respondent' })]);
    const unheard = await call('POST', `/api/dispute/${id}/generatedecision`, chair!.token, {});
    expect(await message(unheard, 409)).toBe(CONSTITUTION_MESSAGES.matterUnanswered);
    const ownMatter = await call(
      'POST',
      `/api/dispute/${id}/tribunal/matters/${matters[0]!.id}/answer`,
      c.respondent.token,
      { text: 'Oma vastaus.' },
    );
    expect(await message(ownMatter, 403)).toBe(CONSTITUTION_MESSAGES.matterNotYours);
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/matters/${matters[0]!.id}/answer`, c.claimant.token, {
        text: 'Sovittelulle ei ole perustetta; sopimussakko on kohtuullinen.',
      }),
      200,
    );
    // A comment the claimant makes is a new matter too; its period lapses unanswered below.
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/claims-summary/comments`, c.claimant.token, {
        text: 'Kantaja vaatii lisäksi korkoa eräpäivästä.',
      }),
      200,
    );

    const stillUnheard = await call('POST', `/api/dispute/${id}/generatedecision`, chair!.token, {});
    expect(await message(stillUnheard, 409)).toBe(CONSTITUTION_MESSAGES.matterUnanswered);

    // The rejection, then the period: adoption waits for the challenge and the 15 days.
    const decided = await json<{ data: ConstitutionView }>(
      await call('POST', `/api/admin/tribunal/${id}/challenges/${row.challenge.id}`, admin.token, {
        sustained: false,
        reasons: 'Eri asiassa vuonna 2019 hoidettu toimeksianto ei anna perusteltua aihetta epäillä puolueettomuutta.',
      }),
      200,
    );
    expect(decided.data.challenges[0]).toMatchObject({ status: 'Rejected' });
    expect(api.mailsTo(c.respondent.user.email).join('\n')).toContain('was rejected');

    offset = 8 * DAY; // the comment's period has ended unanswered: the tribunal may draft
    const chair8 = await again(chair!);
    const draftJob = await json<{ data: { jobId: string; attachmentId: string } }>(
      await call('POST', `/api/dispute/${id}/generatedecision`, chair8.token, {}),
      202,
    );
    expect((await api.finished(draftJob.data.jobId, chair8.token)).status).toBe('Completed');
    const awardId = draftJob.data.attachmentId;
    const version = await saveDraftWithPaymentOrder(id, awardId, chair8.token);
    const adopt = () => call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, chair8.token, { version });
    expect(await message(await adopt(), 409)).toBe(CONSTITUTION_MESSAGES.agreementMissing);
    const respondent8 = await again(c.respondent);
    await json(
      await call('POST', `/api/dispute/${id}/agreement`, respondent8.token, { version: ARBITRATION_AGREEMENT.version }),
      200,
    );
    expect(await message(await adopt(), 409)).toBe(CONSTITUTION_MESSAGES.challengePeriodRunning);

    // After the 15 days no challenge is heard, and the contract's own clause needs the tribunal's decision.
    offset = 16 * DAY;
    const [chair16, second16, third16, respondent16, claimant16] = await Promise.all(
      [chair!, second!, third!, c.respondent, c.claimant].map(again),
    );
    const late = await call('POST', `/api/dispute/${id}/tribunal/challenges`, respondent16!.token, {
      arbitratorId: second!.user.id,
      grounds: 'Myöhässä esitetty vastustus.',
    });
    expect(await message(late, 409)).toBe(CONSTITUTION_MESSAGES.challengePeriodOver);
    const adopt16 = () =>
      call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, chair16!.token, { version, confirmMismatches: true });
    expect(await message(await adopt16(), 409)).toBe(CONSTITUTION_MESSAGES.jurisdictionRequired);
    const clauses = await json<{ data: JurisdictionView }>(
      await call('GET', `/api/dispute/${id}/tribunal/jurisdiction`, chair16!.token),
      200,
    );
    expect(clauses.data.clauses[0]).toMatchObject({ fileName: 'Kauppasopimus.pdf', page: 2 });
    expect(clauses.data.clauses[0]!.excerpt).toContain('välimiesmenettelyssä');
    const byParty = await call('POST', `/api/dispute/${id}/tribunal/jurisdiction`, claimant16!.token, {
      text: 'Osapuoli ei voi ratkaista välimiesoikeuden toimivaltaa.',
    });
    expect(await message(byParty, 403)).toBe(CONSTITUTION_MESSAGES.jurisdictionTribunalOnly);
    await json(
      await call('POST', `/api/dispute/${id}/tribunal/jurisdiction`, chair16!.token, {
        text: 'Kauppasopimuksen 3 kohdan välityslauseke ei nimeä instituutiota; asianosaiset ovat sopineet tästä menettelystä, joten välimiesoikeus on toimivaltainen.',
      }),
      200,
    );
    const adopted = (await json<{ data: AwardView }>(await adopt16(), 200)).data;
    // The next authenticator step (a code is taken once, and each signer's was just used to log in).
    offset += 30_000;
    let pdfSha256 = adopted.pdfSha256!;
    for (const member of [chair16!, second16!, third16!]) {
      const signed = await json<{ data: AwardView }>(
        await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, member.token, {
          password: 'user password 1',
          code: factors.get(member.user.id)!(),
          pdfSha256,
        }),
        200,
      );
      pdfSha256 = signed.data.pdfSha256!;
    }
    const resolution = (
      await json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, respondent16!.token), 200)
    ).find((phase) => phase.type === 'Resolution')!;
    const download = await call(
      'GET',
      `/api/dispute/${id}/phases/${resolution.id}/attachment/${awardId}/download`,
      respondent16!.token,
    );
    expect(download.status).toBe(200);
    const flat = (await pdfText(new Uint8Array(await download.arrayBuffer()))).text.replace(/\s+/g, ' ');
    for (const expected of [
      'VÄLITYSTUOMIO',
      adopted.caseNumber,
      // The agreement, quoted, with each party's acceptance and the jurisdiction decision.
      `seuraavan välityssopimuksen (versio ${ARBITRATION_AGREEMENT.version})`,
      'ratkaistaan lopullisesti välimiesmenettelyssä välimiesmenettelystä annetun lain (967/1992) mukaisesti',
      'Välimiesmenettelyn paikka on Helsinki',
      'Ratkaisu-palvelu toimii välimiesten nimeävänä tahona',
      `Kantaja hyväksyi välityssopimuksen (versio ${ARBITRATION_AGREEMENT.version})`,
      `Vastaaja hyväksyi välityssopimuksen (versio ${ARBITRATION_AGREEMENT.version})`,
      'Välimiesoikeus ratkaisi toimivaltansa',
      'joten välimiesoikeus on toimivaltainen',
      // Each arbitrator's appointment basis.
      'nimennyt Ratkaisu-palvelu välityssopimuksen mukaisena nimeävänä tahona',
      `nimeämisen teki palvelun ylläpitäjä ${admin.user.userName}`,
      'OTT Maija Virtanen nimettiin puheenjohtajaksi',
      'VT Pekka Korhonen nimettiin jäseneksi',
      // The history: size, acceptances with the period, the challenge and its rejection, matters heard.
      'Vastaaja suostui kolmijäseniseen välimiesoikeuteen.',
      'määräaika välimiehen vastustamiseen esteellisyyden vuoksi',
      'Vastaaja vastusti välimiestä OTT Maija Virtanen esteellisyyden vuoksi; perusteena: Puheenjohtaja on toiminut kantajan asiamiehenä.',
      `Nimeävä taho (${admin.user.userName}) hylkäsi välimiehen OTT Maija Virtanen vastustamisen`,
      'ei anna perusteltua aihetta epäillä puolueettomuutta',
      'Vastaaja korjasi vaatimuksiaan tai perusteitaan; kantajalle varattiin tilaisuus lausua siitä',
      'Kantaja lausui sille tiedoksi annetusta seikasta.',
      'Kantaja esitti huomautuksen; vastaajalle varattiin tilaisuus lausua siitä',
      'Vastaaja ei lausunut määräajassa.',
      'Välimiesoikeus kirjasi ratkaisunsa toimivallastaan.',
      'Suullista käsittelyä ei pidetty; asia ratkaistiin kirjallisen aineiston perusteella välityssopimuksen mukaisesti.',
    ]) {
      expect(flat).toContain(expected);
    }

    const audit = await auditEntriesOf(host, id);
    const actions = audit.map((entry) => entry.action);
    for (const action of [
      'AcceptAgreement',
      'AnswerTribunalSize',
      'ChallengeArbitrator',
      'DecideChallenge',
      'PutNewMatter',
      'AnswerNewMatter',
      'RecordJurisdiction',
      'AdoptAward',
      'IssueAward',
    ] as const) {
      expect(actions).toContain(action);
    }

    // The end state: the case is final, so a second acceptance, a challenge and a hearing are refused.
    const afterAward = await call('POST', `/api/dispute/${id}/agreement`, respondent16!.token, {
      version: ARBITRATION_AGREEMENT.version,
    });
    expect(await message(afterAward, 409)).toBe(OUTCOME_MESSAGES.caseFinal);
    const challengeAfter = await call('POST', `/api/dispute/${id}/tribunal/challenges`, respondent16!.token, {
      arbitratorId: second!.user.id,
      grounds: 'Vastustus tuomion jälkeen.',
    });
    expect(challengeAfter.status).toBe(409);
    const hearingAfter = await call('POST', `/api/dispute/${id}/tribunal/hearing`, chair16!.token, {
      date: '2026-12-01',
      note: 'Suullinen käsittely tuomion jälkeen.',
    });
    expect(await message(hearingAfter, 409)).toBe(OUTCOME_MESSAGES.caseFinal);
    offset = 0;
  }, 240_000);
});
