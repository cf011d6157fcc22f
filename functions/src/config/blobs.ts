import path from 'node:path';
import { WRITE_ONCE_RETENTION_DEFAULT_DAYS } from '@ratkaisu/core';
import { integer, optionalText, optionalUrl, type Settings } from './setting-parsers.js';

export const blobSettings = {
  // Blob Storage: a connection string, or an account URL (managed identity). Neither: Azurite.
  AZURE_STORAGE_CONNECTION_STRING: optionalText,
  AZURE_STORAGE_ACCOUNT_URL: optionalUrl,
  AZURITE_BLOB_PORT: integer(10000, 0, 65535),
  // Days a write-once record (an issued award, a receipt, an audit checkpoint) is kept (docs/operations.md):
  // by default the default case retention (15 calendar years are never fewer than 5478 days), so an original
  // is protected for the whole life of a case and may go when its case does (docs/data-lifecycle.md).
  WRITE_ONCE_RETENTION_DAYS: integer(WRITE_ONCE_RETENTION_DEFAULT_DAYS, 1, 146000),
};

export type BlobsConfig =
  | { kind: 'azurite'; port: number; location: string | undefined; connectionString?: string }
  | { kind: 'azure-blob'; connectionString?: string; accountUrl?: string };

/** Blob Storage when a connection string or account URL is set; else Azurite with its data in DATA_DIR. */
export function readBlobs(e: Settings<typeof blobSettings>, dataDir: string): BlobsConfig {
  if (e.AZURE_STORAGE_CONNECTION_STRING || e.AZURE_STORAGE_ACCOUNT_URL) {
    return {
      kind: 'azure-blob',
      connectionString: e.AZURE_STORAGE_CONNECTION_STRING,
      accountUrl: e.AZURE_STORAGE_ACCOUNT_URL,
    };
  }
  return { kind: 'azurite', port: e.AZURITE_BLOB_PORT, location: path.join(dataDir, 'azurite') };
}
