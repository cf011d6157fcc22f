import { createHash } from 'node:crypto';
import type { ModelConfig } from '../../config.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';

/**
 * The AI-use log (EU AI Act Arts. 12, 19, 26(6)) lives in the case's audit chain: every audit entry about an
 * AI use or a person's action on AI output ends its human-readable `details` with one machine-readable
 * part, `AI_USE_MARK` followed by JSON of `AiUseFacts`. One format, written by `withAiUse` and read by
 * `aiUseOf`, so the export and the oversight figures parse what every writer wrote. The part is covered by
 * the entry's hash like the rest of its details.
 */
export const AI_USE_MARK = ' | ai-use ';

/** What happened to AI output: made by the model, or a person's act on it. */
export type AiUseEvent =
  | 'generated'
  | 'regenerated'
  | 'opened'
  | 'edited'
  | 'adopted'
  | 'signed'
  | 'accepted'
  | 'filed'
  | 'discarded'
  | 'reported';

export type AiUseKind = 'claimDraft' | 'decision' | 'award' | 'chapter' | 'anonymousDecision';

export interface AiUseFacts {
  event: AiUseEvent;
  use: AiUseKind;
  /** The output's id: the decision's attachment id, the claim draft's case, the public generator's job. */
  outputId?: string;
  model?: string;
  deployment?: string;
  /** The inputs by hash: the case's documents (code and SHA-256 of the file) and the settings. */
  inputs?: { documents?: { code: string; sha256: string }[]; settingsSha256?: string };
  /** The output by hash: the PDF's or the text's SHA-256. */
  outputSha256?: string;
  version?: number;
  /** Chapters concerned (0-based), e.g. the one written again or the ones an edit changed. */
  chapters?: number[];
  /** References checked and flagged in this output (generations). */
  references?: { checked: number; flagged: number };
  /** A problem report: what, where, the reporter's role and words. */
  report?: {
    output: string;
    kind: string;
    location: string;
    description: string;
    role: 'claimant' | 'respondent' | 'tribunal' | 'public';
  };
}

/** `details` with the AI-use part appended (a details text that already has one keeps only the new one). */
export function withAiUse(details: string | undefined, facts: AiUseFacts): string {
  const human = (details ?? '').split(AI_USE_MARK)[0]!;
  return `${human}${AI_USE_MARK}${JSON.stringify(facts)}`;
}

/** The AI-use part of an entry's details, or undefined for an entry that has none (or a damaged one). */
export function aiUseOf(details: string | undefined): AiUseFacts | undefined {
  if (!details) return undefined;
  const at = details.lastIndexOf(AI_USE_MARK);
  if (at < 0) return undefined;
  try {
    const parsed = JSON.parse(details.slice(at + AI_USE_MARK.length)) as AiUseFacts;
    return typeof parsed?.event === 'string' && typeof parsed.use === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The details' human-readable part. */
export function humanDetails(details: string | undefined): string {
  return (details ?? '').split(AI_USE_MARK)[0]!;
}

/** Which deployment served the model, as the log names it: the Azure deployment, the endpoint's host, or offline. */
export function modelDeployment(model: ModelConfig): string {
  if (model.kind === 'azure-openai') return `azure-openai:${model.deployment}`;
  if (model.kind === 'openai-compatible') {
    try {
      return `openai-compatible:${new URL(model.baseURL).host}`;
    } catch {
      return 'openai-compatible';
    }
  }
  return 'offline';
}

/** The case's documents by hash, as uploads recorded them (the files a generation read). */
export function documentHashes(
  dispute: Pick<DisputeDocument, 'phases'>,
  rows: { code: string; fileId: string }[],
): { code: string; sha256: string }[] {
  const byId = new Map(dispute.phases.flatMap((phase) => phase.attachments).map((file) => [file.id, file.sha256]));
  return rows.map((row) => ({ code: row.code, sha256: byId.get(row.fileId) ?? 'unknown' }));
}

export function sha256Hex(content: string | Uint8Array): string {
  return createHash('sha256')
    .update(typeof content === 'string' ? Buffer.from(content, 'utf8') : content)
    .digest('hex');
}
