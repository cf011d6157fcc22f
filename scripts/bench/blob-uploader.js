// The upload benchmark's baseline: the blob adapter the host uses
// (functions/dist/adapters/blobs/azure-blobs.js) writing straight to an Azurite
// started the way the host starts its own (in memory, as under RATKAISU_ENV=test).
// A child process like the host, so both run beside the client, not inside it.
// Commands over IPC, one at a time: { upload: { file, name } } streams the file
// into the attachments container and answers the time taken; { remove: name }
// deletes the blob. Messages for the memory probe are left to it.
import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createAzureBlobs } from '../../functions/dist/adapters/blobs/azure-blobs.js';
import { startAzurite } from '../../functions/dist/local/azurite.js';

const azurite = await startAzurite({ port: 0, silent: true });
const blobs = createAzureBlobs({ kind: 'azurite', connectionString: azurite.connectionString });
await blobs.init();

process.on('message', async (message) => {
  try {
    if (message?.upload) {
      const { file, name } = message.upload;
      const started = performance.now();
      // 64 KiB chunks, the size a socket hands the host, rather than fs's 64 KiB default by coincidence.
      const properties = await blobs.upload('attachments', name, createReadStream(file, { highWaterMark: 64 * 1024 }), {
        contentType: 'application/pdf',
      });
      process.send({ ms: performance.now() - started, size: properties.size });
    } else if (message?.remove) {
      process.send({ removed: await blobs.delete('attachments', message.remove) });
    }
  } catch (error) {
    process.send({ error: error instanceof Error ? error.message : String(error) });
  }
});

// Azurite's child and the blob client hold no handle that keeps this process alive, and the
// memory probe unrefs the channel; the commands are what this process is for, so it waits for them.
process.channel?.ref();
process.on('SIGTERM', () => {
  void azurite.stop().then(() => process.exit(0));
});
console.log(`listening ${azurite.port}`);
