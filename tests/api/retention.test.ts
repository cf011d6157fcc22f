import { randomUUID } from 'node:crypto';
import {
  CASE_RETENTION_WARNING_DAYS,
  RETENTION_MESSAGES,
  type AuditChainReport,
  type DisputeView,
  type RetentionOverview,
  type TenantView,
} from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import type { AwardDocument } from '../../functions/src/services/awards/award-document.js';
import type { WorkFileDocument } from '../../functions/src/services/files/work-file-document.js';
import { startSession } from '../../functions/src/services/sessions/start-session.js';
import { timers } from '../../functions/src/timers.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { decodeWords, outboxWithAttachments } from './support/mail-attachments.js';
import { writeFinishedCase, type FinishedCase } from './support/finished-case.js';
import { useTestHost } from './support/use-test-host.js';
import { seedTenant } from './support/seed-tenant.js';

/**
 * Case retention on a movable clock (docs/data-lifecycle.md): the daily sweep schedules a finished case by its
 * tenant's period, warns the representatives in their language the warning period before, then deletes the
 * case's documents, work files, drafts, jobs and blobs and keeps a tombstone and the audit; a legal hold set by
 * an administrator with a reason stops it until lifted.
 */

const DAY = 24 * 3600 * 1000;
const clock = new MovableClock();
const api = apiClient(() => host, clock);
const { call, json } = api;

// Write-once originals protected for a year, so the tenant's six years decide when a case goes (a case is
// never deleted before its originals may go: retention-dates.test.ts shows the default's effect).
const host = useTestHost({ WRITE_ONCE_RETENTION_DAYS: '365' }, { clock });

const sweep = () =>
  timers.find((timer) => timer.name === 'sweepCaseRetention')!.handler(host.deps, new AbortController().signal);

/** A session opened now on the moved clock (the one from before has expired years ago). */
async function tokenOf(user: UserDocument): Promise<string> {
  const { token } = await startSession(host.deps, user, { ipAddress: '127.0.0.1', device: 'vitest' }, 'local');
  return token!;
}

/** The subjects of the mails sent to `email`, decoded. */
function subjectsTo(email: string): string[] {
  return outboxWithAttachments(host.dataDir)
    .filter((mail) => mail.to === email)
    .map((mail) => decodeWords(mail.subject));
}

async function newTenant(): Promise<string> {
  const id = randomUUID();
  return seedTenant(host, { id, name: `Retention ${id.slice(0, 4)} Oy` });
}

async function blobExists(blob: FinishedCase['blobs'][number]): Promise<boolean> {
  return (await host.deps.blobs.properties(blob.container, blob.name)) !== undefined;
}

