#!/usr/bin/env node
// `npm run restore -- <dir> [--expect <manifest sha256>]`: a backup made by `npm run backup` written into an
// empty DATA_DIR (from the environment, as for `npm start`), after every file of it has been checked against
// its manifest. A damaged, partial or tampered backup is refused and nothing is written. docs/operations.md.
import { ConfigError, loadConfig } from '../functions/dist/config.js';
import { BackupRefusedError } from '../functions/dist/local/backup/backup-manifest.js';
import { restoreBackup } from '../functions/dist/local/backup/restore-backup.js';

const args = process.argv.slice(2);
const expectAt = args.indexOf('--expect');
const expectedManifestSha256 = expectAt >= 0 ? args[expectAt + 1] : undefined;
const positional = args.filter((_, index) => expectAt < 0 || (index !== expectAt && index !== expectAt + 1));
if (positional.length !== 1 || (expectAt >= 0 && !/^[0-9a-fA-F]{64}$/.test(expectedManifestSha256 ?? ''))) {
  console.error('Usage: npm run restore -- <backup directory> [--expect <sha256 of its manifest.json>]');
  process.exit(1);
}
try {
  const report = await restoreBackup(loadConfig(process.env), positional[0], {
    ...(expectedManifestSha256 ? { expectedManifestSha256 } : {}),
  });
  console.log(
    [
      `Restored into ${report.dataDir}: the store, ${report.counts.blobs} blobs, ${report.counts.files} files.`,
      `  manifest.json sha256 ${report.manifestSha256}`,
      '  Next: `npm run audit:verify`, then `npm run serve` (docs/operations.md "Restore runbook").',
    ].join('\n'),
  );
  process.exit(0);
} catch (error) {
  const known = error instanceof BackupRefusedError || error instanceof ConfigError;
  console.error(`Restore refused: ${error instanceof Error ? error.message : String(error)}`);
  if (!known) console.error(error);
  console.error('Nothing was written to DATA_DIR.');
  process.exit(1);
}
