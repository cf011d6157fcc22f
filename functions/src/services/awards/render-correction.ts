import { createHash } from 'node:crypto';
import { formatCalendarDate } from '@ratkaisu/core';
import { renderMarkdownPdf } from '../../pdf/render-markdown-pdf.js';
import { awardSignatureField, SIGNATURE_FIELD_HEIGHT } from './render-award.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { AwardDocument, CorrectionRequestRecord } from './award-document.js';
import { inline } from './award-frame.js';
import * as W from './award-wording-fi.js';
import * as C from './correction-wording-fi.js';

/** A tribunal's text as paragraphs: kept as written, never read as markup. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => inline(paragraph.trim()))
    .filter(Boolean);
}

function quoted(text: string): string {
  return paragraphs(text)
    .map((paragraph) => `> ${paragraph}`)
    .join('\n>\n');
}

/**
 * A correction, an interpretation or an additional award as its own PDF (§§ 38–39): the case, the award it
 * refers to (date and SHA-256, so it can only be read with that award), the party's request and the other
 * party's comment (or the tribunal's own initiative), the tribunal's text, and the signature lines of the
 * members who sign — in the wording of correction-wording-fi.ts.
 */
export async function renderCorrectionPdf(input: {
  dispute: DisputeDocument;
  award: AwardDocument;
  document: Pick<AwardDocument, 'kind' | 'notSigning'> & { kind: CorrectionRequestRecord['kind'] };
  request?: CorrectionRequestRecord;
  /** The tribunal rejects `request`: `text` is its reasons (§§ 38–39; § 41(3) counts from this decision). */
  rejection?: boolean;
  text: string;
  date: Date;
}): Promise<{ pdf: Buffer; sha256: string }> {
  const { dispute, award, document, request } = input;
  const kind = document.kind;
  const rejection = !!input.rejection && !!request;
  const date = W.finnishDate(input.date);
  const awardDate = W.finnishDate(new Date(award.issuedAt ?? award.adoptedAt ?? input.date));
  const title = rejection ? C.REJECTION_TITLES[kind] : C.CORRECTION_TITLES[kind];
  const out: string[] = [];
  out.push(`# ${title}`);
  out.push(
    [
      `**${W.LABELS.caseNumber}:** ${award.caseNumber}`,
      `**${W.LABELS.caseName}:** ${inline(dispute.name)}`,
      `**${W.LABELS.dateAndSeat}:** ${W.SEAT}, ${date}`,
    ].join('  \n'),
  );
  out.push(`## ${W.HEADINGS.parties}`);
  out.push(
    [
      `**${W.LABELS.claimant}:** ${inline(dispute.claimant.name)}`,
      `**${W.LABELS.respondent}:** ${inline(dispute.respondent.name)}`,
    ].join('  \n'),
  );
  out.push(
    `## ${C.CORRECTION_HEADINGS.award}`,
    C.CORRECTION_TEXT.refersTo(award.caseNumber, awardDate, award.pdfSha256),
  );

  if (request) {
    out.push(
      `## ${C.CORRECTION_HEADINGS.request}`,
      C.CORRECTION_TEXT.request(C.SIDE_NAMES[request.side], W.finnishDate(new Date(request.requestedAt)), request.kind),
      quoted(request.text),
      `## ${C.CORRECTION_HEADINGS.comments}`,
    );
    if (request.comments.length === 0) {
      out.push(C.CORRECTION_TEXT.noComments(formatCalendarDate(request.commentUntil)));
    }
    for (const comment of request.comments) {
      out.push(
        C.CORRECTION_TEXT.commentsBy(C.SIDE_NAMES[comment.side], W.finnishDate(new Date(comment.at))),
        quoted(comment.text),
      );
    }
  } else {
    out.push(`## ${C.CORRECTION_HEADINGS.ownInitiative}`, C.CORRECTION_TEXT.ownInitiative);
  }

  if (rejection) {
    out.push(
      `## ${C.REJECTION_HEADINGS.decision}`,
      C.REJECTION_TEXT.decision(C.SIDE_NAMES[request!.side], kind),
      `## ${C.REJECTION_HEADINGS.reasons}`,
      ...paragraphs(input.text),
      C.CORRECTION_TEXT.delivery,
      `## ${C.REJECTION_HEADINGS.challenge}`,
      C.REJECTION_TEXT.challenge,
    );
  } else {
    out.push(`## ${C.CORRECTION_HEADINGS.decision[kind]}`, ...paragraphs(input.text), C.CORRECTION_TEXT.delivery);
  }

  out.push(`## ${C.CORRECTION_HEADINGS.signatures}`, W.SIGNATURE_TEXT.line(date));
  const members = (dispute.tribunal?.members ?? []).filter((member) => member.status === 'Accepted');
  for (const member of members) {
    const notSigning = document.notSigning.find((entry) => entry.userId === member.userId);
    if (notSigning) continue;
    out.push(
      [
        // Room above the line for the visible signature block (the PDF's reserved signature field), as the award.
        ...Array.from({ length: W.SIGNATURE_BLOCK.blankLines }, () => '\u00a0'),
        W.SIGNATURE_BLOCK.line,
        inline(member.name),
        `${inline(member.title)}, ${W.TRIBUNAL_TEXT.roles[member.role]}`,
      ].join('  \n'),
    );
  }
  for (const entry of document.notSigning) {
    out.push(`*${C.CORRECTION_TEXT.notSigned(inline(entry.name), inline(entry.reason))}*`);
  }
  out.push(`*${C.CORRECTION_TEXT.electronic}*`);

  const bytes = await renderMarkdownPdf(out.join('\n\n'), {
    title: `${title} ${award.caseNumber} — ${dispute.name}`,
    footerText: `${award.caseNumber} · ${dispute.name}`,
    author: 'Välimiesoikeus (Ratkaisu)',
    createdAt: input.date,
    // Each signing member's PAdES signature goes into a field reserved above their line (sign-award.ts).
    signatureFields: {
      anchor: W.SIGNATURE_BLOCK.drawnLine,
      names: members
        .filter((member) => !document.notSigning.some((entry) => entry.userId === member.userId))
        .map((member) => awardSignatureField(member.userId)),
      height: SIGNATURE_FIELD_HEIGHT,
    },
  });
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}
