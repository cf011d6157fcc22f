import { createHash } from 'node:crypto';
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfStream, PdfString } from '@libpdf/core';
import { createCadesSignature, type CadesSigner, type TimestampAuthority } from './cades-signature.js';

/** Bytes reserved for the CMS signature: the chain (EC or RSA certificates) and a time-stamp token fit with room. */
const CONTENTS_BYTES = 16_384;
/** Ten digits each, patched in place once the file's length is known (so the dictionary's size never changes). */
const BYTE_RANGE_PLACEHOLDER = 9_999_999_999;

export interface VisibleSignature {
  /** The reserved signature field (render-markdown-pdf's signatureFields) this signature fills. */
  fieldName: string;
  /** The block's lines, drawn in the field's rectangle (Helvetica, WinAnsi: what the block says in words). */
  lines: string[];
}

export interface SignPdfOptions {
  signer: CadesSigner;
  /** The claimed time (/M); proven only by a time-stamp. */
  signingTime: Date;
  /** Who signs, as /Name; and why, as /Reason. */
  name: string;
  reason: string;
  location?: string;
  /** A reserved field to fill with a visible block; without it the signature is invisible (a seal). */
  visible?: VisibleSignature;
  /** PAdES-B-T: a signature time-stamp from this authority. */
  timestampAuthority?: TimestampAuthority;
}

export interface SignedPdf {
  pdf: Uint8Array;
  /** SHA-256 of the whole signed file (hex). */
  sha256: string;
}

/**
 * Adds one PAdES signature (ETSI.CAdES.detached) to a PDF as an incremental update: the earlier bytes are left
 * exactly as they were, so every earlier signature stays valid and this one covers them all. The signature
 * dictionary goes into the named field (keeping its place on the page, with an appearance drawn from `lines`),
 * or into a new invisible field. @libpdf/core writes the update; the CMS is ours (cades-signature.ts).
 */
export async function signPdf(bytes: Uint8Array, options: SignPdfOptions): Promise<SignedPdf> {
  const document = await PDF.load(bytes);
  const registry = document.context.registry;
  const signature = PdfDict.of({
    Type: PdfName.of('Sig'),
    Filter: PdfName.of('Adobe.PPKLite'),
    SubFilter: PdfName.of('ETSI.CAdES.detached'),
    ByteRange: new PdfArray([0, 1, 2, 3].map((i) => PdfNumber.of(i === 0 ? 0 : BYTE_RANGE_PLACEHOLDER))),
    Contents: new PdfString(new Uint8Array(CONTENTS_BYTES), 'hex'),
    M: PdfString.fromString(pdfDate(options.signingTime)),
    Name: PdfString.fromString(options.name),
    Reason: PdfString.fromString(options.reason),
    ...(options.location ? { Location: PdfString.fromString(options.location) } : {}),
  });
  const signatureRef = registry.register(signature);

  const form = document.getOrCreateForm();
  const acroForm = form.acroForm().getDict();
  acroForm.set('SigFlags', PdfNumber.of(3));
  if (options.visible) {
    const field = form.getSignatureField(options.visible.fieldName);
    if (!field) throw new Error(`The PDF has no signature field ${options.visible.fieldName}.`);
    if (field.isSigned()) throw new Error(`The signature field ${options.visible.fieldName} is already signed.`);
    const fieldDict = field.getDict();
    fieldDict.set('V', signatureRef);
    const widget = field.getWidgets()[0];
    const widgetDict = widget?.dict ?? fieldDict;
    const rect = widgetDict.getArray('Rect');
    const [x1, y1, x2, y2] = rect
      ? [0, 1, 2, 3].map((i) => (rect.at(i) as PdfNumber | undefined)?.value ?? 0)
      : [0, 0, 0, 0];
    const appearance = appearanceStream(Math.abs(x2! - x1!), Math.abs(y2! - y1!), options.visible.lines);
    widgetDict.set('AP', PdfDict.of({ N: registry.register(appearance) }));
    widgetDict.set('F', PdfNumber.of(4 | 128)); // Print + Locked
  } else {
    const firstPage = document.getPage(0);
    if (!firstPage) throw new Error('The PDF has no pages.');
    const existing = new Set(form.getFieldNames());
    let name = 'Seal';
    for (let n = 2; existing.has(name); n++) name = `Seal_${n}`;
    const fieldRef = registry.register(
      PdfDict.of({
        FT: PdfName.of('Sig'),
        T: PdfString.fromString(name),
        V: signatureRef,
        Type: PdfName.of('Annot'),
        Subtype: PdfName.of('Widget'),
        F: PdfNumber.of(4 | 128),
        P: firstPage.ref,
        Rect: new PdfArray([0, 0, 0, 0].map((value) => PdfNumber.of(value))),
      }),
    );
    const fields = acroForm.getArray('Fields', registry.resolve.bind(registry));
    if (fields) fields.push(fieldRef);
    else acroForm.set('Fields', new PdfArray([fieldRef]));
    const annots = firstPage.dict.getArray('Annots', registry.resolve.bind(registry));
    if (annots) annots.push(fieldRef);
    else firstPage.dict.set('Annots', new PdfArray([fieldRef]));
  }

  const updated = await document.save({ incremental: true });
  const placeholders = findPlaceholders(updated, bytes.length);
  const byteRange = [
    0,
    placeholders.contentsStart - 1,
    placeholders.contentsEnd + 1,
    updated.length - placeholders.contentsEnd - 1,
  ] as const;
  const rangeText = `[0 ${byteRange
    .slice(1)
    .map((n) => String(n).padEnd(10, ' '))
    .join(' ')}]`;
  if (rangeText.length !== placeholders.byteRangeEnd - placeholders.byteRangeStart) {
    throw new Error('The signature dictionary did not take the byte range placeholder as written.');
  }
  updated.set(Buffer.from(rangeText, 'latin1'), placeholders.byteRangeStart);
  const digest = createHash('sha256')
    .update(updated.subarray(0, byteRange[1]))
    .update(updated.subarray(byteRange[2]))
    .digest();
  const cms = await createCadesSignature(digest, options.signer, options.timestampAuthority);
  const hex = Buffer.from(cms).toString('hex');
  if (hex.length > placeholders.contentsEnd - placeholders.contentsStart) {
    throw new Error(`The signature (${cms.length} bytes) does not fit the ${CONTENTS_BYTES} reserved.`);
  }
  updated.set(Buffer.from(hex, 'latin1'), placeholders.contentsStart);
  return { pdf: updated, sha256: createHash('sha256').update(updated).digest('hex') };
}

