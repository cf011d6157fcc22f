import { type AiLogEntry, type AiLogExport, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { renderMarkdownPdf } from '../../pdf/render-markdown-pdf.js';
import { adminScopeOf, scopeCovers } from '../../records/admin-scope.js';
import type { AuditAction, AuditDocument } from '../../records/audit-document.js';
import { chainHeadId, type AuditChainHeadDocument } from '../audit/audit-chain.js';
import { readCheckpoint, retentionMonthsOf } from '../audit/prune-audit-chain.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { findDisputeByReference } from '../disputes/find-dispute-by-reference.js';
import { aiUseOf, humanDetails } from '../ai-use/ai-use-details.js';

/** The audit actions that are an AI use or a person's act on AI output or its settings. */
export const AI_LOG_ACTIONS: readonly AuditAction[] = [
  'GenerateClaim',
  'ClaimDrafted',
  'StopClaimGeneration',
  'DiscardClaimDraft',
  'GenerateDecision',
  'StopDecisionGeneration',
  'DecisionDrafted',
  'ExtractClaims',
  'EditAward',
  'RegenerateChapter',
  'ReviewAwardChapter',
  'AdoptAward',
  'SignAward',
  'IssueAward',
  'AcceptDecision',
  'ReceiveDecision',
  'OpenAiOutput',
  'ReportAiProblem',
];

/**
 * Actions that are an AI-use event only sometimes (an upload is one when it files the claim generator's text):
 * the export keeps those of their entries that carry the AI-use part.
 */
const SOMETIMES_AI_ACTIONS: readonly AuditAction[] = ['UploadFile'];

/**
 * `GET /api/superadmin/ai-log/{caseNumber or disputeId}` (EU AI Act Arts. 12, 19, 26(6)): one case's AI-use
 * log for an authority — every generation with its inputs and outputs by hash, model and deployment, every
 * person's act on the output — from the case's entries in the audit chain, with each entry's position and
 * hash and the chain's head, so the authority can check them against `npm run audit:verify`. JSON, or a
 * readable PDF. The export itself is audited.
 */
export async function exportAiLog(
  deps: Deps,
  caller: Caller,
  caseReference: string,
  client: ClientInfo,
): Promise<AiLogExport> {
  const dispute = await findDisputeByReference(deps, caseReference);
  if (!dispute || !scopeCovers(adminScopeOf(caller), dispute.tenantId)) {
    throw new NotFoundError(refusal('cases.notFound'));
  }
  const entries: AiLogEntry[] = [];
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'entityId', op: '=', value: dispute.id },
        { field: 'action', op: 'in', value: [...AI_LOG_ACTIONS, ...SOMETIMES_AI_ACTIONS] },
      ],
      limit: 500,
      ...(continuation ? { continuation } : {}),
    });
    for (const entry of page.items) {
      if (SOMETIMES_AI_ACTIONS.includes(entry.action) && !aiUseOf(entry.details)) continue;
      entries.push(toLogEntry(entry));
    }
    continuation = page.continuation;
  } while (continuation);
  entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0) || (a.at < b.at ? -1 : 1));

  const headId = chainHeadId(dispute.tenantId);
  const head = await deps.store.collection<AuditChainHeadDocument>('tokens').read(headId, headId);
  const checkpoint = await readCheckpoint(deps, dispute.tenantId);
  await recordCallerAction(deps, caller, client, {
    action: 'ExportAiLog',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `AI-use log of the case exported (${entries.length} entries)`,
  });
  return {
    exportedAt: deps.clock.now().toISOString(),
    dispute: {
      id: dispute.id,
      ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
      name: dispute.name,
      tenantId: dispute.tenantId,
    },
    retentionMonths: await retentionMonthsOf(deps, dispute.tenantId),
    chain: {
      id: dispute.tenantId,
      headSeq: head?.seq ?? 0,
      headHash: head?.hash ?? '',
      prunedThroughSeq: checkpoint?.seq ?? 0,
    },
    entries,
  };
}

