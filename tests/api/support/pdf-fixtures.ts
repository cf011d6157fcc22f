import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Real PDF files for upload tests, built with pdf-lib, and the broken ones the
 * upload check must refuse. Every builder answers the file's bytes.
 */

/**
 * A PDF with `pages` pages of text; `padTo` adds an unreferenced stream of random-looking bytes until it is
 * about that large (not an embedded file: uploads refuse those as active content).
 */
export async function makePdf(
  options: { pages?: number; title?: string; padTo?: number } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = options.pages ?? 1;
  for (let number = 1; number <= pages; number++) {
    doc
      .addPage([595, 842])
      .drawText(`${options.title ?? 'Exhibit'}: page ${number} of ${pages}`, { x: 72, y: 760, size: 14, font });
  }
  if (options.padTo !== undefined) {
    // Deterministic bytes that do not compress, so the file ends up near the asked size.
    doc.context.register(doc.context.stream(noise(Math.max(0, options.padTo - 4096))));
  }
  // Classic cross-reference tables: each object stands alone, as in most PDFs from office software.
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

/** Starts like a PDF, but is not one: pdf.js finds no structure in it. */
export function corruptPdf(): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nthis is not a PDF at all\n%%EOF\n',
  );
}

/** The first half of a real PDF, as an interrupted download leaves it. */
export async function truncatedPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const whole = await makePdf({ pages: 3 });
  return whole.slice(0, Math.floor(whole.length / 2));
}

/** Plain text, whatever the name it is given. */
export function notPdf(): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode('Dear respondent,\nthis letter is plain text renamed to .pdf.\n');
}

/**
 * A one-page PDF that needs the user password `secret` to open: the standard
 * security handler, revision 2 (RC4, 40-bit key), built by hand because
 * pdf-lib cannot encrypt. The page has no strings or streams, so nothing
 * inside needs encrypting for a reader to reach the password check.
 */
export function passwordProtectedPdf(userPassword = 'secret', ownerPassword = 'owner'): Uint8Array<ArrayBuffer> {
  const fileId = createHash('md5').update('ratkaisu-test-file-id').digest();
  const permissions = -44; // print, copy and the like allowed; the value only feeds the key.
  const owner = rc4(md5(pad(ownerPassword)).subarray(0, 5), pad(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(Buffer.concat([pad(userPassword), owner, p, fileId])).subarray(0, 5);
  const user = rc4(key, PASSWORD_PADDING);

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${permissions} >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = fileId.toString('hex');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${id}> <${id}>] >>\n`;
  body += `startxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function pad(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);
}

function md5(data: Buffer): Buffer {
  return createHash('md5').update(data).digest();
}

/** RC4, which OpenSSL 3 no longer offers by default; only used to build the fixture. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

/** Bytes that look random and do not compress, the same on every run. */
function noise(length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let block = createHash('sha256').update('ratkaisu').digest();
  for (let offset = 0; offset < length; offset += block.length) {
    out.set(block.subarray(0, Math.min(block.length, length - offset)), offset);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}
