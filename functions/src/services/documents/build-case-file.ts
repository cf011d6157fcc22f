import { documentTag, pageMarker } from '@ratkaisu/core';
import { assertReadable, pageRanges, quoted, type DocumentText, type OcrPageInfo } from './document-text.js';

/** One party's documents in the order they were selected; each gets the prefix and its position as its code (K1, K2, …). */
export interface CaseFileGroup {
  prefix: string;
  documents: readonly DocumentText[];
  /** The code number of the group's first document (default 1), so that one party's phases number on. */
  firstNumber?: number;
  /** The phase the documents were filed in (a decision's case file), written into each document's header. */
  phase?: string;
}

export interface CaseFileEntry {
  code: string;
  fileId: string;
  fileName: string;
  pageCount: number;
  scannedPages: number[];
  /** The pages read by OCR, with their mean confidence and whether it is below the floor. */
  ocrPages: OcrPageInfo[];
  phase?: string;
  /** Kept as a placeholder (buildCaseFile's `keepUnreadable`): why nothing of it could be read. */
  unreadable?: string;
}

export interface CaseFile {
  /** The material as handed to a model. */
  text: string;
  documents: CaseFileEntry[];
  /** Plain-language notes for the job's details (pages left out as scans). */
  notes: string[];
}

/** The note a case file carries on a page without readable text, so a reader knows the page exists. */
export const SCANNED_PAGE_NOTE =
  '[Sivulla ei ole koneellisesti luettavaa tekstiä; se on todennäköisesti skannattu kuva.]';

/**
 * The case file a model reads: every document under a header naming its file,
 * and every page under a reference of its own — `[K1 s.3]` is page 3 of the
 * first selected document — so that what the model writes can cite its
 * source and a reader can check it. The references depend only on the order
 * of selection, never on the text, so they are stable across runs.
 *
 * ```
 * <asiakirja tunnus="K1" tiedosto="Kauppasopimus.pdf" sivuja="2">
 * [K1 s.1]
 * …text of page 1…
 *
 * [K1 s.2]
 * …
 * </asiakirja>
 * ```
 *
 * Throws `DocumentUnreadableError` for the first document with nothing to read.
 */
export function buildCaseFile(groups: readonly CaseFileGroup[], options: { keepUnreadable?: boolean } = {}): CaseFile {
  const parts: string[] = [];
  const documents: CaseFileEntry[] = [];
  const notes: string[] = [];
  for (const group of groups) {
    group.documents.forEach((document, index) => {
      const code = `${group.prefix}${(group.firstNumber ?? 1) + index}`;
      const unreadable = options.keepUnreadable ? unreadableReason(document) : (assertReadable(document), undefined);
      documents.push({
        code,
        fileId: document.fileId,
        fileName: document.fileName,
        pageCount: document.pages.length,
        scannedPages: document.scannedPages,
        ocrPages: document.ocrPages ?? [],
        ...(group.phase ? { phase: group.phase } : {}),
        ...(unreadable ? { unreadable } : {}),
      });
      if (unreadable) {
        notes.push(`${unreadable} It is listed in the case file without its content (${code}).`);
        parts.push(`${documentOpening(code, document, group.phase)}\n${UNREADABLE_DOCUMENT_NOTE}\n</asiakirja>`);
        return;
      }
      notes.push(...ocrNotes(code, document));
      if (document.scannedPages.length > 0) {
        notes.push(
          `${quoted(document.fileName)} (${code}): ${pageList(document.scannedPages)} no text, ` +
            'not even by OCR, and could not be used.',
        );
      }
      parts.push(
        `${documentOpening(code, document, group.phase)}\n${pageBlocks(code, document).join('\n\n')}\n</asiakirja>`,
      );
    });
  }
  return { text: parts.join('\n\n'), documents, notes };
}

/** What a case file holds for a document kept although nothing of it can be read. */
export const UNREADABLE_DOCUMENT_NOTE =
  '[Asiakirjaa ei voitu lukea koneellisesti (salattu, vahingoittunut tai puuttuva tiedosto); sen sisältö ei ole aineistossa.]';

