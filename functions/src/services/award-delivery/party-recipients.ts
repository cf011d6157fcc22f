import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import { emailKey } from '../disputes/dispute-document.js';

/**
 * Every representative of each side, once each: the claimant side is the case's creator and the claimant's
 * named representative, the respondent side its named representative (docs/architecture.md "Cases and sides").
 */
export function partyRecipients(dispute: DisputeDocument): { side: Side; email: string }[] {
  const seen = new Set<string>();
  const out: { side: Side; email: string }[] = [];
  const add = (side: Side, email: string | undefined) => {
    if (!email || seen.has(emailKey(email))) return;
    seen.add(emailKey(email));
    out.push({ side, email });
  };
  add('claimant', dispute.createdBy.email);
  add('claimant', dispute.claimant.email);
  add('respondent', dispute.respondent.email);
  return out;
}

/** The seated members' addresses (accepted appointments). */
export function tribunalRecipients(dispute: DisputeDocument): string[] {
  return (dispute.tribunal?.members ?? []).filter((member) => member.status === 'Accepted').map((m) => m.email);
}
