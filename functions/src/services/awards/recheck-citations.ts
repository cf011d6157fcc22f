import type { FlaggedReference } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { checkCitations } from '../citations/check-citations.js';
import type { DocumentText } from '../documents/document-text.js';
import { DocumentUnreadableError, loadDocumentText } from '../documents/load-document-text.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { AwardDocument } from './award-document.js';
import { toFlag } from './flags.js';

/**
 * The citation check run again on the tribunal's text, against the same documents' pages (from the text
 * cache), so what the review screen and the award mark is what the text says now — a reference the tribunal
 * added is checked too, one it removed is no longer flagged.
 */
export async function recheckCitations(
  deps: Pick<Deps, 'blobs' | 'store' | 'clock' | 'log'>,
  dispute: DisputeDocument,
  award: Pick<AwardDocument, 'documents'>,
  chapters: readonly { text: string }[],
): Promise<{ flagged: FlaggedReference[]; checked: number }> {
  const files = new Map(dispute.phases.flatMap((phase) => phase.attachments).map((file) => [file.id, file]));
  const documents: { code: string; pages: readonly string[] }[] = [];
  for (const row of award.documents) {
    const file = files.get(row.fileId);
    let text: DocumentText | undefined;
    if (file?.blobName) {
      try {
        text = await loadDocumentText(deps, {
          fileId: file.id,
          fileName: file.fileName,
          container: 'attachments',
          blobName: file.blobName,
        });
      } catch (error) {
        if (!(error instanceof DocumentUnreadableError)) throw error;
      }
    }
    documents.push({ code: row.code, pages: text?.pages ?? [] });
  }
  const report = checkCitations(
    chapters.map((chapter) => chapter.text),
    documents,
  );
  return {
    flagged: report.unverified.map((item) => toFlag(item as Parameters<typeof toFlag>[0], chapters)),
    checked: report.checked,
  };
}
