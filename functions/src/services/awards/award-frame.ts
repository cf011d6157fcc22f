import { claimsSection, reasonsSection } from './award-frame-claims.js';
import { aiUseSection, documentsSection, flaggedSection, signaturesSection } from './award-frame-closing.js';
import { markFlags } from './award-frame-flags.js';
import type { AwardFrameInput, FrameContext } from './award-frame-input.js';
import {
  agreementSection,
  historySection,
  partiesSection,
  titleSection,
  tribunalSection,
} from './award-frame-opening.js';
import { costsAndNoticesSection, dispositiveSection } from './award-frame-orders.js';
import * as W from './award-wording-fi.js';

/**
 * The award's fixed frame (issue "The award document"): the sections a Finnish
 * arbitral award needs, in this order, from the case's data, whatever the
 * chapter prompts say. The model writes only the reasons (the chapters) and
 * proposes the dispositive part as data; everything else comes from the case
 * record. The wording is award-wording-fi.ts's; this module only arranges it.
 */

export type {
  AwardFrameInput,
  AwardFrameKind,
  FrameClaims,
  FrameClaimsSide,
  FrameClause,
  FrameDocumentRow,
  FrameHistoryEntry,
  FrameMemberInput,
  FramePartyInput,
} from './award-frame-input.js';
export { splitReliefAndGrounds } from './award-frame-claims.js';
export { flagMark, markFlags } from './award-frame-flags.js';
export { inline } from './award-frame-markdown.js';
export { orderText } from './award-frame-orders.js';

/** The award's Markdown: its sections in order (award-frame-opening.ts … award-frame-closing.ts). */
export function awardMarkdown(input: AwardFrameInput): string {
  const frame: FrameContext = {
    date: W.finnishDate(input.date),
    isAward: input.kind === 'award' || input.kind === 'draftAward',
    sole: (input.tribunal?.length ?? 0) <= 1,
    orders: input.dispositive?.orders ?? [],
  };
  const marks = markFlags(input.chapters, input.flagged);
  const out = [
    ...titleSection(input, frame),
    ...partiesSection(input),
    ...tribunalSection(input),
    ...agreementSection(input, frame),
    ...historySection(input),
    ...claimsSection(input, frame),
    ...reasonsSection(input, marks),
    ...dispositiveSection(input, frame),
    ...costsAndNoticesSection(input, frame),
    ...signaturesSection(input, frame),
    ...documentsSection(input),
    ...aiUseSection(input, marks),
    ...flaggedSection(input, marks),
  ];
  return `${out.join('\n\n')}\n`;
}
