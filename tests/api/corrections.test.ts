import { createHash } from 'node:crypto';
import {
  CORRECTION_MESSAGES,
  TRIBUNAL_MESSAGES,
  type AwardAftercareView,
  type AwardView,
  type PhaseView,
} from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { WRITE_ONCE_RECORD_NAMES } from '../../functions/src/records/write-once-record.js';
import { apiClient, uniqueEmail, type OpenCase } from './support/api-client.js';
import { outboxWithAttachments } from './support/mail-attachments.js';
import { pdfText } from './support/pdf-text.js';
import { pdfsigReport } from './support/pdfsig.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';
import { tribunalCases } from './support/tribunal-case.js';
import { auditEntriesOf } from './support/audit-trail.js';

/**
 * After the award (Arbitration Act 967/1992 §§ 37–39) through the real local host: the signed award mailed
 * to every representative as a PDF attachment with each delivery recorded; receipt by acknowledgement or
 * first opening; the periods from receipt as dates; a party's request for a correction, the other party's
 * comment, the tribunal's grant and the correction signed, issued and delivered as its own PDF — the award
 * never changing; a rejection with reasons; the tribunal's own-initiative correction; and the refusals once
 * the 30 days have passed, shown by moving the host's clock.
 */

const DAY = 24 * 3600 * 1000;
/** Wednesday 3 March 2027, 10:00 in Helsinki: the periods from a receipt now end on 2.4., 3.5. and 3.6.2027. */
const START = Date.parse('2027-03-03T08:00:00.000Z');
let now = START;
const clock: Clock & { advance(ms: number): void } = {
  now: () => new Date(now),
  advance: (ms) => {
    now += ms;
  },
};
const api = apiClient(() => host, clock);
const { call, json } = api;

const host = useTestHost({}, { clock });

const { issuedForSoleArbitrator } = tribunalCases(api, () => host, clock);

interface IssuedCase {
  c: OpenCase;
  id: string;
  arbitrator: SignedInUser;
  award: AwardView;
}

/** A case with a sole arbitrator (written into the store: the appointment is tribunal.test.ts's subject) and an issued award. */
async function issuedAward(): Promise<IssuedCase> {
  now = START; // each test starts on the same Wednesday, whatever the one before moved the clock to
  return issuedForSoleArbitrator('Asianosaiset eivät vastanneet yhteenvetoon.');
}

async function aftercare(issued: IssuedCase, token: string): Promise<AwardAftercareView> {
  return (
    await json<{ data: AwardAftercareView }>(
      await call('GET', `/api/dispute/${issued.id}/award/${issued.award.id}/delivery`, token),
      200,
    )
  ).data;
}

const auditActions = (id: string): Promise<AuditDocument[]> => auditEntriesOf(host, id);

