import {
  type AiOversightView,
  type AiProblemReportView,
  type CaseOutcome,
  finalOutcome,
  refusal,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import { adminScopeOf, scopeCovers } from '../../records/admin-scope.js';
import type { AuditDocument } from '../../records/audit-document.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { retentionMonthsOf } from '../audit/prune-audit-chain.js';
import type { AwardDocument } from '../awards/award-document.js';
import { changedPercent } from '../awards/award-frame-data.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { aiUseOf } from '../ai-use/ai-use-details.js';

const PAGE = 500;

/**
 * `GET /api/superadmin/ai-oversight?tenantId=&month=YYYY-MM`: one tenant's AI use in one
 * month, computed from the stored records — the decisions' records (chapters, citation checks, the tribunal's
 * versions, adoption), the cases (acceptances, tribunal requests) and the audit chain (claim drafts, problem
 * reports). The figures docs/ai-act/ quotes as the system's own measures of accuracy and oversight.
 * A SuperAdmin may ask for any tenant; an Admin for their own.
 */
export async function getAiOversight(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  query: { tenantId?: string; month?: string },
  now: Date,
): Promise<AiOversightView> {
  const scope = adminScopeOf(caller);
  const tenantId = query.tenantId || caller.tenantId;
  if (!scopeCovers(scope, tenantId)) throw new NotFoundError(refusal('admin.tenantNotFound'));
  const month = query.month || now.toISOString().slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new ValidationError(refusal('aiUse.monthInvalid'));
  const tenant = await deps.store.collection<TenantDocument>('tenants').read(tenantId, tenantId);
  if (!tenant) throw new NotFoundError(refusal('admin.tenantNotFound'));
  const inMonth = (iso: string | undefined) => iso !== undefined && iso.slice(0, 7) === month;

  const view: AiOversightView = {
    tenantId,
    tenantName: tenant.name,
    month,
    retentionMonths: await retentionMonthsOf(deps, tenantId),
    aiUses: { total: 0, claimDrafts: 0, decisions: 0, chapterRegenerations: 0 },
    references: { checked: 0, flagged: 0, flaggedPer100: null },
    chapters: { generated: 0, regenerated: 0 },
    tribunalChanges: { awardsAdopted: 0, averageChangedPercent: null },
    outcomes: { aiDecisions: 0, acceptedByBoth: 0, tribunalRequests: 0 },
    problemReports: [],
  };
  let changedSum = 0;
  /** Each case's number and final outcome, for the problem reports that name it. */
  const cases = new Map<string, { caseNumber?: string; outcome?: CaseOutcome }>();

  for await (const dispute of tenantDisputes(deps, tenantId)) {
    const outcome = finalOutcome(dispute);
    cases.set(dispute.id, {
      ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
      ...(outcome ? { outcome } : {}),
    });
    if (inMonth(dispute.tribunal?.requestedAt)) view.outcomes.tribunalRequests++;
    const resolution = dispute.phases.find((phase) => phase.type === 'Resolution');
    const awards = await deps.store.collection<AwardDocument>('awards').query({
      where: [{ field: 'disputeId', op: '=', value: dispute.id }],
      partitionKey: dispute.id,
      limit: 100,
    });
    for (const award of awards.items) {
      if (inMonth(award.production.generatedAt)) {
        view.aiUses.decisions++;
        view.chapters.generated += award.aiChapters.length;
        view.references.checked += award.checkedReferences;
        view.references.flagged += award.flagged.length;
        if (award.kind === 'aiDecision') {
          view.outcomes.aiDecisions++;
          const acceptances = resolution?.attachments.find((file) => file.id === award.id)?.acceptances ?? [];
          const sides = new Set(acceptances.map((acceptance) => acceptance.side));
          if (sides.has('claimant') && sides.has('respondent')) view.outcomes.acceptedByBoth++;
        }
      }
      // A version the model wrote after the first is a chapter written again at the tribunal's request.
      const regenerated = award.versions.filter((v) => v.source === 'ai' && v.version > 1 && inMonth(v.savedAt));
      view.chapters.regenerated += regenerated.length;
      view.aiUses.chapterRegenerations += regenerated.length;
      if (award.kind === 'award' && inMonth(award.adoptedAt)) {
        view.tribunalChanges.awardsAdopted++;
        changedSum += changedPercent(award);
      }
    }
  }

  for await (const entry of monthEntries(deps, tenantId, month)) {
    if (entry.action === 'ClaimDrafted') view.aiUses.claimDrafts++;
    if (entry.action === 'ReportAiProblem') {
      const facts = aiUseOf(entry.details);
      if (!facts?.report) continue;
      const report = toReportView(entry, facts.report, facts.outputId);
      view.problemReports.push({ ...report, ...(report.disputeId ? cases.get(report.disputeId) : {}) });
    }
  }

  view.aiUses.total = view.aiUses.claimDrafts + view.aiUses.decisions + view.aiUses.chapterRegenerations;
  if (view.references.checked > 0) {
    view.references.flaggedPer100 = Math.round((view.references.flagged / view.references.checked) * 1000) / 10;
  }
  if (view.tribunalChanges.awardsAdopted > 0) {
    view.tribunalChanges.averageChangedPercent = Math.round(changedSum / view.tribunalChanges.awardsAdopted);
  }
  view.problemReports.sort((a, b) => (a.reportedAt < b.reportedAt ? 1 : -1));
  return view;
}

function toReportView(
  entry: AuditDocument,
  report: NonNullable<ReturnType<typeof aiUseOf>>['report'] & object,
  outputId: string | undefined,
): AiProblemReportView {
  return {
    id: entry.id,
    reportedAt: entry.timestamp,
    output: report.output as AiProblemReportView['output'],
    outputId: outputId ?? entry.entityId ?? '',
    ...(entry.entityType === 'Dispute' && entry.entityId ? { disputeId: entry.entityId } : {}),
    kind: report.kind as AiProblemReportView['kind'],
    location: report.location,
    description: report.description,
    reporter: { role: report.role, ...(entry.userEmail ? { email: entry.userEmail } : {}) },
  };
}

async function* tenantDisputes(deps: Pick<Deps, 'store'>, tenantId: string): AsyncGenerator<DisputeDocument> {
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<DisputeDocument>('disputes').query({
      where: [{ field: 'tenantId', op: '=', value: tenantId }],
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    yield* page.items;
    continuation = page.continuation;
  } while (continuation);
}

/** The tenant's audit entries of the month: one partition (audit entries are partitioned by month). */
async function* monthEntries(
  deps: Pick<Deps, 'store'>,
  tenantId: string,
  month: string,
): AsyncGenerator<AuditDocument> {
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'tenantId', op: '=', value: tenantId },
        { field: 'action', op: 'in', value: ['ClaimDrafted', 'ReportAiProblem'] },
      ],
      partitionKey: month,
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    yield* page.items;
    continuation = page.continuation;
  } while (continuation);
}
