import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NoticeList, PhaseView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import { withLookupIndexes, type DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { apiClient, FINNISH_CASE, uniqueEmail, uploadForm, type OpenCase } from './support/api-client.js';
import { CONTRACT_PAGES } from './support/finnish-pdf.js';
import { useFinnishPdfs } from './support/use-finnish-pdfs.js';
import { useTestHost } from './support/use-test-host.js';
import { decodeWords } from './support/mail-attachments.js';

/**
 * Every turn announced, by mail in the recipient's language (the account's; English when
 * never chosen) and by an in-app notice per recipient with an account, each linking to the exact place.
 * One Finnish-speaking party (the respondent, who chose Suomi), English-speaking others.
 */

const clock: Clock = { now: () => new Date() };
const api = apiClient(() => host, clock);
const { call, json } = api;

const pdfs = useFinnishPdfs({ contract: CONTRACT_PAGES });
const host = useTestHost();

interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** The outbox's mails, decoded: recipient, subject and plain-text body. */
function outbox(): Mail[] {
  const dir = path.join(host.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = readFileSync(path.join(dir, name), 'latin1');
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
      const header = (key: string) => new RegExp(`^${key}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
      const encoding = header('Content-Transfer-Encoding').toLowerCase();
      const content = raw.slice(split + 4);
      const bytes =
        encoding === 'base64'
          ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
          : encoding === 'quoted-printable'
            ? Buffer.from(
                content
                  .replace(/=\r\n/g, '')
                  .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
                'latin1',
              )
            : Buffer.from(content, 'latin1');
      return { to: header('To'), subject: decodeWords(header('Subject')), body: bytes.toString('utf8') };
    });
}

/** Mails whose subject contains `marker`, by recipient. */
function mailsAbout(marker: string | RegExp): Map<string, Mail[]> {
  const byRecipient = new Map<string, Mail[]>();
  for (const mail of outbox()) {
    if (typeof marker === 'string' ? !mail.subject.includes(marker) : !marker.test(mail.subject)) continue;
    byRecipient.set(mail.to, [...(byRecipient.get(mail.to) ?? []), mail]);
  }
  return byRecipient;
}

async function notices(token: string): Promise<NoticeList> {
  return json<NoticeList>(await call('GET', '/api/notices', token), 200);
}

async function caseInResolution(): Promise<OpenCase> {
  const c = await api.openCase(FINNISH_CASE);
  const upload = async (token: string, name: string) => {
    const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${c.dispute.id}/phases`, token), 200);
    await json(
      await call(
        'POST',
        `/${c.dispute.id}/phases/${phases.at(-1)!.id}/attachments`,
        token,
        uploadForm([{ name, bytes: pdfs.contract }]),
      ),
      201,
    );
  };
  await upload(c.claimant.token, 'Kauppasopimus.pdf');
  await json(await call('POST', `/api/dispute/${c.dispute.id}/phase/Response`, c.claimant.token), 200);
  await upload(c.respondent.token, 'Vastaus.pdf');
  await json(await call('POST', `/api/dispute/${c.dispute.id}/phase/ClaimantLetter1`, c.respondent.token), 200);
  await json(await call('POST', `/api/dispute/${c.dispute.id}/phase/Resolution`, c.claimant.token), 200);
  return c;
}

/** The respondent chooses Suomi: the account keeps it, check-auth shows it. */
async function respondentSpeaksFinnish(c: OpenCase): Promise<void> {
  const saved = await json<{ data: { language: string } }>(
    await call('POST', '/user/update-language', c.respondent.token, { language: 'fi' }),
    200,
  );
  expect(saved.data.language).toBe('fi');
  const me = await json<{ language: string }>(await call('GET', '/user/check-auth', c.respondent.token), 200);
  expect(me.language).toBe('fi');
}

