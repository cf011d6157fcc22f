import type { JobProgress } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { PHASE_NAMES } from '../awards/award-wording-fi.js';
import { buildCaseFile, type CaseFile, type CaseFileEntry } from '../documents/build-case-file.js';
import { pageRanges, type DocumentText } from '../documents/document-text.js';
import { documentOcr, DocumentUnreadableError, loadDocumentText } from '../documents/load-document-text.js';
import type { DecisionSourceGroup } from './decision-draft.js';

/**
 * The case file a decision (or the claims extract) is written from: every document's text (from the cache
 * after the first time; scanned pages by OCR within the job's limits), numbered per party across its phases
 * and joined with page references. A file that cannot be read stays in as a placeholder: by the Resolution
 * phase no party can replace it any more, and the award must still list it.
 */
export async function readCaseFile(
  deps: Pick<Deps, 'blobs' | 'store' | 'clock' | 'log' | 'config'>,
  groups: readonly DecisionSourceGroup[],
  signal: AbortSignal,
  progress?: (progress: JobProgress) => void,
): Promise<{ texts: DocumentText[]; caseFile: CaseFile }> {
  const texts = await loadTexts(deps, groups, signal, progress);
  return { texts, caseFile: buildCaseFile(numberedGroups(groups, texts), { keepUnreadable: true }) };
}

/**
 * The award's document list says what of a file could not be read, and which
 * pages were read from scanned images by OCR (and which of them poorly).
 */
export function documentNote(document: CaseFileEntry): string | undefined {
  if (document.unreadable) return 'ei luettavissa';
  const parts: string[] = [];
  if (document.ocrPages.length > 0) {
    const pages = document.ocrPages.map((page) => page.page);
    const poor = document.ocrPages.filter((page) => page.poor).map((page) => page.page);
    parts.push(
      `luettu skannatusta kuvasta (OCR): ${pages.length === 1 ? 's.' : 'ss.'} ${pageRanges(pages)}` +
        (poor.length > 0 ? `, heikosti luettu ${poor.length === 1 ? 's.' : 'ss.'} ${pageRanges(poor)}` : ''),
    );
  }
  if (document.scannedPages.length > 0) parts.push(`skannattuja sivuja ${document.scannedPages.length}, ei tekstiä`);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

async function loadTexts(
  deps: Pick<Deps, 'blobs' | 'store' | 'clock' | 'log' | 'config'>,
  groups: readonly DecisionSourceGroup[],
  signal: AbortSignal,
  progress?: (progress: JobProgress) => void,
): Promise<DocumentText[]> {
  const texts: DocumentText[] = [];
  // Scanned pages are read by OCR within the job's limits (pages per file, seconds for the whole decision).
  const ocr = documentOcr(deps.config.ocr, signal, progress);
  for (const group of groups) {
    for (const document of group.documents) {
      signal.throwIfAborted();
      try {
        texts.push(await loadDocumentText(deps, document, ocr));
      } catch (error) {
        if (!(error instanceof DocumentUnreadableError)) throw error;
        texts.push({
          fileId: document.fileId,
          fileName: document.fileName,
          pages: [],
          scannedPages: [],
          encrypted: false,
          unreadable: error.message,
        });
      }
    }
  }
  return texts;
}

/** One party's documents number on across its phases: K1, K2 in the claim, K3 in the claimant's first letter. */
function numberedGroups(groups: readonly DecisionSourceGroup[], texts: readonly DocumentText[]) {
  const next = new Map<string, number>();
  let offset = 0;
  return groups.map((group) => {
    const firstNumber = next.get(group.prefix) ?? 1;
    next.set(group.prefix, firstNumber + group.documents.length);
    const documents = texts.slice(offset, offset + group.documents.length);
    offset += group.documents.length;
    return {
      prefix: group.prefix,
      documents,
      firstNumber,
      ...(group.phase ? { phase: PHASE_NAMES[group.phase] } : {}),
    };
  });
}
