import { capitalTerm, DECISION_PIPELINE_MESSAGES, type JobProgress } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import {
  ModelUnavailableError,
  type ChatMessage,
  type CompletionRequest,
  type CompletionResult,
} from '../../ports/model.js';
import type { Stored } from '../../ports/store.js';
import { checkCitations } from '../citations/check-citations.js';
import { buildCaseFile, type CaseFile } from '../documents/build-case-file.js';
import { scanForInjections } from '../documents/injection-scan.js';
import {
  documentOcr,
  DocumentUnreadableError,
  loadDocumentText,
  type DocumentText,
} from '../documents/load-document-text.js';
import { CONTINUE_INSTRUCTION } from '../decisions/decision-prompt.js';
import { saveJobCheckpoint } from '../jobs/job-checkpoints.js';
import type { JobDocument } from '../jobs/job-document.js';
import { JobFailure, type JobResult } from '../jobs/run-job.js';
import { claimJobInputSchema } from './claim-job-input.js';
import { claimTextHash } from './claim-draft.js';
import { modelDeployment, sha256Hex, withAiUse } from '../ai-use/ai-use-details.js';
import { claimProvenance, toAiProvenance } from '../awards/ai-provenance.js';
import { recordAudit } from '../audit/record-audit.js';
import { buildClaimPrompt } from './claim-prompt.js';
import { countTokens } from 'gpt-tokenizer';
import { estimateClaim, type JobEstimate } from '../model-budget/estimate-tokens.js';
import { SCANNED_PAGE_TOKENS } from '../decisions/estimate-decision-job.js';

/**
 * The most case-file text one draft sends (characters). Finnish runs at about
 * three characters a token, so this is some 120,000 tokens: what current
 * long-context deployments accept with room for the draft. A larger selection
 * fails with a message asking for fewer files rather than being cut silently.
 */
export const MAX_CASE_FILE_CHARS = 360_000;

/** Low, so a draft keeps close to the material; the claim modal has no settings of its own. */
const CLAIM_TEMPERATURE = 0.2;

/** Calls after the first for a draft cut off at the completion limit. */
const MAX_CONTINUATIONS = 3;

/** The draft's heading in the job's checkpoints. */
const CLAIM_CHECKPOINT_HEADING = capitalTerm('claim', 'fi');

/**
 * The claim worker's work: the text of each selected file (from the cache
 * after the first time), the case file with page references inside the
 * evidence block, the claim prompt, the completion (continued when cut off at
 * the completion limit, failed when withheld by the content filter), and the
 * draft as Markdown with notes for the user. The finished answer is saved in
 * the job record, so a run that fails after it (storage) does not pay for it
 * again; passages of the documents addressed to an AI are listed.
 */
