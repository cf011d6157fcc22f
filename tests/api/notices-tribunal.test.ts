import type { DisputeView, NoticeList, PhaseView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import { apiClient, FINNISH_CASE, newDispute, uniqueEmail, uploadForm, type OpenCase } from './support/api-client.js';
import { CONTRACT_PAGES, makeFinnishPdf } from './support/finnish-pdf.js';
import { decodeWords, outboxWithAttachments } from './support/mail-attachments.js';
import { secondFactor } from './support/second-factor.js';
import { useTestHost } from './support/use-test-host.js';
import { tribunalCases } from './support/tribunal-case.js';

/**
 * Every turn announced, the tribunal's turns: the appointment, an acceptance with its statement and challenge
 * period, the tribunal constituted, the award delivered (the signed PDF still attached) and a request for a
 * correction go to each recipient in the recipient's language — the respondent chose Suomi, everyone else
 * reads English, in the wording the mails had before — and leave an in-app notice for each account.
 */

const clock: Clock = { now: () => new Date() };
const api = apiClient(() => host, clock);
const { call, json } = api;

const host = useTestHost({}, { clock });

const { draftForSoleArbitrator, adoptForSigning } = tribunalCases(api, () => host, clock);

/** The subjects of the mails to `to`, decoded. */
function subjectsTo(to: string): string[] {
  return outboxWithAttachments(host.dataDir)
    .filter((mail) => mail.to === to)
    .map((mail) => decodeWords(mail.subject));
}

/** The mails to `to`, their bodies read as the UTF-8 they are. */
const mailText = (to: string) => api.mailsTo(to).join('\n');

async function notices(token: string): Promise<NoticeList> {
  return json<NoticeList>(await call('GET', '/api/notices', token), 200);
}

async function respondentSpeaksFinnish(c: OpenCase): Promise<void> {
  await json(await call('POST', '/user/update-language', c.respondent.token, { language: 'fi' }), 200);
}

describe('notices of the tribunal’s constitution', () => {
  it('tells the appointee of the appointment and each party of the acceptance and the constitution, each in its language', async () => {
    const admin = await api.signedInUser({ email: uniqueEmail('super'), roles: ['SuperAdmin'] });
    const factor = await secondFactor(host, clock);
    // The arbitrator reads Finnish.
    const arbitrator = await api.signedInUser({
      email: uniqueEmail('arbitrator'),
      language: 'fi',
      ...factor.overrides,
    });
    await json(
      await call('PUT', `/api/superadmin/users/${arbitrator.user.id}/arbitrator`, admin.token, {
        arbitrator: { name: 'OTT Eero Esko', title: 'asianajaja' },
      }),
      200,
    );
    const c = await api.openCase(FINNISH_CASE);
    await respondentSpeaksFinnish(c);
    const id = c.dispute.id;
    await json(await call('POST', `/api/dispute/${id}/tribunal/request`, c.claimant.token, { size: 1 }), 200);
    await json(
      await call('POST', `/api/admin/tribunal/${id}/appoint`, admin.token, { arbitratorIds: [arbitrator.user.id] }),
      200,
    );
    const appointed = mailText(arbitrator.user.email);
    expect(appointed).toContain('Teidät on nimetty asiaan');
    expect(appointed).toContain('yksin toimiva välimies');
    expect(appointed).toContain(`/case-attachment/${id}#tribunal`);
    expect(subjectsTo(arbitrator.user.email)).toContainEqual(expect.stringContaining('teidät on nimetty'));
    expect((await notices(arbitrator.token)).items[0]).toMatchObject({
      event: 'arbitratorAppointed',
      path: `/case-attachment/${id}#tribunal`,
      title: { en: expect.stringContaining('you have been appointed as sole arbitrator') },
      text: { fi: expect.stringContaining('yksin toimiva välimies') },
    });

    await json(
      await call('POST', `/api/dispute/${id}/tribunal/respond`, arbitrator.token, {
        accept: true,
        statement: 'disclosed',
        disclosure: 'Olen vastaajan toimitusjohtajan serkku.',
      }),
      200,
    );
    // The English-speaking claimant: the former wording, unchanged.
    const claimantMail = mailText(c.dispute.claimant.email);
    expect(claimantMail).toContain('OTT Eero Esko accepted the appointment as sole arbitrator in the case');
    expect(claimantMail).toContain('Statement of independence: discloses: Olen vastaajan toimitusjohtajan serkku.');
    expect(claimantMail).toContain('You may challenge the arbitrator, stating the grounds, by');
    expect(claimantMail).toContain('The tribunal in the case');
    expect(claimantMail).toContain('From now on the tribunal decides the case; the AI only drafts for it.');
    // The Finnish-speaking respondent: the same facts in Finnish.
    const respondentMail = mailText(c.respondent.user.email);
    expect(respondentMail).toContain('OTT Eero Esko otti vastaan tehtävän (yksin toimiva välimies)');
    expect(respondentMail).toContain('Esteettömyysselvitys: ilmoittaa: Olen vastaajan toimitusjohtajan serkku.');
    expect(respondentMail).toContain('Voitte esittää välimiestä koskevan esteellisyysväitteen');
    expect(respondentMail).toContain('Välimiesoikeus asiassa');
    expect(respondentMail).not.toContain('accepted the appointment');
    expect(subjectsTo(c.respondent.user.email)).toContainEqual(expect.stringContaining('välimiesoikeus on asetettu'));
    expect((await notices(c.respondent.token)).items.map((notice) => notice.event).slice(0, 2)).toEqual([
      'tribunalConstituted',
      'arbitratorAccepted',
    ]);
    expect((await notices(c.coClaimant.token)).items[0]).toMatchObject({
      event: 'tribunalConstituted',
      text: { en: 'The tribunal is constituted: OTT Eero Esko.', fi: 'Välimiesoikeus on asetettu: OTT Eero Esko.' },
    });
  }, 120_000);
});

describe('notices after the award', () => {
  it('delivers the award with its PDF and tells of a request for a correction, each party in its language', async () => {
    const { c, id, awardId, arbitrator } = await draftForSoleArbitrator('Asianosaiset eivät vastanneet yhteenvetoon.');
    await respondentSpeaksFinnish(c);
    const pdfSha256 = await adoptForSigning(c, awardId, arbitrator);
    await json(
      await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, arbitrator.token, {
        password: 'user password 1',
        pdfSha256,
      }),
      200,
    );

    // Delivered: the PDF attached to each, the subject and text in each party's language.
    const delivered = outboxWithAttachments(host.dataDir).filter((mail) => mail.attachments.length > 0);
    const toClaimant = delivered.find((mail) => mail.to === c.claimant.user.email)!;
    const toRespondent = delivered.find((mail) => mail.to === c.respondent.user.email)!;
    expect(decodeWords(toClaimant.subject)).toMatch(
      /^Ratkaisu case RAT-\d{4}-\d+: the arbitral award has been issued$/,
    );
    expect(decodeWords(toRespondent.subject)).toMatch(
      /^Ratkaisu, asia ".*" \(RAT-\d{4}-\d+\): välitystuomio on annettu$/,
    );
    for (const mail of [toClaimant, toRespondent]) {
      expect(mail.attachments[0]!.contentType).toBe('application/pdf');
      expect(mail.attachments[0]!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    expect(mailText(c.claimant.user.email)).toContain(
      'The tribunal has signed and issued the arbitral award in the case',
    );
    const respondentMail = mailText(c.respondent.user.email);
    expect(respondentMail).toContain('Välimiesoikeus on allekirjoittanut ja antanut välitystuomion asiassa');
    expect(respondentMail).toContain(
      `Allekirjoitettu PDF on tämän viestin liitteenä (${toRespondent.attachments[0]!.fileName})`,
    );
    expect((await notices(c.respondent.token)).items[0]).toMatchObject({
      event: 'tribunalDelivered',
      path: `/case-attachment/${id}`,
      text: { fi: 'Välimiesoikeus on antanut välitystuomion; vahvistakaa vastaanottaminen.' },
    });

    // The claimant asks for a correction: the Finnish respondent and the tribunal are told.
    await json(
      await call('POST', `/api/dispute/${id}/award/${awardId}/corrections`, c.claimant.token, {
        kind: 'correction',
        text: 'Välitystuomion sivulla 2 sopimussakon määrä on kirjoitettu väärin: oikea määrä on 12 400 euroa.',
      }),
      201,
    );
    expect(subjectsTo(c.respondent.user.email)).toContainEqual(
      expect.stringContaining('kantaja pyytää kirjoitus- tai laskuvirheen korjaamista'),
    );
    expect(mailText(c.respondent.user.email)).toContain('Voitte lausua pyynnöstä asian sivulla');
    expect((await notices(c.respondent.token)).items[0]).toMatchObject({ event: 'correctionRequested' });
    expect(subjectsTo(arbitrator.user.email)).toContainEqual(
      expect.stringMatching(/: the claimant requests a correction of a clerical or calculation error$/),
    );
    expect(mailText(arbitrator.user.email)).toContain('The other party may comment until');
    expect((await notices(arbitrator.token)).items[0]).toMatchObject({ event: 'correctionRequested' });
    // The requesting claimant is not told of its own request.
    expect(subjectsTo(c.claimant.user.email).some((subject) => subject.includes('requests'))).toBe(false);
  }, 180_000);
});

describe('notices of the case’s course', () => {
  it('invites an address without an account in the case’s language, and tells each party of a new phase in its own', async () => {
    // Opened from the Finnish screens: the case's language is Finnish; the respondent's address has no account
    // yet; the claimant's representative reads English.
    const claimant = await api.signedInUser({ email: uniqueEmail('claimant'), language: 'fi' });
    const counsel = await api.signedInUser({ email: uniqueEmail('counsel'), language: 'en' });
    const invitee = uniqueEmail('invitee');
    const base = newDispute(invitee);
    const dispute = await json<DisputeView>(
      await call('POST', '/api/dispute', claimant.token, {
        ...base,
        ...FINNISH_CASE,
        claimant: { ...base.claimant, ...FINNISH_CASE.claimant, email: counsel.user.email },
        respondent: { ...base.respondent, ...FINNISH_CASE.respondent, email: invitee },
        language: 'fi',
      }),
      201,
    );
    const id = dispute.id;
    const upload = async (token: string, name: string) => {
      const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, token), 200);
      await json(
        await call(
          'POST',
          `/${id}/phases/${phases.at(-1)!.id}/attachments`,
          token,
          uploadForm([{ name, bytes: await makeFinnishPdf([...CONTRACT_PAGES]) }]),
        ),
        201,
      );
    };
    await upload(claimant.token, 'Kanne.pdf');
    await json(await call('POST', `/api/dispute/${id}/phase/Response`, claimant.token), 200);
    expect(subjectsTo(invitee)).toEqual([`Kanssanne on avattu asia Ratkaisu-palvelussa: ${FINNISH_CASE.name}`]);
    const invitation = mailText(invitee);
    expect(invitation).toContain('on jättänyt kanteensa asiassa');
    expect(invitation).toMatch(/Vastausvaihe on avoinna vastaustanne varten .* asti\./);
    expect(invitation).toMatch(/\/invitation\/[A-Za-z0-9_-]+/);

    // The respondent answers: the claimant's English-reading representative is told in English (the account's
    // language wins over the case's), with a notice.
    const respondent = await api.signedInUser({ email: invitee, language: 'fi' }, { ownTenant: true });
    await upload(respondent.token, 'Vastaus.pdf');
    await json(await call('POST', `/api/dispute/${id}/phase/ClaimantLetter1`, respondent.token), 200);
    expect(subjectsTo(counsel.user.email)).toContain(
      `Ratkaisu case "${FINNISH_CASE.name}": Claimant Letter 1 phase has started`,
    );
    expect((await notices(counsel.token)).items[0]).toMatchObject({
      event: 'phaseStarted',
      path: `/case-attachment/${id}`,
      text: { en: 'The Claimant Letter 1 phase has started.' },
    });

    // The claimant moves on: the Finnish-reading respondent is told in Finnish, with a notice.
    await upload(claimant.token, 'Lausuma.pdf');
    await json(await call('POST', `/api/dispute/${id}/phase/RespondentLetter1`, claimant.token), 200);
    expect(subjectsTo(invitee)).toContain(
      `Ratkaisu, asia "${FINNISH_CASE.name}": vaihe Vastaajan lausuma 1 on alkanut`,
    );
    expect(mailText(invitee)).toContain('Avatkaa asia:');
    expect((await notices(respondent.token)).items[0]).toMatchObject({
      event: 'phaseStarted',
      text: { fi: 'Vaihe Vastaajan lausuma 1 on alkanut.' },
    });
  }, 120_000);
});
