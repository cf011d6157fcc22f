import type { DecisionSettings, DispositivePart } from '@ratkaisu/core';
import type { DecisionDocumentRow, DecisionProduction } from '../awards/award-document.js';
import type { CitationReport } from '../citations/check-citations.js';
import type { CaseDocumentGroup } from '../documents/case-document-groups.js';
import type { InjectionFinding } from '../documents/injection-scan.js';
import type { DecisionParty, DecisionVoice } from './decision-prompt.js';

/**
 * The shapes the decision pipeline passes between its steps: what it is asked (DraftDecisionInput), what a
 * chapter is when written and when saved as a checkpoint, and what it produces (DecisionDraft). The steps:
 * read-case-file.ts (texts and the numbered case file), condense-case-file.ts (the dossier of a case too
 * large for the model), write-chapter.ts (one chapter, continued and its dispositive part read),
 * decision-usage.ts (tokens and cost), draft-decision.ts (the seven chapters along their graph, citations).
 */
export type { DecisionParty };

/** One phase's documents as the case file numbers them (documents/case-document-groups.ts). */
export type DecisionSourceGroup = CaseDocumentGroup;

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
