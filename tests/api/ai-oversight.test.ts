import { randomUUID } from 'node:crypto';
import { AI_USE_MESSAGES, type AiOversightView, type AuditChainReport } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { withAiUse } from '../../functions/src/services/ai-use/ai-use-details.js';
import { WriteOnceError } from '../../functions/src/errors.js';
import { WRITE_ONCE_RECORD_NAMES } from '../../functions/src/records/write-once-record.js';
import { checkpointId } from '../../functions/src/services/audit/prune-audit-chain.js';
import { recordAudit } from '../../functions/src/services/audit/record-audit.js';
import type { AwardDocument } from '../../functions/src/services/awards/award-document.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { timers } from '../../functions/src/timers.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';
import { seedTenant } from './support/seed-tenant.js';

/**
 * The AI oversight view's figures from a fixture of cases written into the store, and the
 * retention sweep of the audit chain on a movable clock (item 2): the daily timer prunes each tenant's chain
 * to its retention behind a checkpoint, and the chain still verifies — but not after tampering.
 */

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const api = apiClient(() => host, clock);
const { call, json } = api;

const host = useTestHost({}, { clock });

async function newTenant(name: string, retention?: number): Promise<string> {
  const id = await seedTenant(host, { name, ...(retention ? { aiLogRetentionMonths: retention } : {}) });
  return id;
}

function chapters(n: number, text = 'AI:n teksti.') {
  return Array.from({ length: n }, (_, i) => ({ heading: `${i + 1}. Luku`, text: `${text} ${i + 1}` }));
}

/** A case of the tenant, with what the oversight view reads: the tribunal request and the AI decision's acceptances. */
async function fixtureCase(
  tenantId: string,
  options: { tribunalRequestedAt?: string; accepted?: { awardId: string; sides: ('claimant' | 'respondent')[] } },
): Promise<string> {
  const id = randomUUID();
  const dispute = {
    id,
    pk: id,
    tenantId,
    name: `Fixture ${id.slice(0, 4)}`,
    phases: [
      {
        id: randomUUID(),
        type: 'Resolution',
        attachments: options.accepted
          ? [
              {
                id: options.accepted.awardId,
                fileName: 'decision.pdf',
                dateCreated: '2026-03-02T10:00:00.000Z',
                acceptances: options.accepted.sides.map((side) => ({
                  side,
                  userId: side,
                  at: '2026-03-05T10:00:00.000Z',
                })),
              },
            ]
          : [],
      },
    ],
    ...(options.tribunalRequestedAt ? { tribunal: { requestedAt: options.tribunalRequestedAt, members: [] } } : {}),
  } as unknown as DisputeDocument;
  await host.deps.store.collection<DisputeDocument>('disputes').create(dispute);
  return id;
}

async function fixtureAward(disputeId: string, award: Partial<AwardDocument> & Pick<AwardDocument, 'kind'>) {
  const id = award.id ?? randomUUID();
  const ai = award.aiChapters ?? chapters(7);
  await host.deps.store.collection<AwardDocument>('awards').create({
    id,
    pk: disputeId,
    disputeId,
    status: 'Issued',
    caseNumber: 'RAT-2026-000001',
    jobId: 'job',
    production: { offline: false, model: 'gpt-4.1', condensed: false, generatedAt: '2026-03-02T10:00:00.000Z' },
    aiChapters: ai,
    chapters: ai,
    version: 1,
    versions: [
      {
        version: 1,
        savedAt: '2026-03-02T10:00:00.000Z',
        savedBy: { userId: 'ai', name: 'gpt-4.1' },
        source: 'ai',
        blobName: 'x',
      },
    ],
    flagged: [],
    checkedReferences: 0,
    injections: [],
    documents: [],
    pdfBlobName: 'x',
    pdfSha256: '',
    notSigning: [],
    signatures: [],
    ...award,
  } as unknown as AwardDocument);
  return id;
}

