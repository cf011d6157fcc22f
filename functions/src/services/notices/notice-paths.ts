/** The case page, at one of its places (the anchors the case page scrolls to, web CaseAttachmentPage). */
export function casePath(disputeId: string, anchor?: 'decision' | 'claims-summary' | 'tribunal' | 'retention'): string {
  return `/case-attachment/${encodeURIComponent(disputeId)}${anchor ? `#${anchor}` : ''}`;
}

/** The review page of a tribunal's draft. */
export function reviewPath(disputeId: string, awardId: string): string {
  return `${casePath(disputeId)}/award/${encodeURIComponent(awardId)}`;
}

/** The admin panel's queue of requested tribunals. */
export const APPOINTMENTS_PATH = '/admin?tab=appointments';
