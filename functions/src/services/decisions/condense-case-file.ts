import { countTokens } from 'gpt-tokenizer';
import type { DecisionSettings } from '@ratkaisu/core';
import type { ChatMessage } from '../../ports/model.js';
import { documentOpening, pageBlocks, type CaseFile } from '../documents/build-case-file.js';
import type { DocumentText } from '../documents/document-text.js';
import { JobFailure } from '../jobs/run-job.js';
import { MAX_CONTINUATIONS } from './decision-draft.js';
import { caseFileMessage, condenseMessages, CONTINUE_INSTRUCTION, type DecisionCaseHeader } from './decision-prompt.js';
import type { DecisionModelCalls } from './model-calls.js';
import { DECISION_PIPELINE_MESSAGES } from '@ratkaisu/core';

/**
 * What the chapters are written from: the case file itself when it fits the model's context budget, else a
 * dossier condensed from it document by document that keeps the page references (or the dossier an earlier
 * run of the same job condensed and saved). `details` are the lines the job's details get about it.
 */
export async function caseMaterial(
  calls: DecisionModelCalls,
  input: {
    header: DecisionCaseHeader;
    caseFile: CaseFile;
    texts: readonly DocumentText[];
    contextTokens: number;
    settings: DecisionSettings;
    savedDossier?: string;
    saveDossier?: (dossier: string) => Promise<void>;
  },
  signal: AbortSignal,
): Promise<{ material: string; condensed: boolean; details: string[] }> {
  const budget = caseFileBudget(input.contextTokens, input.settings);
  const caseTokens = countTokens(caseFileMessage(input.header, input.caseFile.text, false));
  if (caseTokens <= budget) return { material: input.caseFile.text, condensed: false, details: [] };
  const details: string[] = [];
  let material: string;
  if (input.savedDossier) {
    material = input.savedDossier;
    details.push(DECISION_PIPELINE_MESSAGES.dossierResumed);
  } else {
    material = await condense(calls, input.header, input.caseFile, input.texts, budget, signal);
    await input.saveDossier?.(material);
  }
  details.push(
    `The case file (${caseTokens.toLocaleString('en')} tokens) exceeds what the model reads at once ` +
      `(${budget.toLocaleString('en')}); it was condensed per document into a dossier with page references first.`,
  );
  return { material, condensed: true, details };
}

/**
 * Tokens the case-file message may take: the context less room for the
 * answer, for the chapters a chapter is written from (1–4 for chapter 5), and for the
 * instructions and the longest chapter prompt.
 */
export function caseFileBudget(contextTokens: number, settings: DecisionSettings): number {
  const answer = Math.min(16_000, Math.floor(contextTokens * 0.15));
  const earlierChapters = Math.min(16_000, Math.floor(contextTokens * 0.15));
  const prompts =
    countTokens(settings.instructions) + Math.max(...settings.chapterPrompts.map((prompt) => countTokens(prompt)));
  return Math.max(1_000, contextTokens - answer - earlierChapters - prompts - 500);
}

/**
 * The dossier: each document, in runs of pages small enough for one call,
 * condensed in parallel into a summary that keeps the page references; each
 * run's share of the budget follows its share of the case file. Fails the
 * job when even the dossier does not fit.
 */
async function condense(
  calls: DecisionModelCalls,
  header: DecisionCaseHeader,
  caseFile: CaseFile,
  texts: readonly DocumentText[],
  budget: number,
  signal: AbortSignal,
): Promise<string> {
  const runLimit = Math.max(1_000, Math.min(budget, 32_000));
  const runs: { document: number; first: number; last: number; text: string; tokens: number }[] = [];
  caseFile.documents.forEach((entry, index) => {
    const blocks = pageBlocks(entry.code, texts[index]!);
    let start = 0;
    let parts: string[] = [];
    let tokens = 0;
    const flush = (end: number) => {
      if (parts.length === 0) return;
      runs.push({ document: index, first: start + 1, last: end, text: parts.join('\n\n'), tokens });
      parts = [];
      tokens = 0;
      start = end;
    };
    blocks.forEach((block, page) => {
      const blockTokens = countTokens(block);
      if (tokens > 0 && tokens + blockTokens > runLimit) flush(page);
      parts.push(block);
      tokens += blockTokens;
    });
    flush(blocks.length);
  });
  const total = runs.reduce((sum, run) => sum + run.tokens, 0);
  const summaries = await Promise.all(
    runs.map((run) => {
      const entry = caseFile.documents[run.document]!;
      const targetTokens = Math.max(150, Math.floor((budget * 0.85 * run.tokens) / total));
      return summarise(
        calls,
        condenseMessages({
          header,
          documentText: run.text,
          code: entry.code,
          fileName: entry.fileName,
          // Finnish runs at roughly 2.5 tokens a word.
          targetWords: Math.max(60, Math.floor(targetTokens / 2.5)),
        }),
        entry.code,
        `${run.first}–${run.last}`,
      );
    }),
  );
  signal.throwIfAborted();
  const documents = caseFile.documents.map((entry, index) => {
    const parts = runs
      .map((run, runIndex) => ({ run, summary: summaries[runIndex]! }))
      .filter(({ run }) => run.document === index)
      .map(({ run, summary }) => `(Sivut ${run.first}–${run.last}, tiivistelmä)\n${stripOfflineNoise(summary)}`);
    return `${documentOpening(entry.code, texts[index]!, entry.phase, ' tiivistelmä="kyllä"')}\n${parts.join('\n\n').replace(/<(\/?)(asiakirja|todistusaineisto)/giu, '‹$1$2')}\n</asiakirja>`;
  });
  const dossier = documents.join('\n\n');
  const dossierTokens = countTokens(caseFileMessage(header, dossier, true));
  if (dossierTokens > budget) {
    throw new JobFailure(
      `The case file is too large for the language model even when condensed (${dossierTokens.toLocaleString('en')} ` +
        `tokens; the model reads at most ${budget.toLocaleString('en')}). Remove documents that are not needed ` +
        'or use a model deployment with a larger context window.',
    );
  }
  return dossier;
}

/**
 * One run's summary for the dossier, read to its end: cut off at the completion limit, continued (up to
 * MAX_CONTINUATIONS); withheld by the content filter or still cut off, the job fails naming the document.
 */
async function summarise(
  calls: DecisionModelCalls,
  messages: ChatMessage[],
  code: string,
  pages: string,
): Promise<string> {
  let text = '';
  for (let parts = 1; ; parts++) {
    const asked: ChatMessage[] =
      parts === 1
        ? messages
        : [...messages, { role: 'assistant', content: text }, { role: 'user', content: CONTINUE_INSTRUCTION }];
    const result = await calls.completion(asked);
    text += result.text;
    if (result.finishReason === 'content_filter') {
      const message = DECISION_PIPELINE_MESSAGES.summaryFiltered(code, pages);
      throw new JobFailure(message, [message]);
    }
    if (result.finishReason !== 'length') return text;
    if (parts > MAX_CONTINUATIONS) {
      const message = DECISION_PIPELINE_MESSAGES.summaryTruncated(code, pages, parts);
      throw new JobFailure(message, [message]);
    }
  }
}

/** A summary quotes no fences or headings of its own into the dossier. */
export function stripOfflineNoise(text: string): string {
  return unfenced(text)
    .replace(/^\s{0,3}#{1,6}\s+/gmu, '')
    .trim();
}

export function unfenced(text: string): string {
  const fenced = /^\s*```(?:markdown|md)?\s*\n([\s\S]*?)\n```\s*$/iu.exec(text);
  return fenced?.[1] ?? text;
}