describe('the AI oversight view', () => {
  it('computes one tenant’s month from its cases, decisions and log', async () => {
    const tenantId = await newTenant('Välimieslautakunta Oy');
    const admin = await api.signedInUser({ email: uniqueEmail('ov-admin'), roles: ['User', 'Admin'], tenantId });
    const outsiderAdmin = await api.signedInUser(
      { email: uniqueEmail('ov-other'), roles: ['User', 'Admin'] },
      { ownTenant: true },
    );

    // March 2026: two AI decisions (one accepted by both parties, one by one side), a tribunal's award whose
    // reasons the tribunal rewrote in part, with one chapter written again; a tribunal request; two claim drafts;
    // one problem report. February's decision and another tenant's case must not count.
    const aiAccepted = randomUUID();
    const acceptedCase = await fixtureCase(tenantId, {
      accepted: { awardId: aiAccepted, sides: ['claimant', 'respondent'] },
    });
    await fixtureAward(acceptedCase, {
      id: aiAccepted,
      kind: 'aiDecision',
      checkedReferences: 40,
      flagged: [{}, {}] as never,
    });
    const aiHalf = randomUUID();
    const halfCase = await fixtureCase(tenantId, { accepted: { awardId: aiHalf, sides: ['claimant'] } });
    await fixtureAward(halfCase, { id: aiHalf, kind: 'aiDecision', checkedReferences: 30, flagged: [{}] as never });
    await fixtureAward(halfCase, {
      kind: 'aiDecision',
      checkedReferences: 99,
      production: { offline: false, model: 'gpt-4.1', condensed: false, generatedAt: '2026-02-20T10:00:00.000Z' },
    });
    const tribunalCase = await fixtureCase(tenantId, { tribunalRequestedAt: '2026-03-01T09:00:00.000Z' });
    // Seven AI chapters of one line each (10 characters); the tribunal replaced two: 2 × 10 of 7 × 10 → 29 %.
    const ai = chapters(7, 'Perustelu.').map((chapter, i) => ({ ...chapter, text: `Luku ${i}ok.` }));
    await fixtureAward(tribunalCase, {
      kind: 'award',
      status: 'Issued',
      aiChapters: ai,
      chapters: ai.map((chapter, i) => (i === 2 || i === 4 ? { ...chapter, text: `Oikeus ${i}.` } : chapter)),
      checkedReferences: 30,
      flagged: [] as never,
      adoptedAt: '2026-03-20T10:00:00.000Z',
      version: 3,
      versions: [
        {
          version: 1,
          savedAt: '2026-03-10T10:00:00.000Z',
          savedBy: { userId: 'ai', name: 'gpt-4.1' },
          source: 'ai',
          blobName: 'a',
        },
        {
          version: 2,
          savedAt: '2026-03-12T10:00:00.000Z',
          savedBy: { userId: 'u', name: 'VT' },
          source: 'tribunal',
          blobName: 'b',
        },
        {
          version: 3,
          savedAt: '2026-03-14T10:00:00.000Z',
          savedBy: { userId: 'u', name: 'gpt-4.1' },
          source: 'ai',
          blobName: 'c',
        },
      ],
      production: { offline: false, model: 'gpt-4.1', condensed: false, generatedAt: '2026-03-10T10:00:00.000Z' },
    });
    const otherTenant = await newTenant('Muu Oy');
    const otherCase = await fixtureCase(otherTenant, {});
    await fixtureAward(otherCase, { kind: 'aiDecision', checkedReferences: 1000, flagged: [{}, {}, {}] as never });

    offsetMs = Date.parse('2026-03-15T12:00:00.000Z') - Date.now();
    for (const disputeId of [acceptedCase, halfCase]) {
      await recordAudit(host.deps, {
        action: 'ClaimDrafted',
        entityType: 'Dispute',
        entityId: disputeId,
        tenantId,
        success: true,
        details: withAiUse('Claim draft', { event: 'generated', use: 'claimDraft', outputId: disputeId }),
      });
    }
    await recordAudit(host.deps, {
      action: 'ReportAiProblem',
      entityType: 'Dispute',
      entityId: halfCase,
      tenantId,
      userEmail: 'vastaaja@example.fi',
      success: true,
      details: withAiUse('Problem reported', {
        event: 'reported',
        use: 'decision',
        outputId: aiHalf,
        report: {
          output: 'aiDecision',
          kind: 'fact',
          location: 'Luku 2',
          description: 'Päivämäärä on väärä.',
          role: 'respondent',
        },
      }),
    });
    offsetMs = 0;

    const view = await json<AiOversightView>(
      await call('GET', `/api/superadmin/ai-oversight?tenantId=${tenantId}&month=2026-03`, admin.token),
      200,
    );
    expect(view).toEqual({
      tenantId,
      tenantName: 'Välimieslautakunta Oy',
      month: '2026-03',
      retentionMonths: 6,
      aiUses: { total: 6, claimDrafts: 2, decisions: 3, chapterRegenerations: 1 },
      references: { checked: 100, flagged: 3, flaggedPer100: 3 },
      chapters: { generated: 21, regenerated: 1 },
      tribunalChanges: { awardsAdopted: 1, averageChangedPercent: 29 },
      outcomes: { aiDecisions: 2, acceptedByBoth: 1, tribunalRequests: 1 },
      problemReports: [
        {
          id: expect.any(String),
          reportedAt: expect.stringMatching(/^2026-03-15T12:00/),
          output: 'aiDecision',
          outputId: aiHalf,
          disputeId: halfCase,
          kind: 'fact',
          location: 'Luku 2',
          description: 'Päivämäärä on väärä.',
          reporter: { role: 'respondent', email: 'vastaaja@example.fi' },
        },
      ],
    });
    // An Admin sees only their own tenant; the month must be a month.
    await json(
      await call('GET', `/api/superadmin/ai-oversight?tenantId=${tenantId}&month=2026-03`, outsiderAdmin.token),
      404,
    );
    const bad = await call('GET', `/api/superadmin/ai-oversight?tenantId=${tenantId}&month=2026-13`, admin.token);
    expect((await json<{ message: string }>(bad, 400)).message).toBe(AI_USE_MESSAGES.monthInvalid);
  });
});

