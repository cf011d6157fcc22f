import type { Deps } from '../../deps.js';
import type { DisputeDocument } from './dispute-document.js';

/** `RAT-2026-000002`, in any letter case: the number people read on the case page, mails and documents. */
const CASE_NUMBER = /^RAT-\d{4}-\d{6}$/i;

/**
 * A case by what an administrator has in hand: its case number (RAT-2026-000002), as every screen, mail and
 * document shows it, or its internal id (the case page's address). Undefined when neither names a case.
 */
export async function findDisputeByReference(
  deps: Pick<Deps, 'store'>,
  reference: string,
): Promise<DisputeDocument | undefined> {
  const wanted = reference.trim();
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  if (!CASE_NUMBER.test(wanted)) return disputes.read(wanted, wanted);
  const page = await disputes.query({
    where: [{ field: 'caseNumber', op: '=', value: wanted.toUpperCase() }],
    limit: 1,
  });
  return page.items[0];
}
