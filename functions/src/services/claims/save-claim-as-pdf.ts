import { randomUUID } from 'node:crypto';
import {
  caseFileStem,
  CLAIM_MESSAGES,
  formatIsoDate,
  refusal,
  type AttachmentView,
  type CaseLanguage,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { DomainError, PhaseLockedError, ValidationError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { renderMarkdownPdf } from '../../pdf/render-markdown-pdf.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { checkLegalReferences } from '../citations/check-statutes.js';
import { findPlaceholders } from '../citations/placeholders.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { toAttachmentView, type DisputeDocument, type PhaseAttachment } from '../disputes/dispute-document.js';
import { claimDraftMarking, claimTextHash, readDeliveredClaimDraft, type ClaimDraftDocument } from './claim-draft.js';
import type { AiMarking } from '../../pdf/ai-marking.js';
import { claimProvenance } from '../awards/ai-provenance.js';
import { sha256Hex, withAiUse } from '../ai-use/ai-use-details.js';
import { addPhaseAttachments } from '../files/add-phase-attachments.js';
import { describeFiles } from '../files/describe-files.js';
import { assertPhaseOpenTo } from '../files/phase-file-access.js';
import { deleteReceivedBlobs } from '../files/receive-pdf-uploads.js';
import { fileNameKey } from '../files/sanitize-file-name.js';

/**
 * `POST /dispute/{id}/saveclaimaspdf`: the claim draft, as the claimant last
 * edited it, rendered to a PDF and filed in the Claim phase as
 * `Claim_YYYY-MM-DD.pdf`, dated as in Helsinki (`Claim_YYYY-MM-DD (2).pdf`
 * and so on when the name is taken). Only the claimant side, and only while
 * Claim is the case's active phase, as for an upload.
 *
 * Before anything is written the draft is checked:
 * - placeholders the draft leaves for its author (`[täydennettävä]`,
 *   `[TÄYDENNÄ]`, `[lisää …]`, `XX.XX.20XX`; ../citations/placeholders.ts)
 *   must be filled in or removed: the save is refused (400, reason `claims.placeholdersLeft`
 *   naming them), since a filed claim with blanks in it is not a claim;
 * - references to acts and precedents are checked as in a decision
 *   (../citations/check-statutes.ts). One that does not check out — a section
 *   an act does not have, an act not in the table, any KKO/KHO precedent (the
 *   case file holds none) — does not stop the save: the claim is the party's
 *   own document and the table lists only the acts commercial disputes
 *   commonly cite. It comes back as a warning (`warnings`, CLAIM_MESSAGES.unverifiedReference)
 *   and in the audit entry. Page references were checked when the draft was
 *   generated (draft-claim.ts, against the files it was drawn from); the save
 *   request does not say which files those were, so they are not checked again.
 *
 * The PDF ends with a one-line statement that the draft was made with AI
 * (CLAIM_AI_STATEMENT), after a rule below the claimant's text.
 *
 * Blob first, record last: the PDF is written under a generated blob name,
 * then added to the phase with a conditional write that picks the free name
 * on the case as it is then, so two saves at once get two names. A refused
 * or failed write deletes the blob.
 */
export async function saveClaimAsPdf(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; markdownContent: string },
  client: ClientInfo,
): Promise<SavedClaimPdf> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  const claimPhase = dispute.phases.find((phase) => phase.type === 'Claim');
  // Every case opens with its Claim phase; a case without one has nothing a claim could be filed in.
  if (!claimPhase) throw new PhaseLockedError();
  assertPhaseOpenTo(dispute, claimPhase, side);

  const placeholders = [...new Set(findPlaceholders(input.markdownContent).map((placeholder) => placeholder.text))];
  if (placeholders.length > 0) {
    const named = placeholders.length > 10 ? [...placeholders.slice(0, 10), '…'] : placeholders;
    const refused = refusal('claims.placeholdersLeft', { placeholders: named.join(', ') });
    throw new ValidationError(refused, { markdownContent: refused });
  }
  const warnings = checkLegalReferences(input.markdownContent)
    .filter((reference) => reference.reason !== undefined)
    .map((reference) => CLAIM_MESSAGES.unverifiedReference(reference.reference, reference.reason!));

  // The same text filed before is not filed again: the answer names the document it is.
  const draftSha256 = claimTextHash(input.markdownContent);
  const filedBefore = claimPhase.attachments.find((attachment) => attachment.draftSha256 === draftSha256);
  if (filedBefore) {
    return { attachment: toAttachmentView(filedBefore), phaseId: claimPhase.id, warnings, alreadyFiled: true };
  }

  const now = deps.clock.now();
  const date = helsinkiDate(now);
  const draft = await readDeliveredClaimDraft(deps, dispute.id, caller.userId);
  // Filing is the claimant's review of the text: the marking names them as its reviewer.
  const marking = claimPdfMarking(draft, input.markdownContent, now, caller.email);
  const pdf = await renderClaimPdf(dispute, input.markdownContent, now, marking);

  const blobName = `${dispute.id}/${randomUUID()}`;
  try {
    await deps.blobs.upload('attachments', blobName, pdf, { contentType: 'application/pdf' });
  } catch (error) {
    deps.log.error('Writing a claim PDF to blob storage failed', { disputeId: dispute.id, error });
    await deleteReceivedBlobs(deps, 'attachments', [blobName]);
    throw new DomainError('unavailable', 503, refusal('claims.pdfSaveFailed'));
  }

  let added: PhaseAttachment[];
  try {
    added = await addPhaseAttachments(deps, { dispute, phaseId: claimPhase.id, side }, (namesInPhase, inPhase) => {
      // A second click that raced this one filed the same text meanwhile: that filing is the answer.
      const raced = inPhase.find((attachment) => attachment.draftSha256 === draftSha256);
      if (raced) throw new AlreadyFiled(raced);
      return [
        {
          id: randomUUID(),
          fileName: claimPdfName(date, namesInPhase, dispute.language),
          dateCreated: now.toISOString(),
          size: pdf.length,
          blobName,
          uploadedBy: caller.userId,
          draftSha256,
        },
      ];
    });
  } catch (error) {
    await deleteReceivedBlobs(deps, 'attachments', [blobName]);
    if (error instanceof AlreadyFiled) {
      return { attachment: toAttachmentView(error.attachment), phaseId: claimPhase.id, warnings, alreadyFiled: true };
    }
    throw error;
  }

  await recordCallerAction(deps, caller, client, {
    action: 'UploadFile',
    entityType: 'Attachment',
    entityId: dispute.id,
    details: withAiUse(
      `${claimPhase.type}: ${describeFiles([{ fileName: added[0]!.fileName, size: pdf.length }])}, saved from the claim generator` +
        (warnings.length > 0 ? `; ${warnings.length} reference(s) to acts or precedents not verified` : ''),
      {
        event: marking.editedChapters.length > 0 ? 'edited' : 'filed',
        use: 'claimDraft',
        outputId: dispute.id,
        model: marking.model,
        ...(marking.deployment ? { deployment: marking.deployment } : {}),
        outputSha256: sha256Hex(pdf),
      },
    ),
  });
  return { attachment: toAttachmentView(added[0]!), phaseId: claimPhase.id, warnings, alreadyFiled: false };
}

