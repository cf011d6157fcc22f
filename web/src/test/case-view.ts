import type { DisputeView } from '@ratkaisu/core';

/** The day every case fixture was filed on. */
export const FILED_ON = '2026-03-01T10:00:00Z';

/** A case as `GET /api/dispute/{id}` answers it — Alice Oy against Bob Oy, seen by the claimant — with the test's changes. */
export function caseView(changes: Partial<DisputeView> = {}): DisputeView {
  return {
    id: 'd1',
    name: 'Kattoremontti',
    description: 'Katto vuotaa.',
    dateCreated: FILED_ON,
    createdBy: { id: 'u1', email: 'alice@example.fi' },
    claimant: { name: 'Alice Oy', identificationNumber: '', email: 'alice@example.fi', address: 'Helsinki' },
    respondent: { name: 'Bob Oy', identificationNumber: '', email: 'bob@example.fi', address: '' },
    status: 'Pending',
    activePhaseId: 'p1',
    side: 'claimant',
    ...changes,
  };
}
