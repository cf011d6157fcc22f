import type { AwardFrameInput, FrameContext } from './award-frame-input.js';
import type { markFlags } from './award-frame-flags.js';
import { demoteHeadings, inline } from './award-frame-markdown.js';
import * as W from './award-wording-fi.js';

/** Section 6: the parties' requests for relief and grounds, as they confirmed or corrected them. */
export function claimsSection(input: AwardFrameInput, frame: FrameContext): string[] {
  const out: string[] = [];
  const { isAward } = frame;
  if (isAward) {
    out.push(`## ${W.HEADINGS.claims}`);
    if (input.claims) {
      out.push(W.CLAIMS_TEXT.intro);
      for (const side of ['claimant', 'respondent'] as const) {
        const entry = input.claims[side];
        const party = W.CLAIMS_TEXT.party[side]!;
        const status =
          entry.status === 'Confirmed'
            ? W.CLAIMS_TEXT.confirmed(party, entry.answeredAt ? W.finnishShortDate(entry.answeredAt) : '')
            : entry.status === 'Corrected'
              ? W.CLAIMS_TEXT.corrected(party, entry.answeredAt ? W.finnishShortDate(entry.answeredAt) : '')
              : W.CLAIMS_TEXT.proposed;
        out.push(`### ${side === 'claimant' ? W.LABELS.claimant : W.LABELS.respondent} (${status.trim()})`);
        const parts = splitReliefAndGrounds(entry.text);
        if (parts) {
          out.push(`#### ${W.HEADINGS.claimsRelief}`, demoteHeadings(parts.relief, '#####') || '—');
          if (parts.grounds) out.push(`#### ${W.HEADINGS.claimsGrounds}`, demoteHeadings(parts.grounds, '#####'));
        } else {
          out.push(demoteHeadings(entry.text.trim()) || '—');
        }
      }
      if (input.claims.comments.length > 0) {
        out.push(
          `### ${W.CLAIMS_TEXT.comments}`,
          input.claims.comments
            .map(
              (comment) =>
                `- ${W.finnishShortDate(comment.at)}, ${inline(comment.name)} (${W.CLAIMS_TEXT.by[comment.by] ?? comment.by}): ${inline(comment.text)}`,
            )
            .join('\n'),
        );
      }
    } else {
      out.push(W.CLAIMS_TEXT.none);
    }
  }
  return out;
}

/** Section 7: the reasons, the chapters under their own headings with the flagged references marked. */
export function reasonsSection(input: AwardFrameInput, marks: ReturnType<typeof markFlags>): string[] {
  const out: string[] = [];
  out.push(`## ${W.HEADINGS.reasons}`);
  marks.texts.forEach((text, index) => {
    out.push(`### ${index + 1}. ${inline(input.chapters[index]!.heading)}`, demoteHeadings(text));
  });
  return out;
}

const RELIEF_LINE = /^\s{0,3}(?:#{1,6}\s*)?(?:\*\*|__)?\s*vaatimukset\s*:?\s*(?:\*\*|__)?\s*:?\s*$/iu;
const GROUNDS_LINE = /^\s{0,3}(?:#{1,6}\s*)?(?:\*\*|__)?\s*perusteet\s*:?\s*(?:\*\*|__)?\s*:?\s*$/iu;

/**
 * A side's confirmed text split at its own "Vaatimukset" and "Perusteet" lines (a heading, a bold line or a
 * plain line, as the extract or the party wrote it), each part exactly as confirmed; undefined when the text
 * has no "Vaatimukset" line (it is then printed whole).
 */
export function splitReliefAndGrounds(text: string): { relief: string; grounds?: string } | undefined {
  const lines = text.split('\n');
  const reliefAt = lines.findIndex((line) => RELIEF_LINE.test(line));
  if (reliefAt < 0) return undefined;
  const groundsAt = lines.findIndex((line, index) => index > reliefAt && GROUNDS_LINE.test(line));
  const before = lines.slice(0, reliefAt).join('\n').trim();
  const relief = lines
    .slice(reliefAt + 1, groundsAt < 0 ? undefined : groundsAt)
    .join('\n')
    .trim();
  const grounds =
    groundsAt < 0
      ? ''
      : lines
          .slice(groundsAt + 1)
          .join('\n')
          .trim();
  return { relief: [before, relief].filter(Boolean).join('\n\n'), ...(grounds ? { grounds } : {}) };
}
