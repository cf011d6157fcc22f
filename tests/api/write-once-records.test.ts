import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WriteOnceError } from '../../functions/src/errors.js';
import { WRITE_ONCE_RECORD_NAMES } from '../../functions/src/records/write-once-record.js';
import { timers } from '../../functions/src/timers.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient } from './support/api-client.js';
import { startTestHost, type TestHost } from './support/start-host.js';
import { tribunalCases } from './support/tribunal-case.js';

/**
 * The write-once original of an issued award through the real host (docs/operations.md "Write-once
 * records"), with a retention of one day and a movable clock: kept when the award is issued, neither
 * overwritten nor deleted within the day, deletable after it, and written again by the daily repair
 * (`keepWriteOnceOriginals`) when it is missing — as it is for awards issued before the container existed.
 */

const DAY = 24 * 60 * 60 * 1000;
const clock = new MovableClock({ frozen: true, at: new Date('2027-03-03T08:00:00.000Z') });
let host: TestHost;
const api = apiClient(() => host, clock);

beforeAll(async () => {
  host = await startTestHost({ WRITE_ONCE_RETENTION_DAYS: '1' }, { clock });
});
afterAll(async () => {
  await host?.stop();
});

const { issuedForSoleArbitrator } = tribunalCases(api, () => host, clock);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const repair = () =>
  timers.find((timer) => timer.name === 'keepWriteOnceOriginals')!.handler(host.deps, new AbortController().signal);

describe('the write-once original of an issued award', () => {
  it('is kept at issuance, refused change within its retention, and written again by the repair when missing', async () => {
    const { id, award } = await issuedForSoleArbitrator();
    const name = WRITE_ONCE_RECORD_NAMES.issuedDocument(id, award.id);
    const blobs = host.deps.blobs;
    const original = await blobs.downloadBuffer('records', name);
    expect(original && sha256(original)).toBe(award.pdfSha256);
    expect(await blobs.retention('records', name)).toEqual({
      writeOnce: true,
      locked: true,
      retainUntil: new Date(clock.now().getTime() + DAY).toISOString(),
    });

    // Within the day: neither replaced nor removed, by anyone holding the port.
    await expect(
      blobs.upload('records', name, Buffer.from('%PDF-1.7 forged'), { contentType: 'application/pdf' }),
    ).rejects.toBeInstanceOf(WriteOnceError);
    clock.advance(DAY - 1000);
    await expect(blobs.delete('records', name)).rejects.toMatchObject({ code: 'write_once', refused: 'delete' });
    await repair();
    expect(sha256((await blobs.downloadBuffer('records', name))!)).toBe(award.pdfSha256);

    // After it: the retention has ended, and the original may go.
    clock.advance(2000);
    expect(await blobs.delete('records', name)).toBe(true);
    expect(await blobs.properties('records', name)).toBeUndefined();

    // The daily repair finds the issued award without its original and keeps it again, from the case's copy
    // and only with the issued SHA-256, for a new retention.
    await repair();
    const again = await blobs.downloadBuffer('records', name);
    expect(again && sha256(again)).toBe(award.pdfSha256);
    expect(await blobs.retention('records', name)).toMatchObject({ locked: true });
    await expect(blobs.delete('records', name)).rejects.toBeInstanceOf(WriteOnceError);
  });
});
