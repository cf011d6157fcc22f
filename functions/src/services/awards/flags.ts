import type { FlaggedReference } from '@ratkaisu/core';
import type { AwardDocument, DecisionDocumentRow, DecisionProduction } from './award-document.js';

/** What the decision pipeline hands over (decisions/draft-decision.ts's DecisionDraft, structurally). */
export interface DraftForRecord {
  chapters: { heading: string; text: string }[];
  documents: DecisionDocumentRow[];
  production: DecisionProduction;
  report: {
    checked: number;
    unverified: {
      reference: string;
      chapter: number;
      reason: string;
      quote?: string;
      index?: number;
      length?: number;
      kind?: string;
    }[];
  };
  dispositive?: AwardDocument['dispositive'];
  injections: AwardDocument['injections'];
}

/** A citation-check finding with where it stands; an older report without offsets is located by its text. */
export function toFlag(
  item: DraftForRecord['report']['unverified'][number],
  chapters: readonly { text: string }[],
): FlaggedReference {
  const text = chapters[item.chapter - 1]?.text ?? '';
  const index = Math.max(0, item.index ?? text.indexOf(item.reference));
  const length = item.length ?? item.reference.length;
  const marked = text.slice(index, index + length);
  return {
    chapter: item.chapter,
    index,
    length,
    ...(marked ? { marked } : {}),
    reference: item.reference,
    reason: item.quote ? `${item.reason} ”${item.quote}”` : item.reason,
    ...(item.kind ? { kind: item.kind } : {}),
  };
}
