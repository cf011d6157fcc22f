import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AttachmentView, AwardView, PhaseView } from '@ratkaisu/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../functions/src/config.js';
import { WriteOnceError } from '../../functions/src/errors.js';
import { BackupRefusedError, MANIFEST_FILE } from '../../functions/src/local/backup/backup-manifest.js';
import { restoreBackup } from '../../functions/src/local/backup/restore-backup.js';
import type { Clock } from '../../functions/src/ports/clock.js';
import { WRITE_ONCE_RECORD_NAMES } from '../../functions/src/records/write-once-record.js';
import { verifyAuditChain } from '../../functions/src/services/audit/verify-audit-chain.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient, uploadForm, type OpenCase } from './support/api-client.js';
import { makePdf } from './support/pdf-fixtures.js';
import { pdfsigReport } from './support/pdfsig.js';
import { startTestHost, type TestHost } from './support/start-host.js';
import { useTestHost } from './support/use-test-host.js';
import { tribunalCases } from './support/tribunal-case.js';

/**
 * The restore drill of the embedded default (docs/operations.md "Backup and restore"): traffic on a running
 * host — cases, uploads, an issued award — `npm run backup` taken while uploads are still arriving, `npm run
 * restore` into a fresh DATA_DIR, and a host started on it: every award issued before the backup downloads
 * with its SHA-256 and valid signatures, its write-once original is there and cannot be deleted, the audit
 * chain verifies (as `npm run audit:verify` does, and by that script), every file uploaded before the backup
 * downloads byte for byte, and none uploaded during it is named without its bytes. Then the backups restore
 * refuses — damaged, partial, tampered, rewritten manifest, DATA_DIR not empty — each leaving DATA_DIR as it was.
 *
 * The scripts run from functions/dist, as `npm run backup` does: `npm test` builds before this stage.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** A fixed Wednesday, as the tribunal's tests use: the drill does not move time. */
const clock: Clock = new MovableClock({ frozen: true, at: new Date('2027-03-03T08:00:00.000Z') });
let restored: TestHost | undefined;
const api = apiClient(() => host, clock);
const { call, json } = api;
const scratch = mkdtempSync(path.join(tmpdir(), 'ratkaisu-drill-'));

