import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAzureBlobs } from '../../functions/src/adapters/blobs/azure-blobs.js';
import { startAzurite, type RunningAzurite } from '../../functions/src/local/azurite.js';
import { WriteOnceError } from '../../functions/src/errors.js';
import type { Blobs } from '../../functions/src/ports/blobs.js';
import { MovableClock } from '../support/movable-clock.js';

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

/**
 * The write-once rule (ports/blobs.ts WRITE_ONCE_CONTAINERS) on both configurations of the adapter: as the
 * local stack builds it (Azurite) and as Azure's Blob Storage is reached (kind 'azure-blob', here pointed at
 * Azurite, since no Azure account is reachable offline). Azure's own immutability policy is Bicep's
 * (tests/contract/infra.test.ts); this proves the adapter refuses before the service would.
 */
describe.each(['azurite', 'azure-blob'] as const)('write-once records through the %s adapter', (kind) => {
  const clock = new MovableClock({ frozen: true, at: new Date('2026-11-28T12:00:00Z') });
  const DAY = 24 * 60 * 60 * 1000;
  let records: Blobs;

  beforeAll(async () => {
    records = createAzureBlobs({ kind, connectionString: azurite.connectionString, writeOnceRetentionDays: 30, clock });
    await records.init();
  });

  const refusal = async (action: Promise<unknown>): Promise<WriteOnceError> => {
    const error: unknown = await action.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(WriteOnceError);
    return error as WriteOnceError;
  };

  it('keeps the first write of a name and refuses to overwrite it, by buffer or by stream', async () => {
    const name = `${kind}/award-1.pdf`;
    const original = Buffer.from('%PDF-1.7 the issued award');
    await records.upload('records', name, original, { contentType: 'application/pdf' });

    const byBuffer = await refusal(
      records.upload('records', name, Buffer.from('forged'), { contentType: 'application/pdf' }),
    );
    expect(byBuffer).toMatchObject({ code: 'write_once', status: 409, refused: 'overwrite', blobName: name });
    await refusal(
      records.upload('records', name, chunked(randomBytes(2 * 1024 * 1024)), { contentType: 'application/pdf' }),
    );
    expect(await records.downloadBuffer('records', name)).toEqual(original);
  });

  it('refuses a delete before the retention ends and allows it after', async () => {
    const name = `${kind}/receipt-1.json`;
    await records.upload('records', name, Buffer.from('{"receipt":1}'), { contentType: 'application/json' });
    const retention = await records.retention('records', name);
    expect(retention).toEqual({
      writeOnce: true,
      locked: true,
      retainUntil: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
    });

    clock.advance(29 * DAY);
    const early = await refusal(records.delete('records', name));
    expect(early).toMatchObject({ code: 'write_once', refused: 'delete', retainUntil: retention!.retainUntil });
    expect(early.message).toContain(retention!.retainUntil);
    expect(await records.downloadBuffer('records', name)).toEqual(Buffer.from('{"receipt":1}'));

    clock.advance(DAY);
    expect(await records.retention('records', name)).toMatchObject({ writeOnce: true, locked: false });
    expect(await records.delete('records', name)).toBe(true);
    expect(await records.delete('records', name)).toBe(false);
    expect(await records.retention('records', name)).toBeUndefined();
  });

  it('keeps a write-once blob without a retention date, whatever the clock says', async () => {
    // Written by other means than the adapter (an operator's tool): no date is no permission.
    const name = `${kind}/undated.json`;
    const { BlobServiceClient } = await import('@azure/storage-blob');
    await BlobServiceClient.fromConnectionString(azurite.connectionString)
      .getContainerClient('records')
      .getBlockBlobClient(name)
      .uploadData(Buffer.from('{}'));
    clock.advance(100 * 365 * DAY);
    expect(await records.retention('records', name)).toEqual({ writeOnce: true, locked: true });
    await refusal(records.delete('records', name));
  });

  it('leaves the other containers as they were: overwritten and deleted at will', async () => {
    const name = `${kind}/draft.pdf`;
    await records.upload('attachments', name, Buffer.from('one'), { contentType: 'application/pdf' });
    await records.upload('attachments', name, Buffer.from('two'), { contentType: 'application/pdf' });
    expect(await records.retention('attachments', name)).toEqual({ writeOnce: false, locked: false });
    expect(await records.delete('attachments', name)).toBe(true);
  });

  it('lists a container page by page', async () => {
    const names = Array.from({ length: 3 }, (_, index) => `${kind}/listed/${index}.json`);
    for (const name of names)
      await records.upload('records', name, Buffer.from(name), { contentType: 'application/json' });
    const listed: string[] = [];
    for await (const name of records.list('records')) listed.push(name);
    expect(listed).toEqual(expect.arrayContaining(names));
  });
});

describe('startAzurite', () => {
  it('names the port and AZURITE_BLOB_PORT when the port is busy', async () => {
    await expect(startAzurite({ port: azurite.port })).rejects.toThrow(
      new RegExp(`${azurite.port}.*AZURITE_BLOB_PORT`),
    );
  });
});
