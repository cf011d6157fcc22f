/**
 * What a running local host tells the tools beside it (`npm run backup`), in DATA_DIR: its process and the
 * Azurite it started, so they read the blobs through the one Azurite that owns them. Removed on close.
 */
export const RUNNING_HOST_FILE = 'local-host.json';

export interface RunningHostFile {
  pid: number;
  url: string;
  /** Azurite's connection string (its fixed, public development account), when the host started one. */
  azuriteConnectionString?: string;
}
