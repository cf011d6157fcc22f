import {
  DECISION_PIPELINE_MESSAGES,
  dispositivePartSchema,
  type DecisionSettings,
  type JobProgress,
  type DispositivePart,
  type PhaseType,
} from '@ratkaisu/core';
import { countTokens } from 'gpt-tokenizer';
import type { Deps } from '../../deps.js';
import type { DecisionDocumentRow, DecisionProduction } from '../awards/award-document.js';
import { PHASE_NAMES } from '../awards/award-wording-fi.js';
import type { ChatMessage, CompletionResult } from '../../ports/model.js';
import {
  buildCaseFile,
  documentOpening,
  pageBlocks,
  type CaseFile,
  type CaseFileEntry,
} from '../documents/build-case-file.js';
import { pageRanges, type DocumentSource, type DocumentText } from '../documents/document-text.js';
import { scanForInjections, type InjectionFinding } from '../documents/injection-scan.js';
import { documentOcr, DocumentUnreadableError, loadDocumentText } from '../documents/load-document-text.js';
import { JobFailure } from '../jobs/run-job.js';
import { chapterDependencies, runChapterGraph } from './chapter-graph.js';
import { checkCitations, type CitationReport } from '../citations/check-citations.js';
import {
  caseFileMessage,
  chapterHeading,
  claimsMessages,
  CLAIMS_OFFLINE_LABEL,
  chapterMessages,
  condenseMessages,
  CONTINUE_INSTRUCTION,
  correctDispositiveMessage,
  type DecisionCaseHeader,
  type DecisionParty,
  type DecisionVoice,
} from './decision-prompt.js';
import { DecisionModelCalls, PromptFilteredError } from './model-calls.js';

export type { DecisionParty };

export interface DecisionSourceGroup {
  prefix: string;
  phase?: PhaseType;
  documents: DocumentSource[];
}

export interface DraftDecisionInput {
  caseName: string;
  claimant?: DecisionParty;
  respondent?: DecisionParty;
  groups: DecisionSourceGroup[];
  settings: DecisionSettings;
  /** Chapters an earlier run of the same job finished, and where to save each one as it is finished. */
  checkpoints?: DecisionCheckpoints;
  /** The tribunal's instruction for one chapter (0-based index), appended to that chapter's prompt. */
  chapterInstruction?: { index: number; text: string };
  /** 'proposal' when no tribunal sits (an AI decision, the anonymous generator): the chapters say so. */
  voice?: DecisionVoice;
}

export interface TokenUsage {
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
}

/** One written chapter, as the award prints it. */
export interface DecisionChapter {
  /** 0-based (chapter 1 is 0). */
  index: number;
  heading: string;
  text: string;
  finishReason?: string;
  model?: string;
  /** ISO time the chapter was finished. */
  generatedAt: string;
  usage?: TokenUsage;
}

/** A chapter as saved in the job record: chapter 6's also carries the dispositive part read from its call. */
export interface ChapterCheckpoint extends DecisionChapter {
  /** Calls the chapter took (more than one: continued after the completion limit). */
  parts?: number;
  dispositive?: DispositivePart;
  /** What the job's details say about the chapter. */
  notes?: string[];
}

export interface DecisionCheckpoints {
  saved: readonly ChapterCheckpoint[];
  save(chapter: ChapterCheckpoint): Promise<void>;
  /** A large case's dossier an earlier run condensed, and where to save it once condensed. */
  dossier?: string;
  saveDossier?(dossier: string): Promise<void>;
}

/**
 * What the pipeline produces: the chapters and everything the award's frame says about how they were made.
 * The PDF is rendered from this by services/awards (the frame is data, not the model's).
 */
