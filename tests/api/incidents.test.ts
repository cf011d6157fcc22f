import { randomUUID } from 'node:crypto';
import {
  INCIDENT_NOTIFICATION_HOURS,
  type AuditChainReport,
  type IncidentDetail,
  type IncidentList,
  type IncidentSummary,
} from '@ratkaisu/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { MailDocument } from '../../functions/src/services/outbox/mail-document.js';
import { timers } from '../../functions/src/timers.js';
import { startFakeSmtp, type FakeSmtp } from '../contract/support/fake-smtp.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Security incidents (docs/operations.md "Incidents"), through the real local host: each signal — a burst of
 * failed sign-ins, a burst of refused requests, one account copying many people's data, a broken audit chain —
 * opens one incident with the 72-hour clock (a second sighting while it is open is a repeat); super-
 * administrators record notes and status changes, edit and export the Ombudsman's data, and send the prepared
 * notices in each recipient's language through the outbox, once.
 */

const HOUR = 3600_000;
const clock = new MovableClock();
let smtp: FakeSmtp;
const api = apiClient(() => host, clock);
const { call, json } = api;
let root: SignedInUser;

beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp?.close();
});
const host = useTestHost(() => ({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) }), { clock });
beforeAll(async () => {
  root = await api.signedInUser({ email: uniqueEmail('root'), roles: ['SuperAdmin', 'User'] });
});

async function runTimer(name: string): Promise<void> {
  await timers.find((timer) => timer.name === name)!.handler(host.deps, new AbortController().signal);
}

async function incidents(): Promise<IncidentSummary[]> {
  return (await json<IncidentList>(await call('GET', '/api/superadmin/incidents', root.token), 200)).items;
}

async function incident(id: string): Promise<IncidentDetail> {
  return json<IncidentDetail>(await call('GET', `/api/superadmin/incidents/${id}`, root.token), 200);
}

/** Moves the clock on, and signs the super-administrator in again (a session does not last days). */
async function advance(ms: number): Promise<void> {
  clock.advance(ms);
  root = await api.signedInUser({ email: uniqueEmail('root'), roles: ['SuperAdmin', 'User'] });
}

/** Each test starts a day later, so the windows of the signals before it are over. */
async function nextDay(): Promise<Set<string>> {
  await advance(25 * HOUR);
  return new Set((await incidents()).map((item) => item.id));
}

async function auditOf(incidentId: string): Promise<AuditDocument[]> {
  const page = await host.deps.store
    .collection<AuditDocument>('audit')
    .query({ where: [{ field: 'entityId', op: '=', value: incidentId }], limit: 100 });
  return page.items;
}

