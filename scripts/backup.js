#!/usr/bin/env node
// `npm run backup -- <dir>`: a backup of the embedded default (SQLite, Azurite's blobs, the signing CA and keys,
// the local secrets, the outbox) into an empty or new <dir>, while the app runs. DATA_DIR and the other
// settings from the environment, as for `npm start`. Exit 0: done; 1: refused or failed. docs/operations.md.
import { ConfigError, loadConfig } from '../functions/dist/config.js';
import { BackupRefusedError } from '../functions/dist/local/backup/backup-manifest.js';
import { createBackup } from '../functions/dist/local/backup/create-backup.js';

const target = process.argv[2];
if (!target || process.argv.length > 3) {
  console.error('Usage: npm run backup -- <empty or new directory>');
  process.exit(1);
}
try {
  const report = await createBackup(loadConfig(process.env), target);
  console.log(
    [
      `Backup written to ${report.directory}${report.whileRunning ? ' (from the running host)' : ''}:`,
      `  the store, ${report.counts.blobs} blobs, ${report.counts.files} files; ${report.bytes} bytes.`,
      `  manifest.json sha256 ${report.manifestSha256}`,
      '  Keep that SHA-256 apart from the backup: `npm run restore -- <dir> --expect <sha256>` then refuses a',
      '  backup whose manifest was rewritten. The backup holds keys: store it as you store DATA_DIR.',
    ].join('\n'),
  );
  process.exit(0);
} catch (error) {
  const known = error instanceof BackupRefusedError || error instanceof ConfigError;
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  if (!known) console.error(error);
  process.exit(1);
}