export interface DecisionDraft {
  details: string[];
  chapters: DecisionChapter[];
  documents: DecisionDocumentRow[];
  production: DecisionProduction;
  report: CitationReport;
  /** Each chapter's heading: a custom prompt's own (its first line, when a heading), else the default. */
  headings: string[];
  /** The dispositive part from chapter 6's call; undefined when it could not be read (the details say why). */
  dispositive?: DispositivePart;
  /** Passages of the documents that address an AI or the tribunal, for the tribunal to review. */
  injections: InjectionFinding[];
  usage: TokenUsage & { estimatedCostEur?: number };
}

export type { DecisionDocumentRow, DecisionProduction };

/** Calls after the first for a chapter cut off at the completion limit; then the chapter fails. */
export const MAX_CONTINUATIONS = 3;

/** Chapter 6 (zero-based 5), the decision with reasons: its call also gives the dispositive part. */
export const DISPOSITIVE_CHAPTER = 5;

/**
 * Drafts a decision's chapters: the text of every document (from the
 * cache after the first time), one case file with page references, the seven
 * chapters along their dependency graph (chapter-graph.ts: 1–4 from the case
 * file, 5 from 1–4, 6 from 5, 7 from 5 and 6; the first call alone until the
 * endpoint has processed the shared prefix), each saved as a checkpoint when
 * finished, and every citation checked against the pages. The PDF is the award
 * frame's (services/awards), rendered from this. A case file over the model's context budget is
 * first condensed document by document into a dossier that keeps the page
 * references, and the chapters are written from that.
 *
 * Throws JobFailure for what the user must change (an unreadable file, a case
 * too large even when condensed); an abort of `signal` rejects at once.
 */
export async function draftDecision(
  deps: Deps,
  input: DraftDecisionInput,
  signal: AbortSignal,
  progress?: (progress: JobProgress) => void,
): Promise<DecisionDraft> {
  const header: DecisionCaseHeader = {
    caseName: input.caseName,
    ...(input.claimant ? { claimant: input.claimant } : {}),
    ...(input.respondent ? { respondent: input.respondent } : {}),
  };
  progress?.({ stage: 'extracting' });
  const texts = await loadTexts(deps, input.groups, signal, progress);
  // A file that cannot be read stays in the case file as a placeholder instead of failing the decision: by
  // the Resolution phase no party can replace it any more, and the award must still list it.
  const caseFile: CaseFile = buildCaseFile(numberedGroups(input.groups, texts), { keepUnreadable: true });
  if (caseFile.documents.length === 0) throw new JobFailure('The case has no documents to decide on.');
  const readable = caseFile.documents.some(
    (document) => !document.unreadable && document.scannedPages.length < document.pageCount,
  );
  if (!readable) {
    throw new JobFailure(
      'None of the documents has text that can be read (scanned images OCR found no text on, ' +
        'password-protected or damaged files).',
      caseFile.notes,
    );
  }

  // One failing chapter stops the others: the job fails or is retried as a whole (from its checkpoints).
  const run = new AbortController();
  const stopRun = () => run.abort(signal.reason);
  signal.addEventListener('abort', stopRun, { once: true });
  try {
    return await draftWith(deps, input, signal, run, { header, texts, caseFile }, progress);
  } finally {
    signal.removeEventListener('abort', stopRun);
  }
}