export async function draftClaim(
  deps: Deps,
  job: Stored<JobDocument>,
  signal: AbortSignal,
  progress?: (progress: JobProgress) => void,
): Promise<JobResult> {
  const input = claimJobInputSchema.parse(job.input);

  progress?.({ stage: 'extracting' });
  const texts: DocumentText[] = [];
  // Scanned pages are read by OCR within the job's limits (pages per file, seconds for the whole job).
  const ocr = documentOcr(deps.config.ocr, signal, progress);
  for (const file of input.files) {
    signal.throwIfAborted();
    try {
      texts.push(await loadDocumentText(deps, file, ocr));
    } catch (error) {
      if (error instanceof DocumentUnreadableError) throw new JobFailure(error.message);
      throw error;
    }
  }
  let caseFile: CaseFile;
  try {
    caseFile = buildCaseFile([{ prefix: 'K', documents: texts }]);
  } catch (error) {
    if (error instanceof DocumentUnreadableError) throw new JobFailure(error.message);
    throw error;
  }
  if (caseFile.text.length > MAX_CASE_FILE_CHARS) {
    throw new JobFailure(
      `The selected files hold too much text for one claim draft (${caseFile.text.length.toLocaleString('en')} ` +
        `characters; at most ${MAX_CASE_FILE_CHARS.toLocaleString('en')}). Select fewer or shorter files.`,
      caseFile.notes,
    );
  }

  const messages = buildClaimPrompt(
    {
      caseName: input.caseName,
      claimant: input.claimant,
      respondent: input.respondent,
    },
    caseFile,
  );
  const details = [...caseFile.notes];
  const injections = scanForInjections(
    caseFile.documents.map((document, index) => ({ code: document.code, pages: texts[index]?.pages ?? [] })),
  );
  if (injections.length > 0) {
    details.push(
      DECISION_PIPELINE_MESSAGES.injection(
        injections.length,
        injections.map((finding) => `${finding.code} s.${finding.page}: “${finding.excerpt}”`).join('; '),
      ),
    );
  }
  const saved = job.checkpoints?.find((checkpoint) => checkpoint.index === 0);
  let text: string;
  let modelOfRun = '';
  if (saved) {
    text = saved.text;
  } else {
    progress?.({ stage: 'drafting' });
    const written = await completeFully(deps, messages, signal, details);
    text = written.text;
    modelOfRun = written.model;
    await saveJobCheckpoint(deps, job, {
      index: 0,
      heading: CLAIM_CHECKPOINT_HEADING,
      text,
      ...(written.finishReason ? { finishReason: written.finishReason } : {}),
      model: written.model,
      generatedAt: deps.clock.now().toISOString(),
      usage: written.usage,
      parts: written.parts,
    });
  }
  const markdown = unfenced(text);
  if (!markdown.trim()) throw new JobFailure('The language model returned an empty draft. Please try again.', details);
  progress?.({ stage: 'citations' });
  const notes = citationNotes(markdown, caseFile, texts);
  details.push(...notes);
  await recordAudit(deps, {
    action: 'ClaimDrafted',
    entityType: 'Dispute',
    ...(job.disputeId ? { entityId: job.disputeId } : {}),
    userId: job.ownerId,
    ...(job.tenantId ? { tenantId: job.tenantId } : {}),
    success: true,
    details: withAiUse(`Claim draft of job ${job.id}; ${caseFile.documents.length} document(s)`, {
      event: 'generated',
      use: 'claimDraft',
      outputId: job.disputeId ?? job.id,
      model: saved?.model ?? modelOfRun,
      deployment: modelDeployment(deps.config.model),
      inputs: {
        // The text the model read, per document: what it was given, whatever file it came from.
        documents: texts.map((document, index) => ({
          code: `K${index + 1}`,
          sha256: sha256Hex(document.pages.join('\f')),
        })),
      },
      outputSha256: claimTextHash(markdown),
    }),
  });
  return {
    content: markdown.endsWith('\n') ? markdown : `${markdown}\n`,
    contentType: MARKDOWN,
    extension: 'md',
    details,
    record: {
      ...(injections.length > 0 ? { injections } : {}),
      // The status JSON's Art. 50 provenance: the model's text as it wrote it (the draft's JSON says the same).
      aiProvenance: toAiProvenance(
        claimProvenance({
          model: (saved?.model ?? modelOfRun) || 'unknown',
          deployment: modelDeployment(deps.config.model),
          generatedAt: deps.clock.now().toISOString(),
          edited: false,
        }),
      ),
    },
  };
}

/**
 * What a claim job will ask of the model, before it starts (the model budget's line): its prompt as
 * draftClaim builds it, from the cached texts (no OCR here: a scanned page not read yet counts as a dense
 * page), counted with the model's tokenizer, plus the completion limit of its call.
 */
export async function estimateClaimJob(deps: Deps, job: Stored<JobDocument>): Promise<JobEstimate> {
  const input = claimJobInputSchema.parse(job.input);
  const noOcr = documentOcr({ ...deps.config.ocr, maxPagesPerFile: 0 });
  const texts: DocumentText[] = [];
  let unread = 0;
  for (const file of input.files) {
    const text = await loadDocumentText(deps, file, noOcr);
    unread += Math.max(0, text.scannedPages.length - (text.ocrPages ?? []).length);
    texts.push(text);
  }
  const messages = buildClaimPrompt(
    { caseName: input.caseName, claimant: input.claimant, respondent: input.respondent },
    buildCaseFile([{ prefix: 'K', documents: texts }], { keepUnreadable: true }),
  );
  const promptTokens = messages.reduce((sum, message) => sum + countTokens(message.content), 0);
  return estimateClaim(
    promptTokens + unread * SCANNED_PAGE_TOKENS,
    Math.max(...deps.config.generation.maxCompletionTokens),
  );
}

/**
 * The draft in as many calls as it takes: an answer cut off at the completion limit (`length`) is
 * continued by a follow-up that appends to it, up to MAX_CONTINUATIONS; one withheld by the content
 * filter fails the job; a refusal that would come again (a 4xx other than 408/429) fails it at once.
 */