const host = useTestHost({}, { clock });
beforeAll(async () => {});
afterAll(async () => {
  await restored?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const { issuedForSoleArbitrator } = tribunalCases(api, () => host, clock);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An npm script run as an operator runs it, against `dataDir`; answers its exit code and output. */
function npmRun(script: string, args: string[], dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, RATKAISU_ENV: 'test' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Uploaded {
  c: OpenCase;
  phaseId: string;
  id: string;
  bytes: Uint8Array;
}

async function upload(c: OpenCase, title: string, padTo?: number): Promise<Uploaded> {
  const bytes = await makePdf({ title, ...(padTo ? { padTo } : {}) });
  const phaseId = c.dispute.activePhaseId;
  const [added] = await json<AttachmentView[]>(
    await call(
      'POST',
      `/${c.dispute.id}/phases/${phaseId}/attachments`,
      c.claimant.token,
      uploadForm([{ name: `${title}.pdf`, bytes }]),
    ),
    201,
  );
  return { c, phaseId, id: added!.id, bytes };
}

async function download(target: TestHost, file: Uploaded): Promise<Response> {
  return target.fetch(`/api/dispute/${file.c.dispute.id}/phases/${file.phaseId}/attachment/${file.id}/download`, {
    headers: { authorization: `Bearer ${file.c.respondent.token}` },
  });
}

/** The issued award as the respondent downloads it from `target`. */
async function awardBytes(
  target: TestHost,
  issued: { id: string; c: OpenCase; award: AwardView },
): Promise<Uint8Array> {
  const token = issued.c.respondent.token;
  const phases = await json<PhaseView[]>(
    await target.fetch(`/api/dispute/${issued.id}/phases`, { headers: { authorization: `Bearer ${token}` } }),
    200,
  );
  const resolution = phases.find((phase) => phase.type === 'Resolution')!;
  const response = await target.fetch(
    `/api/dispute/${issued.id}/phases/${resolution.id}/attachment/${issued.award.id}/download`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('npm run backup and npm run restore', () => {
  let backupDir: string;
  let issued: Awaited<ReturnType<typeof issuedForSoleArbitrator>>;
  let before: Uploaded[];
  let during: Uploaded[];

  it('backs up a running host while uploads arrive, and restores it into a fresh DATA_DIR', async () => {
    issued = await issuedForSoleArbitrator();
    const other = await api.openCase();
    before = [await upload(other, 'Exhibit one'), await upload(other, 'Exhibit two (large)', 3 * 1024 * 1024)];

    backupDir = path.join(scratch, 'backup');
    // The backup runs while more uploads arrive on the same host.
    const uploadsDuring = (async () => {
      const files: Uploaded[] = [];
      for (let index = 0; index < 3; index++) files.push(await upload(other, `During ${index}`));
      return files;
    })();
    const [backup, uploadedDuring] = await Promise.all([npmRun('backup', [backupDir], host.dataDir), uploadsDuring]);
    during = uploadedDuring;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('(from the running host)');
    const manifestSha256 = /manifest\.json sha256 ([0-9a-f]{64})/.exec(backup.stdout)![1]!;
    expect(sha256(readFileSync(path.join(backupDir, MANIFEST_FILE)))).toBe(manifestSha256);

    const dataDir = path.join(scratch, 'restored');
    const restore = await npmRun('restore', [backupDir, '--expect', manifestSha256], dataDir);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(readdirSync(dataDir).sort()).toEqual(
      expect.arrayContaining(['azurite', 'ratkaisu.db', 'secrets', 'signing']),
    );

    // The restored data directory's audit chain, by the script an operator runs.
    const verified = await npmRun('audit:verify', ['--json'], dataDir);
    expect(verified.code, verified.stderr).toBe(0);
    await host.stop();
    restored = await startTestHost({ DATA_DIR: dataDir }, { clock, azuriteInMemory: false });
    // An award's whole way, two hosts, and three scripts, on a machine the other test files share.
  }, 240_000);

  it('serves every issued award with its SHA-256 and valid signatures, its write-once original kept', async () => {
    const bytes = await awardBytes(restored!, issued);
    expect(sha256(bytes)).toBe(issued.award.pdfSha256);
    const report = pdfsigReport(bytes);
    if (report !== undefined) {
      const signatures = report.split(/^Signature #\d+:$/m).slice(1);
      expect(signatures).toHaveLength(1);
      expect(signatures[0]).toContain('Signature Validation: Signature is Valid.');
      expect(signatures[0]).toContain('Total document signed');
    }
    const name = WRITE_ONCE_RECORD_NAMES.issuedDocument(issued.id, issued.award.id);
    const original = await restored!.deps.blobs.downloadBuffer('records', name);
    expect(original && sha256(original)).toBe(issued.award.pdfSha256);
    await expect(restored!.deps.blobs.delete('records', name)).rejects.toBeInstanceOf(WriteOnceError);
    await expect(
      restored!.deps.blobs.upload('records', name, Buffer.from('forged'), { contentType: 'application/pdf' }),
    ).rejects.toBeInstanceOf(WriteOnceError);
  });

  it('verifies the audit chain, and serves every file uploaded before the backup byte for byte', async () => {
    const report = await verifyAuditChain(restored!.deps);
    expect(report.valid).toBe(true);
    expect(report.chains.length).toBeGreaterThan(0);

    for (const file of before) {
      const response = await download(restored!, file);
      expect(response.status).toBe(200);
      expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(file.bytes));
    }
    // Uploaded while the backup ran: in the snapshot or not, but never a record without its bytes.
    for (const file of during) {
      const response = await download(restored!, file);
      expect([200, 404]).toContain(response.status);
      if (response.status === 200)
        expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(file.bytes));
    }
  });

  it('backs up a stopped DATA_DIR too, starting Azurite on it for the copy', async () => {
    const dataDir = path.join(scratch, 'restored');
    await restored!.close();
    const second = path.join(scratch, 'backup-stopped');
    const backup = await npmRun('backup', [second], dataDir);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).not.toContain('(from the running host)');
    type Manifest = {
      whileRunning: boolean;
      entries: { kind: string; container?: string; name?: string; sha256: string }[];
    };
    const read = (dir: string) => JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    const blobs = (manifest: Manifest) =>
      manifest.entries
        .filter((entry) => entry.kind === 'blob')
        .map((entry) => `${entry.container}/${entry.name} ${entry.sha256}`);
    expect(read(second).whileRunning).toBe(false);
    expect(read(backupDir).whileRunning).toBe(true);
    // What was restored is backed up again unchanged (the restored host may only have added to it).
    expect(blobs(read(second))).toEqual(expect.arrayContaining(blobs(read(backupDir))));
  });

  describe('refuses a backup it cannot trust, and changes nothing', () => {
    /** A copy of the backup, spoiled by `spoil`; answers its folder. */
    function spoiled(label: string, spoil: (dir: string) => void): string {
      const dir = path.join(scratch, `spoiled-${label}`);
      cpSync(backupDir, dir, { recursive: true });
      spoil(dir);
      return dir;
    }
    const aBlob = (dir: string) => {
      const containers = readdirSync(path.join(dir, 'blobs'));
      const folder = path.join(dir, 'blobs', containers[0]!);
      return path.join(folder, readdirSync(folder)[0]!);
    };
    const restoreInto = (dir: string, dataDir: string, expectedManifestSha256?: string) =>
      restoreBackup(loadConfig({ RATKAISU_ENV: 'test', DATA_DIR: dataDir }), dir, {
        ...(expectedManifestSha256 ? { expectedManifestSha256 } : {}),
      });

    it.each([
      [
        'a damaged blob',
        (dir: string) => {
          const file = aBlob(dir);
          const bytes = readFileSync(file);
          bytes[0] = bytes[0]! ^ 0xff;
          writeFileSync(file, bytes);
        },
        /does not match the manifest.*damaged or was changed/,
      ],
      ['a missing file (partial)', (dir: string) => rmSync(aBlob(dir)), /is missing: the backup is partial/],
      [
        'no manifest (a backup that stopped half-way)',
        (dir: string) => rmSync(path.join(dir, MANIFEST_FILE)),
        /no manifest\.json: it is not a complete backup/,
      ],
      [
        'a file slipped in',
        (dir: string) => writeFileSync(path.join(dir, 'files', 'extra.key'), 'x'),
        /extra\.key is not in the manifest/,
      ],
      [
        'a damaged store snapshot',
        (dir: string) => {
          // The manifest rewritten to match, as a forger would: SQLite's own check still refuses it.
          const store = path.join(dir, 'store', 'ratkaisu.db');
          const bytes = readFileSync(store);
          bytes.fill(0x41, 4096, 8192);
          writeFileSync(store, bytes);
          const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as {
            entries: { kind: string; sha256: string; size: number }[];
          };
          const entry = manifest.entries.find((candidate) => candidate.kind === 'store')!;
          entry.sha256 = sha256(bytes);
          entry.size = bytes.length;
          writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest));
        },
        /integrity check|not a database|malformed/i,
      ],
      [
        'a manifest naming a file outside the backup',
        (dir: string) => {
          const manifestPath = path.join(dir, MANIFEST_FILE);
          const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
            entries: { kind: string; dataPath?: string }[];
          };
          manifest.entries.find((entry) => entry.kind === 'file')!.dataPath = '../../etc/cron.d/evil';
          writeFileSync(manifestPath, JSON.stringify(manifest));
        },
        /entries\.\d+\.dataPath: must be a relative path inside the backup/,
      ],
    ])('%s', async (label, spoil, reason) => {
      const dir = spoiled(label.replace(/\W+/g, '-'), spoil);
      const dataDir = path.join(scratch, `target-${label.replace(/\W+/g, '-')}`);
      const refusal = restoreInto(dir, dataDir);
      await expect(refusal).rejects.toBeInstanceOf(Error);
      await expect(refusal).rejects.toThrow(reason);
      expect(existsSync(dataDir)).toBe(false);
    });

    it('a rewritten manifest, against the SHA-256 recorded at backup time, through npm run restore', async () => {
      const dir = spoiled('rewritten', (copy) => {
        const file = aBlob(copy);
        writeFileSync(file, 'forged');
        const manifestPath = path.join(copy, MANIFEST_FILE);
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
          entries: { path: string; sha256: string; size: number }[];
        };
        const relative = path.relative(copy, file).split(path.sep).join('/');
        Object.assign(
          manifest.entries.find((entry) => entry.path === relative)!,
          {
            sha256: sha256(Buffer.from('forged')),
            size: 6,
          },
        );
        writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
      });
      const recorded = sha256(readFileSync(path.join(backupDir, MANIFEST_FILE)));
      const dataDir = path.join(scratch, 'target-rewritten');
      const result = await npmRun('restore', [dir, '--expect', recorded], dataDir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`not the ${recorded} recorded when the backup was made`);
      expect(result.stderr).toContain('Nothing was written to DATA_DIR.');
      expect(existsSync(dataDir)).toBe(false);
    });

    it('a DATA_DIR that is not empty', async () => {
      const dataDir = path.join(scratch, 'target-busy');
      cpSync(path.join(scratch, 'restored', 'secrets'), path.join(dataDir, 'secrets'), { recursive: true });
      const listing = () => readdirSync(dataDir, { recursive: true }).sort();
      const was = listing();
      const refusal = restoreInto(backupDir, dataDir);
      await expect(refusal).rejects.toBeInstanceOf(BackupRefusedError);
      await expect(refusal).rejects.toThrow(/is not empty/);
      expect(listing()).toEqual(was);
    });
  });
});