async function draftWith(
  deps: Deps,
  input: DraftDecisionInput,
  signal: AbortSignal,
  run: AbortController,
  { header, texts, caseFile }: { header: DecisionCaseHeader; texts: DocumentText[]; caseFile: CaseFile },
  progress?: (progress: JobProgress) => void,
): Promise<DecisionDraft> {
  const calls = new DecisionModelCalls(deps, input.settings, run.signal);
  const details = [...caseFile.notes];
  const budget = caseFileBudget(deps.config.generation.contextTokens, input.settings);
  let material = caseFile.text;
  let condensed = false;
  const caseTokens = countTokens(caseFileMessage(header, material, false));
  if (caseTokens > budget) {
    const savedDossier = input.checkpoints?.dossier;
    if (savedDossier) {
      material = savedDossier;
      details.push(DECISION_PIPELINE_MESSAGES.dossierResumed);
    } else {
      material = await condense(calls, header, caseFile, texts, budget, signal);
      await input.checkpoints?.saveDossier?.(material);
    }
    condensed = true;
    details.push(
      `The case file (${caseTokens.toLocaleString('en')} tokens) exceeds what the model reads at once ` +
        `(${budget.toLocaleString('en')}); it was condensed per document into a dossier with page references first.`,
    );
  }

  const offline = !deps.model.writesLegalText;
  const count = input.settings.chapterPrompts.length;
  const headings = input.settings.chapterPrompts.map((prompt, index) => chapterHeading(prompt, index));
  const declared = input.settings.chapterDependencies?.map((list) => list.map((chapter) => chapter - 1));
  const dependencies = chapterDependencies(count, declared);
  if (declared) {
    const standard = chapterDependencies(count);
    dependencies.forEach((needs, index) => {
      if (needs.join() === standard[index]!.join()) return;
      details.push(
        `Chapter ${index + 1} was written from ${needs.length === 0 ? 'the case file alone' : `chapters ${needs.map((need) => need + 1).join(', ')}`} ` +
          `as the settings declare (by default: ${standard[index]!.length === 0 ? 'the case file alone' : `chapters ${standard[index]!.map((need) => need + 1).join(', ')}`}).`,
      );
    });
  }
  const limits = deps.config.generation.maxCompletionTokens;
  const injections = scanForInjections(
    caseFile.documents.map((document, index) => ({ code: document.code, pages: texts[index]!.pages })),
  );
  if (injections.length > 0) {
    details.push(
      DECISION_PIPELINE_MESSAGES.injection(
        injections.length,
        injections.map((finding) => `${finding.code} s.${finding.page}: “${finding.excerpt}”`).join('; '),
      ),
    );
  }

  // Chapters an earlier run of this job saved are not written again.
  const saved = new Map<number, ChapterCheckpoint>();
  for (const chapter of input.checkpoints?.saved ?? []) {
    if (chapter.index >= 0 && chapter.index < count && chapter.heading === headings[chapter.index]) {
      saved.set(chapter.index, chapter);
    }
  }
  if (saved.size > 0) details.push(DECISION_PIPELINE_MESSAGES.resumed(saved.size));

  // Chapter n of m: the saved ones count as done from the start.
  let done = saved.size;
  progress?.({ stage: 'drafting', done, total: count });
  let written: ChapterCheckpoint[];
  try {
    written = await runChapterGraph<ChapterCheckpoint>(
      dependencies,
      async (index, dependsOn, onPrefilled) => {
        const chapter = await writeChapter(deps, calls, {
          index,
          heading: headings[index]!,
          maxOutputTokens: limits[Math.min(index, limits.length - 1)]!,
          dispositive: index === DISPOSITIVE_CHAPTER && !offline,
          onPrefilled,
          messages: chapterMessages({
            instructions: input.settings.instructions,
            header,
            material,
            condensed,
            chapterIndex: index,
            prompt: withInstruction(input.settings.chapterPrompts[index]!, index, input.chapterInstruction),
            heading: headings[index]!,
            dependsOn,
            dispositive: index === DISPOSITIVE_CHAPTER && !offline,
            ...(input.voice ? { voice: input.voice } : {}),
          }),
        });
        await input.checkpoints?.save(chapter);
        done += 1;
        progress?.({ stage: 'drafting', done, total: count });
        return chapter;
      },
      { done: saved },
    );
  } catch (error) {
    run.abort(error);
    throw error;
  }
  signal.throwIfAborted();
  const chapters = written.map((chapter) => chapter.text);
  for (const chapter of written) details.push(...(chapter.notes ?? []));
  let dispositive: DispositivePart | undefined;
  if (offline) details.push(DECISION_PIPELINE_MESSAGES.dispositiveOffline);
  else if (count > DISPOSITIVE_CHAPTER) dispositive = written[DISPOSITIVE_CHAPTER]!.dispositive;

  progress?.({ stage: 'citations' });
  const report = checkCitations(
    chapters,
    caseFile.documents.map((document, index) => ({
      code: document.code,
      pages: texts[index]!.pages,
      ocrPages: document.ocrPages,
    })),
  );
  if (report.unverified.length > 0) {
    const shown = report.unverified.slice(0, 20).map((item) => `${item.reference} (chapter ${item.chapter})`);
    details.push(
      `${report.unverified.length} of ${report.checked} citations could not be verified against the case file: ` +
        `${shown.join(', ')}${report.unverified.length > 20 ? ' and more' : ''}. They are listed in the ` +
        'appendix of the PDF.',
    );
  }
  details.push(...calls.notes);
  const usage = totalUsage(calls, written, saved);
  if (usage.cachedTokens > 0) {
    details.push(
      `Prompt cache: ${usage.cachedTokens.toLocaleString('en')} of ${usage.promptTokens.toLocaleString('en')} ` +
        'input tokens were served from the cache.',
    );
  }
  const estimatedCostEur = offline ? undefined : estimateCost(usage, deps.config.generation.pricesEurPerMillion);
  if (estimatedCostEur !== undefined) {
    details.push(
      `Token usage: ${usage.promptTokens.toLocaleString('en')} prompt (${usage.cachedTokens.toLocaleString('en')} ` +
        `cached), ${usage.completionTokens.toLocaleString('en')} completion; estimated cost €${estimatedCostEur.toFixed(2)}.`,
    );
  }

  signal.throwIfAborted();
  return {
    details,
    chapters: written.map(({ parts: _parts, dispositive: _dispositive, notes: _notes, ...chapter }) => ({
      ...chapter,
      heading: headings[chapter.index] ?? chapter.heading,
    })),
    headings,
    documents: caseFile.documents.map((document, index) => ({
      code: document.code,
      fileId: texts[index]!.fileId,
      ...(document.phase ? { phase: document.phase } : {}),
      fileName: document.fileName,
      pages: document.pageCount,
      ...(documentNote(document) ? { note: documentNote(document) } : {}),
    })),
    production: {
      offline,
      model: calls.model ?? written.find((chapter) => chapter.model)?.model ?? deps.model.kind,
      ...(calls.sentSampling ? { sampling: calls.sentSampling } : {}),
      condensed,
      generatedAt: deps.clock.now().toISOString(),
    },
    report,
    ...(dispositive ? { dispositive } : {}),
    injections,
    usage: { ...usage, ...(estimatedCostEur !== undefined ? { estimatedCostEur } : {}) },
  };
}

