import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { extractPdfText, PDF_TEXT_EXTRACTOR_VERSION } from '../../pdf/pdf-text.js';
import {
  DocumentUnreadableError,
  quoted,
  scannedPagesOf,
  type DocumentSource,
  type DocumentText,
} from './document-text.js';

export type { DocumentSource, DocumentText };
export { assertReadable, DocumentUnreadableError, SCANNED_PAGE_MAX_CHARS } from './document-text.js';

/**
 * The cached text of a stored PDF, as JSON in the 'text' container. The blob
 * name holds the extractor version, so a changed extractor reads every file
 * again instead of serving text the old one got wrong.
 */
const cachedTextSchema = z.object({
  extractor: z.literal(PDF_TEXT_EXTRACTOR_VERSION),
  source: z.object({ container: z.string(), blobName: z.string(), size: z.number() }),
  encrypted: z.boolean(),
  pages: z.array(z.string()),
  extractedAt: z.string(),
});
type CachedText = z.infer<typeof cachedTextSchema>;

/** Where the text of a stored file is cached: beside nothing else, named after the file's own blob. */
export function textCacheName(source: Pick<DocumentSource, 'container' | 'blobName'>): string {
  return `${source.container}/${source.blobName}.v${PDF_TEXT_EXTRACTOR_VERSION}.json`;
}

/**
 * The text of a stored PDF, page by page: read once with pdf.js on a worker
 * thread, then served from the cache, so a second draft from the same files
 * costs no extraction. Stored files never change (each upload gets a new
 * blob name), so a cached text never goes stale.
 *
 * A password-protected file answers `encrypted: true` with no pages (cached
 * too: a password does not go away); `assertReadable` turns that, and a file
 * with no text at all, into the per-file error. A file missing from storage,
 * damaged or truncated throws `DocumentUnreadableError` naming it; those are
 * not cached, as a time-out may go better the next time.
 */
export async function loadDocumentText(
  deps: Pick<Deps, 'blobs' | 'clock' | 'log'>,
  file: DocumentSource,
): Promise<DocumentText> {
  const cacheName = textCacheName(file);
  const cached = await readCachedText(deps, cacheName);
  if (cached) return toDocumentText(file, cached.pages, cached.encrypted);

  const bytes = await deps.blobs.downloadBuffer(file.container, file.blobName);
  if (!bytes) {
    throw new DocumentUnreadableError(
      file.fileName,
      `${quoted(file.fileName)} could not be found in storage; it may have been deleted. Select the files again.`,
    );
  }
  const size = bytes.byteLength;
  const result = await extractPdfText(bytes);
  if (!result.ok) {
    deps.log.warn('Extracting the text of a PDF failed', { fileId: file.fileId, reason: result.reason });
    throw new DocumentUnreadableError(file.fileName, `${quoted(file.fileName)} could not be read. ${result.reason}`);
  }

  const entry: CachedText = {
    extractor: PDF_TEXT_EXTRACTOR_VERSION,
    source: { container: file.container, blobName: file.blobName, size },
    encrypted: result.encrypted,
    pages: result.pages,
    extractedAt: deps.clock.now().toISOString(),
  };
  try {
    await deps.blobs.upload('text', cacheName, Buffer.from(JSON.stringify(entry), 'utf8'), {
      contentType: 'application/json; charset=utf-8',
    });
  } catch (error) {
    // The text is in hand; without the cache the next draft only reads the file again.
    deps.log.error('Caching the text of a PDF failed', { fileId: file.fileId, error });
  }
  return toDocumentText(file, result.pages, result.encrypted);
}

async function readCachedText(deps: Pick<Deps, 'blobs' | 'log'>, name: string): Promise<CachedText | undefined> {
  let raw: Buffer | undefined;
  try {
    raw = await deps.blobs.downloadBuffer('text', name);
  } catch (error) {
    deps.log.warn('Reading a cached PDF text failed; extracting again', { name, error });
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const parsed = cachedTextSchema.safeParse(JSON.parse(raw.toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: not written by this code. Extract again and overwrite it.
  }
  deps.log.warn('Ignoring an unreadable cached PDF text', { name });
  return undefined;
}

function toDocumentText(file: DocumentSource, pages: string[], encrypted: boolean): DocumentText {
  return { fileId: file.fileId, fileName: file.fileName, pages, scannedPages: scannedPagesOf(pages), encrypted };
}