describe('the account language', () => {
  it('is English until chosen (docs/product.md’s user shape unchanged), refuses anything but en or fi', async () => {
    const user = await api.signedInUser({ email: uniqueEmail('lang') });
    expect(
      (await json<{ language?: string }>(await call('GET', '/user/check-auth', user.token), 200)).language,
    ).toBeUndefined();
    const refused = await call('POST', '/user/update-language', user.token, { language: 'sv' });
    expect((await json<{ message: string }>(refused, 400)).message).toBe('The language must be en or fi.');
    await json(await call('POST', '/user/update-language', user.token, { language: 'fi' }), 200);
    const stored = await host.deps.store.collection<UserDocument>('users').read(user.user.id, user.user.id);
    expect(stored?.language).toBe('fi');
    await json(await call('POST', '/user/update-language', undefined, { language: 'fi' }), 401);
  });

  it('is stored at sign-up from the language the screens showed', async () => {
    const email = uniqueEmail('signup');
    const username = `fi-${Date.now().toString(36)}`;
    await json(
      await call('POST', '/user/register', undefined, {
        username,
        email,
        password: 'a long enough password 1',
        language: 'fi',
      }),
      201,
    );
    const users = await host.deps.store
      .collection<UserDocument>('users')
      .query({ where: [{ field: 'emailKey', op: '=', value: email.toLowerCase() }] });
    expect(users.items[0]?.language).toBe('fi');
    // The confirmation mail is in the language of the sign-up.
    const confirmation = outbox().filter((mail) => mail.to.includes(email));
    expect(confirmation.map((mail) => mail.subject)).toEqual(['Vahvista sähköpostiosoitteesi Ratkaisu-palvelussa']);
    expect(confirmation[0]!.body).toContain(`Hei ${username},`);
  });

  it("sends the account's mails in its language: a password reset in Finnish, in English by default", async () => {
    const finnish = await api.signedInUser({ email: uniqueEmail('reset-fi'), language: 'fi' });
    const english = await api.signedInUser({ email: uniqueEmail('reset-en') });
    for (const user of [finnish, english]) {
      await json(await call('POST', '/user/forgot-password', undefined, { email: user.user.email }), 200);
    }
    const subjects = (email: string) =>
      outbox()
        .filter((mail) => mail.to.includes(email))
        .map((mail) => mail.subject);
    expect(subjects(finnish.user.email)).toEqual(['Ratkaisu-salasanasi vaihtaminen']);
    expect(subjects(english.user.email)).toEqual(['Reset your Ratkaisu password']);
  });
});

