import { OUTBOX_MESSAGES, type FailedMailList } from '@ratkaisu/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { MAIL_ATTEMPTS, retryDelayMs, type MailDocument } from '../../functions/src/services/outbox/mail-document.js';
import { timers } from '../../functions/src/timers.js';
import { startFakeSmtp, type FakeSmtp } from '../contract/support/fake-smtp.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';
import { tribunalCases } from './support/tribunal-case.js';

/**
 * A mail server that refuses for a while (docs/operations.md "Operations: durable work"), through the real
 * local host over SMTP: each case mail is recorded before it is tried, tried again with back-off while the
 * server refuses, given up after its attempts and listed for administrators, sent when the server is back
 * (by the sweep, or by an administrator's "send again") — and none is sent twice.
 */

const clock = new MovableClock();
let smtp: FakeSmtp;
const api = apiClient(() => host, clock);
const { call, json } = api;
const { uploadContract } = tribunalCases(api, () => host, clock);

beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp?.close();
});
const host = useTestHost(() => ({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) }), { clock });

async function sendDueMails(): Promise<void> {
  await timers.find((timer) => timer.name === 'sendDueMails')!.handler(host.deps, new AbortController().signal);
}

async function caseMails(disputeId: string): Promise<MailDocument[]> {
  const page = await host.deps.store
    .collection<MailDocument>('outbox')
    .query({ where: [{ field: 'disputeId', op: '=', value: disputeId }], limit: 200 });
  return page.items;
}

/** The messages the server took with this outbox record's Message-ID. */
const taken = (mail: MailDocument) =>
  smtp.messages.filter((message) => new RegExp(`^Message-ID: <${mail.id}@`, 'mi').test(message.data));

describe('a mail server outage', () => {
  it('records each mail, retries it with back-off, lists the one given up, and sends each exactly once when the server is back', async () => {
    const c = await api.openCase();
    const id = c.dispute.id;
    await uploadContract(c, c.claimant.token, 'Kauppasopimus.pdf');
    const before = new Set((await caseMails(id)).map((mail) => mail.id));

    smtp.refuse(true);
    // The claimant moves the case on (the respondent is invited and told), and the request succeeds all the same.
    await json(await call('POST', `/api/dispute/${id}/phase/Response`, c.claimant.token), 200);
    const first = (await caseMails(id)).filter((mail) => !before.has(mail.id));
    expect(first.length).toBeGreaterThan(0);
    for (const mail of first) {
      expect(mail).toMatchObject({ status: 'Pending', attempts: 1 });
      expect(mail.lastError).toMatch(/451/);
      expect(mail.text).not.toBe(''); // kept until sent
    }

    // The sweep tries again only when each pause is over, and gives up after MAIL_ATTEMPTS.
    await sendDueMails();
    expect((await caseMails(id)).find((mail) => mail.id === first[0]!.id)!.attempts).toBe(1);
    for (let attempt = 1; attempt < MAIL_ATTEMPTS; attempt++) {
      clock.advance(retryDelayMs(attempt) + 1000);
      await sendDueMails();
      const now = (await caseMails(id)).filter((mail) => first.some((f) => f.id === mail.id));
      for (const mail of now) expect(mail.attempts).toBe(attempt + 1);
    }
    const givenUp = (await caseMails(id)).filter((mail) => first.some((f) => f.id === mail.id));
    expect(givenUp.every((mail) => mail.status === 'Failed' && mail.failedAt)).toBe(true);
    expect(first.flatMap(taken)).toEqual([]);

    // Listed for administrators, not for anyone else.
    const admin = await api.signedInUser({ email: uniqueEmail('superadmin'), roles: ['User', 'SuperAdmin'] });
    const listed = await json<FailedMailList>(await call('GET', '/api/superadmin/mails/failed', admin.token), 200);
    for (const mail of first) {
      expect(listed.items).toContainEqual(
        expect.objectContaining({ id: mail.id, to: mail.to, purpose: mail.purpose, attempts: MAIL_ATTEMPTS }),
      );
    }
    expect((await call('GET', '/api/superadmin/mails/failed', c.claimant.token)).status).toBe(403);
    // A tenant's Admin sees its cases' mails; another tenant's Admin does not, nor can send them.
    const tenantAdmin = await api.signedInUser({ email: uniqueEmail('admin'), roles: ['User', 'Admin'] });
    const ownIds = (
      await json<FailedMailList>(await call('GET', '/api/superadmin/mails/failed', tenantAdmin.token), 200)
    ).items.map((item) => item.id);
    expect(ownIds).toEqual(expect.arrayContaining(first.map((mail) => mail.id)));
    const otherAdmin = await api.signedInUser(
      { email: uniqueEmail('other-admin'), roles: ['User', 'Admin'] },
      { ownTenant: true },
    );
    const otherIds = (
      await json<FailedMailList>(await call('GET', '/api/superadmin/mails/failed', otherAdmin.token), 200)
    ).items.map((item) => item.id);
    expect(otherIds.filter((id) => first.some((mail) => mail.id === id))).toEqual([]);
    expect((await call('POST', `/api/superadmin/mails/${first[0]!.id}/resend`, otherAdmin.token)).status).toBe(404);

    // Another mail during the outage; then the server is back and the sweep sends it — but not the given-up ones.
    await uploadContract(c, c.respondent.token, 'Vastaus.pdf');
    const known = new Set((await caseMails(id)).map((mail) => mail.id));
    await json(await call('POST', `/api/dispute/${id}/phase/ClaimantLetter1`, c.respondent.token), 200);
    const second = (await caseMails(id)).filter((mail) => !known.has(mail.id));
    expect(second.length).toBeGreaterThan(0);
    expect(second.every((mail) => mail.status === 'Pending')).toBe(true);
    smtp.refuse(false);
    clock.advance(retryDelayMs(1) + 1000);
    await sendDueMails();
    for (const mail of second) {
      const after = (await caseMails(id)).find((m) => m.id === mail.id)!;
      expect(after).toMatchObject({ status: 'Sent', attempts: 2, text: '' });
      expect(taken(mail)).toHaveLength(1);
    }
    expect(first.flatMap(taken)).toEqual([]);

    // An administrator sends the given-up ones again: each goes once; a second click is refused.
    for (const mail of first) {
      const resent = await json<{ status: string }>(
        await call('POST', `/api/superadmin/mails/${mail.id}/resend`, admin.token),
        200,
      );
      expect(resent.status).toBe('Sent');
      const twice = await call('POST', `/api/superadmin/mails/${mail.id}/resend`, admin.token);
      expect(twice.status).toBe(409);
      expect(((await twice.json()) as { message: string }).message).toBe(OUTBOX_MESSAGES.notFailed);
    }
    expect(
      (await json<FailedMailList>(await call('GET', '/api/superadmin/mails/failed', admin.token), 200)).items.filter(
        (item) => first.some((mail) => mail.id === item.id),
      ),
    ).toEqual([]);
    expect((await call('POST', '/api/superadmin/mails/no-such-mail/resend', admin.token)).status).toBe(404);

    // Later sweeps send nothing more: every mail of the case went exactly once.
    clock.advance(60 * 60_000);
    await sendDueMails();
    for (const mail of [...first, ...second]) expect(taken(mail)).toHaveLength(1);

    const audit = await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'action', op: '=', value: 'ResendMail' }], limit: 50 });
    expect(audit.items.map((entry) => entry.entityId).sort()).toEqual(first.map((mail) => mail.id).sort());
  });
});