/** The mails to `to`, their bodies read as the UTF-8 they are (the client's helper decodes to single bytes). */
const mailText = (to: string) => api.mailsTo(to).join('\n');

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('delivery and receipt of the award (§ 37)', () => {
  it('mails the signed PDF to every representative, records each delivery, and takes receipt by acknowledgement or first opening', async () => {
    const issued = await issuedAward();
    const { c, id, award } = issued;

    // Delivered: one mail per representative, the signed PDF attached, the Message-ID recorded.
    const view = await aftercare(issued, issued.arbitrator.token);
    expect(view.deliveries.map((d) => [d.side, d.email]).sort()).toEqual(
      [
        ['claimant', c.claimant.user.email],
        ['claimant', c.coClaimant.user.email],
        ['respondent', c.respondent.user.email],
      ].sort(),
    );
    const mails = outboxWithAttachments(host.dataDir);
    for (const delivery of view.deliveries) {
      expect(delivery).toMatchObject({ attached: true, at: clock.now().toISOString() });
      const mail = mails.find((m) => m.messageId === delivery.messageId);
      expect(mail, `the mail to ${delivery.email}`).toBeDefined();
      expect(mail!.to).toBe(delivery.email);
      expect(mail!.attachments).toHaveLength(1);
      expect(mail!.attachments[0]).toMatchObject({
        fileName: `Award_${award.caseNumber}.pdf`,
        contentType: 'application/pdf',
      });
      expect(sha256(mail!.attachments[0]!.bytes)).toBe(award.pdfSha256);
    }
    // The mail quotes the card's button and names the periods in the card's words; the award orders no fees: no § 47.
    const delivery = mailText(c.respondent.user.email);
    expect(delivery).toContain('("I have received the award")');
    expect(delivery).toContain('an action to set the award aside (3 months, § 41)');
    expect(delivery).not.toContain('§ 47');

    // Nothing received yet: no periods run; the dates they would end on, counted from the delivery mail.
    expect(view.receipts).toEqual([]);
    expect(view.deadlines).toEqual([]);
    expect(view.fixesFees).toBe(false);
    const fromMail = [
      { kind: 'correction', section: '38–39 §', date: '2027-04-02' },
      { kind: 'setAside', section: '41 §', date: '2027-06-03' },
    ];
    expect(view.fromDelivery).toEqual([
      { side: 'claimant', deliveredAt: clock.now().toISOString(), deadlines: fromMail },
      { side: 'respondent', deliveredAt: clock.now().toISOString(), deadlines: fromMail },
    ]);
    const party = await aftercare(issued, c.respondent.token);
    expect(party.deliveries).toHaveLength(3);

    // The respondent acknowledges: the periods from its receipt as dates, twice changes nothing.
    const acknowledged = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', `/api/dispute/${id}/award/${award.id}/receipt`, c.respondent.token),
        200,
      )
    ).data;
    expect(acknowledged.receipts).toEqual([
      expect.objectContaining({ side: 'respondent', how: 'acknowledged', at: clock.now().toISOString() }),
    ]);
    expect(acknowledged.deadlines).toEqual([
      {
        side: 'respondent',
        receivedAt: clock.now().toISOString(),
        deadlines: [
          { kind: 'correction', section: '38–39 §', date: '2027-04-02' },
          { kind: 'setAside', section: '41 §', date: '2027-06-03' },
        ],
      },
    ]);
    // The respondent's receipt replaces its dates from the mail; the claimant's stay until it receives.
    expect(acknowledged.fromDelivery.map((entry) => entry.side)).toEqual(['claimant']);
    clock.advance(60_000);
    const again = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', `/api/dispute/${id}/award/${award.id}/receipt`, c.respondent.token),
        200,
      )
    ).data;
    expect(again.receipts).toEqual(acknowledged.receipts);
    await json(await call('POST', `/api/dispute/${id}/award/${award.id}/receipt`, issued.arbitrator.token), 403);

    // The claimant's co-counsel opens the award: that is the claimant side's receipt.
    const resolution = (
      await json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, c.coClaimant.token), 200)
    ).find((p) => p.type === 'Resolution')!;
    const download = await call(
      'GET',
      `/api/dispute/${id}/phases/${resolution.id}/attachment/${award.id}/download`,
      c.coClaimant.token,
    );
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(award.pdfSha256);
    const opened = await aftercare(issued, issued.arbitrator.token);
    expect(opened.receipts.map((r) => [r.side, r.how])).toEqual([
      ['respondent', 'acknowledged'],
      ['claimant', 'opened'],
    ]);
    // The originals kept write-once (docs/operations.md): the issued PDF, and each side's receipt by person id.
    const original = await host.deps.blobs.downloadBuffer(
      'records',
      WRITE_ONCE_RECORD_NAMES.issuedDocument(id, award.id),
    );
    expect(original && sha256(original)).toBe(award.pdfSha256);
    for (const [side, how] of [
      ['respondent', 'acknowledged'],
      ['claimant', 'opened'],
    ] as const) {
      const receipt = await host.deps.blobs.downloadBuffer(
        'records',
        WRITE_ONCE_RECORD_NAMES.receipt(id, award.id, side),
      );
      expect(JSON.parse(receipt!.toString('utf8'))).toMatchObject({ side, how, documentId: award.id });
    }

    // Others see nothing.
    const outsider = await api.signedInUser({ email: uniqueEmail('outsider') });
    await json(await call('GET', `/api/dispute/${id}/award/${award.id}/delivery`, outsider.token), 404);

    const actions = (await auditActions(id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'DeliverAward')).toHaveLength(3);
    expect(actions).toContain('AcknowledgeReceipt');
    expect(actions).toContain('ReceiveDecision');
  });
});

