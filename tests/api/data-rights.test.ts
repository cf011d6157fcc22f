import { createHash } from 'node:crypto';
import type { AccountClosedView, OpenCaseBlocker, PhaseView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { MailDocument } from '../../functions/src/services/outbox/mail-document.js';
import type { SessionDocument } from '../../functions/src/records/session-document.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import type { NoticeDocument } from '../../functions/src/records/notice-document.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { timers } from '../../functions/src/timers.js';
import { verifyAuditChain } from '../../functions/src/services/audit/verify-audit-chain.js';
import { expireDataExports } from '../../functions/src/services/data-export/expire-data-exports.js';
import {
  arbitratorKeyName,
  type CertificateDocument,
} from '../../functions/src/services/signing/certificate-document.js';
import { uniqueEmail, uploadForm, type OpenCase } from './support/api-client.js';
import { apiClient } from './support/api-client.js';
import { makePdf } from './support/pdf-fixtures.js';
import { pdfsigReport } from './support/pdfsig.js';
import { readZip } from './support/read-zip.js';
import { useTestHost } from './support/use-test-host.js';
import { tribunalCases } from './support/tribunal-case.js';

/**
 * The data subject's rights through the real local host (docs/data-subject-rights.md): a copy of one's data
 * as a ZIP checked against its manifest (hashes, the other side's private files absent, nobody else can fetch
 * it), an administrator's copy for a request made to the operator, and closing an account — refused while the
 * person represents a party or sits on the tribunal of an open case; afterwards no sign-in, no sessions, no
 * signing key, the issued award still valid, the audit chain still verifying with the person's fields erased,
 * and the other side told.
 */

const START = Date.parse('2027-03-03T08:00:00.000Z');
let now = START;
const clock: Clock = { now: () => new Date(now) };
const api = apiClient(() => host, clock);
const { call, json } = api;
const { issuedForSoleArbitrator, caseInResolution, withSoleArbitrator } = tribunalCases(api, () => host, clock);

/** The step at which the next crash comes (as tests/api/durable-work.test.ts crashes the host); disarmed once it has. */
let crashAt: string | undefined;
const stepProbe = (step: string) => {
  if (step !== crashAt) return;
  crashAt = undefined;
  throw new Error(`Simulated crash after ${step}`);
};

const host = useTestHost({}, { clock, stepProbe });

/** Every file of a ZIP, read back with yauzl (an independent reader). */
async function phases(c: OpenCase): Promise<PhaseView[]> {
  return json<PhaseView[]>(await call('GET', `/api/dispute/${c.dispute.id}/phases`, c.claimant.token), 200);
}

async function exportOf(token: string, path = '/user/data-export', body?: unknown): Promise<string> {
  const started = await json<{ jobId: string }>(await call('POST', path, token, body), 202);
  expect((await api.finished(started.jobId, token)).status).toBe('Completed');
  return started.jobId;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('a copy of my data', () => {
  it('is a ZIP whose manifest lists every file with its SHA-256, holds my side’s files only, and is mine alone', async () => {
    now = START;
    const c = await api.openCase();
    const claimPdf = await makePdf({ title: 'Kantajan vaatimus' });
    const [claim] = await phases(c);
    await json(
      await call(
        'POST',
        `/${c.dispute.id}/phases/${claim!.id}/attachments`,
        c.claimant.token,
        uploadForm([{ name: 'Vaatimus.pdf', bytes: claimPdf }]),
      ),
      201,
    );
    const mine = await makePdf({ title: 'Oma muistio' });
    const theirs = await makePdf({ title: 'Vastaajan salainen muistio', pages: 2 });
    await json(
      await call(
        'POST',
        `/api/dispute/${c.dispute.id}/workfiles`,
        c.claimant.token,
        uploadForm([{ name: 'Oma-muistio.pdf', bytes: mine }]),
      ),
      201,
    );
    await json(
      await call(
        'POST',
        `/api/dispute/${c.dispute.id}/workfiles`,
        c.respondent.token,
        uploadForm([{ name: 'Salainen-muistio.pdf', bytes: theirs }]),
      ),
      201,
    );

    // Earlier copies of both sides: their ready mails are in the outbox when the copy below is made.
    await exportOf(c.respondent.token);
    const earlier = await exportOf(c.claimant.token);
    const jobId = await exportOf(c.claimant.token);
    const download = await call('GET', `/user/data-export/${jobId}`, c.claimant.token);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Ratkaisu-data-2027-03-03\.zip"/,
    );
    const entries = await readZip(Buffer.from(await download.arrayBuffer()));
    const manifest = JSON.parse(entries.find((entry) => entry.name === 'manifest.json')!.bytes.toString('utf8')) as {
      files: { path: string; sha256: string; bytes: number; description: string }[];
      notes: string[];
    };
    // Every file but the manifest is listed, with the hash and size of what the ZIP holds.
    expect(manifest.files.map((file) => file.path).sort()).toEqual(
      entries
        .filter((entry) => entry.name !== 'manifest.json')
        .map((entry) => entry.name)
        .sort(),
    );
    for (const file of manifest.files) {
      const entry = entries.find((candidate) => candidate.name === file.path)!;
      expect(sha256(entry.bytes), file.path).toBe(file.sha256);
      expect(entry.bytes.length).toBe(file.bytes);
      expect(file.description.length).toBeGreaterThan(10);
    }
    const names = entries.map((entry) => entry.name);
    const caseFolder = `cases/${c.dispute.caseNumber ?? c.dispute.id}`;
    expect(names).toEqual(
      expect.arrayContaining([
        'account/profile.json',
        'account/sessions.json',
        'account/sign-in-history.json',
        'audit-log.json',
        'notices.json',
        'mails.json',
        `${caseFolder}/case.json`,
        `${caseFolder}/documents/Claim/Vaatimus.pdf`,
        `${caseFolder}/work-files/Oma-muistio.pdf`,
      ]),
    );
    expect(sha256(entries.find((entry) => entry.name === `${caseFolder}/documents/Claim/Vaatimus.pdf`)!.bytes)).toBe(
      sha256(claimPdf),
    );
    // The other side's work file is nowhere in it, by name or by content.
    expect(names.some((name) => name.includes('Salainen'))).toBe(false);
    expect(manifest.files.some((file) => file.sha256 === sha256(theirs))).toBe(false);
    // The account without secrets: no password hash, no two-factor secret, no token hashes.
    const profile = entries.find((entry) => entry.name === 'account/profile.json')!.bytes.toString('utf8');
    expect(JSON.parse(profile)).toMatchObject({
      id: c.claimant.user.id,
      email: c.claimant.user.email,
      twoFactorSignIn: false,
    });
    // The mails sent to the person, from the outbox: exactly theirs (the copy's own ready mail comes after it was
    // written), in order — so none of the other side's, though the outbox holds some.
    const outbox = host.deps.store.collection<MailDocument>('outbox');
    const theirMails = (await outbox.query({ where: [{ field: 'to', op: '=', value: c.claimant.user.email }] })).items;
    const othersMails = (await outbox.query({ where: [{ field: 'to', op: '=', value: c.respondent.user.email }] }))
      .items;
    expect(theirMails.length).toBeGreaterThan(0);
    expect(othersMails.length).toBeGreaterThan(0);
    const mails = JSON.parse(entries.find((entry) => entry.name === 'mails.json')!.bytes.toString('utf8')) as {
      subject: string;
      createdAt: string;
      status: string;
      text: string | null;
    }[];
    const key = (mail: { subject: string; createdAt: string }) => `${mail.createdAt} ${mail.subject}`;
    const before = theirMails.filter((mail) => mail.id !== `data-export-ready.${jobId}`);
    expect(before.map((mail) => mail.id)).toContain(`data-export-ready.${earlier}`);
    expect(mails.map(key)).toEqual(before.map(key).sort());
    expect(mails.find((mail) => mail.subject === 'Your copy of your data is ready')?.status).toBe('Sent');
    expect(mails.every((mail) => ['Pending', 'Sending', 'Sent', 'Failed'].includes(mail.status))).toBe(true);
    expect(manifest.files.find((file) => file.path === 'mails.json')?.description).toMatch(/mails the service sent/);
    const everything = entries.map((entry) => entry.bytes.toString('latin1')).join('\n');
    expect(everything).not.toContain('$argon2');
    expect(everything).not.toMatch(/secretHash|refreshHash|tfaSecret/);

    // Ready mail to the person; nobody else fetches the copy, not even through the generic job routes.
    // (Its outbox record's id names the job; the test helper's quoted-printable decoding would misread the
    // link's "=" followed by two hex digits of the id in this plain 7-bit mail.)
    const readyMail = api.mailsTo(c.claimant.user.email).find((mail) => mail.includes(`data-export-ready.${jobId}@`));
    expect(readyMail).toContain('/my-data?export');
    expect((await call('GET', `/user/data-export/${jobId}`, c.respondent.token)).status).toBe(404);
    expect((await call('GET', `/api/dispute/job/${jobId}/status`, c.respondent.token)).status).toBe(404);
    expect((await call('GET', `/api/dispute/job/${jobId}/result`, c.claimant.token)).status).toBe(404);

    // It expires: after the validity (signed in again, as a session would have timed out) the link answers 404
    // and the copy is gone from storage.
    now = START + 73 * 3600 * 1000;
    const later = await api.signIn(c.claimant.user.email, 'user password 1');
    expect((await call('GET', `/user/data-export/${jobId}`, later.token)).status).toBe(404);
    expect(await host.deps.blobs.properties('results', `data-export/${jobId}.zip`)).toBeUndefined();
    now = START;
  });

  it('is made by a super-administrator for a data-subject request, with the reason recorded', async () => {
    now = START;
    const admin = await api.signedInUser({ email: uniqueEmail('root'), roles: ['SuperAdmin'] });
    const subject = await api.signedInUser({ email: uniqueEmail('subject') });
    const noReason = await call('POST', `/api/superadmin/users/${subject.user.id}/data-export`, admin.token, {});
    expect(await json(noReason, 400)).toMatchObject({ code: 'validation_failed' });
    expect(
      (
        await call('POST', `/api/superadmin/users/${subject.user.id}/data-export`, subject.token, {
          reason: 'Pyyntö sähköpostilla 1.3.2027',
        })
      ).status,
    ).toBe(403);
    const jobId = await exportOf(admin.token, `/api/superadmin/users/${subject.user.id}/data-export`, {
      reason: 'Rekisteröidyn pyyntö sähköpostilla 1.3.2027',
    });
    const entries = await readZip(
      Buffer.from(await (await call('GET', `/user/data-export/${jobId}`, admin.token)).arrayBuffer()),
    );
    expect(JSON.parse(entries.find((entry) => entry.name === 'account/profile.json')!.bytes.toString())).toMatchObject({
      id: subject.user.id,
    });
    expect((await call('GET', `/user/data-export/${jobId}`, subject.token)).status).toBe(404);
    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'action', op: '=', value: 'ExportPersonalData' },
        { field: 'entityId', op: '=', value: subject.user.id },
      ],
    });
    expect(audit.items[0]!.details).toContain('Rekisteröidyn pyyntö sähköpostilla 1.3.2027');
    expect(audit.items[0]!.userId).toBe(admin.user.id);
    // The administrator's download is audited on the person whose data left the service, by whom.
    const downloads = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'action', op: '=', value: 'DownloadPersonalData' },
        { field: 'entityId', op: '=', value: subject.user.id },
      ],
    });
    expect(downloads.items).toHaveLength(1);
    expect(downloads.items[0]!.userId).toBe(admin.user.id);
    expect(downloads.items[0]!.details).toContain(`job ${jobId}`);

    // Never fetched again, it is deleted by the hourly sweep once its 72 hours have passed, and only then.
    const blob = `data-export/${jobId}.zip`;
    expect((await expireDataExports(host.deps, new AbortController().signal)).expired).toBe(0);
    expect(await host.deps.blobs.properties('results', blob)).toBeDefined();
    now = START + 73 * 3600 * 1000;
    expect((await expireDataExports(host.deps, new AbortController().signal)).expired).toBeGreaterThanOrEqual(1);
    expect(await host.deps.blobs.properties('results', blob)).toBeUndefined();
    now = START;
  });
});

