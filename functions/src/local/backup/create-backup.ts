import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobServiceClient } from '@azure/storage-blob';
import type { Config } from '../../config.js';
import { BLOB_CONTAINERS } from '../../ports/blobs.js';
import { startAzurite } from '../azurite.js';
import { RUNNING_HOST_FILE, type RunningHostFile } from '../running-host-file.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupRefusedError,
  DATA_DIR_FOLDERS,
  hashFile,
  MANIFEST_FILE,
  STORE_FILE,
  type BackupEntry,
  type BackupManifest,
} from './backup-manifest.js';

/*
 * The slice of better-sqlite3 a backup uses (the package ships no types; see adapters/store/sqlite-database.ts).
 * `backup` is SQLite's online backup API: a consistent copy of the database while other connections write.
 */
interface SnapshotDatabase {
  backup(destination: string): Promise<unknown>;
  pragma(source: string, options?: { simple: boolean }): unknown;
  close(): unknown;
}
type SnapshotDatabaseConstructor = new (
  file: string,
  options?: { readonly?: boolean; fileMustExist?: boolean; timeout?: number },
) => SnapshotDatabase;
const require = createRequire(import.meta.url);
export const openSqlite = (file: string, readonly: boolean): SnapshotDatabase =>
  new (require('better-sqlite3') as SnapshotDatabaseConstructor)(file, {
    readonly,
    fileMustExist: true,
    timeout: 5000,
  });

export interface BackupReport {
  directory: string;
  manifestSha256: string;
  whileRunning: boolean;
  counts: { store: number; blobs: number; files: number };
  bytes: number;
}

/**
 * `npm run backup -- <dir>`: a backup of the embedded default's DATA_DIR, taken while the app runs.
 *
 * Order is what makes it consistent: the store first, by SQLite's online backup (one transaction-consistent
 * snapshot, whatever the host writes meanwhile), then the blobs, read through the Azurite the running host
 * owns (Azurite's data folder is its own database, flushed on its own schedule, so copying that folder while
 * it runs could catch it half-written). Every service writes a file's blob before the record naming it, so
 * every blob the snapshot names already exists when the blobs are read; blobs written after the snapshot
 * come along unnamed and harmless. Only a file deleted during the backup can be named and missing, and then
 * its download answers "not found" as a deleted file's does. Write-once records cannot be deleted at all.
 * Then the signing CA and keys, the local secrets and the outbox, as files. The manifest comes last.
 */
export async function createBackup(config: Config, target: string): Promise<BackupReport> {
  if (config.store.kind !== 'sqlite' || config.blobs.kind !== 'azurite') {
    throw new BackupRefusedError(
      'npm run backup copies the embedded default (SQLite and Azurite under DATA_DIR); this configuration uses ' +
        'Cosmos DB or Blob Storage, which are backed up by Azure (docs/operations.md "Backup and restore").',
    );
  }
  const storeFile = config.store.file;
  if (!existsSync(storeFile)) throw new BackupRefusedError(`There is no store at ${storeFile}: is DATA_DIR right?`);
  const directory = path.resolve(target);
  await assertEmptyOrAbsent(directory, 'The backup directory');
  await mkdir(directory, { recursive: true, mode: 0o700 });

  const entries: BackupEntry[] = [];
  entries.push(await snapshotStore(storeFile, directory));

  const { connectionString, whileRunning, stop } = await azuriteFor(config);
  try {
    entries.push(...(await copyBlobs(connectionString, directory)));
  } finally {
    await stop();
  }
  entries.push(...(await copyDataFiles(config.dataDir, directory)));

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    whileRunning,
    entries,
  };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  // Written under another name and renamed: a manifest is whole or absent.
  await writeFile(path.join(directory, `${MANIFEST_FILE}.tmp`), text, { mode: 0o600 });
  await rename(path.join(directory, `${MANIFEST_FILE}.tmp`), path.join(directory, MANIFEST_FILE));
  return {
    directory,
    manifestSha256: createHash('sha256').update(text).digest('hex'),
    whileRunning,
    counts: {
      store: 1,
      blobs: entries.filter((entry) => entry.kind === 'blob').length,
      files: entries.filter((entry) => entry.kind === 'file').length,
    },
    bytes: entries.reduce((sum, entry) => sum + entry.size, 0),
  };
}