describe('the retention sweep of the audit chain', () => {
  const sweep = () =>
    timers.find((timer) => timer.name === 'pruneAuditLogs')!.handler(host.deps, new AbortController().signal);
  const entriesOf = async (chain: string) =>
    (
      await host.deps.store.collection<AuditDocument>('audit').query({
        where: [{ field: 'chain', op: '=', value: chain }],
        orderBy: { field: 'seq', direction: 'asc' },
        limit: 1000,
      })
    ).items;
  const log = (tenantId: string, n: number) =>
    recordAudit(host.deps, {
      action: 'DecisionDrafted',
      entityType: 'Dispute',
      entityId: `case-${n}`,
      tenantId,
      success: true,
      details: withAiUse(`Decision ${n}`, { event: 'generated', use: 'decision', model: 'gpt-4.1' }),
    });
  const verify = async () => {
    const superAdmin = await api.signedInUser({ email: uniqueEmail('verifier'), roles: ['SuperAdmin'] });
    return json<AuditChainReport>(await call('GET', '/api/superadmin/security-logs/verify', superAdmin.token), 200);
  };

  it('removes what is older than each tenant’s retention behind a checkpoint, and the chain still verifies', async () => {
    const short = await newTenant('Six months Oy');
    const long = await newTenant('Two years Oy', 24);
    offsetMs = 0;
    for (let n = 1; n <= 3; n++) {
      await log(short, n);
      await log(long, n);
    }
    const firstThree = await entriesOf(short);
    expect(firstThree.map((entry) => entry.seq)).toEqual([1, 2, 3]);

    // Five months on: nothing is old enough yet.
    offsetMs = 150 * 24 * 3600_000;
    await log(short, 4);
    await sweep();
    expect((await entriesOf(short)).map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);

    // Seven months on: the six-month tenant loses its first three entries; the two-year tenant keeps all.
    offsetMs = 213 * 24 * 3600_000;
    await sweep();
    const kept = await entriesOf(short);
    expect(kept.map((entry) => [entry.seq, entry.action])).toEqual([
      [4, 'DecisionDrafted'],
      [5, 'PruneAuditLog'],
    ]);
    expect(kept[1]!.details).toContain(`the chain now starts after entry 3 (hash ${firstThree[2]!.hash})`);
    expect((await entriesOf(long)).map((entry) => entry.seq)).toEqual([1, 2, 3]);
    const checkpoint = await host.deps.store.collection('tokens').read(checkpointId(short), checkpointId(short));
    expect(checkpoint).toMatchObject({ seq: 3, hash: firstThree[2]!.hash });
    // The checkpoint is also kept write-once, where it cannot be moved back or removed (docs/operations.md).
    const keptCheckpoint = WRITE_ONCE_RECORD_NAMES.auditCheckpoint(short, 3);
    const copy = await host.deps.blobs.downloadBuffer('records', keptCheckpoint);
    expect(JSON.parse(copy!.toString('utf8'))).toMatchObject({ chain: short, seq: 3, hash: firstThree[2]!.hash });
    await expect(host.deps.blobs.delete('records', keptCheckpoint)).rejects.toBeInstanceOf(WriteOnceError);

    // A second sweep finds nothing more to do; appending carries on from the head.
    await sweep();
    await log(short, 6);
    expect((await entriesOf(short)).map((entry) => entry.seq)).toEqual([4, 5, 6]);

    const report = await verify();
    const status = report.chains.find((chain) => chain.chain === short)!;
    expect(status).toMatchObject({ valid: true, entries: 3, prunedThroughSeq: 3 });
    expect(report.chains.find((chain) => chain.chain === long)).toMatchObject({ valid: true, entries: 3 });

    // Tampering is still caught: removing an entry after the checkpoint, or moving the checkpoint on by hand.
    const audit = host.deps.store.collection<AuditDocument>('audit');
    const [fourth] = await entriesOf(short);
    await audit.delete(fourth!.pk, fourth!.id);
    const afterRemoval = (await verify()).chains.find((chain) => chain.chain === short)!;
    expect(afterRemoval.valid).toBe(false);
    await audit.create(fourth!);
    expect((await verify()).chains.find((chain) => chain.chain === short)!.valid).toBe(true);

    const tokens = host.deps.store.collection<{ id: string; pk: string; seq: number; hash: string }>('tokens');
    const stored = (await tokens.read(checkpointId(short), checkpointId(short)))!;
    const { _etag, ...forged } = stored as typeof stored & { _etag: string };
    await audit.delete(fourth!.pk, fourth!.id);
    await tokens.replace({ ...forged, seq: 4, hash: fourth!.hash! }, { ifMatch: _etag });
    const forgedReport = (await verify()).chains.find((chain) => chain.chain === short)!;
    expect(forgedReport).toMatchObject({ valid: false });
    expect(forgedReport.firstBreak!.reason).toContain('no entry of the chain records pruning it there');
    offsetMs = 0;
  });
});
