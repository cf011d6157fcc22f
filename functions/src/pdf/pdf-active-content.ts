import { promisify } from 'node:util';
import { inflate } from 'node:zlib';

const inflateAsync = promisify(inflate);

/**
 * Finds active content in a PDF's bytes, the way pdfid does: the names that
 * make a reader run or open something. Refused at upload (docs/decisions.md):
 *
 * - JavaScript: a `/JavaScript` name tree or action, a `/JS` entry;
 * - actions that start a program or send data: `/Launch`, `/SubmitForm`,
 *   `/ImportData`, `/RichMediaExecute`; an `/OpenAction` or `/AA` (additional
 *   actions) is refused when it does one of these, not when it only opens a
 *   page view (most office exports have `/OpenAction [3 0 R /Fit]`);
 * - embedded files and media: `/EmbeddedFiles`, `/EmbeddedFile`, `/RichMedia`.
 *
 * Names are read with their `#xx` escapes decoded (`/J#61vaScript` is
 * `/JavaScript`). Dictionaries compressed into object streams (`/ObjStm`,
 * PDF 1.5) are inflated and read too, within a budget; a file whose object
 * streams cannot all be read within it counts as active (it cannot be checked).
 */
export async function findActiveContent(bytes: Uint8Array): Promise<string[]> {
  const scanner = new ActiveContentScanner();
  scanner.push(bytes);
  return scanner.finish();
}

/** What all object streams of one file may inflate to; far above any real document's dictionaries. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** The most of one compressed object stream held for inflating; a larger one cannot be checked. */
const MAX_OBJECT_STREAM_BYTES = 8 * 1024 * 1024;
/** How far a dictionary may run between `n g obj` and its `stream` or `endobj` before it is read as plain text. */
const MAX_DICTIONARY_CHARS = 1024 * 1024;
/**
 * Text kept back at the end of what arrived, so a name or an object header cut
 * between two chunks is read whole with the next one. A name that can match is
 * at most 49 characters (`/` and 16 letters each written `#xx`); an object
 * header's numbers and spaces fit too.
 */
const KEEP_CHARS = 256;
const END_STREAM = 'endstream';

interface OpenStream {
  /** Bytes left by the dictionary's direct /Length; Infinity without one. */
  left: number;
  /** The last few characters of the data, not yet known not to start `endstream`. */
  tail: string;
  /** A FlateDecode object stream (`/Type /ObjStm`), whose objects are read too. */
  objectStream: boolean;
  chunks: Buffer[];
  bytes: number;
  /** Names seen in the data of a stream without a /Length: they count only if its `endstream` never comes. */
  unsure: Set<string>;
}

/**
 * findActiveContent over a file that arrives in chunks, in memory bounded by
 * the constants above whatever the file's size: `push` each chunk as it
 * arrives, `finish` once at the end.
 *
 * Names outside stream data are read (compressed data is noise in which "/JS"
 * turns up by chance). A stream's data starts after the `stream` keyword of
 * an `n g obj` and ends at its direct /Length or at the first `endstream`,
 * whichever comes first, so neither a /Length too long nor a missing
 * `endstream` hides the objects after it.
 */
export class ActiveContentScanner {
  private readonly found = new Set<string>();
  private pending = '';
  private stream: OpenStream | undefined;
  private inflations: Promise<void> = Promise.resolve();
  private budget = MAX_INFLATED_BYTES;
  private finished = false;

