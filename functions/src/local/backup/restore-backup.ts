import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import type { Config } from '../../config.js';
import { BLOB_CONTAINERS } from '../../ports/blobs.js';
import { startAzurite } from '../azurite.js';
import {
  backupManifestSchema,
  BackupRefusedError,
  hashFile,
  MANIFEST_FILE,
  STORE_FILE,
  type BackupManifest,
} from './backup-manifest.js';
import { assertEmptyOrAbsent, openSqlite } from './create-backup.js';

export interface RestoreReport {
  dataDir: string;
  manifestSha256: string;
  counts: { blobs: number; files: number };
}

/**
 * `npm run restore -- <dir>`: a backup made by `npm run backup` written into an empty DATA_DIR.
 *
 * Everything is checked before anything is written: the manifest is whole and in the expected shape (and,
 * with `expectedManifestSha256`, the one the operator recorded when the backup was made); every file it
 * names is there with its size and SHA-256; nothing is there that it does not name; the store snapshot
 * passes SQLite's integrity check; DATA_DIR is empty or absent. A damaged, partial or tampered backup is
 * refused with the first reason and DATA_DIR is left as it was. A failure while writing (the disk full)
 * empties DATA_DIR again, since it was empty before.
 */
export async function restoreBackup(
  config: Config,
  source: string,
  options: { expectedManifestSha256?: string } = {},
): Promise<RestoreReport> {
  if (config.store.kind !== 'sqlite' || config.blobs.kind !== 'azurite') {
    throw new BackupRefusedError(
      'npm run restore writes the embedded default (SQLite and Azurite under DATA_DIR); unset the Cosmos DB and ' +
        'Blob Storage settings, or restore those with Azure (docs/operations.md "Backup and restore").',
    );
  }
  const directory = path.resolve(source);
  const { manifest, manifestSha256 } = await verifiedManifest(directory, options.expectedManifestSha256);
  const dataDir = path.resolve(config.dataDir);
  await assertEmptyOrAbsent(dataDir, 'DATA_DIR');

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    await writeFiles(manifest, directory, dataDir, config.store.file);
    await writeBlobs(manifest, directory, config.blobs.location ?? path.join(dataDir, 'azurite'));
  } catch (error) {
    // DATA_DIR was empty: back to empty, so a second attempt starts clean.
    for (const entry of await readdir(dataDir)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    throw error;
  }
  return {
    dataDir,
    manifestSha256,
    counts: {
      blobs: manifest.entries.filter((entry) => entry.kind === 'blob').length,
      files: manifest.entries.filter((entry) => entry.kind === 'file').length,
    },
  };
}

/** The backup's manifest once every file it names is proven to be there, whole and unchanged. */
export async function verifiedManifest(
  directory: string,
  expectedManifestSha256?: string,
): Promise<{ manifest: BackupManifest; manifestSha256: string }> {
  if (!existsSync(directory)) throw new BackupRefusedError(`There is no backup at ${directory}.`);
  const manifestFile = path.join(directory, MANIFEST_FILE);
  if (!existsSync(manifestFile)) {
    throw new BackupRefusedError(
      `${directory} has no ${MANIFEST_FILE}: it is not a complete backup (a backup writes its manifest last).`,
    );
  }
  const text = await readFile(manifestFile, 'utf8');
  const manifestSha256 = createHash('sha256').update(text).digest('hex');
  if (expectedManifestSha256 && expectedManifestSha256.toLowerCase() !== manifestSha256) {
    throw new BackupRefusedError(
      `The manifest's SHA-256 is ${manifestSha256}, not the ${expectedManifestSha256} recorded when the backup was made.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupRefusedError(`${MANIFEST_FILE} is not valid JSON: the backup is damaged.`);
  }
  const result = backupManifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new BackupRefusedError(
      `${MANIFEST_FILE} is not a backup manifest: ${issue.path.join('.')}: ${issue.message}.`,
    );
  }
  const manifest = result.data;

  const stores = manifest.entries.filter((entry) => entry.kind === 'store');
  if (stores.length !== 1) throw new BackupRefusedError('The manifest must name exactly one store snapshot.');
  const named = new Set<string>();
  for (const entry of manifest.entries) {
    if (named.has(entry.path)) throw new BackupRefusedError(`The manifest names ${entry.path} twice.`);
    named.add(entry.path);
    const file = path.join(directory, entry.path);
    if (!existsSync(file)) throw new BackupRefusedError(`${entry.path} is missing: the backup is partial.`);
    const actual = await hashFile(file);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256) {
      throw new BackupRefusedError(
        `${entry.path} does not match the manifest (sha256 ${actual.sha256}, ${actual.size} bytes; the manifest ` +
          `says ${entry.sha256}, ${entry.size} bytes): the backup is damaged or was changed.`,
      );
    }
  }
  const present = (await readdir(directory, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => file !== MANIFEST_FILE);
  const unnamed = present.find((file) => !named.has(file));
  if (unnamed) throw new BackupRefusedError(`${unnamed} is not in the manifest: the backup was changed.`);

  const snapshot = openSqlite(path.join(directory, stores[0]!.path), true);
  try {
    const check = snapshot.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new BackupRefusedError(`The store snapshot fails SQLite's integrity check: ${String(check)}`);
  } finally {
    snapshot.close();
  }
  for (const entry of manifest.entries) {
    if (entry.kind === 'blob' && !(BLOB_CONTAINERS as readonly string[]).includes(entry.container)) {
      throw new BackupRefusedError(`The manifest names an unknown blob container "${entry.container}".`);
    }
  }
  return { manifest, manifestSha256 };
}

async function writeFiles(manifest: BackupManifest, directory: string, dataDir: string, storeFile: string) {
  for (const entry of manifest.entries) {
    if (entry.kind === 'blob') continue;
    const destination = entry.kind === 'store' ? storeFile : path.join(dataDir, ...entry.dataPath.split('/'));
    if (entry.kind === 'store' && path.basename(storeFile) !== STORE_FILE) {
      throw new BackupRefusedError(`The store file ${storeFile} is not DATA_DIR/${STORE_FILE}.`);
    }
    await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
    await copyFile(path.join(directory, entry.path), destination);
    await chmod(destination, 0o600);
  }
}

/**
 * The blobs, written back through an Azurite started on DATA_DIR/azurite for the purpose, each with its
 * content type and metadata as they were (a write-once record keeps the end of retention it was written with).
 */
async function writeBlobs(manifest: BackupManifest, directory: string, location: string) {
  const azurite = await startAzurite({ port: 0, location });
  try {
    const service = BlobServiceClient.fromConnectionString(azurite.connectionString);
    for (const container of BLOB_CONTAINERS) await service.getContainerClient(container).createIfNotExists();
    for (const entry of manifest.entries) {
      if (entry.kind !== 'blob') continue;
      await service
        .getContainerClient(entry.container)
        .getBlockBlobClient(entry.name)
        .uploadFile(path.join(directory, entry.path), {
          blobHTTPHeaders: { blobContentType: entry.contentType },
          metadata: entry.metadata,
          conditions: { ifNoneMatch: '*' },
        });
    }
  } finally {
    await azurite.stop();
  }
}