/** What extractClaims found for each side. */
export interface ClaimsExtract {
  claimant: string;
  respondent: string;
  model: string;
  offline: boolean;
  details: string[];
}

/**
 * The first validation gate (before the tribunal drafts): the same case file as draftDecision (condensed
 * the same way when it is too large), and one call per side for that party's requests for relief and
 * grounds as the party stated them, with page references. The offline model's answer is labelled an extract.
 */
export async function extractClaims(
  deps: Deps,
  input: Pick<DraftDecisionInput, 'caseName' | 'claimant' | 'respondent' | 'groups' | 'settings'>,
  signal: AbortSignal,
  progress?: (progress: JobProgress) => void,
): Promise<ClaimsExtract> {
  const header: DecisionCaseHeader = {
    caseName: input.caseName,
    ...(input.claimant ? { claimant: input.claimant } : {}),
    ...(input.respondent ? { respondent: input.respondent } : {}),
  };
  const texts = await loadTexts(deps, input.groups, signal, progress);
  const caseFile: CaseFile = buildCaseFile(numberedGroups(input.groups, texts), { keepUnreadable: true });
  if (caseFile.documents.length === 0) throw new JobFailure('The case has no documents to extract the claims from.');
  const calls = new DecisionModelCalls(deps, input.settings, signal);
  const details = [...caseFile.notes];
  const budget = caseFileBudget(deps.config.generation.contextTokens, input.settings);
  let material = caseFile.text;
  let condensed = false;
  if (countTokens(caseFileMessage(header, material, false)) > budget) {
    material = await condense(calls, header, caseFile, texts, budget, signal);
    condensed = true;
    details.push('The case file was condensed per document (with page references) before the claims were extracted.');
  }
  const offline = !deps.model.writesLegalText;
  const [claimant, respondent] = await Promise.all(
    (['claimant', 'respondent'] as const).map(async (side) => {
      const text = stripOfflineNoise(
        await calls.complete(claimsMessages({ header, material, condensed, side }), 4_000),
      );
      return offline ? `${CLAIMS_OFFLINE_LABEL}\n\n${text}` : text;
    }),
  );
  signal.throwIfAborted();
  details.push(...calls.notes);
  return {
    claimant: claimant!,
    respondent: respondent!,
    model: calls.model ?? deps.model.kind,
    offline,
    details,
  };
}

