import { OTHER_CLAUSE_PATTERN, type JurisdictionView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { documentGroups } from '../decisions/request-decision-generation.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { loadDocumentText } from '../documents/load-document-text.js';

/**
 * Another arbitration clause in the parties' documents (issue 27 item 3): every page of a party's upload
 * whose text names arbitration, an arbitrator or an institution (OTHER_CLAUSE_PATTERN), with an excerpt
 * around the first match. A file that cannot be read is skipped here; the drafting job reports it.
 */
export async function findOtherClauses(
  deps: Pick<Deps, 'blobs' | 'store' | 'clock' | 'log'>,
  dispute: DisputeDocument,
): Promise<JurisdictionView['clauses']> {
  const found: JurisdictionView['clauses'] = [];
  for (const group of documentGroups(dispute)) {
    for (const file of group.documents) {
      const text = await loadDocumentText(deps, file).catch(() => undefined);
      text?.pages.forEach((page, index) => {
        const match = OTHER_CLAUSE_PATTERN.exec(page);
        if (!match) return;
        const start = Math.max(0, page.lastIndexOf('\n', match.index) + 1, match.index - 160);
        const excerpt = page
          .slice(start, match.index + match[0].length + 160)
          .replace(/\s+/g, ' ')
          .trim();
        found.push({ fileName: file.fileName, page: index + 1, excerpt });
      });
    }
  }
  return found;
}
