import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import { describe, expect, it } from 'vitest';
import { RUNNING_HOST_FILE, type RunningHostFile } from '../../functions/src/local/running-host-file.js';
import { startTestHost, type TestHost } from './support/start-host.js';

/** The Azurite connection string a host wrote to its running-host file (what `npm run backup` reads). */
function azuriteOf(host: TestHost): string {
  const running = JSON.parse(readFileSync(path.join(host.dataDir, RUNNING_HOST_FILE), 'utf8')) as RunningHostFile;
  return running.azuriteConnectionString!;
}
const endpointPort = (connectionString: string) => new URL(/BlobEndpoint=([^;]+)/.exec(connectionString)![1]!).port;

/**
 * The test hosts share one Azurite per worker (support/shared-azurite.ts): each on an account of its own, so a
 * host sees only its own blobs, as when each host started its own emulator; a stopped host's containers go.
 */
describe('test hosts on the shared Azurite', () => {
  it('see only their own blobs, and a stopped host leaves no container behind', async () => {
    const first = await startTestHost();
    const second = await startTestHost();
    try {
      await first.deps.blobs.upload('attachments', 'only-first.pdf', Buffer.from('%PDF-1.4 first'), {
        contentType: 'application/pdf',
      });
      expect(await first.deps.blobs.properties('attachments', 'only-first.pdf')).toBeDefined();
      expect(await second.deps.blobs.properties('attachments', 'only-first.pdf')).toBeUndefined();

      const connectionString = azuriteOf(first);
      // One emulator, two accounts.
      expect(endpointPort(connectionString)).toBe(endpointPort(azuriteOf(second)));
      expect(connectionString).not.toBe(azuriteOf(second));

      await first.stop();
      const containers: string[] = [];
      for await (const container of BlobServiceClient.fromConnectionString(connectionString).listContainers()) {
        containers.push(container.name);
      }
      expect(containers).toEqual([]);
      expect(await second.deps.blobs.properties('attachments', 'only-first.pdf')).toBeUndefined();
    } finally {
      await first.stop().catch(() => undefined);
      await second.stop();
    }
  });
});
