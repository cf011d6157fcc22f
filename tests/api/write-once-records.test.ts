import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WriteOnceError } from '../../functions/src/errors.js';
import type { Logger } from '../../functions/src/log.js';
import { WRITE_ONCE_RECORD_NAMES } from '../../functions/src/records/write-once-record.js';
import type { AwardDocument } from '../../functions/src/services/awards/award-document.js';
import { timers } from '../../functions/src/timers.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';
import { tribunalCases } from './support/tribunal-case.js';

/**
 * The write-once original of an issued award through the real host (docs/operations.md "Write-once
 * records"), with a retention of one day and a movable clock: kept when the award is issued, neither
 * overwritten nor deleted within the day, deletable after it, and written again by the daily repair
 * (`keepWriteOnceOriginals`) when it is missing — as it is for awards issued before the container existed.
 */

const DAY = 24 * 60 * 60 * 1000;
/** The host's warnings and errors, to show that serving a working copy instead of the original is logged. */
const logged: { level: 'warn' | 'error'; message: string }[] = [];
const recordingLog: Logger = {
  debug: () => {},
  info: () => {},
  warn: (message) => void logged.push({ level: 'warn', message }),
  error: (message) => void logged.push({ level: 'error', message }),
  child: () => recordingLog,
};
const originalLogs = () => logged.filter((entry) => /write-once original/i.test(entry.message));
const clock = new MovableClock({ frozen: true, at: new Date('2027-03-03T08:00:00.000Z') });
const api = apiClient(() => host, clock);

const host = useTestHost({ WRITE_ONCE_RETENTION_DAYS: '1' }, { clock, log: recordingLog });

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

describe('a download of an issued award', () => {
  it('serves the write-once original, whatever happened to the working copy, and the working copy only without one', async () => {
    const { c, id, award } = await issuedForSoleArbitrator();
    const record = (await host.deps.store.collection<AwardDocument>('awards').read(id, award.id))!;
    const phases = await api.json<{ id: string; attachments: { id: string }[] }[]>(
      await api.call('GET', `/api/dispute/${id}/phases`, c.claimant.token),
      200,
    );
    const phase = phases.find((candidate) => candidate.attachments.some((file) => file.id === award.id))!;
    const streamed = async (token = c.claimant.token) => {
      const response = await api.call(
        'GET',
        `/api/dispute/${id}/phases/${phase.id}/attachment/${award.id}/download`,
        token,
      );
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.status, body.toString('utf8', 0, 300)).toBe(200);
      return body;
    };
    const asJson = async () =>
      Buffer.from(
        (
          await api.json<{ fileContent: string }>(
            await api.call('GET', `/api/dispute/${id}/phases/${phase.id}/attachment/${award.id}`, c.respondent.token),
            200,
          )
        ).fileContent,
        'base64',
      );
    expect(sha256(await streamed())).toBe(award.pdfSha256);

    // The working copy is overwritten behind the service's back: both download routes still give the original.
    const workingCopy = (await host.deps.blobs.downloadBuffer('attachments', record.pdfBlobName))!;
    const forged = Buffer.from('%PDF-1.7\n% not the award that was signed\n');
    await host.deps.blobs.upload('attachments', record.pdfBlobName, forged, { contentType: 'application/pdf' });
    expect(sha256(await streamed())).toBe(award.pdfSha256);
    expect(sha256(await asJson())).toBe(award.pdfSha256);
    expect(originalLogs()).toEqual([]);

    // An award issued before the records container existed has no original: its working copy is served, and
    // that is logged.
    await host.deps.blobs.upload('attachments', record.pdfBlobName, workingCopy, { contentType: 'application/pdf' });
    clock.advance(DAY + 1000);
    expect(await host.deps.blobs.delete('records', WRITE_ONCE_RECORD_NAMES.issuedDocument(id, award.id))).toBe(true);
    // (Signed in again: the day has outlived the session.)
    const later = await api.signIn(c.claimant.user.email, 'user password 1');
    expect(sha256(await streamed(later.token))).toBe(award.pdfSha256);
    expect(originalLogs()).toEqual([{ level: 'warn', message: expect.stringMatching(/^No write-once original/) }]);
  });
});
