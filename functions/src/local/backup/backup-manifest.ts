import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { z } from 'zod';

/**
 * The manifest of a backup of the embedded default (docs/operations.md "Backup and restore"): every file
 * the backup holds, with its SHA-256 and size, and what it is. Written last, so a backup that stopped
 * half-way has none and is refused; restore checks every file against it before writing anything.
 */

export const BACKUP_FORMAT = 'ratkaisu-local-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** A path inside the backup: relative, forward slashes, no `..`, nothing hidden outside it. */
const backupPath = z
  .string()
  .min(1)
  .refine(
    (value) =>
      !value.startsWith('/') &&
      !value.includes('\\') &&
      value.split('/').every((part) => part && part !== '..' && part !== '.'),
    'must be a relative path inside the backup',
  );

const baseEntry = { path: backupPath, sha256: sha256Hex, size: z.number().int().nonnegative() };

export const backupEntrySchema = z.discriminatedUnion('kind', [
  /** The SQLite store, copied by SQLite's online backup. */
  z.object({ ...baseEntry, kind: z.literal('store') }),
  /** A blob, read through Azurite's blob API, with what restore needs to write it back as it was. */
  z.object({
    ...baseEntry,
    kind: z.literal('blob'),
    container: z.string().min(1),
    name: z.string().min(1),
    contentType: z.string(),
    metadata: z.record(z.string(), z.string()),
  }),
  /** A file under DATA_DIR kept as it is: the signing CA and keys, the local secrets, the mail outbox. */
  z.object({ ...baseEntry, kind: z.literal('file'), dataPath: backupPath }),
]);

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  /** Whether a running host was backed up (its Azurite read live) or a stopped data directory. */
  whileRunning: z.boolean(),
  entries: z.array(backupEntrySchema),
});

export type BackupEntry = z.infer<typeof backupEntrySchema>;
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** The folders of DATA_DIR copied as files (the store and Azurite's folder are read through their APIs). */
export const DATA_DIR_FOLDERS = [
  { folder: 'signing', what: 'the signing CA and keys (docs/signing.md), encrypted under secrets/signing.key' },
  { folder: 'secrets', what: 'the generated keys of two-factor secrets and of the signing keys' },
  { folder: 'outbox', what: 'the mail sent' },
] as const;

export const STORE_FILE = 'ratkaisu.db';

/** SHA-256 and size of a file, streamed (a blob may be large). */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** A backup that cannot be restored, with the reason an operator can act on. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}