describe('corrections, interpretations and additional awards (§§ 38–39)', () => {
  it('takes a request, hears the other party, grants it, and signs, issues and delivers the correction as its own PDF', async () => {
    const issued = await issuedAward();
    const { c, id, award, arbitrator } = issued;
    const base = `/api/dispute/${id}/award/${award.id}/corrections`;

    // The form is validated at the edge.
    const noKind = await call('POST', base, c.respondent.token, { kind: 'appeal', text: 'Muuttakaa tuomiota.' });
    expect((await json<{ message: string }>(noKind, 400)).message).toContain('Choose what you request');
    await json(await call('POST', base, c.respondent.token, { kind: 'correction', text: 'Lyhyt' }), 400);
    const byTribunal = await call('POST', base, arbitrator.token, {
      kind: 'correction',
      text: 'Tuomiossa on virhe summassa.',
    });
    expect((await json<{ message: string }>(byTribunal, 403)).message).toBe(CORRECTION_MESSAGES.partiesOnly);

    // The respondent requests (its first act after delivery: the request is also its receipt).
    const requestText = 'Tuomiolauselmassa sopimussakon määrä on 12 400,00 €, vaikka perusteluissa se on 1 240,00 €.';
    const requested = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', base, c.respondent.token, { kind: 'correction', text: requestText }),
        201,
      )
    ).data;
    const request = requested.requests[0]!;
    expect(request).toMatchObject({
      kind: 'correction',
      side: 'respondent',
      status: 'Open',
      commentUntil: '2027-03-17',
      comments: [],
    });
    expect(requested.receipts).toEqual([expect.objectContaining({ side: 'respondent', how: 'acknowledged' })]);
    expect(mailText(c.coClaimant.user.email)).toContain(
      'You may comment on the request on the case page until 17.3.2027',
    );
    expect(mailText(arbitrator.user.email)).toContain(requestText);

    // The tribunal hears the other party before it corrects; the requesting party does not comment on its own request.
    const early = await call('POST', `${base}/${request.id}/decision`, arbitrator.token, {
      outcome: 'grant',
      text: 'Tuomiolauselman määrä korjataan.',
    });
    expect((await json<{ message: string }>(early, 409)).message).toBe(CORRECTION_MESSAGES.commentPeriodOpen);
    const own = await call('POST', `${base}/${request.id}/comments`, c.respondent.token, { text: 'Lisään vielä.' });
    expect((await json<{ message: string }>(own, 409)).message).toBe(CORRECTION_MESSAGES.ownRequest);
    clock.advance(10 * 60_000);
    const commentText = 'Kantaja yhtyy siihen, että kyse on kirjoitusvirheestä.';
    const commented = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', `${base}/${request.id}/comments`, c.claimant.token, { text: commentText }),
        200,
      )
    ).data;
    expect(commented.requests[0]!.comments).toEqual([expect.objectContaining({ side: 'claimant', text: commentText })]);
    expect(mailText(c.respondent.user.email)).toContain(commentText);

    // A party does not decide; the tribunal grants with the text of the correction.
    await json(
      await call('POST', `${base}/${request.id}/decision`, c.claimant.token, {
        outcome: 'reject',
        reasons: 'Ei virhettä tuomiossa.',
      }),
      403,
    );
    const grantText = 'Tuomiolauselman 1 kohdassa mainittu määrä ”12 400,00 €” korjataan kuulumaan ”1 240,00 €”.';
    const granted = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', `${base}/${request.id}/decision`, arbitrator.token, { outcome: 'grant', text: grantText }),
        200,
      )
    ).data;
    expect(granted.requests[0]).toMatchObject({ status: 'Granted', decidedBy: 'OTT Maija Virtanen' });
    const correction = granted.documents[0]!;
    expect(correction).toMatchObject({
      kind: 'correction',
      refersTo: award.id,
      requestId: request.id,
      status: 'Adopted',
      requiredSignatures: 1,
    });
    expect(mailText(c.respondent.user.email)).toContain('The tribunal has granted the respondent');
    const twice = await call('POST', `${base}/${request.id}/decision`, arbitrator.token, {
      outcome: 'reject',
      reasons: 'Toisen kerran päätetty.',
    });
    expect((await json<{ message: string }>(twice, 409)).message).toBe(CORRECTION_MESSAGES.notOpen);

    // Not the parties' until issued; the tribunal opens the exact PDF it signs.
    expect((await aftercare(issued, c.respondent.token)).documents).toEqual([]);
    await json(await call('GET', `${base}/${correction.id}/pdf`, c.respondent.token), 404);
    const draftPdf = new Uint8Array(
      await (await call('GET', `${base}/${correction.id}/pdf`, arbitrator.token)).arrayBuffer(),
    );
    expect(sha256(draftPdf)).toBe(correction.pdfSha256);

    // Signed through the award's own signing: issued and delivered, the award untouched.
    const signed = await json<{ data: AwardView }>(
      await call('POST', `/api/dispute/${id}/award/${correction.id}/sign`, arbitrator.token, {
        password: 'user password 1',
        pdfSha256: correction.pdfSha256,
      }),
      200,
    );
    expect(signed.data.status).toBe('Issued');
    const after = await aftercare(issued, c.respondent.token);
    const delivered = after.documents[0]!;
    expect(delivered).toMatchObject({
      id: correction.id,
      status: 'Issued',
      fileName: expect.stringMatching(/^Correction_RAT-\d{4}-\d{6}_[0-9a-f]{8}\.pdf$/),
    });
    expect(delivered.deliveries.map((d) => d.email).sort()).toEqual(
      [c.claimant.user.email, c.coClaimant.user.email, c.respondent.user.email].sort(),
    );
    const mail = outboxWithAttachments(host.dataDir).find(
      (m) => m.messageId === delivered.deliveries.find((d) => d.side === 'respondent')!.messageId,
    )!;
    expect(mail.attachments.map((a) => a.fileName)).toEqual([delivered.fileName]);
    const attached = mail.attachments[0]!.bytes;
    expect(sha256(attached)).toBe(signed.data.pdfSha256);
    expect(mailText(c.respondent.user.email)).toContain(
      'The tribunal has signed and issued a correction of the arbitral award',
    );

    // The correction's PDF: its own title, the award it refers to, the request, the comment, the text.
    const flat = (await pdfText(new Uint8Array(attached))).text.replace(/\s+/g, ' ');
    for (const expected of [
      'VÄLITYSTUOMION KORJAUS',
      award.caseNumber,
      award.pdfSha256!,
      'Välitystuomio pysyy muuttamattomana',
      'Vastaaja pyysi',
      'kirjoitus- tai laskuvirheen',
      'sopimussakon määrä on 12 400,00 €',
      'Kantaja lausui',
      'Kantaja yhtyy siihen',
      'korjataan kuulumaan',
      'OTT Maija Virtanen',
    ]) {
      expect(flat).toContain(expected);
    }

    // The award itself never changes; the party's first opening of the correction is its receipt of it.
    const awardNow = (
      await json<{ data: AwardView }>(
        await call('GET', `/api/dispute/${id}/award/${award.id}`, c.respondent.token),
        200,
      )
    ).data;
    expect(awardNow).toMatchObject({ status: 'Issued', pdfSha256: award.pdfSha256, chapters: award.chapters });
    const opened = await call('GET', `${base}/${correction.id}/pdf`, c.claimant.token);
    expect(opened.status).toBe(200);
    const correctionOriginal = await host.deps.blobs.downloadBuffer(
      'records',
      WRITE_ONCE_RECORD_NAMES.issuedDocument(id, correction.id),
    );
    expect(correctionOriginal && sha256(correctionOriginal)).toBe(sha256(new Uint8Array(await opened.arrayBuffer())));
    expect((await aftercare(issued, c.claimant.token)).documents[0]!.receipts).toEqual([
      expect.objectContaining({ side: 'claimant', how: 'opened' }),
    ]);

    const actions = (await auditActions(id)).map((entry) => entry.action);
    for (const action of ['RequestCorrection', 'CommentCorrection', 'GrantCorrection', 'IssueCorrection'] as const) {
      expect(actions).toContain(action);
    }
    expect(actions.filter((action) => action === 'DeliverAward')).toHaveLength(6);
    const grant = (await auditActions(id)).find((entry) => entry.action === 'GrantCorrection')!;
    expect(grant.details).toContain(correction.pdfSha256);
  });

  it('rejects with reasons, corrects on its own initiative within 30 days, and refuses requests and comments once their periods have passed', async () => {
    const issued = await issuedAward();
    const { c, id, award, arbitrator } = issued;
    const base = `/api/dispute/${id}/award/${award.id}/corrections`;
    await json(await call('POST', `/api/dispute/${id}/award/${award.id}/receipt`, c.respondent.token), 200);
    await json(await call('POST', `/api/dispute/${id}/award/${award.id}/receipt`, c.claimant.token), 200);

    // An interpretation requested and rejected, with the reasons mailed to both parties.
    const asked = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', base, c.claimant.token, {
          kind: 'interpretation',
          text: 'Mitä tuomiolauselman korolla tarkoitetaan?',
        }),
        201,
      )
    ).data.requests[0]!;
    const shorter = (
      await json<{ data: AwardAftercareView }>(
        await call('PUT', `${base}/${asked.id}/comment-period`, arbitrator.token, { days: 7 }),
        200,
      )
    ).data;
    expect(shorter.requests[0]!.commentUntil).toBe('2027-03-10');
    await json(await call('PUT', `${base}/${asked.id}/comment-period`, c.respondent.token, { days: 30 }), 403);
    await json(await call('PUT', `${base}/${asked.id}/comment-period`, arbitrator.token, { days: 0 }), 400);
    await json(await call('POST', `${base}/${asked.id}/decision`, arbitrator.token, { outcome: 'reject' }), 400);
    const reasons = 'Tuomiolauselma on selvä: korko määräytyy korkolain 4 §:n 1 momentin mukaan.';
    const rejected = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', `${base}/${asked.id}/decision`, arbitrator.token, { outcome: 'reject', reasons }),
        200,
      )
    ).data;
    expect(rejected.requests[0]).toMatchObject({ status: 'Rejected', reasons });
    // The rejection is the tribunal's own decision document, to be signed (correction-rejection below).
    expect(rejected.documents).toEqual([
      expect.objectContaining({ kind: 'interpretation', rejection: true, status: 'Adopted' }),
    ]);
    expect(rejected.requests[0]!.documentId).toBe(rejected.documents[0]!.id);
    expect(mailText(c.respondent.user.email)).toContain(reasons);
    expect(mailText(c.claimant.user.email)).toContain('has rejected the claimant');
    // The rejected request takes no more comments.
    const late = await call('POST', `${base}/${asked.id}/comments`, c.respondent.token, { text: 'Vielä kommentti.' });
    expect((await json<{ message: string }>(late, 409)).message).toBe(CORRECTION_MESSAGES.notOpen);

    // The tribunal corrects on its own initiative (the chair; a party cannot).
    await json(await call('POST', `${base}/own-initiative`, c.claimant.token, { text: 'Korjataan asianumero.' }), 403);
    const own = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', `${base}/own-initiative`, arbitrator.token, {
          text: 'Välitystuomion sivulla 2 oleva päivämäärä korjataan oikeaksi.',
        }),
        201,
      )
    ).data;
    const ownDocuments = own.documents.filter((document) => !document.rejection);
    expect(ownDocuments).toEqual([expect.objectContaining({ kind: 'correction', status: 'Adopted' })]);
    expect(ownDocuments[0]!.requestId).toBeUndefined();
    expect(mailText(c.respondent.user.email)).toContain('on its own initiative');

    // Another request, and its comment period passes without a comment: then the tribunal may grant it.
    const second = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', base, c.respondent.token, {
          kind: 'additionalAward',
          text: 'Vastaajan vastavaatimus jäi ratkaisematta.',
        }),
        201,
      )
    ).data.requests.at(-1)!;
    expect(second.commentUntil).toBe('2027-03-17');

    // 30 days from receipt: the whole 2.4.2027 still counts (Helsinki time)…
    // (Sessions idle out meanwhile: each move of the clock is followed by signing in again.)
    const signInAgain = async () => ({
      respondent: await api.signIn(c.respondent.user.email, 'user password 1'),
      claimant: await api.signIn(c.claimant.user.email, 'user password 1'),
      sole: await api.signIn(arbitrator.user.email, 'user password 1'),
    });
    clock.advance(30 * DAY + 12 * 3600 * 1000); // 2.4.2027 22:00 in Helsinki
    const onLastDay = await signInAgain();
    await json(
      await call('POST', base, onLastDay.respondent.token, {
        kind: 'correction',
        text: 'Viimeisenä päivänä tehty pyyntö.',
      }),
      201,
    );
    const commentLate = await call('POST', `${base}/${second.id}/comments`, onLastDay.claimant.token, {
      text: 'Myöhässä.',
    });
    expect((await json<{ message: string }>(commentLate, 409)).message).toBe(CORRECTION_MESSAGES.commentLate);

    // …3.4.2027 no longer: the requests and the tribunal's own initiative are refused.
    clock.advance(2 * 3600 * 1000);
    const { respondent, sole } = await signInAgain();
    const tooLate = await call('POST', base, respondent.token, {
      kind: 'correction',
      text: 'Myöhästynyt korjauspyyntö.',
    });
    expect((await json<{ message: string }>(tooLate, 409)).message).toBe(CORRECTION_MESSAGES.requestLate);
    const ownLate = await call('POST', `${base}/own-initiative`, sole.token, { text: 'Myöhästynyt oma korjaus.' });
    expect((await json<{ message: string }>(ownLate, 409)).message).toBe(CORRECTION_MESSAGES.ownInitiativeLate);

    // The request made in time is still decided after the 30 days: the other party was heard (its period ended).
    const grantedLate = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', `${base}/${second.id}/decision`, sole.token, {
          outcome: 'grant',
          text: 'Vastaajan vastavaatimus hylätään.',
        }),
        200,
      )
    ).data;
    const grants = grantedLate.documents.filter((document) => !document.rejection);
    expect(grants.map((d) => d.kind)).toEqual(['correction', 'additionalAward']);
    const additional = await call('GET', `${base}/${grants[1]!.id}/pdf`, sole.token);
    const text = (await pdfText(new Uint8Array(await additional.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain('LISÄTUOMIO');
    expect(text).toContain('Se ei lausunut.');

    // The case stays final and the award as issued.
    const awardNow = (
      await json<{ data: AwardView }>(await call('GET', `/api/dispute/${id}/award/${award.id}`, sole.token), 200)
    ).data;
    expect(awardNow.pdfSha256).toBe(award.pdfSha256);
    const notIssuedYet = await call('POST', `/api/dispute/${id}/award/${award.id}/sign`, sole.token, {
      password: 'user password 1',
      pdfSha256: award.pdfSha256,
    });
    expect((await json<{ message: string }>(notIssuedYet, 409)).message).toBe(TRIBUNAL_MESSAGES.alreadySigned);
    const actions = (await auditActions(id)).map((entry) => entry.action);
    for (const action of ['RejectCorrection', 'SetCommentPeriod', 'CorrectOwnInitiative'] as const) {
      expect(actions).toContain(action);
    }
  });
});

