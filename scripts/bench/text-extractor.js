// The extraction benchmark's measured process: the product's text extraction
// (functions/dist/pdf/pdf-text.js, pdf.js on a worker thread) and its cached
// loader (functions/dist/services/documents/load-document-text.js) against an
// Azurite started the way the host starts its own (in memory). A child process,
// so its peak memory is its own (memory-probe.js is preloaded into it).
// Commands over IPC, one at a time:
//   { extract: file }             extractPdfText on the file's bytes; answers ms, CPU ms (every thread of this
//                                 process), pages, characters and how many PDF threads read it
//   { store: { file, blobName } } writes the file into the attachments container
//   { load: source }              loadDocumentText(source); answers ms, pages, characters, whether the text is cached
// Messages for the memory probe are left to it.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createAzureBlobs } from '../../functions/dist/adapters/blobs/azure-blobs.js';
import { startAzurite } from '../../functions/dist/local/azurite.js';
import { silentLogger } from '../../functions/dist/log.js';
import { extractionThreads, extractPdfText } from '../../functions/dist/pdf/pdf-text.js';
import { loadDocumentText, textCacheName } from '../../functions/dist/services/documents/load-document-text.js';

const azurite = await startAzurite({ port: 0, silent: true });
const blobs = createAzureBlobs({ kind: 'azurite', connectionString: azurite.connectionString });
await blobs.init();
const deps = { blobs, clock: { now: () => new Date() }, log: silentLogger };

const characters = (pages) => pages.reduce((sum, page) => sum + page.replace(/\s/g, '').length, 0);

process.on('message', async (message) => {
  try {
    if (message?.extract) {
      // A buffer of its own, which extractPdfText moves to its worker thread instead of copying.
      const bytes = new Uint8Array(readFileSync(message.extract));
      const threads = extractionThreads(bytes.byteLength);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const result = await extractPdfText(bytes);
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      if (!result.ok) throw new Error(`extractPdfText refused the file: ${result.reason}`);
      process.send({
        ms,
        cpuMs: (cpu.user + cpu.system) / 1000,
        threads,
        pages: result.pages.length,
        characters: characters(result.pages),
        first: result.pages[0],
      });
    } else if (message?.store) {
      const { file, blobName } = message.store;
      await blobs.upload('attachments', blobName, readFileSync(file), { contentType: 'application/pdf' });
      process.send({ stored: blobName });
    } else if (message?.load) {
      const started = performance.now();
      const text = await loadDocumentText(deps, message.load);
      const ms = performance.now() - started;
      const cached = (await blobs.properties('text', textCacheName(message.load))) !== undefined;
      process.send({ ms, pages: text.pages.length, characters: characters(text.pages), cached });
    }
  } catch (error) {
    process.send({ error: error instanceof Error ? error.message : String(error) });
  }
});

// The commands are what this process is for, so it waits for them (the memory probe unrefs the channel).
process.channel?.ref();
process.on('SIGTERM', () => {
  void azurite.stop().then(() => process.exit(0));
});
console.log(`listening ${azurite.port}`);