describe('notices of an AI decision', () => {
  it('tells both parties the decision is ready, the other party that it is its turn, and both that the case is resolved', async () => {
    const c = await caseInResolution();
    await respondentSpeaksFinnish(c);
    const id = c.dispute.id;
    const english = [c.claimant.user.email, c.coClaimant.user.email];
    const finnish = c.respondent.user.email;

    const started = await json<{ data: { jobId: string; attachmentId: string } }>(
      await call('POST', `/api/dispute/${id}/generatedecision`, c.claimant.token, {}),
      202,
    );
    // The request: to the other party only, in Finnish.
    const requested = mailsAbout(/an AI decision was requested|tekoälyn ratkaisuehdotusta pyydettiin/);
    expect([...requested.keys()]).toEqual([finnish]);
    expect(requested.get(finnish)![0]!.subject).toContain('tekoälyn ratkaisuehdotusta pyydettiin');
    expect(requested.get(finnish)![0]!.body).toMatch(/^Hei,/);
    expect(requested.get(finnish)![0]!.body).toContain('Kantaja (');

    expect((await api.finished(started.data.jobId, c.claimant.token)).status).toBe('Completed');
    const ready = mailsAbout(/the AI decision \(version 1\) is ready|ratkaisuehdotus \(versio 1\) on valmis/);
    expect([...ready.keys()].sort()).toEqual([...english, finnish].sort());
    for (const to of english) {
      expect(ready.get(to)).toHaveLength(1);
      expect(ready.get(to)![0]!.subject).toContain('the AI decision (version 1) is ready');
      expect(ready.get(to)![0]!.body).toContain(`/case-attachment/${id}#decision`);
    }
    expect(ready.get(finnish)![0]!.subject).toBe(
      `Ratkaisu, asia "${c.dispute.name}" (${(await caseNumber(id))!}): tekoälyn ratkaisuehdotus (versio 1) on valmis`,
    );

    // The in-app notices: one per account, both languages, linking to the decision card.
    // (The respondent's first two are the invitation and the Resolution phase: tests/api/notices-tribunal.test.ts;
    // the invitation was read when the respondent acted on the case, uploading its answer: notices-on-action.test.ts.)
    const respondentNotices = await notices(c.respondent.token);
    expect(respondentNotices.items.map((notice) => notice.event)).toEqual([
      'decisionReady',
      'decisionRequested',
      'phaseStarted',
      'caseInvitation',
    ]);
    expect(respondentNotices.unread).toBe(3);
    expect(respondentNotices.items[0]).toMatchObject({
      event: 'decisionReady',
      path: `/case-attachment/${id}#decision`,
      title: { fi: expect.stringContaining('on valmis'), en: expect.stringContaining('is ready') },
    });
    expect(respondentNotices.items[0]!.readAt).toBeUndefined();
    expect((await notices(c.claimant.token)).items.map((notice) => notice.event)).toEqual(['decisionReady']);

    // The respondent opens and accepts: the claimant side learns it is its turn, in English.
    const awardId = started.data.attachmentId;
    const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, c.respondent.token), 200);
    const resolution = phases.find((phase) => phase.type === 'Resolution')!;
    const open = (token: string) =>
      call('GET', `/api/dispute/${id}/phases/${resolution.id}/attachment/${awardId}/download`, token);
    expect((await open(c.respondent.token)).status).toBe(200);
    await json(await call('POST', `/api/dispute/${id}/award/${awardId}/accept`, c.respondent.token), 200);
    const turn = mailsAbout(/accepted the AI decision — your turn|hyväksyi ratkaisuehdotuksen/);
    expect([...turn.keys()].sort()).toEqual([...english].sort());
    expect(turn.get(english[0]!)![0]!.body).toContain('The respondent accepted the AI decision (version 1)');
    expect((await notices(c.claimant.token)).items[0]).toMatchObject({ event: 'otherPartyAccepted' });
    expect((await notices(c.respondent.token)).items.map((notice) => notice.event)).not.toContain('otherPartyAccepted');

    // The claimant accepts too: everyone learns the case is resolved, each in their language.
    expect((await open(c.claimant.token)).status).toBe(200);
    await json(await call('POST', `/api/dispute/${id}/award/${awardId}/accept`, c.claimant.token), 200);
    const resolved = mailsAbout(/the case is resolved|asia on ratkennut/);
    expect([...resolved.keys()].sort()).toEqual([...english, finnish].sort());
    expect(resolved.get(finnish)![0]!.body).toContain(
      'Molemmat asianosaiset hyväksyivät tekoälyn ratkaisuehdotuksen (versio 1)',
    );
    expect(resolved.get(english[1]!)![0]!.body).toContain('Both parties accepted the AI decision (version 1)');

    // Marking read: one by id, then all; the count follows.
    const before = await notices(c.respondent.token);
    expect(before.items.map((notice) => notice.event)).toEqual([
      'caseResolved',
      'decisionReady',
      'decisionRequested',
      'phaseStarted',
      'caseInvitation',
    ]);
    const one = await json<{ marked: number; unread: number }>(
      await call('POST', '/api/notices/read', c.respondent.token, { ids: [before.items[0]!.id] }),
      200,
    );
    // (The respondent's earlier notices were read when it accepted: acting on a case reads its notices.)
    expect(one).toEqual({ marked: 1, unread: 0 });
    // Another user cannot mark the respondent's notice.
    expect(
      await json(await call('POST', '/api/notices/read', c.claimant.token, { ids: [before.items[1]!.id] }), 200),
    ).toMatchObject({ marked: 0 });
    await json(await call('POST', '/api/notices/read', c.respondent.token, { all: true }), 200);
    expect(await json(await call('GET', '/api/notices/unread', c.respondent.token), 200)).toEqual({ unread: 0 });
    await json(await call('POST', '/api/notices/read', c.respondent.token, { ids: [] }), 400);

    // Opening a case marks its user's notices about that case read: none about another case, all about this one.
    // (The co-counsel, who did not act on the case: the claimant's own acceptance read the claimant's.)
    expect((await notices(c.claimant.token)).unread).toBe(0);
    expect(
      await json(await call('POST', '/api/notices/read', c.coClaimant.token, { disputeId: 'another-case' }), 200),
    ).toMatchObject({ marked: 0 });
    const claimantUnread = (await notices(c.coClaimant.token)).unread;
    expect(claimantUnread).toBeGreaterThan(0);
    expect(await json(await call('POST', '/api/notices/read', c.coClaimant.token, { disputeId: id }), 200)).toEqual({
      marked: claimantUnread,
      unread: 0,
    });
  });
});