describe('case retention', () => {
  it('schedules a finished case by its tenant period, warns the representatives in their language, then deletes its data and keeps a tombstone', async () => {
    const tenantId = await newTenant();
    const superAdmin = await api.signedInUser({ email: uniqueEmail('ret-sa'), roles: ['User', 'SuperAdmin'] });
    const claimant = await api.signedInUser({ email: uniqueEmail('ret-claimant'), language: 'en' });
    const respondent = await api.signedInUser({ email: uniqueEmail('ret-respondent'), language: 'fi' });

    // The period: at least six years (the Accounting Act), set and audited per tenant.
    const tooShort = await call('PUT', `/api/superadmin/tenants/${tenantId}/case-retention`, superAdmin.token, {
      years: 3,
    });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain(RETENTION_MESSAGES.retentionTooShort);
    const tenant = await json<TenantView>(
      await call('PUT', `/api/superadmin/tenants/${tenantId}/case-retention`, superAdmin.token, { years: 6 }),
      200,
    );
    expect(tenant.caseRetentionYears).toBe(6);

    const fixture = await writeFinishedCase(host, clock, {
      tenantId,
      claimantEmail: claimant.user.email,
      respondentEmail: respondent.user.email,
    });
    const id = fixture.dispute.id;

    await sweep();
    const scheduled = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, claimant.token), 200);
    const finishedAt = new Date(fixture.dispute.outcome!.at);
    const expected = new Date(finishedAt);
    expected.setUTCFullYear(expected.getUTCFullYear() + 6);
    expect(scheduled.retention?.deleteAfter).toBe(expected.toISOString());
    expect(scheduled.retention?.warnedAt).toBeUndefined();
    expect(api.mailsTo(claimant.user.email)).toHaveLength(0);

    // A day before the warning is due: nothing yet.
    clock.advance(expected.getTime() - clock.now().getTime() - (CASE_RETENTION_WARNING_DAYS + 1) * DAY);
    await sweep();
    expect(api.mailsTo(claimant.user.email)).toHaveLength(0);

    // The warning period before: each representative told once, in their own language.
    clock.advance(2 * DAY);
    await sweep();
    await sweep();
    const toClaimant = api.mailsTo(claimant.user.email);
    const toRespondent = api.mailsTo(respondent.user.email);
    expect(toClaimant).toHaveLength(1);
    expect(toRespondent).toHaveLength(1);
    expect(subjectsTo(claimant.user.email)[0]).toContain('its documents will be deleted on');
    expect(subjectsTo(respondent.user.email)[0]).toContain('asiakirjat poistetaan');
    expect(toRespondent[0]).toContain('Lataa asian sivulta');
    const warned = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, await tokenOf(claimant.user)), 200);
    expect(warned.retention?.warnedAt).toBeDefined();
    // Told a day after the warning was due: the representatives still get the whole warning period.
    const deleteAfter = new Date(warned.retention!.deleteAfter!).getTime();
    expect(deleteAfter - new Date(warned.retention!.warnedAt!).getTime()).toBe(CASE_RETENTION_WARNING_DAYS * DAY);
    expect(deleteAfter).toBeGreaterThan(expected.getTime());
    for (const blob of fixture.blobs) expect(await blobExists(blob)).toBe(true);

    // An hour before: still there.
    clock.advance(deleteAfter - clock.now().getTime() - 3600_000);
    await sweep();
    for (const blob of fixture.blobs) expect(await blobExists(blob)).toBe(true);

    // The deletion date passed: the case's data is gone, a tombstone stays.
    clock.advance(2 * 3600_000);
    await sweep();
    expect((await call('GET', `/api/dispute/${id}`, await tokenOf(claimant.user))).status).toBe(404);
    for (const blob of fixture.blobs) expect(await blobExists(blob), `${blob.container}/${blob.name}`).toBe(false);
    const files = await host.deps.store
      .collection<WorkFileDocument>('files')
      .query({ partitionKey: id, where: [{ field: 'disputeId', op: '=', value: id }] });
    expect(files.items).toHaveLength(0);
    expect(
      await host.deps.store
        .collection<AwardDocument>('awards')
        .count({ where: [{ field: 'disputeId', op: '=', value: id }] }),
    ).toBe(0);
    expect(
      await host.deps.store.collection('jobs').count({ where: [{ field: 'disputeId', op: '=', value: id }] }),
    ).toBe(0);

    const adminToken = await tokenOf(superAdmin.user);
    const overview = await json<RetentionOverview>(await call('GET', '/api/superadmin/retention', adminToken), 200);
    const tombstone = overview.tombstones.find((entry) => entry.disputeId === id);
    expect(tombstone).toMatchObject({
      caseNumber: fixture.dispute.caseNumber,
      tenantId,
      claimant: { name: 'Kantaja Oy', businessId: '1234567-8' },
      respondent: { name: 'Vastaaja Oy', businessId: '7654321-0' },
      outcome: 'award',
      finishedAt: fixture.dispute.outcome!.at,
      awardSha256: [fixture.awardSha256],
    });
    expect(overview.cases.some((entry) => entry.disputeId === id)).toBe(false);

    // The audit keeps the warning and the deletion, and the chain still verifies.
    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [{ field: 'entityId', op: '=', value: id }],
      limit: 50,
    });
    expect(audit.items.map((entry) => entry.action).sort()).toEqual(['DeleteCaseData', 'RetentionWarning']);
    expect(audit.items.find((entry) => entry.action === 'DeleteCaseData')!.details).toContain(fixture.awardSha256);
    const report = await json<AuditChainReport>(
      await call('GET', '/api/superadmin/security-logs/verify', adminToken),
      200,
    );
    expect(report.chains.find((chain) => chain.chain === tenantId)?.valid).toBe(true);

    // A second sweep finds nothing more to do.
    await sweep();
    expect(api.mailsTo(claimant.user.email)).toHaveLength(1);
  });

  it('leaves a case under a legal hold alone until an administrator lifts it, and then warns before it deletes', async () => {
    const tenantId = await newTenant();
    const admin = await api.signedInUser({ email: uniqueEmail('hold-admin'), roles: ['User', 'Admin'], tenantId });
    const otherAdmin = await api.signedInUser(
      { email: uniqueEmail('hold-other'), roles: ['User', 'Admin'] },
      { ownTenant: true },
    );
    const claimant = await api.signedInUser({ email: uniqueEmail('hold-claimant') });
    const fixture = await writeFinishedCase(host, clock, {
      tenantId,
      claimantEmail: claimant.user.email,
      respondentEmail: uniqueEmail('hold-respondent'),
    });
    const id = fixture.dispute.id;
    const hold = `/api/superadmin/disputes/${id}/legal-hold`;

    expect((await call('POST', hold, admin.token, { reason: 'short' })).status).toBe(400);
    expect((await call('POST', hold, otherAdmin.token, { reason: 'Nullity claimed under § 40.' })).status).toBe(404);
    expect((await call('POST', hold, claimant.token, { reason: 'Nullity claimed under § 40.' })).status).toBe(403);
    const set = await json<{ legalHold?: { reason: string; setBy: string } }>(
      await call('POST', hold, admin.token, { reason: 'Nullity claimed under § 40 in the district court.' }),
      200,
    );
    expect(set.legalHold).toMatchObject({
      reason: 'Nullity claimed under § 40 in the district court.',
      setBy: admin.user.email,
    });
    expect((await call('POST', hold, admin.token, { reason: 'Nullity claimed again, twice.' })).status).toBe(409);

    // The case page shows the hold to the parties.
    const view = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, claimant.token), 200);
    expect(view.retention?.legalHold?.reason).toBe('Nullity claimed under § 40 in the district court.');

    // Twenty years on, the sweep still leaves it: no warning, no deletion.
    clock.advance(20 * 365 * DAY);
    await sweep();
    expect(api.mailsTo(claimant.user.email)).toHaveLength(0);
    for (const blob of fixture.blobs) expect(await blobExists(blob)).toBe(true);
    const adminToken = await tokenOf(admin.user);
    const overview = await json<RetentionOverview>(await call('GET', '/api/superadmin/retention', adminToken), 200);
    expect(overview.cases.find((entry) => entry.disputeId === id)?.legalHold?.reason).toContain('§ 40');

    // Lifted with a reason: the representatives get the whole warning period before anything goes.
    const lifted = await json<{ legalHold?: unknown }>(
      await call('POST', `${hold}/lift`, adminToken, { reason: 'The court dismissed the nullity claim.' }),
      200,
    );
    expect(lifted.legalHold).toBeUndefined();
    expect((await call('POST', `${hold}/lift`, adminToken, { reason: 'Lifting a second time.' })).status).toBe(409);
    await sweep();
    expect(api.mailsTo(claimant.user.email)).toHaveLength(1);
    for (const blob of fixture.blobs) expect(await blobExists(blob)).toBe(true);
    clock.advance((CASE_RETENTION_WARNING_DAYS + 1) * DAY);
    await sweep();
    for (const blob of fixture.blobs) expect(await blobExists(blob)).toBe(false);

    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [{ field: 'entityId', op: '=', value: id }],
      limit: 50,
    });
    const actions = audit.items.filter((entry) => entry.success).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['SetLegalHold', 'LiftLegalHold', 'RetentionWarning', 'DeleteCaseData']),
    );
    expect(audit.items.find((entry) => entry.action === 'SetLegalHold' && entry.success)!.details).toContain('§ 40');
  });
});
