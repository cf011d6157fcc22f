import { createHash } from 'node:crypto';
import type { AiMarking } from '../../pdf/ai-marking.js';
import { renderMarkdownPdf } from '../../pdf/render-markdown-pdf.js';
import { awardProvenance } from './ai-provenance.js';
import { awardMarkdown, type AwardFrameInput } from './award-frame.js';
import * as W from './award-wording-fi.js';
import { toFlag, type DraftForRecord } from './flags.js';

/** Points of room above a signature line for the visible signature block (three blank body lines). */
export const SIGNATURE_FIELD_HEIGHT = 44;

/** The name of the PDF signature field reserved for a member's signature. */
export function awardSignatureField(userId: string): string {
  return `Signature_${userId}`;
}

/** The award (or AI decision) as a PDF in its fixed frame, with the SHA-256 of its bytes. */
export async function renderAwardPdf(
  input: AwardFrameInput,
  aiMarking?: AiMarking,
): Promise<{ pdf: Buffer; sha256: string }> {
  const title = `${W.TITLES[input.kind]}${input.caseNumber ? ` ${input.caseNumber}` : ''} — ${input.caseName}`;
  const bytes = await renderMarkdownPdf(awardMarkdown(input), {
    title,
    footerText: input.caseNumber ? `${input.caseNumber} · ${input.caseName}` : input.caseName,
    author: input.kind === 'award' ? 'Välimiesoikeus (Ratkaisu)' : `Ratkaisu (${input.aiUse.model})`,
    createdAt: input.date,
    // An award reserves a signature field above each signing member's line, in the frame's order.
    ...(input.kind === 'award'
      ? {
          signatureFields: {
            anchor: W.SIGNATURE_BLOCK.drawnLine,
            names: (input.tribunal ?? [])
              .filter((member) => !member.notSigningReason)
              .map((member) => awardSignatureField(member.userId ?? member.name)),
            height: SIGNATURE_FIELD_HEIGHT,
          },
        }
      : {}),
    ...(aiMarking ? { aiMarking } : {}),
  });
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}

/** The public generator's PDF: an AI decision proposal (or the offline extract) in the frame, never an award. */
export async function renderAnonymousDecisionPdf(input: {
  caseName: string;
  date: Date;
  draft: {
    chapters: { heading: string; text: string }[];
    documents: AwardFrameInput['documents'];
    production: {
      offline: boolean;
      model: string;
      deployment?: string;
      sampling?: { temperature: number; top_p: number };
      condensed: boolean;
      generatedAt: string;
    };
    report: DraftForRecord['report'];
    dispositive?: AwardFrameInput['dispositive'];
    injections: unknown[];
  };
}): Promise<{ pdf: Buffer; sha256: string; marking: AiMarking }> {
  const { draft } = input;
  const chapters = draft.chapters.map(({ heading, text }) => ({ heading, text }));
  const marking = awardProvenance(
    {
      kind: 'aiDecision',
      status: 'Issued',
      production: draft.production,
      aiChapters: chapters,
      chapters,
      versions: [],
      signatures: [],
    },
    'anonymousDecision',
  );
  const rendered = await renderAwardPdf(
    {
      kind: draft.production.offline ? 'offlineExtract' : 'aiDecision',
      anonymous: true,
      caseName: input.caseName,
      date: input.date,
      history: [],
      chapters,
      ...(draft.dispositive ? { dispositive: draft.dispositive } : {}),
      documents: draft.documents,
      aiUse: {
        ...draft.production,
        customPrompts: false,
        injections: draft.injections.length,
      },
      flagged: draft.report.unverified.map((item) => toFlag(item, chapters)),
      checkedReferences: draft.report.checked,
    },
    marking,
  );
  return { ...rendered, marking };
}