describe('the tribunal’s decision rejecting a request (§§ 38–39, § 41(3))', () => {
  it('is its own PDF with the reasons and the § 41 notice, signed (PAdES) by the tribunal and delivered to both parties', async () => {
    const issued = await issuedAward();
    const { c, id, award, arbitrator } = issued;
    const base = `/api/dispute/${id}/award/${award.id}/corrections`;
    const asked = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', base, c.respondent.token, {
          kind: 'correction',
          text: 'Tuomiolauselman viivästyskoron alkamispäivä on mielestämme väärä.',
        }),
        201,
      )
    ).data.requests[0]!;
    const reasons =
      'Viivästyskorko on määrätty alkamaan eräpäivästä, kuten perusteluissa todetaan. Kirjoitusvirhettä ei ole.';
    const decided = (
      await json<{ data: AwardAftercareView }>(
        await call('POST', `${base}/${asked.id}/decision`, arbitrator.token, { outcome: 'reject', reasons }),
        200,
      )
    ).data;
    const decision = decided.documents.find((document) => document.rejection)!;
    expect(decision).toMatchObject({
      kind: 'correction',
      requestId: asked.id,
      status: 'Adopted',
      fileName: expect.stringMatching(/^Decision_on_request_RAT-\d{4}-\d{6}_[0-9a-f]{8}\.pdf$/),
    });
    expect(decided.requests[0]).toMatchObject({ status: 'Rejected', reasons, documentId: decision.id });
    // The parties are told at once, with the reasons and that the signed decision follows.
    expect(mailText(c.claimant.user.email)).toContain(reasons);
    // Not the parties' until signed and issued.
    expect((await aftercare(issued, c.claimant.token)).documents).toEqual([]);

    // A signature names the file it signs.
    const unnamed = await call('POST', `/api/dispute/${id}/award/${decision.id}/sign`, arbitrator.token, {
      password: 'user password 1',
    });
    expect((await json<{ fields: Record<string, string> }>(unnamed, 400)).fields.pdfSha256).toBe(
      TRIBUNAL_MESSAGES.pdfSha256Required,
    );
    const signed = await json<{ data: AwardView }>(
      await call('POST', `/api/dispute/${id}/award/${decision.id}/sign`, arbitrator.token, {
        password: 'user password 1',
        pdfSha256: decision.pdfSha256,
      }),
      200,
    );
    expect(signed.data.status).toBe('Issued');

    // Delivered to every representative of both parties with the signed PDF attached.
    const delivered = (await aftercare(issued, c.claimant.token)).documents.find((d) => d.id === decision.id)!;
    expect(delivered.status).toBe('Issued');
    expect(delivered.deliveries.map((d) => d.email).sort()).toEqual(
      [c.claimant.user.email, c.coClaimant.user.email, c.respondent.user.email].sort(),
    );
    const mail = outboxWithAttachments(host.dataDir).find(
      (m) => m.messageId === delivered.deliveries.find((d) => d.side === 'claimant')!.messageId,
    )!;
    expect(mail.attachments.map((a) => a.fileName)).toEqual([delivered.fileName]);
    const attached = new Uint8Array(mail.attachments[0]!.bytes);
    expect(sha256(attached)).toBe(signed.data.pdfSha256);
    expect(mailText(c.respondent.user.email)).toContain('rejecting the request for a correction');
    expect(mailText(c.respondent.user.email)).toContain('run from the day you');

    // The decision: its title, the award it refers to, the request, the operative part, the reasons, § 41(3).
    const flat = (await pdfText(attached.slice())).text.replace(/\s+/g, ' ');
    for (const expected of [
      'PÄÄTÖS VÄLITYSTUOMION KORJAAMISTA KOSKEVAAN PYYNTÖÖN',
      award.caseNumber,
      award.pdfSha256!,
      'Vastaaja pyysi',
      'alkamispäivä on mielestämme väärä',
      'Välimiesoikeus hylkää vastaajan pyynnön',
      'Välitystuomio pysyy sellaisena kuin se on annettu.',
      'Perustelut',
      'Kirjoitusvirhettä ei ole.',
      'kolmen kuukauden kuluessa siitä päivästä, jona asianosainen sai kappaleen tätä päätöstä',
      'OTT Maija Virtanen',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).not.toContain('VÄLITYSTUOMION KORJAUS ');

    // The tribunal's PAdES signature, valid and covering the whole decision.
    const report = pdfsigReport(attached);
    if (report !== undefined) {
      const found = report.split(/^Signature #\d+:$/m).slice(1);
      expect(found).toHaveLength(1);
      expect(found[0]).toContain('Signature Validation: Signature is Valid.');
      expect(found[0]).toContain('Signature Type: ETSI.CAdES.detached');
      expect(found[0]).toContain('Signer Certificate Common Name: OTT Maija Virtanen');
      expect(found[0]).toContain('Total document signed');
    }

    // The award never changes; every step is in the chain.
    const awardNow = (
      await json<{ data: AwardView }>(await call('GET', `/api/dispute/${id}/award/${award.id}`, c.claimant.token), 200)
    ).data;
    expect(awardNow.pdfSha256).toBe(award.pdfSha256);
    const entries = await auditActions(id);
    expect(entries.find((entry) => entry.action === 'RejectCorrection')!.details).toContain(decision.pdfSha256);
    expect(entries.filter((entry) => entry.action === 'IssueCorrection')).toHaveLength(1);
  });
});