  push(chunk: Uint8Array): void {
    if (this.finished) throw new Error('The scan has finished.');
    this.take(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1'), false);
  }

  /** The active names found, sorted, once every object stream has been read. */
  async finish(): Promise<string[]> {
    if (!this.finished) {
      this.finished = true;
      this.take('', true);
      if (this.stream) {
        // The file ended inside a stream without /Length or `endstream`: its data was not noise after all.
        for (const name of this.stream.unsure) this.found.add(name);
        this.stream = undefined;
      }
    }
    await this.inflations;
    return [...this.found].sort();
  }

  private take(text: string, final: boolean): void {
    let rest: string | undefined = text;
    if (this.stream) {
      rest = this.inStream(text);
      if (rest === undefined) return;
    }
    this.pending += rest;
    this.outside(final);
  }

  /** Reads stream data; answers the text after the stream's end, or undefined while it goes on. */
  private inStream(text: string): string | undefined {
    const stream = this.stream!;
    const data = text.slice(0, Math.min(text.length, stream.left));
    stream.left -= data.length;
    const window = stream.tail + data;
    const end = window.indexOf(END_STREAM);
    if (end >= 0) {
      this.streamData(window.slice(0, end));
      this.closeStream();
      return window.slice(end) + text.slice(data.length);
    }
    if (stream.left === 0) {
      this.streamData(window);
      this.closeStream();
      return text.slice(data.length);
    }
    const keep = Math.min(window.length, END_STREAM.length - 1);
    this.streamData(window.slice(0, window.length - keep));
    stream.tail = window.slice(window.length - keep);
    return undefined;
  }

  private streamData(text: string): void {
    const stream = this.stream!;
    if (stream.left === Infinity) scan(text, stream.unsure);
    if (!stream.objectStream || text.length === 0) return;
    stream.bytes += text.length;
    if (stream.bytes > MAX_OBJECT_STREAM_BYTES) {
      // Too large to hold for inflating: it cannot be checked, so the file counts as active.
      this.found.add('ObjStm');
      stream.objectStream = false;
      stream.chunks = [];
      return;
    }
    stream.chunks.push(Buffer.from(text, 'latin1'));
  }

  private closeStream(): void {
    const stream = this.stream!;
    this.stream = undefined;
    if (!stream.objectStream) return;
    const compressed = Buffer.concat(stream.chunks);
    // One at a time, in order, so the budget is shared; zlib inflates on libuv's pool, off the event loop.
    this.inflations = this.inflations.then(async () => {
      if (this.budget <= 0) {
        this.found.add('ObjStm');
        return;
      }
      try {
        const inflated = await inflateAsync(compressed, { maxOutputLength: this.budget });
        this.budget -= inflated.length;
        scan(inflated.toString('latin1'), this.found);
      } catch (error) {
        // Too large to check: refused. A damaged stream: pdf.js decides whether the file opens at all.
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') this.found.add('ObjStm');
      }
      if (this.budget <= 0) this.found.add('ObjStm');
    });
  }

  /** Reads `pending` (text outside stream data) as far as it can be read without the next chunk. */
  private outside(final: boolean): void {
    for (;;) {
      const text = this.pending;
      const objects = /\b\d+\s+\d+\s+obj\b/g;
      let header = objects.exec(text);
      // A header at the very end may go on in the next chunk ("obj" of "objx").
      if (header && header.index + header[0].length >= text.length && !final) header = null;
      if (!header) {
        scan(text, this.found);
        this.pending = final ? '' : text.slice(-KEEP_CHARS);
        return;
      }
      const afterHeader = header.index + header[0].length;
      const bodyAt = text.indexOf('stream', afterHeader);
      const endObj = text.indexOf('endobj', afterHeader);
      if (endObj >= 0 && (bodyAt < 0 || endObj < bodyAt)) {
        // No stream: the dictionary is read as plain text, up to the next header.
        scan(text.slice(0, afterHeader), this.found);
        this.pending = text.slice(afterHeader);
        continue;
      }
      // `stream` and the end of line after it (two characters at most) must have arrived.
      if (bodyAt < 0 || (bodyAt + 'stream'.length + 2 > text.length && !final)) {
        if (final || text.length - afterHeader > MAX_DICTIONARY_CHARS) {
          // Never a stream (or a dictionary too long to be one): read as plain text.
          scan(text.slice(0, afterHeader), this.found);
          this.pending = text.slice(afterHeader);
          continue;
        }
        scan(text.slice(0, header.index), this.found);
        this.pending = text.slice(header.index);
        return;
      }
      const dictionary = decodeName(text.slice(afterHeader, bodyAt));
      let start = bodyAt + 'stream'.length;
      if (text[start] === '\r') start++;
      if (text[start] === '\n') start++;
      scan(text.slice(0, start), this.found);
      const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
      this.stream = {
        left: length ? Number(length[1]) : Infinity,
        tail: '',
        objectStream: /\/Type\s*\/ObjStm\b/.test(dictionary) && /\/FlateDecode\b/.test(dictionary),
        chunks: [],
        bytes: 0,
        unsure: new Set(),
      };
      this.pending = '';
      const after = this.inStream(text.slice(start));
      if (after === undefined) return;
      this.pending = after;
    }
  }
}

const ALWAYS_ACTIVE = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'SubmitForm',
  'ImportData',
  'RichMediaExecute',
  'EmbeddedFiles',
  'EmbeddedFile',
  'RichMedia',
]);

const NAME = /\/([^\s/<>[\]()%{}]+)/g;

function scan(text: string, found: Set<string>): void {
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1]!);
    if (ALWAYS_ACTIVE.has(name)) found.add(name);
  }
}

function decodeName(raw: string): string {
  return raw.includes('#')
    ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
}