/** Why nothing of a document can be read (the per-file message), or undefined when some of it can. */
function unreadableReason(document: DocumentText): string | undefined {
  if (document.unreadable) return document.unreadable;
  // A document of scans alone stays: its pages are listed with the scanned-page note.
  if (document.encrypted && document.pages.length === 0) {
    try {
      assertReadable(document);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return undefined;
}

/** A document's opening tag in a case file; `extra` attributes follow the standard ones. */
export function documentOpening(code: string, document: DocumentText, phase?: string, extra = ''): string {
  return documentTag({
    code,
    fileName: document.fileName,
    pages: document.pages.length,
    ...(phase ? { phase } : {}),
    extra,
  });
}

/**
 * Each page of a document under its reference, as the case file holds it
 * (`[K1 s.3]` and the page's text). A page whose text OCR read from its image
 * is marked `[K1 s.3, OCR]`, and one read with a confidence below the floor
 * carries a note that it was read poorly; a citation of it is still `[K1 s.3]`.
 */
export function pageBlocks(code: string, document: DocumentText): string[] {
  const scanned = new Set(document.scannedPages);
  const byOcr = new Map((document.ocrPages ?? []).map((page) => [page.page, page]));
  return document.pages.map((text, pageIndex) => {
    const number = pageIndex + 1;
    if (scanned.has(number)) return `${pageMarker(code, number)}\n${SCANNED_PAGE_NOTE}`;
    const ocr = byOcr.get(number);
    if (!ocr) return `${pageMarker(code, number)}\n${neutralise(text)}`;
    return `${pageMarker(code, number, OCR_MARK)}\n${ocr.poor ? `${poorOcrNote(ocr.confidence)}\n` : ''}${neutralise(text)}`;
  });
}

/** What follows the page number in the reference heading a page read by OCR. */
export const OCR_MARK = 'OCR';

/** The note on a page OCR read poorly, so a reader checks the original. */
export function poorOcrNote(confidence: number): string {
  return `[Tekstintunnistus (OCR) luki sivun heikosti (luotettavuus ${confidence} %); tarkista alkuperäisestä.]`;
}

/** The job's notes on a document's OCR: which pages it read and how well, and which it left unread. */
function ocrNotes(code: string, document: DocumentText): string[] {
  const notes: string[] = [];
  const read = document.ocrPages ?? [];
  if (read.length > 0) {
    const mean = Math.round(read.reduce((sum, page) => sum + page.confidence, 0) / read.length);
    notes.push(
      `${quoted(document.fileName)} (${code}): ${read.length === 1 ? 'page' : 'pages'} ` +
        `${pageRanges(read.map((page) => page.page))} ${read.length === 1 ? 'was' : 'were'} read from scanned ` +
        `images by OCR (mean confidence ${mean} %).`,
    );
    const poor = read.filter((page) => page.poor);
    if (poor.length > 0) {
      notes.push(
        `${quoted(document.fileName)} (${code}): OCR read ${poor
          .map((page) => `page ${page.page} (${page.confidence} %)`)
          .join(', ')} poorly; check the original before relying on ${poor.length === 1 ? 'it' : 'them'}.`,
      );
    }
  }
  for (const note of document.ocrNotes ?? []) notes.push(`(${code}) ${note}`);
  return notes;
}

function pageList(pages: readonly number[]): string {
  return pages.length === 1 ? `page ${pages[0]} has` : `pages ${pages.join(', ')} have`;
}

/**
 * A document may itself contain references of this form (an earlier draft
 * filed as evidence) or a closing tag; written as they are, they would pass
 * for the case file's own. Square brackets around a page reference become
 * parentheses, and a document or evidence-block tag loses its angle bracket.
 */
export function neutralise(text: string): string {
  return text
    .replace(/\[([^[\]\n]{0,60}?\bs\.\s?\d+(?:\s?[-–]\s?\d+)?)\]/gu, '($1)')
    .replace(/<(\/?)(asiakirja|todistusaineisto)/giu, '‹$1$2');
}
