import { OTHER_CLAUSE_PATTERN, type JurisdictionView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { documentGroups } from '../documents/case-document-groups.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { loadDocumentText } from '../documents/load-document-text.js';

/**
 * Another arbitration clause in the parties' documents: every page of a party's upload
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
        // About 160 characters either side of the match, cut at word boundaries.
        const from = Math.max(0, match.index - 160);
        const start = from === 0 ? 0 : Math.min(match.index, page.indexOf(' ', from) + 1 || from);
        const to = match.index + match[0].length + 160;
        const cut = page.lastIndexOf(' ', to);
        const end = to >= page.length ? page.length : cut > match.index ? cut : to;
        const body = page.slice(start, end).replace(/\s+/g, ' ').trim();
        const excerpt = `${start > 0 ? '…' : ''}${body}${end < page.length ? '…' : ''}`;
        found.push({ fileName: file.fileName, page: index + 1, excerpt });
      });
    }
  }
  return found;
}
