import { HttpRequest } from '@azure/functions';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { refusal } from '@ratkaisu/core';
import {
  fieldTooLongMessage,
  MALFORMED_UPLOAD_MESSAGE,
  UploadLimitError,
  type UploadLimits,
  type UploadReading,
} from '../context/multipart.js';
import { BadRequestError, UnsupportedMediaTypeError } from '../errors.js';
import { parseMultipart, readMultipart } from './multipart.js';

const BOUNDARY = 'ratkaisu-test-boundary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

type Part = { field: string; value: string } | { field: string; fileName: string; bytes: Buffer; type?: string };

/** A multipart body as a browser's FormData writes it; without `end`, it breaks off before the closing boundary. */
function body(parts: Part[], { end = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'fileName' in part
        ? `form-data; name="${part.field}"; filename="${part.fileName}"\r\nContent-Type: ${part.type ?? 'application/pdf'}`
        : `form-data; name="${part.field}"`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('fileName' in part ? part.bytes : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The body in uneven chunks, as a socket delivers it. */
function stream(bytes: Buffer, size = 1000): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );
}

const limits = (overrides: Partial<UploadLimits> = {}): UploadLimits => ({
  fileField: 'file',
  maxFiles: 3,
  maxFileBytes: 5000,
  ...overrides,
});

/** Reads every file part to its end: the files' names and sizes, or the error the form failed with. */
async function readAll(reading: UploadReading): Promise<{ files: { name: string; size: number }[]; error?: unknown }> {
  const files: { name: string; size: number }[] = [];
  try {
    for await (const part of reading.files) {
      let size = 0;
      for await (const chunk of part.stream) size += (chunk as Buffer).length;
      files.push({ name: part.fileName, size });
    }
    return { files };
  } catch (error) {
    return { files, error };
  }
}

const pdf = (size: number) => Buffer.alloc(size, 0x25);

describe('parseMultipart', () => {
  it('hands on the file parts in order, each read to its end, with the text fields asked for', async () => {
    const reading = parseMultipart(
      stream(
        body([
          { field: 'settings', value: '{"temperature":0.2}' },
          { field: 'file', fileName: 'a.pdf', bytes: pdf(4000) },
          { field: 'other', fileName: 'skipped.pdf', bytes: pdf(10) },
          { field: 'ignored', value: 'x' },
          { field: 'file', fileName: 'Hääyö %22lainaus%22.pdf', bytes: pdf(5000) },
        ]),
      ),
      CONTENT_TYPE,
      limits({ textFields: { settings: 100 } }),
    );
    const { files, error } = await readAll(reading);
    expect(error).toBeUndefined();
    expect(files).toEqual([
      { name: 'a.pdf', size: 4000 },
      { name: 'Hääyö "lainaus".pdf', size: 5000 },
    ]);
    expect(reading.fields).toEqual({ settings: '{"temperature":0.2}' });
  });

  it('fails a file one byte past maxFileBytes, the part being read included', async () => {
    const reading = parseMultipart(
      stream(body([{ field: 'file', fileName: 'big.pdf', bytes: pdf(5001) }])),
      CONTENT_TYPE,
      limits(),
    );
    const { files, error } = await readAll(reading);
    expect(files).toEqual([]);
    expect(error).toBeInstanceOf(UploadLimitError);
    expect((error as UploadLimitError).limit).toBe('fileSize');
  });

  it('fails a form with one file more than maxFiles', async () => {
    const parts = Array.from({ length: 4 }, (_unused, index) => ({
      field: 'file',
      fileName: `${index}.pdf`,
      bytes: pdf(100),
    }));
    const { files, error } = await readAll(parseMultipart(stream(body(parts)), CONTENT_TYPE, limits()));
    // Parts already parsed but not yet read fail with the form: what was read is never the whole form.
    expect(files.length).toBeLessThan(4);
    expect(error).toBeInstanceOf(UploadLimitError);
    expect((error as UploadLimitError).limit).toBe('files');
  });

  it('fails a text field longer than allowed, and a body that breaks off', async () => {
    const long = await readAll(
      parseMultipart(
        stream(body([{ field: 'settings', value: 'x'.repeat(101) }])),
        CONTENT_TYPE,
        limits({ textFields: { settings: 100 } }),
      ),
    );
    expect(long.error).toEqual(new BadRequestError(fieldTooLongMessage('settings', 100)));
    // The limit travels as a number beside the reason, for the screens to word in the user's language.
    expect(long.error).toMatchObject({
      reason: 'requests.formFieldTooLong',
      params: { name: 'settings', limitBytes: 100 },
    });

    const cut = await readAll(
      parseMultipart(
        stream(body([{ field: 'file', fileName: 'a.pdf', bytes: pdf(3000) }], { end: false })),
        CONTENT_TYPE,
        limits(),
      ),
    );
    expect(cut.error).toEqual(new BadRequestError(MALFORMED_UPLOAD_MESSAGE));
    expect(cut.error).toMatchObject({ reason: 'requests.formUnreadable', params: {} });
  });

  it('answers no parts for an empty body, and stops reading when the reader leaves early', async () => {
    expect(await readAll(parseMultipart(null, CONTENT_TYPE, limits()))).toEqual({ files: [] });

    const source = stream(
      body([
        { field: 'file', fileName: 'a.pdf', bytes: pdf(100) },
        { field: 'file', fileName: 'b.pdf', bytes: pdf(100) },
      ]),
      10,
    );
    for await (const part of parseMultipart(source, CONTENT_TYPE, limits()).files) {
      expect(part.fileName).toBe('a.pdf');
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});

describe('readMultipart', () => {
  const request = (contentType: string, bytes?: Buffer) =>
    new HttpRequest({
      method: 'POST',
      url: 'http://localhost/api/dispute/1/workfiles',
      headers: { 'content-type': contentType, ...(bytes ? { 'content-length': String(bytes.length) } : {}) },
      ...(bytes ? { body: { bytes } } : {}),
    });

  it('refuses anything but multipart/form-data with a boundary with 415, naming the field', () => {
    for (const contentType of ['application/pdf', 'multipart/form-data', 'text/plain; boundary=x']) {
      expect(() => readMultipart(request(contentType), 'files')).toThrow(
        new UnsupportedMediaTypeError(refusal('requests.formOnly', { field: 'files' })),
      );
    }
  });

  it('reads the declared length without reading the body, and the parts once asked', async () => {
    const bytes = body([{ field: 'file', fileName: 'a.pdf', bytes: pdf(1234) }]);
    const form = readMultipart(request(CONTENT_TYPE, bytes));
    expect(form.contentLength).toBe(bytes.length);
    expect(await readAll(form.read(limits()))).toEqual({ files: [{ name: 'a.pdf', size: 1234 }] });
    expect(() => form.read(limits())).toThrow();
  });
});
