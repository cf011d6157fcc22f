import type { AwardFrameInput, FrameContext } from './award-frame-input.js';
import { flagMark, type markFlags } from './award-frame-flags.js';
import { cell, inline } from './award-frame-markdown.js';
import * as W from './award-wording-fi.js';

/** Section 10: the signatures (awards only: an AI decision has no signature lines). */
export function signaturesSection(input: AwardFrameInput, frame: FrameContext): string[] {
  const out: string[] = [];
  const { date, isAward, sole } = frame;
  if (isAward) {
    out.push(`## ${W.HEADINGS.signatures}`, W.SIGNATURE_TEXT.line(date));
    const members = input.tribunal ?? [];
    for (const member of members) {
      if (member.notSigningReason) continue;
      out.push(
        [
          // Room above the line for the visible signature block (the PDF's reserved signature field).
          ...Array.from({ length: W.SIGNATURE_BLOCK.blankLines }, () => '\u00a0'),
          W.SIGNATURE_BLOCK.line,
          `${inline(member.name)}`,
          `${inline(member.title)}, ${W.TRIBUNAL_TEXT.roles[member.role]}`,
        ].join('  \n'),
      );
    }
    for (const member of members.filter((m) => m.notSigningReason)) {
      out.push(`*${W.SIGNATURE_TEXT.notSigned(inline(member.name), inline(member.notSigningReason!))}*`);
    }
    out.push(
      `*${input.kind === 'award' ? W.SIGNATURE_TEXT.electronic(sole) : W.SIGNATURE_TEXT.draft}*`,
      `*${W.SIGNATURE_TEXT.law36(sole)}*`,
    );
  }
  return out;
}

/** The annexed documents. */
export function documentsSection(input: AwardFrameInput): string[] {
  const out: string[] = [];
  out.push(`## ${W.HEADINGS.documents}`);
  if (input.documents.length === 0) {
    out.push(W.DOCUMENTS_TEXT.none);
  } else {
    out.push(
      [
        W.DOCUMENTS_TEXT.header,
        W.DOCUMENTS_TEXT.rule,
        ...input.documents.map(
          (document) =>
            `| ${document.code} | ${cell(document.phase ?? '')} | ${cell(document.fileName)} | ${document.pages}${document.note ? ` (${cell(document.note)})` : ''} |`,
        ),
      ].join('\n'),
    );
  }
  return out;
}

/** How AI was used, and the human oversight. */
export function aiUseSection(input: AwardFrameInput, marks: ReturnType<typeof markFlags>): string[] {
  const out: string[] = [];
  out.push(`## ${W.HEADINGS.aiUse}`, aiUseStatement(input, marks.count));
  return out;
}

/** The references the citation check flagged, one footnote each. */
export function flaggedSection(input: AwardFrameInput, marks: ReturnType<typeof markFlags>): string[] {
  const out: string[] = [];
  out.push(`## ${W.HEADINGS.flagged}`);
  if (marks.rows.length === 0) {
    out.push(W.FLAGGED_TEXT.none(input.checkedReferences));
  } else {
    out.push(
      W.FLAGGED_TEXT.intro(marks.rows.length, input.checkedReferences),
      [
        W.FLAGGED_TEXT.header,
        W.FLAGGED_TEXT.rule,
        ...marks.rows.map(
          (row) =>
            `| ${flagMark(row.n)} | ${row.flag.chapter} | ${cell(row.flag.reference)} | ${cell(row.flag.reason)} |`,
        ),
      ].join('\n'),
    );
  }
  return out;
}

function aiUseStatement(input: AwardFrameInput, flagged: number): string {
  const ai = input.aiUse;
  const sole = (input.tribunal?.length ?? 0) <= 1;
  const isAward = input.kind === 'award' || input.kind === 'draftAward';
  const parts: string[] = [];
  if (ai.offline) parts.push(W.AI_USE_TEXT.offline);
  else {
    parts.push(W.AI_USE_TEXT.intro(inline(ai.model)));
    parts.push(
      ai.sampling ? W.AI_USE_TEXT.sampling(ai.sampling.temperature, ai.sampling.top_p) : W.AI_USE_TEXT.noSampling,
    );
  }
  if (ai.settingsBy && ai.settingsAt) {
    parts.push(
      W.AI_USE_TEXT.settings(
        inline(ai.settingsBy),
        W.finnishShortDate(ai.settingsAt),
        ai.customPrompts ? W.AI_USE_TEXT.customPrompts : W.AI_USE_TEXT.defaultPrompts,
      ),
    );
  }
  if (ai.settingsSha256) parts.push(W.AI_USE_TEXT.settingsHash(ai.settingsSha256));
  parts.push(W.AI_USE_TEXT.generatedAt(W.finnishShortDate(ai.generatedAt)));
  if (ai.condensed) parts.push(W.AI_USE_TEXT.condensed);
  if (ai.changedPercent !== undefined) {
    parts.push(ai.changedPercent > 0 ? W.AI_USE_TEXT.changed(ai.changedPercent, sole) : W.AI_USE_TEXT.unchanged(sole));
  }
  parts.push(W.AI_USE_TEXT.citations(input.checkedReferences, flagged));
  if (ai.injections > 0) parts.push(W.AI_USE_TEXT.injections(ai.injections, isAward));
  parts.push(isAward ? W.AI_USE_TEXT.oversight(sole) : W.AI_USE_TEXT.oversightAi);
  return parts.join(' ');
}
