import type { DecisionSettings } from '@ratkaisu/core';
import { countTokens } from 'gpt-tokenizer';
import type { Deps } from '../../deps.js';
import { buildCaseFile } from '../documents/build-case-file.js';
import type { DocumentText } from '../documents/document-text.js';
import { documentOcr, DocumentUnreadableError, loadDocumentText } from '../documents/load-document-text.js';
import { estimateDecision, type JobEstimate } from '../model-budget/estimate-tokens.js';
import { chapterDependencies } from './chapter-graph.js';
import { caseFileMessage, type DecisionCaseHeader } from './decision-prompt.js';
import { caseFileBudget } from './condense-case-file.js';
import type { DecisionSourceGroup } from './decision-draft.js';

/** Tokens counted for a scanned page whose OCR has not run yet: a dense A4 page of Finnish (docs/SCALE.md). */
export const SCANNED_PAGE_TOKENS = 1_200;

export interface DecisionJobShape {
  caseName: string;
  claimant?: DecisionCaseHeader['claimant'];
  respondent?: DecisionCaseHeader['respondent'];
  groups: readonly DecisionSourceGroup[];
  settings: DecisionSettings;
  /** A regenerated chapter (0-based): only it is written. */
  regenerate?: number;
}

/**
 * What a decision job (a case's, the anonymous generator's or a regenerated chapter)
 * will ask of the model, before it starts: the case file built as draftDecision builds it (texts from the
 * cache; no OCR here, a scanned page not read yet counts as a dense page), its message counted with the
 * model's tokenizer, and the chapter graph's calls on it (model-budget/estimate-tokens.ts).
 */
export async function estimateDecisionJob(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log' | 'config'>,
  job: DecisionJobShape,
): Promise<JobEstimate> {
  const caseTokens = await caseFileTokens(deps, job);
  const budget = caseFileBudget(deps.config.generation.contextTokens, job.settings);
  const count = job.settings.chapterPrompts.length;
  const declared = job.settings.chapterDependencies?.map((list) => list.map((chapter) => chapter - 1));
  return estimateDecision({
    caseTokens,
    caseFileBudget: budget,
    instructionTokens: countTokens(job.settings.instructions),
    promptTokens: job.settings.chapterPrompts.map((prompt) => countTokens(prompt)),
    maxOutputTokens: deps.config.generation.maxCompletionTokens,
    dependencies: chapterDependencies(count, declared),
    ...(job.regenerate !== undefined ? { write: [job.regenerate] } : {}),
  });
}

/**
 * The case-file message's tokens, as draftDecision counts them, plus the scanned pages OCR has yet to read
 * (also the claims summary's estimate, tribunal/run-claims-summary-job.ts: the same case file).
 */
export async function caseFileTokens(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log' | 'config'>,
  job: Pick<DecisionJobShape, 'caseName' | 'claimant' | 'respondent' | 'groups'>,
): Promise<number> {
  const noOcr = documentOcr({ ...deps.config.ocr, maxPagesPerFile: 0 });
  const texts: DocumentText[] = [];
  let unread = 0;
  for (const group of job.groups) {
    for (const document of group.documents) {
      try {
        const text = await loadDocumentText(deps, document, noOcr);
        unread += Math.max(0, text.scannedPages.length - (text.ocrPages ?? []).length);
        texts.push(text);
      } catch (error) {
        if (!(error instanceof DocumentUnreadableError)) throw error;
        // The run puts a placeholder in its place (and the user hears why); it costs the model nothing.
      }
    }
  }
  const header: DecisionCaseHeader = {
    caseName: job.caseName,
    ...(job.claimant ? { claimant: job.claimant } : {}),
    ...(job.respondent ? { respondent: job.respondent } : {}),
  };
  const readable = texts.filter((text) => !text.encrypted && text.pages.length > 0);
  if (readable.length === 0) return unread * SCANNED_PAGE_TOKENS;
  const caseFile = buildCaseFile([{ prefix: 'A', documents: readable }], { keepUnreadable: true });
  return countTokens(caseFileMessage(header, caseFile.text, false)) + unread * SCANNED_PAGE_TOKENS;
}
