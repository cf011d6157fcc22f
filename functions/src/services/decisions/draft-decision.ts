import {
  DECISION_CHAPTER_COUNT,
  DEFAULT_CHAPTER_HEADINGS,
  type DecisionSettings,
  type JobProgress,
  type PhaseType,
} from '@ratkaisu/core';
import { countTokens } from 'gpt-tokenizer';
import type { Deps } from '../../deps.js';
import { renderMarkdownPdf } from '../../pdf/render-markdown-pdf.js';
import {
  buildCaseFile,
  documentOpening,
  pageBlocks,
  type CaseFile,
  type CaseFileEntry,
} from '../documents/build-case-file.js';
import { pageRanges, type DocumentSource, type DocumentText } from '../documents/document-text.js';
import { documentOcr, DocumentUnreadableError, loadDocumentText } from '../documents/load-document-text.js';
import { JobFailure } from '../jobs/run-job.js';
import { checkCitations } from './check-citations.js';
import { decisionMarkdown } from './decision-markdown.js';
import {
  caseFileMessage,
  chapterMessages,
  condenseMessages,
  type DecisionCaseHeader,
  type DecisionParty,
} from './decision-prompt.js';
import { DecisionModelCalls } from './model-calls.js';

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
}

export interface DecisionDraft {
  pdf: Uint8Array;
  details: string[];
}

/** Chapters 1–4 are written from the case file alone; 5–7 also read them (SPEC.md section 3 headings). */
export const FIRST_ROUND = 4;

/** How the phases read in a Finnish award's list of documents. */
const PHASE_NAMES: Record<PhaseType, string> = {
  Claim: 'Kanne',
  Response: 'Vastaus',
  ClaimantLetter1: 'Kantajan lausuma 1',
  RespondentLetter1: 'Vastaajan lausuma 1',
  ClaimantLetter2: 'Kantajan lausuma 2',
  RespondentLetter2: 'Vastaajan lausuma 2',
  Resolution: 'Ratkaisu',
};

/**
 * Drafts an arbitral award as a PDF: the text of every document (from the
 * cache after the first time), one case file with page references, the seven
 * chapters in two rounds of parallel model calls (1–4 from the case file,
 * then 5–7 with 1–4 before them), every citation checked against the pages,
 * and the award rendered. A case file over the model's context budget is
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

  const calls = new DecisionModelCalls(deps, input.settings, signal);
  const details = [...caseFile.notes];
  const budget = caseFileBudget(deps.config.generation.contextTokens, input.settings);
  let material = caseFile.text;
  let condensed = false;
  const caseTokens = countTokens(caseFileMessage(header, material, false));
  if (caseTokens > budget) {
    material = await condense(calls, header, caseFile, texts, budget, signal);
    condensed = true;
    details.push(
      `The case file (${caseTokens.toLocaleString('en')} tokens) exceeds what the model reads at once ` +
        `(${budget.toLocaleString('en')}); it was condensed per document into a dossier with page references first.`,
    );
  }

  const write = (index: number, earlier?: readonly string[]) =>
    calls
      .complete(
        chapterMessages({
          instructions: input.settings.instructions,
          header,
          material,
          condensed,
          chapterIndex: index,
          prompt: input.settings.chapterPrompts[index]!,
          ...(earlier ? { earlier } : {}),
        }),
      )
      .then((text) => cleanChapter(text, index));
  const firstRound = await Promise.all(range(0, FIRST_ROUND).map((index) => write(index)));
  const secondRound = await Promise.all(
    range(FIRST_ROUND, DECISION_CHAPTER_COUNT).map((index) => write(index, firstRound)),
  );
  const chapters = [...firstRound, ...secondRound];
  signal.throwIfAborted();

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
  if (calls.cachedTokens > 0) {
    details.push(
      `Prompt cache: ${calls.cachedTokens.toLocaleString('en')} of ${calls.promptTokens.toLocaleString('en')} ` +
        'input tokens were served from the cache.',
    );
  }

  const offline = deps.model.kind === 'offline';
  const markdown = decisionMarkdown({
    caseName: input.caseName,
    ...(input.claimant ? { claimant: input.claimant } : {}),
    ...(input.respondent ? { respondent: input.respondent } : {}),
    date: deps.clock.now(),
    chapters,
    documents: caseFile.documents.map((document) => ({
      code: document.code,
      ...(document.phase ? { phase: document.phase } : {}),
      fileName: document.fileName,
      pages: document.pageCount,
      ...(documentNote(document) ? { note: documentNote(document) } : {}),
    })),
    production: {
      offline,
      model: calls.model ?? deps.model.kind,
      ...(calls.sentSampling ? { sampling: calls.sentSampling } : {}),
      condensed,
    },
    unverified: report.unverified,
    checkedCitations: report.checked,
  });
  signal.throwIfAborted();
  const pdf = await renderMarkdownPdf(markdown, {
    title: `Välitystuomio — ${input.caseName}`,
    footerText: input.caseName,
    author: offline ? 'Ratkaisu (offline)' : `Ratkaisu (${calls.model ?? 'AI'})`,
    createdAt: deps.clock.now(),
  });
  return { pdf, details };
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
  deps: Pick<Deps, 'blobs' | 'clock' | 'log' | 'config'>,
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
 * answer, for chapters 1–4 read again in the second round, and for the
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
      return calls.complete(
        condenseMessages({
          header,
          documentText: run.text,
          code: entry.code,
          fileName: entry.fileName,
          // Finnish runs at roughly 2.5 tokens a word.
          targetWords: Math.max(60, Math.floor(targetTokens / 2.5)),
        }),
      );
    }),
  );
  signal.throwIfAborted();
  const documents = caseFile.documents.map((entry, index) => {
    const parts = runs
      .map((run, runIndex) => ({ run, summary: summaries[runIndex]! }))
      .filter(({ run }) => run.document === index)
      .map(({ run, summary }) => `(Sivut ${run.first}–${run.last}, tiivistelmä)\n${stripOfflineNoise(summary)}`);
    return `${documentOpening(entry.code, texts[index]!, entry.phase, ' tiivistelmä="kyllä"')}\n${parts.join('\n\n')}\n</asiakirja>`;
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
function cleanChapter(text: string, index: number): string {
  const body = unfenced(text).trim();
  const [first = '', ...rest] = body.split('\n');
  const heading = /^\s{0,3}(#{1,6})\s+(.*)$/u.exec(first);
  const repeatsTitle =
    heading &&
    (heading[1]!.length <= 2 ||
      heading[2]!.includes(`${index + 1}.`) ||
      heading[2]!.toLowerCase().includes(DEFAULT_CHAPTER_HEADINGS[index]!.toLowerCase()));
  const cleaned = repeatsTitle ? rest.join('\n').trim() : body;
  return cleaned || '_Luku jäi tyhjäksi: kielimalli ei kirjoittanut siihen tekstiä._';
}

function unfenced(text: string): string {
  const fenced = /^\s*```(?:markdown|md)?\s*\n([\s\S]*?)\n```\s*$/iu.exec(text);
  return fenced?.[1] ?? text;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}
