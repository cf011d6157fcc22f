import type { DisplayLanguage } from '@ratkaisu/core';
import type { CaseFacts, RenderedNotice } from './notice-params.js';

/**
 * The one renderer of the notice tables (templates/*.ts): each event's entry is data — per language a subject,
 * the body's lines and the in-app summary with named `{{parameters}}`, the line that leads to the link, and who
 * receives it — and this fills them in and frames the mail the same way for every event: the greeting, the
 * lines, the link, the signature.
 */

/** The named values an entry's texts refer to; a line under `if` is left out when its value is absent or empty. */
export type NoticeValues = Readonly<Record<string, string | undefined>>;

/** A body line, or lines shown only when the named value is given. */
export type NoticeLine = string | { readonly if: string; readonly lines: readonly string[] };

export interface NoticeText {
  /** The mail's subject; `{{prefix}}` is "Ratkaisu case "X" (RAT-…)" / "Ratkaisu, asia "X" (RAT-…)". */
  subject: string;
  /** The body between the greeting and the link. */
  lines: readonly NoticeLine[];
  /** The line that leads to the link (what opening it does), after the body. */
  action?: string;
  /** The in-app notice's line; the first body line when not given. */
  summary?: string;
}

export type NoticeTexts = Readonly<Record<DisplayLanguage, NoticeText>>;

export interface NoticeTemplate<P> {
  /** Who receives it, as docs/notices.md's table says (the callers of notify.ts choose the addresses). */
  to: string;
  /** The event's own named values in a language; every text also has the case's (caseName, caseRef, …). */
  values?: (input: P, language: DisplayLanguage) => NoticeValues;
  /** Which of `texts` an input takes; `default` when not given. */
  variant?: (input: P) => string;
  texts: Readonly<Record<string, NoticeTexts>>;
}

const GREETING: Record<DisplayLanguage, string> = { en: 'Hello,', fi: 'Hei,' };
const SIGNATURE = 'Ratkaisu';

/** One line of what a user typed (a name, a case's name): its whitespace collapsed. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export function capital(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The values every notice has: the case's name, number and reference, the subject's prefix, the link. */
function caseValues(input: CaseFacts, language: DisplayLanguage): NoticeValues {
  const caseRef = `"${oneLine(input.caseName)}"${input.caseNumber ? ` (${input.caseNumber})` : ''}`;
  return {
    caseName: oneLine(input.caseName),
    caseNumber: input.caseNumber ?? '',
    caseRef,
    prefix: language === 'fi' ? `Ratkaisu, asia ${caseRef}` : `Ratkaisu case ${caseRef}`,
  };
}

/** Fills `{{name}}` once (a value's own braces stay as typed); a name the entry does not give is a defect. */
export function fill(template: string, values: NoticeValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`A notice text names {{${name}}}, which its entry does not give.`);
    return value;
  });
}

function bodyLines(lines: readonly NoticeLine[], values: NoticeValues): string[] {
  return lines.flatMap((line) => {
    if (typeof line === 'string') return [fill(line, values)];
    return values[line.if] ? line.lines.map((each) => fill(each, values)) : [];
  });
}

export function renderTemplate<P>(
  template: NoticeTemplate<P>,
  language: DisplayLanguage,
  input: P & CaseFacts,
): RenderedNotice {
  const key = template.variant ? template.variant(input) : 'default';
  const text = template.texts[key]?.[language];
  if (!text) throw new Error(`No notice text "${key}" in ${language}.`);
  const values = { ...caseValues(input, language), ...template.values?.(input, language) };
  const lines = bodyLines(text.lines, values);
  return {
    subject: fill(text.subject, values),
    text: [
      GREETING[language],
      '',
      ...lines,
      ...(text.action ? [fill(text.action, values)] : []),
      input.link,
      '',
      SIGNATURE,
    ].join('\n'),
    summary: text.summary !== undefined ? fill(text.summary, values) : (lines[0] ?? ''),
  };
}
