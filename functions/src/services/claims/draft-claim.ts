import type { JobProgress } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ModelUnavailableError, type ChatMessage, type CompletionRequest } from '../../ports/model.js';
import type { Stored } from '../../ports/store.js';
import { buildCaseFile, type CaseFile } from '../documents/build-case-file.js';
import {
  documentOcr,
  DocumentUnreadableError,
  loadDocumentText,
  type DocumentText,
} from '../documents/load-document-text.js';
import type { JobDocument } from '../jobs/job-document.js';
import { JobFailure, type JobResult } from '../jobs/run-job.js';
import { claimJobInputSchema } from './claim-job-input.js';
import { buildClaimPrompt } from './claim-prompt.js';

/**
 * The most case-file text one draft sends (characters). Finnish runs at about
 * three characters a token, so this is some 120,000 tokens: what current
 * long-context deployments accept with room for the draft. A larger selection
 * fails with a message asking for fewer files rather than being cut silently.
 */
export const MAX_CASE_FILE_CHARS = 360_000;

/** Low, so a draft keeps close to the material; the claim modal has no settings of its own. */
const CLAIM_TEMPERATURE = 0.2;

/**
 * The claim worker's work: the text of each selected file (from the cache
 * after the first time), the case file with page references, the claim
 * prompt, one completion, and the draft as Markdown with notes for the user.
 */
export async function draftClaim(
  deps: Deps,
  job: Stored<JobDocument>,
  signal: AbortSignal,
  progress?: (progress: JobProgress) => void,
): Promise<JobResult> {
  const input = claimJobInputSchema.parse(job.input);

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
  const text = await complete(deps, messages, signal, details);
  const markdown = unfenced(text);
  if (!markdown.trim()) throw new JobFailure('The language model returned an empty draft. Please try again.', details);
  details.push(...unknownReferences(markdown, caseFile));
  return {
    content: markdown.endsWith('\n') ? markdown : `${markdown}\n`,
    contentType: MARKDOWN,
    extension: 'md',
    details,
  };
}

const MARKDOWN = 'text/markdown; charset=utf-8';

/**
 * One completion. Some deployments (reasoning models) refuse a temperature;
 * then the draft is asked for again without one, and the details say so.
 */
async function complete(
  deps: Pick<Deps, 'model'>,
  messages: ChatMessage[],
  signal: AbortSignal,
  details: string[],
): Promise<string> {
  const request: CompletionRequest = { messages, temperature: CLAIM_TEMPERATURE, signal };
  try {
    return (await deps.model.complete(request)).text;
  } catch (error) {
    if (!(error instanceof ModelUnavailableError && error.status === 400 && /temperature/i.test(error.message))) {
      throw error;
    }
    details.push('The language model does not accept a temperature setting; the draft was made with its default.');
    return (await deps.model.complete({ messages, signal })).text;
  }
}

/** A model sometimes wraps its whole answer in a ```markdown fence; the draft is the inside. */
function unfenced(text: string): string {
  const fenced = /^\s*```(?:markdown|md)?\s*\n([\s\S]*?)\n```\s*$/i.exec(text);
  return (fenced?.[1] ?? text).trim();
}

/** Notes for references in the draft that point at no page of the case file: a reader must not trust them. */
function unknownReferences(markdown: string, caseFile: CaseFile): string[] {
  const pages = new Map(caseFile.documents.map((document) => [document.code, document.pageCount]));
  const unknown = new Set<string>();
  for (const match of markdown.matchAll(
    /\[([A-ZÄÖ]{1,3}\d{1,3})\s+s\.\s?(\d{1,5})(?:\s?[-–]\s?(\d{1,5}))?(?:, OCR)?\]/gu,
  )) {
    const count = pages.get(match[1]!);
    const last = Number(match[3] ?? match[2]);
    if (count === undefined || Number(match[2]) < 1 || last > count) unknown.add(match[0]);
  }
  if (unknown.size === 0) return [];
  return [
    `The draft cites ${[...unknown].slice(0, 10).join(', ')}${unknown.size > 10 ? ' and more' : ''}, ` +
      'which match no page of the selected files. Check those passages before using the draft.',
  ];
}
