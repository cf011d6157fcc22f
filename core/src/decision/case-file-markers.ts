/**
 * The markers of the case file the model reads, defined once: the prompt builders write them
 * (functions/src/services/documents/build-case-file.ts, decisions/decision-prompt.ts, claims/claim-prompt.ts),
 * and the offline model (functions/src/adapters/model/offline-model.ts) reads them back with the patterns
 * below, so a change of format changes both sides.
 *
 * - a document opens with `<asiakirja tunnus="K1" tiedosto="Sopimus.pdf" sivuja="3" vaihe="Kanne">`;
 * - each page starts with its reference `[K1 s.3]` (`[K1 s.3, OCR]` for a page read from its image), the
 *   form the model cites pages in;
 * - the case's particulars are lines `- Asian nimi: …`, `- Kantaja: …`, `- Vastaaja: …`.
 */

/** A document's opening tag; `extra` attributes (already formatted, with a leading space) follow. */
export function documentTag(document: {
  code: string;
  fileName: string;
  pages: number;
  phase?: string;
  extra?: string;
}): string {
  return (
    `<asiakirja tunnus="${document.code}" tiedosto="${tagAttribute(document.fileName)}" sivuja="${document.pages}"` +
    `${document.phase ? ` vaihe="${tagAttribute(document.phase)}"` : ''}${document.extra ?? ''}>`
  );
}

/** Reads a document tag back: groups 1 code, 2 file name, 3 pages (when given). Global: reset lastIndex. */
export const DOCUMENT_TAG_PATTERN = /<asiakirja\s+tunnus="([^"]+)"\s+tiedosto="([^"]*)"(?:\s+sivuja="(\d+)")?[^>]*>/gu;

/** A page's reference as the case file heads the page with it and the model cites it: `[K1 s.3]`. */
export function pageMarker(code: string, page: number, note?: string): string {
  return `[${code} s.${page}${note ? `, ${note}` : ''}]`;
}

/**
 * Any page reference in brackets, as the case file writes it and as a model cites it: `[K1 s.3]`,
 * `[K1 s.3–4]`, `[Kauppasopimus K1 s. 2]`. Global: reset lastIndex, or use with match/replace.
 */
export const PAGE_REFERENCE_PATTERN = /\[[^[\]\n]{0,60}?\bs\.\s?\d+(?:\s?[-–]\s?\d+)?\]/g;

/** A line made of page references alone (the reference heading a page). */
export const PAGE_REFERENCE_LINE_PATTERN = /^\s*(?:\[[^[\]\n]{0,60}?\bs\.\s?\d+(?:\s?[-–]\s?\d+)?\]\s*)+$/;

/** The labels of the case's particulars in a prompt. */
export const PARTICULAR_LABELS = { caseName: 'Asian nimi', claimant: 'Kantaja', respondent: 'Vastaaja' } as const;

/** One particular of the case in a prompt: `- Kantaja: Oy Esimerkki Ab`. */
export function particularLine(label: string, value: string): string {
  return `- ${label}: ${value}`;
}

/** Reads a party's particular back (`- Kantaja: …`, `- Vastaajan yhteystiedot: …`): 1 label, 2 value. */
export const PARTY_LINE_PATTERN =
  /^\s*[-*]\s*((?:Kantaja|Vastaaja|Hakija|Claimant|Respondent)[\p{L} -]{0,40}?):\s*(.+?)\s*$/gmu;

/** Reads the case's name back (`- Asian nimi: …`): 1 the name. */
export const CASE_NAME_LINE_PATTERN = /^\s*[-*]\s*(?:Asian nimi|Case name):\s*(.+?)\s*$/mu;

/** A value inside a tag's attribute: no quote, angle bracket or line break can end the tag early. */
function tagAttribute(value: string): string {
  return value.replace(/["<>\n\r]/g, (char) => (char === '"' ? "'" : ' '));
}