describe('incidents', () => {
  it('opens one incident for a burst of failed sign-ins, keeps its 72-hour clock, and records notes, status and notices', async () => {
    const before = await nextDay();
    const targets = [
      await api.signedInUser({ email: uniqueEmail('target-en') }),
      await api.signedInUser({ email: uniqueEmail('target-fi'), language: 'fi' }),
      await api.signedInUser({ email: uniqueEmail('target-2') }),
    ];
    // 51 wrong passwords aimed at three accounts: refused as wrong, or by the back-off — each one audited.
    for (let attempt = 0; attempt < 51; attempt++) {
      const target = targets[attempt % 3]!.user;
      const response = await call('POST', '/user/login', undefined, { username: target.userName, password: 'guess' });
      expect([401, 429]).toContain(response.status);
    }
    // Opened where the signal happened: the refused sign-in that made the burst, before any sweep.
    const opened = (await incidents()).filter((item) => !before.has(item.id));
    expect(opened).toHaveLength(1);
    const summary = opened[0]!;
    expect(summary).toMatchObject({ signal: 'sign-in-failures', status: 'open', severity: 'medium', affectedUsers: 3 });
    expect(Date.parse(summary.deadlineAt) - Date.parse(summary.detectedAt)).toBe(INCIDENT_NOTIFICATION_HOURS * HOUR);

    // Seen again while open: a repeat on the same incident, not a second one.
    await runTimer('detectIncidents');
    expect((await incidents()).filter((item) => !before.has(item.id))).toHaveLength(1);
    const detail = await incident(summary.id);
    expect(detail.repeats).toBe(1);
    expect(detail.evidence.counts).toMatchObject({ failedSignIns: 50, accounts: 3 });
    expect(detail.evidence.auditEntryIds.length).toBeGreaterThan(0);
    expect([...detail.affectedUserIds].sort()).toEqual(targets.map((t) => t.user.id).sort());
    // Evidence is ids and counts: no sign-in name, address or password reaches it.
    expect(JSON.stringify(detail.evidence)).not.toMatch(/guess|127\.0\.0\.1|user-/);

    // The clock, on the movable clock: 71 hours on, an hour is left; 2 more, the deadline has passed.
    await advance(71 * HOUR);
    const later = (await incidents()).find((item) => item.id === summary.id)!;
    expect(later.remainingMs).toBeLessThanOrEqual(HOUR);
    expect(later.remainingMs).toBeGreaterThan(HOUR - 10 * 60_000);
    await advance(2 * HOUR);
    expect((await incidents()).find((item) => item.id === summary.id)!.remainingMs).toBeLessThan(0);

    // Notes are appended with their author and time.
    const noted = await json<IncidentDetail>(
      await call('POST', `/api/superadmin/incidents/${summary.id}/notes`, root.token, {
        text: 'Password spraying from one address; no success.',
      }),
      200,
    );
    expect(noted.notes).toEqual([
      expect.objectContaining({
        authorId: root.user.id,
        authorEmail: root.user.email,
        text: 'Password spraying from one address; no success.',
      }),
    ]);
    expect(
      (await call('POST', `/api/superadmin/incidents/${summary.id}/notes`, root.token, { text: '  ' })).status,
    ).toBe(400);

    // Status: not straight to notified; closing needs a reason; open → assessed → notified.
    const refused = await call('POST', `/api/superadmin/incidents/${summary.id}/status`, root.token, {
      status: 'notified',
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'conflict' });
    const noReason = await call('POST', `/api/superadmin/incidents/${summary.id}/status`, root.token, {
      status: 'closed',
    });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ code: 'validation_failed', fields: { reason: expect.any(String) } });
    await json(
      await call('POST', `/api/superadmin/incidents/${summary.id}/status`, root.token, { status: 'assessed' }),
      200,
    );

    // Notices: drafted in each recipient's language, sent only when confirmed, and only once.
    expect(
      (await call('POST', `/api/superadmin/incidents/${summary.id}/notices/send`, root.token, { confirm: true }))
        .status,
    ).toBe(409);
    const drafted = await json<IncidentDetail>(
      await call('POST', `/api/superadmin/incidents/${summary.id}/notices`, root.token),
      200,
    );
    expect(drafted.notices).toHaveLength(3);
    const fi = drafted.notices.find((notice) => notice.userId === targets[1]!.user.id)!;
    expect(fi).toMatchObject({ language: 'fi', to: targets[1]!.user.email });
    expect(fi.subject).toMatch(/tietoturvaloukkaus/);
    expect(fi.text).toMatch(/väärillä salasanoilla/);
    const en = drafted.notices.find((notice) => notice.userId === targets[0]!.user.id)!;
    expect(en).toMatchObject({ language: 'en' });
    expect(en.subject).toMatch(/security incident/);
    expect(drafted.notices.every((notice) => !notice.sentAt)).toBe(true);
    expect(smtp.messages.filter((m) => /Subject: .*(incident|tietoturva)/i.test(m.data))).toHaveLength(0);

    const unconfirmed = await call('POST', `/api/superadmin/incidents/${summary.id}/notices/send`, root.token, {});
    expect(unconfirmed.status).toBe(400);
    const sent = await json<IncidentDetail>(
      await call('POST', `/api/superadmin/incidents/${summary.id}/notices/send`, root.token, { confirm: true }),
      200,
    );
    expect(sent.notices.every((notice) => notice.sentAt && notice.mailId)).toBe(true);
    const again = await call('POST', `/api/superadmin/incidents/${summary.id}/notices/send`, root.token, {
      confirm: true,
    });
    expect(again.status).toBe(409);
    // Drafting again keeps the sent ones as they were.
    const redrafted = await json<IncidentDetail>(
      await call('POST', `/api/superadmin/incidents/${summary.id}/notices`, root.token),
      200,
    );
    expect(redrafted.notices).toEqual(sent.notices);
    for (const notice of sent.notices) {
      const mail = await host.deps.store.collection<MailDocument>('outbox').read(notice.mailId!, notice.mailId!);
      expect(mail).toMatchObject({ status: 'Sent', to: notice.to, purpose: 'incidentNotice' });
      const taken = smtp.messages.filter((message) => message.data.includes(mail!.messageId!));
      expect(taken).toHaveLength(1);
    }

    await json(
      await call('POST', `/api/superadmin/incidents/${summary.id}/status`, root.token, { status: 'notified' }),
      200,
    );
    const final = await incident(summary.id);
    expect(final.statusHistory.map((change) => `${change.from}→${change.to}`)).toEqual([
      'open→assessed',
      'assessed→notified',
    ]);

    // Every step is audited.
    const actions = (await auditOf(summary.id)).map((entry) => entry.action).sort();
    expect(actions).toEqual(
      [
        'OpenIncident',
        'AnnotateIncident',
        'ChangeIncidentStatus',
        'ChangeIncidentStatus',
        'PrepareIncidentNotices',
        'PrepareIncidentNotices',
        'SendIncidentNotices',
      ].sort(),
    );
  });

  it('opens one incident for a burst of refused requests, closes it with a reason, and does not reopen it for what was assessed', async () => {
    const before = await nextDay();
    const probers = await Promise.all([0, 1, 2, 3].map(() => api.signedInUser({ email: uniqueEmail('prober') })));
    for (const prober of probers) {
      for (let attempt = 0; attempt < 16; attempt++) {
        expect((await call('GET', `/api/dispute/${randomUUID()}`, prober.token)).status).toBe(404);
      }
    }
    const opened = (await incidents()).filter((item) => !before.has(item.id));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ signal: 'access-refused', status: 'open', affectedUsers: 0 });
    expect((await incident(opened[0]!.id)).evidence.counts).toMatchObject({ refusedRequests: 60, callers: 4 });
    // The sweep sees the whole burst: a repeat on the same incident.
    await runTimer('detectIncidents');
    expect((await incidents()).filter((item) => !before.has(item.id))).toHaveLength(1);
    const detail = await incident(opened[0]!.id);
    expect(detail.repeats).toBe(1);

    const closed = await json<IncidentDetail>(
      await call('POST', `/api/superadmin/incidents/${detail.id}/status`, root.token, {
        status: 'closed',
        reason: 'A misconfigured integration test client; no data was reached.',
      }),
      200,
    );
    expect(closed).toMatchObject({ status: 'closed', closedReason: expect.stringMatching(/misconfigured/) });
    expect(
      (await call('POST', `/api/superadmin/incidents/${detail.id}/status`, root.token, { status: 'assessed' })).status,
    ).toBe(409);

    // The same entries after closing: nothing new.
    await runTimer('detectIncidents');
    expect((await incidents()).filter((item) => !before.has(item.id))).toHaveLength(1);
  });

  it('opens one incident for an account copying many people’s data, with the Ombudsman’s data prefilled, editable and exportable', async () => {
    const before = await nextDay();
    const exporter = await api.signedInUser({ email: uniqueEmail('exporter'), roles: ['SuperAdmin', 'User'] });
    const subjects = await Promise.all([0, 1, 2, 3, 4].map(() => api.signedInUser({ email: uniqueEmail('subject') })));
    for (const subject of subjects) {
      await json(
        await call('POST', `/api/superadmin/users/${subject.user.id}/data-export`, exporter.token, {
          reason: 'Data-subject request by letter',
        }),
        202,
      );
    }
    // Opened by the fifth copy itself, before any sweep.
    const opened = (await incidents()).filter((item) => !before.has(item.id));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ signal: 'bulk-export', severity: 'high', affectedUsers: 5 });
    const detail = await incident(opened[0]!.id);
    expect(detail.evidence).toMatchObject({ actorUserId: exporter.user.id, counts: { copies: 5, personalData: 5 } });
    expect(detail.ombudsman).toMatchObject({ approxDataSubjects: 5, approxRecords: 5 });
    expect(detail.ombudsman.natureOfBreach).toMatch(/copies of data/);

    const edited = {
      ...detail.ombudsman,
      measuresTaken: 'The exporting account was suspended.',
      contactPoint: 'dpo@ratkaisu.example',
    };
    await json(await call('PUT', `/api/superadmin/incidents/${detail.id}/ombudsman`, root.token, edited), 200);
    const invalid = await call('PUT', `/api/superadmin/incidents/${detail.id}/ombudsman`, root.token, {
      ...edited,
      approxRecords: -1,
    });
    expect(invalid.status).toBe(400);
    const exported = await json<{ report: { measuresTaken: string }; deadlineAt: string }>(
      await call('GET', `/api/superadmin/incidents/${detail.id}/ombudsman`, root.token),
      200,
    );
    expect(exported).toMatchObject({ report: edited, deadlineAt: detail.deadlineAt });
    const text = await call('GET', `/api/superadmin/incidents/${detail.id}/ombudsman?format=text`, root.token);
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await text.text();
    expect(body).toMatch(/Measures taken or proposed[^\n]*:\nThe exporting account was suspended\./);
    expect(body).toContain(`Notification due by: ${detail.deadlineAt}`);
    expect((await call('GET', `/api/superadmin/incidents/${detail.id}/ombudsman?format=pdf`, root.token)).status).toBe(
      400,
    );
  });

  it('opens one incident when an audit chain fails verification, once for that break', async () => {
    const before = await nextDay();
    const page = await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'action', op: '=', value: 'OpenIncident' }], limit: 1 });
    const entry = page.items[0]!;
    await host.deps.store.collection<AuditDocument>('audit').replace({ ...entry, entityType: 'Rewritten' });
    const report = await json<AuditChainReport>(
      await call('GET', '/api/superadmin/security-logs/verify', root.token),
      200,
    );
    expect(report.valid).toBe(false);
    await json(await call('GET', '/api/superadmin/security-logs/verify', root.token), 200);
    await runTimer('verifyAuditChains');
    const opened = (await incidents()).filter((item) => !before.has(item.id));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ signal: 'audit-chain-broken', severity: 'high', status: 'open' });
    const detail = await incident(opened[0]!.id);
    expect(detail.evidence).toMatchObject({ chain: report.firstBreak!.chain });
  });

  it('is for super-administrators only', async () => {
    const admin = await api.signedInUser({ email: uniqueEmail('admin'), roles: ['Admin', 'User'] });
    const user = await api.signedInUser({ email: uniqueEmail('user') });
    await advance(0);
    const id = (await incidents())[0]!.id;
    for (const caller of [admin, user]) {
      expect((await call('GET', '/api/superadmin/incidents', caller.token)).status).toBe(403);
      expect((await call('GET', `/api/superadmin/incidents/${id}`, caller.token)).status).toBe(403);
      expect((await call('POST', `/api/superadmin/incidents/${id}/notes`, caller.token, { text: 'x' })).status).toBe(
        403,
      );
    }
    expect((await call('GET', `/api/superadmin/incidents/${randomUUID()}`, root.token)).status).toBe(404);
  });
});