async function caseNumber(id: string): Promise<string | undefined> {
  return (await host.deps.store.collection<DisputeDocument>('disputes').read(id, id))?.caseNumber;
}

describe('notices of a tribunal case', () => {
  it('tells the administrators of a request, and the parties and tribunal of the claims summary and the draft', async () => {
    const c = await caseInResolution();
    await respondentSpeaksFinnish(c);
    const id = c.dispute.id;
    const admin = await api.signedInUser({ email: uniqueEmail('admin'), roles: ['User', 'Admin'], language: 'fi' });
    const superAdmin = await api.signedInUser(
      { email: uniqueEmail('super'), roles: ['User', 'SuperAdmin'] },
      { ownTenant: true },
    );
    const otherAdmin = await api.signedInUser(
      { email: uniqueEmail('other-admin'), roles: ['User', 'Admin'] },
      { ownTenant: true },
    );

    await json(await call('POST', `/api/dispute/${id}/tribunal/request`, c.claimant.token, { size: 1 }), 200);
    const appoint = mailsAbout(/appoint the tribunal|nimetkää välimiesoikeus/);
    // The tenant's admin and every super-admin (the bootstrapped one too), not another tenant's admin.
    expect([...appoint.keys()]).toEqual(expect.arrayContaining([admin.user.email, superAdmin.user.email]));
    expect(appoint.get(admin.user.email)![0]!.subject).toContain('nimetkää välimiesoikeus');
    expect(appoint.get(superAdmin.user.email)![0]!.body).toContain('/admin?tab=appointments');
    expect(appoint.has(otherAdmin.user.email)).toBe(false);
    expect((await notices(admin.token)).items[0]).toMatchObject({
      event: 'tribunalRequestedAdmin',
      path: '/admin?tab=appointments',
    });
    const requested = mailsAbout(/an arbitrator was requested|välimiestä pyydettiin/);
    expect(requested.get(c.respondent.user.email)![0]!.body).toContain('Kantaja on pyytänyt asiaan');
    expect(requested.get(c.dispute.claimant.email)![0]!.subject).toContain('an arbitrator was requested');

    // A sole arbitrator seated straight in the store (the appointment is tribunal.test.ts's subject).
    const arbitrator = await api.signedInUser({
      email: uniqueEmail('sole'),
      arbitrator: {
        name: 'OTT Maija Virtanen',
        title: 'asianajaja',
        grantedAt: clock.now().toISOString(),
        grantedBy: 'x',
      },
    });
    const disputes = host.deps.store.collection<DisputeDocument>('disputes');
    const { _etag, ...doc } = (await disputes.read(id, id))!;
    const now = clock.now().toISOString();
    await disputes.replace(
      withLookupIndexes({
        ...doc,
        tribunal: {
          ...doc.tribunal!,
          status: 'Constituted',
          members: [
            {
              userId: arbitrator.user.id,
              name: 'OTT Maija Virtanen',
              title: 'asianajaja',
              email: arbitrator.user.email,
              role: 'sole',
              status: 'Accepted',
              appointedAt: now,
              appointedBy: 'x',
              respondedAt: now,
              statement: 'none',
            },
          ],
        },
      }),
      { ifMatch: _etag },
    );

    // The summary of the claims: the parties and the tribunal.
    const extraction = await json<{ data: { jobId: string } }>(
      await call('POST', `/api/dispute/${id}/tribunal/claims-summary`, arbitrator.token),
      202,
    );
    expect((await api.finished(extraction.data.jobId, arbitrator.token)).status).toBe('Completed');
    const extracted = mailsAbout(/confirm the summary of your claims|vahvistakaa yhteenveto/);
    expect([...extracted.keys()].sort()).toEqual(
      [c.claimant.user.email, c.coClaimant.user.email, c.respondent.user.email].sort(),
    );
    // The arbitrator has no claims to confirm: its mail says the parties are asked.
    const toTribunal = mailsAbout(/the summary of the claims is ready|yhteenveto vaatimuksista on valmis/);
    expect([...toTribunal.keys()]).toEqual([arbitrator.user.email]);
    expect(extracted.get(c.respondent.user.email)![0]!.body).toContain(`/case-attachment/${id}#claims-summary`);
    expect(extracted.get(c.respondent.user.email)![0]!.subject).toContain('vahvistakaa yhteenveto');

    // The respondent confirms: the claimant side and the tribunal are told, in English.
    await json(await call('PUT', `/api/dispute/${id}/tribunal/claims-summary/respondent`, c.respondent.token, {}), 200);
    const confirmed = mailsAbout('the respondent confirmed the summary of its claims');
    expect([...confirmed.keys()].sort()).toEqual(
      [c.claimant.user.email, c.coClaimant.user.email, arbitrator.user.email].sort(),
    );
    // The claimant corrects: the tribunal is told; the respondent is asked to answer by the new matter's mail.
    await json(
      await call('PUT', `/api/dispute/${id}/tribunal/claims-summary/claimant`, c.claimant.token, {
        text: 'Kantaja vaatii lisäksi 500 euron korvausta.',
      }),
      200,
    );
    const corrected = mailsAbout(/the claimant corrected the summary of its claims|kantaja korjasi/);
    expect([...corrected.keys()]).toEqual([arbitrator.user.email]);
    expect((await notices(arbitrator.token)).items.map((notice) => notice.event)).toEqual([
      'claimsCorrected',
      'claimsConfirmed',
      'claimsExtracted',
    ]);
    await api.answerNewMatters(id, c.claimant.token, c.respondent.token);

    // The draft: the tribunal, linking the review page.
    const draft = await json<{ data: { jobId: string; attachmentId: string } }>(
      await call('POST', `/api/dispute/${id}/generatedecision`, arbitrator.token, {}),
      202,
    );
    expect((await api.finished(draft.data.jobId, arbitrator.token)).status).toBe('Completed');
    const ready = mailsAbout(/the draft award.*is ready for review/);
    expect([...ready.keys()]).toEqual([arbitrator.user.email]);
    expect(ready.get(arbitrator.user.email)![0]!.body).toContain(
      `/case-attachment/${id}/award/${draft.data.attachmentId}`,
    );
    expect((await notices(arbitrator.token)).items[0]).toMatchObject({
      event: 'draftReady',
      path: `/case-attachment/${id}/award/${draft.data.attachmentId}`,
    });
    expect(mailsAbout(/draft award|välitystuomion luonnos/).has(c.respondent.user.email)).toBe(false);
  });
});