/** A directory that may be written into: missing, or empty. Anything else is refused, untouched. */
export async function assertEmptyOrAbsent(directory: string, what: string): Promise<void> {
  if (!existsSync(directory)) return;
  if (!(await stat(directory)).isDirectory()) throw new BackupRefusedError(`${what} ${directory} is not a directory.`);
  if ((await readdir(directory)).length > 0) {
    throw new BackupRefusedError(`${what} ${directory} is not empty; name an empty or new directory.`);
  }
}

async function snapshotStore(storeFile: string, directory: string): Promise<BackupEntry> {
  const relative = `store/${STORE_FILE}`;
  const destination = path.join(directory, relative);
  await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
  const source = openSqlite(storeFile, true);
  try {
    await source.backup(destination);
  } finally {
    source.close();
  }
  const copy = openSqlite(destination, false);
  try {
    // The copy is made a plain file (no WAL beside it) and checked before it is counted as a backup.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The store snapshot failed SQLite's integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
  await chmod(destination, 0o600);
  return { kind: 'store', path: relative, ...(await hashFile(destination)) };
}

/**
 * The Azurite that holds the blobs: the running host's (named in DATA_DIR/local-host.json), or, when no host
 * runs, one started here on DATA_DIR/azurite for as long as the copy takes.
 */
async function azuriteFor(
  config: Config,
): Promise<{ connectionString: string; whileRunning: boolean; stop: () => Promise<void> }> {
  const running = await runningHost(config.dataDir);
  if (running?.azuriteConnectionString) {
    return { connectionString: running.azuriteConnectionString, whileRunning: true, stop: async () => {} };
  }
  if (running) {
    throw new BackupRefusedError('The running host uses no local Azurite; its blobs are not under DATA_DIR.');
  }
  const location = config.blobs.kind === 'azurite' ? config.blobs.location : undefined;
  if (!location) throw new BackupRefusedError('There is no Azurite data folder to back up.');
  const azurite = await startAzurite({ port: 0, location });
  return { connectionString: azurite.connectionString, whileRunning: false, stop: () => azurite.stop() };
}

/** The host named in DATA_DIR/local-host.json, if that process still runs. */
async function runningHost(dataDir: string): Promise<RunningHostFile | undefined> {
  const file = path.join(dataDir, RUNNING_HOST_FILE);
  if (!existsSync(file)) return undefined;
  const running = JSON.parse(await readFile(file, 'utf8')) as RunningHostFile;
  try {
    process.kill(running.pid, 0);
    return running;
  } catch {
    return undefined; // left behind by a host that did not stop cleanly
  }
}

async function copyBlobs(connectionString: string, directory: string): Promise<BackupEntry[]> {
  const service = BlobServiceClient.fromConnectionString(connectionString);
  const entries: BackupEntry[] = [];
  for (const container of BLOB_CONTAINERS) {
    const client = service.getContainerClient(container);
    if (!(await client.exists())) continue;
    let index = 0;
    for await (const item of client.listBlobsFlat({ includeMetadata: true })) {
      // Stored by number: blob names may hold any character, the manifest keeps the name.
      const relative = `blobs/${container}/${String(++index).padStart(6, '0')}`;
      const destination = path.join(directory, relative);
      await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
      const download = await client
        .getBlockBlobClient(item.name)
        .download()
        .catch((error: unknown) => {
          if ((error as { statusCode?: number }).statusCode === 404) return undefined; // deleted since listed
          throw error;
        });
      if (!download?.readableStreamBody) continue;
      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        download.readableStreamBody,
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        }),
        createWriteStream(destination, { mode: 0o600 }),
      );
      entries.push({
        kind: 'blob',
        path: relative,
        sha256: hash.digest('hex'),
        size,
        container,
        name: item.name,
        contentType: download.contentType ?? 'application/octet-stream',
        metadata: download.metadata ?? {},
      });
    }
  }
  return entries;
}

async function copyDataFiles(dataDir: string, directory: string): Promise<BackupEntry[]> {
  const entries: BackupEntry[] = [];
  for (const { folder } of DATA_DIR_FOLDERS) {
    const source = path.join(dataDir, folder);
    if (!existsSync(source)) continue;
    const files = (await readdir(source, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    for (const file of files) {
      const absolute = path.join(file.parentPath, file.name);
      const dataPath = path.relative(dataDir, absolute).split(path.sep).join('/');
      const relative = `files/${dataPath}`;
      const destination = path.join(directory, relative);
      await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
      await copyFile(absolute, destination);
      await chmod(destination, 0o600);
      entries.push({ kind: 'file', path: relative, dataPath, ...(await hashFile(destination)) });
    }
  }
  return entries;
}
