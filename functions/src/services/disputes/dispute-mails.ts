import { PHASE_LABELS_EN, type PhaseType } from '@ratkaisu/core';

/**
 * The case mails' shared pieces. The invitation and phase mails themselves (docs/product.md section 9) are in the
 * notice template set, notices/notice-templates.ts, in English and Finnish.
 */

export function phaseLabel(type: PhaseType): string {
  return PHASE_LABELS_EN[type];
}

export function caseLink(publicUrl: string, disputeId: string): string {
  return `${publicUrl}/case-attachment/${encodeURIComponent(disputeId)}`;
}
