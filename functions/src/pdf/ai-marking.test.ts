import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readAiMarking } from '../../../tests/api/support/pdf-ai-marking.js';
import { DIGITAL_SOURCE_TYPES, type AiMarking } from './ai-marking.js';
import { renderMarkdownPdf } from './render-markdown-pdf.js';

const marking: AiMarking = {
  sourceType: 'compositeWithTrainedAlgorithmicMedia',
  documentKind: 'award',
  model: 'gpt-4.1 <prod> & co',
  deployment: 'azure-openai:ratkaisu-gpt41',
  generatedAt: '2026-11-02T10:00:00.000Z',
  aiChapters: ['1. Asian tausta', '2. Riidattomat seikat'],
  editedChapters: ['2. Riidattomat seikat'],
  reviewed: true,
  reviewedBy: ['OTT Maija Virtanen', 'VT Pekka Korhonen'],
};

/**
 * A PAdES signature is an incremental update: new objects, a new cross-reference section and trailer
 * appended after %%EOF, the earlier bytes untouched. This appends one such section as a signer would (an
 * annotation object and, since the file uses cross-reference streams, a cross-reference stream with /Prev).
 */
async function appendIncrementalUpdate(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const text = Buffer.from(bytes).toString('latin1');
  const previous = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  // The next free object number: the last trailer's /Size (the cross-reference stream is an object too).
  const number = Number([...text.matchAll(/\/Size (\d+)/g)].at(-1)![1]);
  const root = doc.context.trailerInfo.Root.toString();
  const info = doc.context.trailerInfo.Info!.toString();
  const object = `\n${number} 0 obj\n<< /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /T (Signature1) >>\nendobj\n`;
  const objectOffset = bytes.length + 1;
  const xrefOffset = bytes.length + object.length;
  const entry = (offset: number) => Buffer.from([1, ...[24, 16, 8, 0].map((shift) => (offset >>> shift) & 0xff), 0, 0]);
  const table = Buffer.concat([entry(objectOffset), entry(xrefOffset)]);
  const head =
    `${number + 1} 0 obj\n<< /Type /XRef /Size ${number + 2} /W [1 4 2] /Index [${number} 2] ` +
    `/Root ${root} /Info ${info} /Prev ${previous} /Length ${table.length} >>\nstream\n`;
  return Buffer.concat([
    Buffer.from(bytes),
    Buffer.from(object + head, 'latin1'),
    table,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1'),
  ]);
}

describe('the AI marking of a PDF (EU AI Act Art. 50)', () => {
  it('is an XMP packet in the IPTC vocabulary and Info keys that pdf.js reads back', async () => {
    const pdf = await renderMarkdownPdf('# Välitystuomio\n\nPerustelut.', {
      title: 'Välitystuomio',
      footerText: 'Asia',
      aiMarking: marking,
    });
    const read = await readAiMarking(pdf);
    expect(read.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia);
    expect(read.rai).toMatchObject({
      DocumentKind: 'award',
      Model: 'gpt-4.1 <prod> & co',
      Deployment: 'azure-openai:ratkaisu-gpt41',
      GeneratedAt: '2026-11-02T10:00:00.000Z',
      AIChapters: ['1. Asian tausta', '2. Riidattomat seikat'],
      EditedChapters: ['2. Riidattomat seikat'],
      Reviewed: 'True',
      ReviewedBy: ['OTT Maija Virtanen', 'VT Pekka Korhonen'],
    });
    expect(read.info.Subject).toContain('AI-generated text (EU AI Act Art. 50)');
    expect(read.info.Keywords).toContain('compositeWithTrainedAlgorithmicMedia');
    expect(read.info.Creator).toBe('Ratkaisu AI (gpt-4.1 <prod> & co)');
    expect(read.info.Custom).toMatchObject({
      AIGenerated: 'true',
      AIDigitalSourceType: DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia,
      AIModel: 'gpt-4.1 <prod> & co',
      AIReviewedBy: 'OTT Maija Virtanen, VT Pekka Korhonen',
    });
    // Uncompressed: a byte scan (as a crawler or a detector would do) finds the marking without a PDF parser.
    expect(Buffer.from(pdf).toString('latin1')).toContain('compositeWithTrainedAlgorithmicMedia');
  });

  it('survives an incremental update such as a PAdES signature', async () => {
    const pdf = await renderMarkdownPdf('# Ratkaisu', { title: 'Ratkaisu', footerText: 'Asia', aiMarking: marking });
    const signed = await appendIncrementalUpdate(pdf);
    expect(Buffer.from(signed.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(true);
    const read = await readAiMarking(signed);
    expect(await PDFDocument.load(signed).then((loaded) => loaded.context.largestObjectNumber)).toBeGreaterThan(
      (await PDFDocument.load(pdf)).context.largestObjectNumber,
    );
    expect(read.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia);
    expect(read.info.Custom?.AIModel).toBe('gpt-4.1 <prod> & co');
  });

  it('is absent from a PDF without AI text', async () => {
    const read = await readAiMarking(await renderMarkdownPdf('# Kirje', { title: 'Kirje', footerText: 'Asia' }));
    expect(read.digitalSourceType).toBeUndefined();
    expect(read.info.Custom?.AIGenerated).toBeUndefined();
  });
});
