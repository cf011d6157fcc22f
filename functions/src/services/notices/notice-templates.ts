import type { DisplayLanguage, NoticeEvent } from '@ratkaisu/core';
import type { CaseFacts, NoticeParams, RenderedNotice } from './notice-params.js';
import { renderTemplate, type NoticeTemplate } from './render-template.js';
import { CASE_NOTICES } from './templates/cases.js';
import { CLAIMS_NOTICES } from './templates/claims.js';
import { CORRECTION_NOTICES } from './templates/corrections.js';
import { DECISION_NOTICES } from './templates/decisions.js';
import { FEE_NOTICES } from './templates/fees.js';
import { TRIBUNAL_NOTICES } from './templates/tribunal.js';

export type { CaseFacts, CorrectionStep, NoticeParams, RenderedNotice, Side } from './notice-params.js';
export { REQUEST } from './templates/words.js';

/**
 * The one template set of the case notices (docs/notices.md): for each event its subject, body, the line that
 * leads to the link, the one-line summary the in-app notice shows and who receives it, in English and Finnish, as
 * data in the tables under templates/ (one per domain); render-template.ts fills one in for each recipient in the
 * recipient's language (notify.ts). English texts that existed before keep their wording; the Finnish ones use the
 * glossary's terms (asia, kantaja, vastaaja, ratkaisuehdotus, välimiesoikeus, välitystuomio). A new event gets its
 * entry in its domain's table (or a table of its own) and its name in core's NOTICE_EVENTS.
 */
export const NOTICE_TEMPLATES: { [E in NoticeEvent]: NoticeTemplate<NoticeParams[E]> } = {
  ...DECISION_NOTICES,
  ...TRIBUNAL_NOTICES,
  ...CLAIMS_NOTICES,
  ...CORRECTION_NOTICES,
  ...CASE_NOTICES,
  ...FEE_NOTICES,
};

export function renderNotice<E extends NoticeEvent>(
  event: E,
  language: DisplayLanguage,
  input: NoticeParams[E] & CaseFacts,
): RenderedNotice {
  return renderTemplate(NOTICE_TEMPLATES[event] as NoticeTemplate<NoticeParams[E]>, language, input);
}
