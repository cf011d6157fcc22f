import type { AiSourceType } from '@ratkaisu/core';
import { PDFDict, PDFHexString, PDFName, type PDFDocument } from 'pdf-lib';

/**
 * EU AI Act Art. 50(2): text an AI system generated is marked in a machine-readable format. Every PDF with
 * AI-written text carries an XMP packet (the catalog's /Metadata stream, uncompressed so any reader or a
 * byte scan finds it) in the IPTC digital-source-type vocabulary, and the Info dictionary says the same in
 * short. Written at render time, before any signature: a PAdES signature is an incremental update that
 * leaves the catalog's /Metadata in place, so the marking holds in the signed file too.
 */

/** IPTC NewsCodes "digital source type" (https://cv.iptc.org/newscodes/digitalsourcetype/). */
export const DIGITAL_SOURCE_TYPES = {
  /** Wholly written by a trained model. */
  trainedAlgorithmicMedia: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  /** A model's text that people then edited (an award whose AI draft the tribunal changed). */
  compositeWithTrainedAlgorithmicMedia:
    'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
  /** The offline extract: made by an algorithm without a trained model (the local default's stand-in). */
  algorithmicMedia: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia',
  /** The offline extract that people then edited. */
  compositeSynthetic: 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeSynthetic',
} as const satisfies Record<AiSourceType, string>;
export type DigitalSourceType = AiSourceType;

/** Ratkaisu's own XMP properties (the model, the chapters, the review), beside the IPTC ones. */
export const RATKAISU_AI_NS = 'https://ratkaisu.fi/ns/ai-use/1.0/';
const IPTC_EXT_NS = 'http://iptc.org/std/Iptc4xmpExt/2008-02-29/';

/** What the marking states; the API's JSON for AI text carries the same fields (core `AiProvenance`). */
export interface AiMarking {
  sourceType: DigitalSourceType;
  /** What the document is: claimDraft, aiDecision, anonymousDecision, offlineExtract, draftAward, award. */
  documentKind: string;
  model: string;
  /** The deployment (Azure OpenAI) or endpoint that served the model; 'offline' for the offline extract. */
  deployment?: string;
  generatedAt: string;
  /** The chapters (headings) whose text the model wrote. */
  aiChapters: string[];
  /** Of those, the ones people changed. */
  editedChapters: string[];
  reviewed: boolean;
  /** Who reviewed it (the tribunal's members, the claimant who filed it). */
  reviewedBy: string[];
}

const NOTICE = 'AI-generated text (EU AI Act Art. 50)';

/** Adds the XMP packet and the Info dictionary's short form to `doc`; call before `save()`. */
export function markAiGenerated(doc: PDFDocument, marking: AiMarking): void {
  const xmp = new TextEncoder().encode(aiMarkingXmp(marking, { title: doc.getTitle() ?? '' }));
  const stream = doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML', Length: xmp.length });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));

  doc.setSubject(
    `${NOTICE}: ${marking.sourceType.startsWith('composite') ? 'written by AI and edited by people; model' : 'written by'} ` +
      `${marking.model}, ${marking.generatedAt}` +
      (marking.reviewed ? `; reviewed by ${marking.reviewedBy.join(', ') || 'people'}` : '; not reviewed by a person'),
  );
  doc.setKeywords(['AI-generated', marking.sourceType, `model:${marking.model}`, 'EU AI Act Art. 50']);
  doc.setCreator(`Ratkaisu AI (${marking.model})`);
  doc.setProducer('Ratkaisu (pdf-lib)');
  const info = infoDict(doc);
  const put = (key: string, value: string) => info.set(PDFName.of(key), PDFHexString.fromText(value));
  put('AIGenerated', 'true');
  put('AIDigitalSourceType', DIGITAL_SOURCE_TYPES[marking.sourceType]);
  put('AIModel', marking.model);
  if (marking.deployment) put('AIDeployment', marking.deployment);
  put('AIGeneratedAt', marking.generatedAt);
  put('AIChapters', marking.aiChapters.join(' | '));
  put('AIEditedChapters', marking.editedChapters.join(' | '));
  put('AIReviewed', marking.reviewed ? 'true' : 'false');
  put('AIReviewedBy', marking.reviewedBy.join(', '));
}

function infoDict(doc: PDFDocument): PDFDict {
  const ref = doc.context.trailerInfo.Info;
  const existing = ref ? doc.context.lookup(ref) : undefined;
  if (existing instanceof PDFDict) return existing;
  const created = doc.context.obj({});
  doc.context.trailerInfo.Info = doc.context.register(created);
  return created;
}

/** The XMP packet: dc, xmp, pdf, the IPTC extension's DigitalSourceType and Ratkaisu's properties. */
export function aiMarkingXmp(marking: AiMarking, document: { title: string }): string {
  const bag = (items: string[]) =>
    items.length === 0
      ? '<rdf:Seq/>'
      : `<rdf:Seq>${items.map((item) => `<rdf:li>${xml(item)}</rdf:li>`).join('')}</rdf:Seq>`;
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${xml(text)}</rdf:li></rdf:Alt>`;
  const source = DIGITAL_SOURCE_TYPES[marking.sourceType];
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/"',
    ` xmlns:Iptc4xmpExt="${IPTC_EXT_NS}"`,
    ` xmlns:rai="${RATKAISU_AI_NS}">`,
    `<dc:title>${alt(document.title)}</dc:title>`,
    `<dc:description>${alt(`${NOTICE}. Model ${marking.model}, generated ${marking.generatedAt}.`)}</dc:description>`,
    '<dc:format>application/pdf</dc:format>',
    `<xmp:CreatorTool>Ratkaisu AI (${xml(marking.model)})</xmp:CreatorTool>`,
    `<xmp:CreateDate>${xml(marking.generatedAt)}</xmp:CreateDate>`,
    '<pdf:Producer>Ratkaisu (pdf-lib)</pdf:Producer>',
    `<pdf:Keywords>AI-generated; ${marking.sourceType}; model:${xml(marking.model)}</pdf:Keywords>`,
    `<Iptc4xmpExt:DigitalSourceType>${source}</Iptc4xmpExt:DigitalSourceType>`,
    `<rai:DocumentKind>${xml(marking.documentKind)}</rai:DocumentKind>`,
    `<rai:Model>${xml(marking.model)}</rai:Model>`,
    ...(marking.deployment ? [`<rai:Deployment>${xml(marking.deployment)}</rai:Deployment>`] : []),
    `<rai:GeneratedAt>${xml(marking.generatedAt)}</rai:GeneratedAt>`,
    `<rai:AIChapters>${bag(marking.aiChapters)}</rai:AIChapters>`,
    `<rai:EditedChapters>${bag(marking.editedChapters)}</rai:EditedChapters>`,
    `<rai:Reviewed>${marking.reviewed ? 'True' : 'False'}</rai:Reviewed>`,
    `<rai:ReviewedBy>${bag(marking.reviewedBy)}</rai:ReviewedBy>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    // Room for a tool that rewrites the packet in place, as the XMP specification suggests.
    ' '.repeat(1024),
    '<?xpacket end="w"?>',
  ].join('\n');
}

function xml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}
