import { CLAIMANT_PHASES, PHASE_TYPES, type PhaseType } from '@ratkaisu/core';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { DocumentSource } from './document-text.js';

/** One phase's documents as the case file numbers them: the claimant's under K, the respondent's under V. */
export interface CaseDocumentGroup {
  prefix: string;
  phase?: PhaseType;
  documents: DocumentSource[];
}

/**
 * Every phase's documents in the order of the phases (the Resolution phase's decisions aside): what a decision,
 * the claims summary and the search for other arbitration clauses read.
 */
export function documentGroups(dispute: DisputeDocument): (CaseDocumentGroup & { phase: PhaseType })[] {
  const order = (type: PhaseType) => PHASE_TYPES.indexOf(type);
  return [...dispute.phases]
    .filter((phase) => phase.type !== 'Resolution')
    .sort((a, b) => order(a.type) - order(b.type))
    .map((phase) => ({
      prefix: CLAIMANT_PHASES.includes(phase.type) ? 'K' : 'V',
      phase: phase.type,
      documents: phase.attachments
        .filter((file) => file.blobName)
        .map((file) => ({
          fileId: file.id,
          fileName: file.fileName,
          container: 'attachments' as const,
          blobName: file.blobName!,
        })),
    }))
    .filter((group) => group.documents.length > 0);
}
