import { inflateSync } from 'node:zlib';

/**
 * Finds active content in a PDF's bytes, the way pdfid does: the names that
 * make a reader run or open something. Refused at upload (README, Decisions):
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
export function findActiveContent(bytes: Uint8Array): string[] {
  const found = new Set<string>();
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const streams = streamsOf(text);
  // Outside the streams: compressed data is noise in which "/JS" turns up by chance.
  let from = 0;
  for (const stream of streams) {
    scan(text.slice(from, stream.start), found);
    from = stream.end;
  }
  scan(text.slice(from), found);

  let budget = MAX_INFLATED_BYTES;
  for (const stream of streams.filter((candidate) => candidate.objectStream)) {
    try {
      const inflated = inflateSync(Buffer.from(text.slice(stream.start, stream.end), 'latin1'), {
        maxOutputLength: budget,
      });
      budget -= inflated.length;
      scan(inflated.toString('latin1'), found);
    } catch (error) {
      // Too large to check: refused. A damaged stream: pdf.js decides whether the file opens at all.
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') found.add('ObjStm');
    }
    if (budget <= 0) {
      found.add('ObjStm');
      break;
    }
  }
  return [...found].sort();
}

/** What all object streams of one file may inflate to; far above any real document's dictionaries. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

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

interface StreamBody {
  start: number;
  end: number;
  /** A FlateDecode object stream (`/Type /ObjStm`), whose objects are read too. */
  objectStream: boolean;
}

/**
 * The data of every stream: from each `n g obj`, its dictionary up to the
 * `stream` keyword (if one comes before `endobj`), then `/Length` bytes (a
 * direct length) or up to `endstream`. Linear in the file's size.
 */
function streamsOf(text: string): StreamBody[] {
  const streams: StreamBody[] = [];
  const objects = /\b\d+\s+\d+\s+obj\b/g;
  while (objects.exec(text)) {
    const bodyAt = text.indexOf('stream', objects.lastIndex);
    const endObj = text.indexOf('endobj', objects.lastIndex);
    if (bodyAt < 0 || (endObj >= 0 && endObj < bodyAt)) continue;
    const dictionary = decodeName(text.slice(objects.lastIndex, bodyAt));
    let start = bodyAt + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    const endStream = text.indexOf('endstream', start);
    const end = length && start + Number(length[1]) <= text.length ? start + Number(length[1]) : endStream;
    if (end < start) break;
    streams.push({
      start,
      end,
      objectStream: /\/Type\s*\/ObjStm\b/.test(dictionary) && /\/FlateDecode\b/.test(dictionary),
    });
    objects.lastIndex = Math.max(end, endStream >= 0 ? endStream : end);
  }
  return streams;
}
