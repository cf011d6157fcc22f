import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { ExportFile } from './personal-data-files.js';

/** One file of the manifest: where it is in the ZIP, what it is, and its SHA-256 and size. */
export interface ManifestEntry {
  path: string;
  description: string;
  sha256: string;
  bytes: number;
}

export interface ZipManifest {
  /** What the ZIP is, for whoever opens it. */
  title: string;
  createdAt: string;
  files: ManifestEntry[];
  /** What is left out, and why. */
  notes: string[];
}

/**
 * Streams `files` into a ZIP, one at a time, hashing each as it passes (archiver, DEFLATE), and ends it with
 * `manifest.json`: every file with its SHA-256, size and description. Memory stays bounded by a file's
 * chunks, not the data's size: the output is a stream for the caller to store as it is written. A blob that
 * has gone (deleted while the copy was made) is left out and said so in the notes.
 */
export function writeManifestedZip(
  files: AsyncIterable<ExportFile>,
  header: Omit<ZipManifest, 'files'>,
): { stream: Readable; manifest: Promise<ZipManifest> } {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  archive.pipe(out);
  const manifest = (async (): Promise<ZipManifest> => {
    const written: ManifestEntry[] = [];
    const notes = [...header.notes];
    try {
      for await (const file of files) {
        const source = Buffer.isBuffer(file.content) ? file.content : await file.content();
        if (!source) {
          notes.push(`${file.path} is missing: the file was deleted while the copy was made.`);
          continue;
        }
        const hash = createHash('sha256');
        let bytes = 0;
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            bytes += chunk.length;
            done(null, chunk);
          },
        });
        const processed = once(archive, 'entry');
        if (Buffer.isBuffer(source)) hashing.end(source);
        else source.on('error', (error) => hashing.destroy(error)).pipe(hashing);
        archive.append(hashing, { name: file.path });
        await processed;
        written.push({ path: file.path, description: file.description, sha256: hash.digest('hex'), bytes });
      }
      const result: ZipManifest = { ...header, notes, files: written };
      archive.append(Buffer.from(JSON.stringify(result, null, 2) + '\n', 'utf8'), { name: 'manifest.json' });
      await archive.finalize();
      return result;
    } catch (error) {
      archive.abort();
      out.destroy(error as Error);
      throw error;
    }
  })();
  // The caller awaits the manifest; an unobserved rejection here would only duplicate that error.
  manifest.catch(() => undefined);
  return { stream: out, manifest };
}
