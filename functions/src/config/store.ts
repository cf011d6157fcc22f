import path from 'node:path';
import { z } from 'zod';
import { optionalText, optionalUrl, type Settings } from './setting-parsers.js';

export const storeSettings = {
  // Cosmos DB: a connection string, an endpoint and key, or an endpoint alone (managed identity).
  COSMOS_CONNECTION_STRING: optionalText,
  COSMOS_ENDPOINT: optionalUrl,
  COSMOS_KEY: optionalText,
  COSMOS_DATABASE: z.string().trim().min(1).default('ratkaisu'),
};

export type StoreConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'cosmos'; database: string; connectionString?: string; endpoint?: string; key?: string };

/** Cosmos DB when an endpoint or connection string is set; else SQLite in DATA_DIR. */
export function readStore(e: Settings<typeof storeSettings>, dataDir: string, problems: string[]): StoreConfig {
  if (e.COSMOS_CONNECTION_STRING || e.COSMOS_ENDPOINT) {
    return {
      kind: 'cosmos',
      database: e.COSMOS_DATABASE,
      connectionString: e.COSMOS_CONNECTION_STRING,
      endpoint: e.COSMOS_ENDPOINT,
      key: e.COSMOS_KEY,
    };
  }
  if (e.COSMOS_KEY) problems.push('COSMOS_ENDPOINT: required when COSMOS_KEY is set');
  return { kind: 'sqlite', file: path.join(dataDir, 'ratkaisu.db') };
}
