import { capitalTerm, type AiProvenance, type AiSourceType } from '@ratkaisu/core';
import { DIGITAL_SOURCE_TYPES, type AiMarking } from '../../pdf/ai-marking.js';
import type { AwardDocument } from './award-document.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';

/**
 * Where a text came from, for its PDF's XMP (pdf/ai-marking.ts) and the API's JSON alike (Art. 50): the
 * model and when it wrote, the chapters it wrote, those people changed, and who reviewed it.
 */

/** The source type: a trained model's text, or the offline extract (an algorithm without a trained model); composite once people edited. */
export function sourceTypeOf(offline: boolean, edited: boolean): AiSourceType {
  if (offline) return edited ? 'compositeSynthetic' : 'algorithmicMedia';
  return edited ? 'compositeWithTrainedAlgorithmicMedia' : 'trainedAlgorithmicMedia';
}

/** A decision's provenance: an AI decision, the public generator's proposal, a tribunal's draft or award. */
export function awardProvenance(
  award: Pick<
    AwardDocument,
    'kind' | 'production' | 'aiChapters' | 'chapters' | 'versions' | 'adoptedBy' | 'status' | 'signatures'
  >,
  documentKind: string,
  dispute?: Pick<DisputeDocument, 'tribunal'>,
): AiMarking {
  const editedChapters = award.chapters
    .filter((chapter, index) => chapter.text !== award.aiChapters[index]?.text)
    .map((chapter) => chapter.heading);
  const reviewers = new Set<string>();
  if (award.kind === 'award') {
    for (const version of award.versions) if (version.source === 'tribunal') reviewers.add(version.savedBy.name);
    const adopter = dispute?.tribunal?.members.find((member) => member.userId === award.adoptedBy);
    if (adopter) reviewers.add(adopter.name);
    for (const signature of award.signatures) reviewers.add(signature.name);
  }
  return {
    sourceType: sourceTypeOf(award.production.offline, editedChapters.length > 0),
    documentKind,
    model: award.production.offline ? 'offline extract (no language model)' : award.production.model,
    deployment: award.production.deployment ?? (award.production.offline ? 'offline' : undefined),
    generatedAt: award.production.generatedAt,
    aiChapters: award.aiChapters.map((chapter) => chapter.heading),
    editedChapters,
    reviewed: reviewers.size > 0,
    reviewedBy: [...reviewers],
  };
}

/** The claim generator's text as the claimant files or downloads it. */
export function claimProvenance(input: {
  model: string;
  deployment?: string;
  generatedAt: string;
  /** The claimant changed the AI's text. */
  edited: boolean;
  /** Who filed it (a review by its author), when filed. */
  reviewedBy?: string;
}): AiMarking {
  const offline = input.model === 'offline' || input.deployment === 'offline';
  return {
    sourceType: sourceTypeOf(offline, input.edited),
    documentKind: 'claimDraft',
    model: input.model,
    ...(input.deployment ? { deployment: input.deployment } : {}),
    generatedAt: input.generatedAt,
    aiChapters: [capitalTerm('claim', 'fi')],
    editedChapters: input.edited ? [capitalTerm('claim', 'fi')] : [],
    reviewed: input.reviewedBy !== undefined,
    reviewedBy: input.reviewedBy ? [input.reviewedBy] : [],
  };
}

/** The marking as the API's JSON carries it. */
export function toAiProvenance(marking: AiMarking): AiProvenance {
  const { deployment, ...rest } = marking;
  return {
    aiGenerated: true,
    ...rest,
    ...(deployment ? { deployment } : {}),
    digitalSourceType: DIGITAL_SOURCE_TYPES[marking.sourceType],
  };
}
