import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAzureBlobs } from '../../functions/src/adapters/blobs/azure-blobs.js';
import { startAzurite, type RunningAzurite } from '../../functions/src/local/azurite.js';
import type { Blobs } from '../../functions/src/ports/blobs.js';

let azurite: RunningAzurite;
let blobs: Blobs;

beforeAll(async () => {
  azurite = await startAzurite({ port: 0 });
  blobs = createAzureBlobs({ kind: 'azurite', connectionString: azurite.connectionString });
  await blobs.init();
});

afterAll(async () => {
  await azurite?.stop();
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A Readable yielding `data` in uneven chunks, as a request body would. */
function chunked(data: Buffer, chunkSize = 64 * 1024 + 17): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= data.length) return this.push(null);
      this.push(data.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

describe('Azure blobs adapter against Azurite', () => {
  it('reports the Azurite endpoint', () => {
    expect(azurite.port).toBeGreaterThan(0);
    expect(azurite.blobEndpoint).toBe(`http://127.0.0.1:${azurite.port}/devstoreaccount1`);
    expect(azurite.connectionString).toContain(`BlobEndpoint=${azurite.blobEndpoint}`);
    expect(blobs.kind).toBe('azurite');
  });

  it('init is idempotent and ping succeeds', async () => {
    await blobs.init();
    await blobs.init();
    await expect(blobs.ping()).resolves.toBeUndefined();
  });

  it('streams a multi-megabyte upload and download byte for byte', async () => {
    const data = randomBytes(9 * 1024 * 1024 + 123);
    const uploaded = await blobs.upload('attachments', 'case-1/big.pdf', chunked(data), {
      contentType: 'application/pdf',
      metadata: { originalname: 'big.pdf' },
    });
    expect(uploaded.size).toBe(data.length);
    expect(uploaded.contentType).toBe('application/pdf');
    expect(uploaded.etag).not.toBe('');

    const download = await blobs.download('attachments', 'case-1/big.pdf');
    expect(download).toBeDefined();
    expect(download!.contentType).toBe('application/pdf');
    expect(download!.size).toBe(data.length);
    expect(download!.etag).toBe(uploaded.etag);
    expect(download!.stream).toBeInstanceOf(Readable);
    expect(sha256(await readAll(download!.stream))).toBe(sha256(data));
  });

  it('reads a range of a blob, fewer bytes at its end, and nothing of a missing blob', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 7);
    await blobs.upload('attachments', 'case-1/ranges.pdf', chunked(data), { contentType: 'application/pdf' });
    expect(await blobs.downloadRange('attachments', 'case-1/ranges.pdf', 0, 1024)).toEqual(data.subarray(0, 1024));
    const middle = 2 * 1024 * 1024 - 5;
    expect(await blobs.downloadRange('attachments', 'case-1/ranges.pdf', middle, 65536)).toEqual(
      data.subarray(middle, middle + 65536),
    );
    const last = data.length - 100;
    expect(await blobs.downloadRange('attachments', 'case-1/ranges.pdf', last, 65536)).toEqual(data.subarray(last));
    expect(await blobs.downloadRange('attachments', 'case-1/ranges.pdf', 10, 0)).toEqual(Buffer.alloc(0));
    expect(await blobs.downloadRange('attachments', 'case-1/no-such.pdf', 0, 10)).toBeUndefined();
  });

  it('uploads buffers and Uint8Arrays and reads them back', async () => {
    const text = Buffer.from('# Päätös\n\nLoppu.\n', 'utf8');
    const result = await blobs.upload('results', 'job-1.md', text, { contentType: 'text/markdown; charset=utf-8' });
    expect(result).toMatchObject({ size: text.length, contentType: 'text/markdown; charset=utf-8' });
    expect(await blobs.downloadBuffer('results', 'job-1.md')).toEqual(text);

    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    await blobs.upload('workfiles', 'bytes.bin', bytes, { contentType: 'application/octet-stream' });
    expect(await blobs.downloadBuffer('workfiles', 'bytes.bin')).toEqual(Buffer.from(bytes));
  });

  it('overwrites an existing blob', async () => {
    const first = await blobs.upload('text', 'doc.txt', Buffer.from('first version'), { contentType: 'text/plain' });
    const second = await blobs.upload('text', 'doc.txt', chunked(Buffer.from('second, longer version')), {
      contentType: 'text/plain; charset=utf-8',
    });
    expect(second.etag).not.toBe(first.etag);
    expect((await blobs.downloadBuffer('text', 'doc.txt'))?.toString()).toBe('second, longer version');
    expect(await blobs.properties('text', 'doc.txt')).toEqual({
      contentType: 'text/plain; charset=utf-8',
      size: 'second, longer version'.length,
      etag: second.etag,
    });
  });

  it('returns undefined for missing blobs', async () => {
    expect(await blobs.download('attachments', 'no/such.pdf')).toBeUndefined();
    expect(await blobs.downloadBuffer('attachments', 'no/such.pdf')).toBeUndefined();
    expect(await blobs.properties('attachments', 'no/such.pdf')).toBeUndefined();
  });

  it('deletes once, then reports nothing to delete', async () => {
    await blobs.upload('workfiles', 'gone.txt', Buffer.from('x'), { contentType: 'text/plain' });
    expect(await blobs.delete('workfiles', 'gone.txt')).toBe(true);
    expect(await blobs.delete('workfiles', 'gone.txt')).toBe(false);
    expect(await blobs.properties('workfiles', 'gone.txt')).toBeUndefined();
  });

  it('handles names with slashes, spaces and non-ASCII characters', async () => {
    const name = 'tenant-ä/riita 2025/Välitodistus – liite #1 (ö).pdf';
    const data = Buffer.from('%PDF-1.7 fake');
    await blobs.upload('attachments', name, data, { contentType: 'application/pdf' });
    expect(await blobs.downloadBuffer('attachments', name)).toEqual(data);
    expect((await blobs.properties('attachments', name))?.size).toBe(data.length);
    expect(await blobs.delete('attachments', name)).toBe(true);
  });

  it('fails ping when the service cannot be reached', async () => {
    const unreachable = createAzureBlobs({
      kind: 'azurite',
      connectionString: azurite.connectionString.replace(`:${azurite.port}/`, ':9/'),
    });
    await expect(unreachable.ping()).rejects.toThrow();
  }, 120_000);
});

describe('startAzurite', () => {
  it('names the port and AZURITE_BLOB_PORT when the port is busy', async () => {
    await expect(startAzurite({ port: azurite.port })).rejects.toThrow(
      new RegExp(`${azurite.port}.*AZURITE_BLOB_PORT`),
    );
  });
});
