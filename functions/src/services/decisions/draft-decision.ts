import { DECISION_PIPELINE_MESSAGES, type DispositivePart, type JobProgress } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { CaseFile } from '../documents/build-case-file.js';
import type { DocumentText } from '../documents/document-text.js';
import { scanForInjections } from '../documents/injection-scan.js';
import { JobFailure } from '../jobs/run-job.js';
import { checkCitations } from '../citations/check-citations.js';
import { chapterDependencies, runChapterGraph } from './chapter-graph.js';
import { caseMaterial } from './condense-case-file.js';
import {
  DISPOSITIVE_CHAPTER,
  type ChapterCheckpoint,
  type DecisionDraft,
  type DraftDecisionInput,
} from './decision-draft.js';
import { chapterHeading, chapterMessages, type DecisionCaseHeader } from './decision-prompt.js';
import { estimateCost, totalUsage, usageDetails } from './decision-usage.js';
import { DecisionModelCalls } from './model-calls.js';
import { documentNote, readCaseFile } from './read-case-file.js';
import { withInstruction, writeChapter } from './write-chapter.js';

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
  const { texts, caseFile } = await readCaseFile(deps, input.groups, signal, progress);
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
  const {
    material,
    condensed,
    details: materialDetails,
  } = await caseMaterial(
    calls,
    {
      header,
      caseFile,
      texts,
      contextTokens: deps.config.generation.contextTokens,
      settings: input.settings,
      ...(input.checkpoints?.dossier ? { savedDossier: input.checkpoints.dossier } : {}),
      ...(input.checkpoints?.saveDossier ? { saveDossier: input.checkpoints.saveDossier } : {}),
    },
    signal,
  );
  details.push(...materialDetails);

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
  const estimatedCostEur = offline ? undefined : estimateCost(usage, deps.config.generation.pricesEurPerMillion);
  details.push(...usageDetails(usage, estimatedCostEur));

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