describe('closing an account', () => {
  it('is refused while the person represents a party or sits on the tribunal of an open case, naming the cases', async () => {
    now = START;
    const c = await caseInResolution();
    const arbitrator = await withSoleArbitrator(c);
    for (const [who, role] of [
      [c.respondent, 'respondent'],
      [arbitrator, 'arbitrator'],
    ] as const) {
      const refused = await json<{ code: string; message: string; cases: OpenCaseBlocker[] }>(
        await call('POST', '/user/close-account', who.token, { password: 'user password 1', confirm: true }),
        409,
      );
      expect(refused.code).toBe('account_has_open_cases');
      expect(refused.cases).toEqual([expect.objectContaining({ disputeId: c.dispute.id, role })]);
      expect(refused.message).toContain(c.dispute.caseNumber ?? c.dispute.name);
      // Nothing happened: the account still works.
      expect((await call('GET', '/user/check-auth', who.token)).status).toBe(200);
    }
    // A wrong password is refused before anything is looked at.
    const wrong = await call('POST', '/user/close-account', c.respondent.token, { password: 'not it', confirm: true });
    expect(wrong.status).toBe(401);
    expect(
      (await call('POST', '/user/close-account', c.respondent.token, { password: 'user password 1' })).status,
    ).toBe(400);
  });

  it('erases and keeps what it says: no sign-in, sessions or signing key; the award valid; the chain verifying; the other side told', async () => {
    now = START;
    const { c, id, arbitrator, award } = await issuedForSoleArbitrator('Asianosaiset eivät vastanneet yhteenvetoon.');
    const awardId = award.id;
    const issued = { data: award };
    // A sign-in of the arbitrator's own, so the audit log holds their e-mail and IP address to erase.
    const signedIn = await api.signIn(arbitrator.user.email, 'user password 1');

    const closed = await json<AccountClosedView>(
      await call('POST', '/user/close-account', arbitrator.token, { password: 'user password 1', confirm: true }),
      200,
    );
    expect(closed.erased.signingKey).toBe(true);
    expect(closed.erased.sessions).toBeGreaterThanOrEqual(2);
    expect(closed.erased.auditEntries).toBeGreaterThan(0);
    expect(closed.kept).toEqual(
      expect.arrayContaining([
        { what: 'issuedAwards', count: 1 },
        { what: 'caseRecords', count: 1 },
        { what: 'auditChain' },
        { what: 'accountingRecords' },
      ]),
    );

    // No sign-in, no session, no second closing.
    expect(
      (await call('POST', '/user/login', undefined, { username: arbitrator.user.email, password: 'user password 1' }))
        .status,
    ).toBe(401);
    for (const token of [arbitrator.token, signedIn.token]) {
      expect((await call('GET', '/user/check-auth', token)).status).toBe(401);
    }
    expect(
      (await call('POST', '/user/close-account', arbitrator.token, { password: 'user password 1', confirm: true }))
        .status,
    ).toBe(401);
    const sessions = await host.deps.store
      .collection<SessionDocument>('sessions')
      .count({ where: [{ field: 'userId', op: '=', value: arbitrator.user.id }] });
    expect(sessions).toBe(0);
    const user = (await host.deps.store
      .collection<UserDocument>('users')
      .read(arbitrator.user.id, arbitrator.user.id))!;
    expect(user.closedAt).toBeDefined();
    expect(user.passwordHash).toBeUndefined();
    expect(JSON.stringify(user)).not.toContain(arbitrator.user.email);

    // The signing key is gone (nothing can be signed with it); its certificate stays, not revoked.
    const keyName = arbitratorKeyName(arbitrator.user.id);
    await expect(host.deps.signingKeys.sign(keyName, new Uint8Array([1, 2, 3]))).rejects.toThrow();
    await expect(host.deps.signingKeys.publicKey(keyName)).rejects.toThrow(/destroyed/);
    const certificate = await host.deps.store.collection<CertificateDocument>('certificates').read(keyName, keyName);
    expect(certificate?.keyDestroyedAt).toBeDefined();

    // The award is kept, byte for byte, and its signature is still valid.
    const resolution = (
      await json<PhaseView[]>(await call('GET', `/api/dispute/${id}/phases`, c.claimant.token), 200)
    ).find((phase) => phase.type === 'Resolution')!;
    const bytes = new Uint8Array(
      await (
        await call('GET', `/api/dispute/${id}/phases/${resolution.id}/attachment/${awardId}/download`, c.claimant.token)
      ).arrayBuffer(),
    );
    expect(sha256(bytes)).toBe(issued.data.pdfSha256);
    const report = pdfsigReport(bytes);
    if (report !== undefined) {
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Signer Certificate Common Name: OTT Maija Virtanen');
    }

    // The chain verifies; the arbitrator's entries say their e-mail and address were erased.
    const chain = await verifyAuditChain(host.deps);
    expect(chain.firstBreak).toBeUndefined();
    expect(chain.valid).toBe(true);
    const entries = (
      await host.deps.store
        .collection<AuditDocument>('audit')
        .query({ where: [{ field: 'userId', op: '=', value: arbitrator.user.id }], limit: 500 })
    ).items;
    const login = entries.find((entry) => entry.action === 'Login')!;
    expect(login.userEmail).toBeUndefined();
    expect(login.ipAddress).toBeUndefined();
    expect(JSON.stringify(entries)).not.toContain(arbitrator.user.email);
    const admin = await api.signedInUser({ email: uniqueEmail('root'), roles: ['SuperAdmin'] });
    const listed = await json<{ items: { id: string; erased?: string[]; userEmail?: string }[] }>(
      await call('GET', `/api/superadmin/security-logs?userId=${arbitrator.user.id}&action=Login`, admin.token),
      200,
    );
    expect(listed.items.find((item) => item.id === login.id)).toMatchObject({ erased: ['userEmail', 'ipAddress'] });
    const csv = await (
      await call('GET', `/api/superadmin/security-logs/export?userId=${arbitrator.user.id}&action=Login`, admin.token)
    ).text();
    expect(csv).toContain('[erased]');

    // The case is final: the respondent's representative may now leave, and the claimant's is told.
    const caseLists = host.deps.store.collection('caseLists');
    await json(await call('GET', '/api/dispute', c.respondent.token), 200);
    expect(await caseLists.read(c.respondent.user.id, c.respondent.user.id)).toBeDefined();
    const left = await json<AccountClosedView>(
      await call('POST', '/user/close-account', c.respondent.token, { password: 'user password 1', confirm: true }),
      200,
    );
    expect(left.erased.signingKey).toBe(false);
    // The list of case ids the case list reads goes with the account.
    expect(await caseLists.read(c.respondent.user.id, c.respondent.user.id)).toBeUndefined();
    const told = Buffer.from(api.mailsTo(c.coClaimant.user.email).join('\n'), 'latin1').toString('utf8');
    expect(told).toContain('closed their Ratkaisu account');
    expect((await verifyAuditChain(host.deps)).valid).toBe(true);
  });

  it('tells the other representatives once, whether the host crashes before telling or after', async () => {
    now = START;
    const disputes = host.deps.store.collection<DisputeDocument>('disputes');
    const sweep = () =>
      timers.find((timer) => timer.name === 'sendDepartureNotices')!.handler(host.deps, new AbortController().signal);
    const toldOf = (email: string, disputeId: string) =>
      api
        .mailsTo(email)
        .map((raw) => Buffer.from(raw, 'latin1').toString('utf8'))
        .filter((mail) => mail.includes('closed their Ratkaisu account') && mail.includes(disputeId));
    const noticesOf = async (disputeId: string) =>
      (
        await host.deps.store.collection<NoticeDocument>('notices').query({
          where: [
            { field: 'event', op: '=', value: 'representativeLeft' },
            { field: 'disputeId', op: '=', value: disputeId },
          ],
        })
      ).items;

    for (const crash of ['account.closed', 'account.departureNotified']) {
      const c = await api.openCase();
      // The case ended without a decision: its representatives may leave.
      const record = (await disputes.read(c.dispute.id, c.dispute.id))!;
      await disputes.replace({ ...record, status: 'Closed' }, { ifMatch: record._etag });
      const claimantEmail = record.claimant.email;

      crashAt = crash;
      const crashed = await call('POST', '/user/close-account', c.respondent.token, {
        password: 'user password 1',
        confirm: true,
      });
      expect(crashed.status, crash).toBe(500);
      // The closure stands: the account no longer signs in, and whom to tell is on it.
      expect((await call('GET', '/user/check-auth', c.respondent.token)).status).toBe(401);
      const closed = (await host.deps.store
        .collection<UserDocument>('users')
        .read(c.respondent.user.id, c.respondent.user.id))!;
      expect(closed.closedAt).toBeDefined();
      expect(closed.departureNotices).toEqual([
        { disputeId: c.dispute.id, side: 'respondent', recipients: [claimantEmail] },
      ]);
      // Crashed before telling: nobody told yet; after telling: told once, the entry still there.
      expect(toldOf(claimantEmail, c.dispute.id)).toHaveLength(crash === 'account.closed' ? 0 : 1);

      // The timer tells what is left, once; a second run finds nothing to do.
      await sweep();
      await sweep();
      expect(toldOf(claimantEmail, c.dispute.id)).toHaveLength(1);
      expect(await noticesOf(c.dispute.id)).toHaveLength(1);
      expect(
        (await host.deps.store.collection<UserDocument>('users').read(c.respondent.user.id, c.respondent.user.id))!
          .departureNotices,
      ).toBeUndefined();
      // Closing again fails cleanly.
      expect(
        (await call('POST', '/user/close-account', c.respondent.token, { password: 'user password 1', confirm: true }))
          .status,
      ).toBe(401);
    }
  });
});