function toLogEntry(entry: AuditDocument): AiLogEntry {
  const use = aiUseOf(entry.details);
  return {
    at: entry.timestamp,
    action: entry.action,
    actor: entry.userEmail ?? entry.userId ?? 'system',
    event: use?.event ?? entry.action,
    details: humanDetails(entry.details),
    ...(use ? { use: use as unknown as Record<string, unknown> } : {}),
    ...(entry.seq !== undefined ? { seq: entry.seq } : {}),
    ...(entry.hash ? { hash: entry.hash } : {}),
  };
}

/** The export as a readable PDF: the case, the chain's state, and one block per entry. */
export async function renderAiLogPdf(log: AiLogExport): Promise<Uint8Array> {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
  const lines = [
    `# AI-use log — ${cell(log.dispute.name)}`,
    '',
    `**Case:** ${log.dispute.caseNumber ?? log.dispute.id}  `,
    `**Exported:** ${log.exportedAt}  `,
    `**Retention:** ${log.retentionMonths} months (EU AI Act Arts. 19, 26(6))  `,
    `**Audit chain:** ${log.chain.id}, head at position ${log.chain.headSeq}, hash \`${log.chain.headHash}\`` +
      (log.chain.prunedThroughSeq > 0 ? `; entries up to ${log.chain.prunedThroughSeq} pruned by retention` : ''),
    '',
    'Each entry below is an entry of the tenant’s hash-chained audit log; its position and hash let the chain be ' +
      'verified independently. Inputs and outputs are named by SHA-256.',
    '',
  ];
  for (const entry of log.entries) {
    const use = entry.use as
      | {
          model?: string;
          deployment?: string;
          outputSha256?: string;
          inputs?: { documents?: { code: string; sha256: string }[]; settingsSha256?: string };
          report?: { kind: string; location: string; description: string };
        }
      | undefined;
    lines.push(`## ${entry.at.replace('T', ' ').slice(0, 19)} UTC — ${entry.event} (${entry.action})`, '');
    // A generation is the AI system's act; the log's user is the person whose request it served (an account id
    // when the entry names no address).
    const by =
      entry.event === 'generated' || entry.event === 'regenerated'
        ? `the AI system${entry.actor === 'system' ? '' : `, asked by ${cell(entry.actor)}`}`
        : cell(entry.actor);
    lines.push(`- **By:** ${by}`);
    if (entry.details) lines.push(`- **What:** ${cell(entry.details)}`);
    if (use?.model) lines.push(`- **Model:** ${cell(use.model)}${use.deployment ? ` (${cell(use.deployment)})` : ''}`);
    if (use?.inputs?.settingsSha256) lines.push(`- **Settings SHA-256:** \`${use.inputs.settingsSha256}\``);
    for (const document of use?.inputs?.documents ?? []) {
      lines.push(`- **Input ${cell(document.code)} SHA-256:** \`${document.sha256}\``);
    }
    if (use?.outputSha256) lines.push(`- **Output SHA-256:** \`${use.outputSha256}\``);
    if (use?.report) {
      lines.push(
        `- **Problem (${cell(use.report.kind)}) at ${cell(use.report.location || '—')}:** ${cell(use.report.description)}`,
      );
    }
    if (entry.seq !== undefined) lines.push(`- **Chain position:** ${entry.seq}, hash \`${entry.hash ?? ''}\``);
    lines.push('');
  }
  if (log.entries.length === 0) lines.push('*No AI use is logged for this case.*');
  return renderMarkdownPdf(lines.join('\n'), {
    title: `AI-use log ${log.dispute.caseNumber ?? log.dispute.id}`,
    footerText: `AI-use log · ${log.dispute.caseNumber ?? log.dispute.name}`,
    pageWord: 'Page',
    author: 'Ratkaisu',
    createdAt: new Date(log.exportedAt),
  });
}