/**
 * Writes one chapter: a call with its completion limit; an answer cut off
 * there (`length`) continued by follow-up calls that append to it, up to
 * MAX_CONTINUATIONS, then the chapter fails; an answer withheld by the content
 * filter fails the job with a message naming the chapter. Chapter 6 also
 * yields the dispositive part from the fenced JSON at its end (one correction
 * asked for when it is missing or invalid), stripped from the printed text.
 */
async function writeChapter(
  deps: Pick<Deps, 'clock'>,
  calls: DecisionModelCalls,
  chapter: {
    index: number;
    heading: string;
    maxOutputTokens: number;
    dispositive: boolean;
    onPrefilled: () => void;
    messages: ChatMessage[];
  },
): Promise<ChapterCheckpoint> {
  const { index, heading } = chapter;
  const usage: TokenUsage = { promptTokens: 0, cachedTokens: 0, completionTokens: 0 };
  const add = (result: { usage?: { promptTokens: number; completionTokens: number; cachedTokens?: number } }) => {
    usage.promptTokens += result.usage?.promptTokens ?? 0;
    usage.cachedTokens += result.usage?.cachedTokens ?? 0;
    usage.completionTokens += result.usage?.completionTokens ?? 0;
  };
  let raw = '';
  let parts = 0;
  let finishReason: string | undefined;
  let model: string | undefined;
  for (;;) {
    parts += 1;
    const messages: ChatMessage[] =
      parts === 1
        ? chapter.messages
        : [...chapter.messages, { role: 'assistant', content: raw }, { role: 'user', content: CONTINUE_INSTRUCTION }];
    let result: CompletionResult;
    try {
      result = await calls.completion(messages, {
        maxOutputTokens: chapter.maxOutputTokens,
        ...(parts === 1 ? { onPrefilled: chapter.onPrefilled } : {}),
      });
    } catch (error) {
      if (!(error instanceof PromptFilteredError)) throw error;
      const message = DECISION_PIPELINE_MESSAGES.contentFiltered(index + 1, heading);
      throw new JobFailure(message, [message, error.message]);
    }
    add(result);
    raw += result.text;
    finishReason = result.finishReason;
    model ??= result.model;
    if (finishReason === 'content_filter') {
      const message = DECISION_PIPELINE_MESSAGES.contentFiltered(index + 1, heading);
      throw new JobFailure(message, [message]);
    }
    if (finishReason !== 'length') break;
    if (parts > MAX_CONTINUATIONS) {
      const message = DECISION_PIPELINE_MESSAGES.truncated(index + 1, heading, parts);
      throw new JobFailure(message, [message]);
    }
  }
  const notes = parts > 1 ? [DECISION_PIPELINE_MESSAGES.continued(index + 1, heading, parts)] : [];

  let dispositive: DispositivePart | undefined;
  if (chapter.dispositive) {
    const first = readDispositive(raw);
    raw = first.text;
    dispositive = first.part;
    if (!dispositive) {
      const retry = await calls.completion([
        ...chapter.messages,
        { role: 'assistant', content: raw },
        { role: 'user', content: correctDispositiveMessage(first.problem) },
      ]);
      add(retry);
      dispositive = readDispositive(retry.text, true).part;
      if (!dispositive) notes.push(DECISION_PIPELINE_MESSAGES.dispositiveMissing);
    }
  }
  return {
    index,
    heading,
    text: cleanChapter(raw, index, heading),
    ...(finishReason ? { finishReason } : {}),
    ...(model ? { model } : {}),
    generatedAt: deps.clock.now().toISOString(),
    usage,
    parts,
    ...(dispositive ? { dispositive } : {}),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

const JSON_BLOCK = /```json\s*\n([\s\S]*?)\n?```\s*$/iu;

/**
 * The dispositive part from the fenced ```json block at the end of an
 * answer (`whole`: or the answer itself as JSON), validated; the text
 * without the block.
 */
export function readDispositive(
  answer: string,
  whole = false,
): { text: string; part?: DispositivePart; problem: string } {
  const trimmed = answer.trimEnd();
  const block = JSON_BLOCK.exec(trimmed);
  const text = block ? trimmed.slice(0, block.index).trimEnd() : answer;
  const json = block?.[1] ?? (whole ? trimmed : undefined);
  if (json === undefined) return { text, problem: 'no ```json block at the end' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { text, problem: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = dispositivePartSchema.safeParse(value);
  if (!parsed.success) {
    return {
      text,
      problem: parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || 'root'}: ${issue.message}`)
        .join('; '),
    };
  }
  return { text, part: parsed.data, problem: '' };
}

/** Every call of the decision: the dossier's, the chapters' of this run, and the saved chapters' of earlier runs. */
function totalUsage(
  calls: DecisionModelCalls,
  written: readonly ChapterCheckpoint[],
  saved: ReadonlyMap<number, ChapterCheckpoint>,
): TokenUsage {
  const usage: TokenUsage = {
    promptTokens: calls.promptTokens,
    cachedTokens: calls.cachedTokens,
    completionTokens: calls.completionTokens,
  };
  for (const chapter of written) {
    if (!saved.has(chapter.index) || !chapter.usage) continue;
    usage.promptTokens += chapter.usage.promptTokens;
    usage.cachedTokens += chapter.usage.cachedTokens;
    usage.completionTokens += chapter.usage.completionTokens;
  }
  return usage;
}

/** Euros: uncached prompt, cached prompt and completion tokens at their prices per million. */
export function estimateCost(
  usage: TokenUsage,
  prices: { prompt: number; cached: number; completion: number },
): number {
  const uncached = Math.max(0, usage.promptTokens - usage.cachedTokens);
  const euros =
    (uncached * prices.prompt + usage.cachedTokens * prices.cached + usage.completionTokens * prices.completion) /
    1_000_000;
  return Math.round(euros * 10_000) / 10_000;
}

/**
 * The award's document list says what of a file could not be read, and which
 * pages were read from scanned images by OCR (and which of them poorly).
 */
export function documentNote(document: CaseFileEntry): string | undefined {
  if (document.unreadable) return 'ei luettavissa';
  const parts: string[] = [];
  if (document.ocrPages.length > 0) {
    const pages = document.ocrPages.map((page) => page.page);
    const poor = document.ocrPages.filter((page) => page.poor).map((page) => page.page);
    parts.push(
      `luettu skannatusta kuvasta (OCR): ${pages.length === 1 ? 's.' : 'ss.'} ${pageRanges(pages)}` +
        (poor.length > 0 ? `, heikosti luettu ${poor.length === 1 ? 's.' : 'ss.'} ${pageRanges(poor)}` : ''),
    );
  }
  if (document.scannedPages.length > 0) parts.push(`skannattuja sivuja ${document.scannedPages.length}, ei tekstiä`);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

async function loadTexts(
  deps: Pick<Deps, 'blobs' | 'store' | 'clock' | 'log' | 'config'>,
  groups: readonly DecisionSourceGroup[],
  signal: AbortSignal,
  progress?: (progress: JobProgress) => void,
): Promise<DocumentText[]> {
  const texts: DocumentText[] = [];
  // Scanned pages are read by OCR within the job's limits (pages per file, seconds for the whole decision).
  const ocr = documentOcr(deps.config.ocr, signal, progress);
  for (const group of groups) {
    for (const document of group.documents) {
      signal.throwIfAborted();
      try {
        texts.push(await loadDocumentText(deps, document, ocr));
      } catch (error) {
        if (!(error instanceof DocumentUnreadableError)) throw error;
        texts.push({
          fileId: document.fileId,
          fileName: document.fileName,
          pages: [],
          scannedPages: [],
          encrypted: false,
          unreadable: error.message,
        });
      }
    }
  }
  return texts;
}

/** One party's documents number on across its phases: K1, K2 in the claim, K3 in the claimant's first letter. */
function numberedGroups(groups: readonly DecisionSourceGroup[], texts: readonly DocumentText[]) {
  const next = new Map<string, number>();
  let offset = 0;
  return groups.map((group) => {
    const firstNumber = next.get(group.prefix) ?? 1;
    next.set(group.prefix, firstNumber + group.documents.length);
    const documents = texts.slice(offset, offset + group.documents.length);
    offset += group.documents.length;
    return {
      prefix: group.prefix,
      documents,
      firstNumber,
      ...(group.phase ? { phase: PHASE_NAMES[group.phase] } : {}),
    };
  });
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
function stripOfflineNoise(text: string): string {
  return unfenced(text)
    .replace(/^\s{0,3}#{1,6}\s+/gmu, '')
    .trim();
}

/**
 * A chapter as the award prints it: without a fence around the whole answer,
 * and without a first heading that repeats the chapter's number or title
 * (the award prints its own).
 */
function cleanChapter(text: string, index: number, title: string): string {
  const body = unfenced(text).trim();
  const [first = '', ...rest] = body.split('\n');
  const heading = /^\s{0,3}(#{1,6})\s+(.*)$/u.exec(first);
  const repeatsTitle =
    heading &&
    (heading[1]!.length <= 2 ||
      heading[2]!.includes(`${index + 1}.`) ||
      heading[2]!.toLowerCase().includes(title.toLowerCase()));
  const cleaned = repeatsTitle ? rest.join('\n').trim() : body;
  return cleaned || '_Luku jäi tyhjäksi: kielimalli ei kirjoittanut siihen tekstiä._';
}

function unfenced(text: string): string {
  const fenced = /^\s*```(?:markdown|md)?\s*\n([\s\S]*?)\n```\s*$/iu.exec(text);
  return fenced?.[1] ?? text;
}

/** A chapter's prompt with the tribunal's instruction for it, when it has one. */
function withInstruction(prompt: string, index: number, instruction: DraftDecisionInput['chapterInstruction']): string {
  if (!instruction || instruction.index !== index || !instruction.text.trim()) return prompt;
  return `${prompt}\n\n${TRIBUNAL_INSTRUCTION_LEAD}\n${instruction.text.trim()}`;
}

/** How the tribunal's instruction is introduced in a chapter's prompt (it is the tribunal's, not a party's). */
export const TRIBUNAL_INSTRUCTION_LEAD =
  'Välimiesoikeuden ohje tämän luvun uudelleenkirjoittamiseen (noudata sitä; muut luvut ovat välimiesoikeuden hyväksymässä muodossa):';