/** The new signature dictionary's /ByteRange array and /Contents hex string, searched for after the old bytes. */
function findPlaceholders(
  bytes: Uint8Array,
  from: number,
): { byteRangeStart: number; byteRangeEnd: number; contentsStart: number; contentsEnd: number } {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const placeholder = String(BYTE_RANGE_PLACEHOLDER);
  const rangeKey = text.indexOf('/ByteRange', from);
  const byteRangeStart = text.indexOf('[', rangeKey);
  const byteRangeEnd = text.indexOf(']', byteRangeStart) + 1;
  if (rangeKey < 0 || !text.slice(byteRangeStart, byteRangeEnd).includes(placeholder)) {
    throw new Error('The signature dictionary was not written.');
  }
  const zeros = '<' + '0'.repeat(CONTENTS_BYTES * 2) + '>';
  const contents = text.indexOf(zeros, from);
  if (contents < 0) throw new Error('The signature placeholder was not written.');
  return { byteRangeStart, byteRangeEnd, contentsStart: contents + 1, contentsEnd: contents + 1 + CONTENTS_BYTES * 2 };
}

/** A PDF date: D:YYYYMMDDHHmmSSZ (UTC). */
function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/**
 * The visible block: a thin frame with the lines in Helvetica, the first in bold, sized to fit the field.
 * Helvetica with WinAnsiEncoding covers Finnish and Swedish (ä ö å é); anything else prints as '?'.
 */
function appearanceStream(width: number, height: number, lines: string[]): PdfStream {
  const padding = 4;
  const size = Math.min(9, (height - 2 * padding) / Math.max(1, lines.length) / 1.2);
  const leading = size * 1.2;
  const ops: string[] = [
    'q',
    '0.2 0.3 0.55 RG',
    '0.75 w',
    `0.5 0.5 ${width - 1} ${height - 1} re S`,
    'Q',
    'BT',
    '0.1 0.1 0.1 rg',
  ];
  lines.forEach((line, index) => {
    const y = height - padding - size - index * leading;
    ops.push(
      `/${index === 0 ? 'HeB' : 'He'} ${size.toFixed(2)} Tf`,
      `1 0 0 1 ${padding + 2} ${y.toFixed(2)} Tm`,
      `(${winAnsi(line)}) Tj`,
    );
  });
  ops.push('ET');
  const font = (base: string) =>
    PdfDict.of({
      Type: PdfName.of('Font'),
      Subtype: PdfName.of('Type1'),
      BaseFont: PdfName.of(base),
      Encoding: PdfName.of('WinAnsiEncoding'),
    });
  return PdfStream.fromDict(
    {
      Type: PdfName.of('XObject'),
      Subtype: PdfName.of('Form'),
      BBox: new PdfArray([0, 0, width, height].map((value) => PdfNumber.of(value))),
      Resources: PdfDict.of({ Font: PdfDict.of({ He: font('Helvetica'), HeB: font('Helvetica-Bold') }) }),
    },
    new Uint8Array(Buffer.from(ops.join('\n'), 'latin1')),
  );
}

/** A PDF literal string's body in WinAnsi (Latin-1 for the letters that matter here), escaped. */
function winAnsi(text: string): string {
  return Array.from(text.normalize('NFC'))
    .map((character) => {
      const code = character.codePointAt(0)!;
      const mapped = character === '–' ? '\u0096' : character === '—' ? '\u0097' : code <= 0xff ? character : '?';
      return mapped === '(' || mapped === ')' || mapped === '\\' ? `\\${mapped}` : mapped;
    })
    .join('');
}