/** The filed PDF, and what the claimant should check in it (empty when nothing was flagged). */
export interface SavedClaimPdf {
  attachment: AttachmentView;
  /** The Claim phase, for a link to the document. */
  phaseId: string;
  warnings: string[];
  /** The same text was filed before: `attachment` is that filing, and nothing was added. */
  alreadyFiled: boolean;
}

class AlreadyFiled extends Error {
  constructor(readonly attachment: PhaseAttachment) {
    super('already filed');
  }
}

/**
 * The claim as a PDF, as filed and as downloaded: the text, a rule, and the statement that the draft was
 * made with AI; titled with its first heading, the case's name in the footer.
 */
export function renderClaimPdf(
  dispute: DisputeDocument,
  markdown: string,
  now: Date,
  aiMarking: AiMarking,
): Promise<Uint8Array> {
  return renderMarkdownPdf(`${markdown.trimEnd()}\n\n---\n\n*${CLAIM_AI_STATEMENT}*\n`, {
    title: firstHeading(markdown) ?? `Claim ${helsinkiDate(now)}`,
    footerText: dispute.name,
    author: dispute.claimant.name,
    createdAt: now,
    aiMarking,
  });
}

/**
 * A claim PDF's Art. 50 marking: the draft the claim generator delivered says which model wrote it and
 * whether this text is still the model's; without one (discarded meanwhile) the text counts as edited.
 */
export function claimPdfMarking(
  draft: ClaimDraftDocument | undefined,
  markdown: string,
  now: Date,
  reviewedBy?: string,
): AiMarking {
  if (draft) return claimDraftMarking(draft, markdown, reviewedBy);
  return claimProvenance({
    model: 'unknown',
    generatedAt: now.toISOString(),
    edited: true,
    ...(reviewedBy ? { reviewedBy } : {}),
  });
}

/** The last line of every claim PDF saved from the claim generator: the draft was made with AI. */
export const CLAIM_AI_STATEMENT = 'Tämän asiakirjan luonnos on laadittu tekoälyn avulla Ratkaisu-palvelussa.';

/** `YYYY-MM-DD` of `instant` in Helsinki, where the service works: a claim saved at 00:30 there is dated that day. */
export function helsinkiDate(instant: Date): string {
  return formatIsoDate(instant);
}

/**
 * `Claim_<date>.pdf` (`Kanne_<date>.pdf` in a Finnish case), or the first of `Claim_<date> (2).pdf`, `(3)` …
 * not in the phase (names compare as uploads do).
 */
export function claimPdfName(date: string, namesInPhase: readonly string[], language?: CaseLanguage): string {
  const taken = new Set(namesInPhase.map(fileNameKey));
  const stem = caseFileStem('claim', language);
  for (let copy = 1; ; copy++) {
    const name = copy === 1 ? `${stem}_${date}.pdf` : `${stem}_${date} (${copy}).pdf`;
    if (!taken.has(fileNameKey(name))) return name;
  }
}

/** The draft's first level-1 or level-2 heading without its markup, for the PDF's title. */
function firstHeading(markdown: string): string | undefined {
  const match = /^ {0,3}#{1,2}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/m.exec(markdown);
  const title = match?.[1]?.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
  return title ? title.slice(0, 200) : undefined;
}