async function completeFully(
  deps: Pick<Deps, 'model' | 'config'>,
  messages: ChatMessage[],
  signal: AbortSignal,
  details: string[],
): Promise<{
  text: string;
  model: string;
  finishReason?: string;
  parts: number;
  usage: { promptTokens: number; cachedTokens: number; completionTokens: number };
}> {
  const maxOutputTokens = Math.max(...deps.config.generation.maxCompletionTokens);
  const usage = { promptTokens: 0, cachedTokens: 0, completionTokens: 0 };
  let text = '';
  let model = '';
  for (let parts = 1; ; parts++) {
    const asked: ChatMessage[] =
      parts === 1
        ? messages
        : [...messages, { role: 'assistant', content: text }, { role: 'user', content: CONTINUE_INSTRUCTION }];
    let result: CompletionResult;
    try {
      result = await complete(deps, asked, maxOutputTokens, signal, details);
    } catch (error) {
      if (
        error instanceof ModelUnavailableError &&
        error.status !== undefined &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        throw new JobFailure(DECISION_PIPELINE_MESSAGES.modelRefused(error.status, error.message), details);
      }
      throw error;
    }
    text += result.text;
    model ||= result.model;
    usage.promptTokens += result.usage?.promptTokens ?? 0;
    usage.cachedTokens += result.usage?.cachedTokens ?? 0;
    usage.completionTokens += result.usage?.completionTokens ?? 0;
    if (result.finishReason === 'content_filter') {
      throw new JobFailure(
        'The draft was withheld by the model service’s content filter. Review the selected files for content the ' +
          'filter may object to, or ask the administrator about the deployment’s content filter.',
        details,
      );
    }
    if (result.finishReason !== 'length') {
      if (parts > 1)
        details.push(`The draft reached the completion limit and was continued; it was written in ${parts} parts.`);
      return { text, model, ...(result.finishReason ? { finishReason: result.finishReason } : {}), parts, usage };
    }
    if (parts > MAX_CONTINUATIONS) {
      throw new JobFailure(
        `The draft was still cut off at the completion limit after ${parts} parts. Select fewer files or raise ` +
          'MODEL_MAX_COMPLETION_TOKENS.',
        details,
      );
    }
  }
}

const MARKDOWN = 'text/markdown; charset=utf-8';

/**
 * One completion. Some deployments (reasoning models) refuse a temperature;
 * then the draft is asked for again without one, and the details say so.
 */
async function complete(
  deps: Pick<Deps, 'model'>,
  messages: ChatMessage[],
  maxOutputTokens: number,
  signal: AbortSignal,
  details: string[],
): Promise<CompletionResult> {
  const request: CompletionRequest = { messages, temperature: CLAIM_TEMPERATURE, maxOutputTokens, signal };
  try {
    return await deps.model.complete(request);
  } catch (error) {
    if (!(error instanceof ModelUnavailableError && error.status === 400 && /temperature/i.test(error.message))) {
      throw error;
    }
    const note = 'The language model does not accept a temperature setting; the draft was made with its default.';
    if (!details.includes(note)) details.push(note);
    return deps.model.complete({ messages, maxOutputTokens, signal });
  }
}

/** A model sometimes wraps its whole answer in a ```markdown fence; the draft is the inside. */
function unfenced(text: string): string {
  const fenced = /^\s*```(?:markdown|md)?\s*\n([\s\S]*?)\n```\s*$/i.exec(text);
  return (fenced?.[1] ?? text).trim();
}

/**
 * Notes on what the draft cites that a reader must not trust, from the same
 * check as a decision's (check-citations.ts) against the selected files:
 * references to a page or a file that does not exist; then quotes, sums,
 * dates, percentages and quantities not on the cited page, statutes that do
 * not check out and precedents (never verifiable against the files).
 */
function citationNotes(markdown: string, caseFile: CaseFile, texts: readonly DocumentText[]): string[] {
  const report = checkCitations(
    [markdown],
    caseFile.documents.map((document, index) => ({ code: document.code, pages: texts[index]?.pages ?? [] })),
  );
  const notes: string[] = [];
  const unknown = [
    ...new Set(
      report.unverified
        .filter((item) => item.kind === 'document' || item.kind === 'page')
        .map((item) => item.reference),
    ),
  ];
  if (unknown.length > 0) {
    notes.push(
      `The draft cites ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ' and more' : ''}, ` +
        'which match no page of the selected files. Check those passages before using the draft.',
    );
  }
  const others = report.unverified.filter((item) => item.kind !== 'document' && item.kind !== 'page');
  if (others.length > 0) {
    const shown = others.slice(0, 10).map((item) => `${item.reference}: ${item.reason}`);
    notes.push(
      `${others.length} statement(s) in the draft could not be verified against the selected files; check them ` +
        `before using the draft: ${shown.join(' ')}${others.length > 10 ? ' …' : ''}`,
    );
  }
  return notes;
}
