// The decision benchmark's measured process: the product's decision pipeline
// (functions/dist/services/decisions/draft-decision.js: case file, chapters in
// two rounds, citation check, the award PDF) with a fake model that answers
// every call after a fixed delay, and blobs in memory (the documents' text is
// read by pdf.js as in production; nothing else is faked). A child process,
// so its peak memory is its own (memory-probe.js is preloaded into it).
// Commands over IPC, one at a time:
//   { draft: { files, delayMs, concurrency, contextTokens } }
//     drafts a decision from the PDF files; answers ms, calls, the prefix share of input tokens, condensed, PDF size
// Messages for the memory probe are left to it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { countTokens } from 'gpt-tokenizer';
import { silentLogger } from '../../functions/dist/log.js';
import { defaultDecisionSettings } from '@ratkaisu/core';
import { draftDecision } from '../../functions/dist/services/decisions/draft-decision.js';
import { loadDocumentText } from '../../functions/dist/services/documents/load-document-text.js';

/** Blob Storage in memory: the pipeline reads the PDFs and caches their text here. */
function memoryBlobs() {
  const store = new Map();
  const key = (container, name) => `${container}/${name}`;
  return {
    kind: 'azurite',
    async init() {},
    async upload(container, name, body, options) {
      const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
      store.set(key(container, name), { buffer, contentType: options.contentType });
      return { contentType: options.contentType, size: buffer.byteLength, etag: randomUUID() };
    },
    async download(container, name) {
      const blob = store.get(key(container, name));
      return (
        blob && {
          stream: Readable.from([blob.buffer]),
          contentType: blob.contentType,
          size: blob.buffer.byteLength,
          etag: '',
        }
      );
    },
    async downloadBuffer(container, name) {
      return store.get(key(container, name))?.buffer;
    },
    async properties(container, name) {
      const blob = store.get(key(container, name));
      return blob && { contentType: blob.contentType, size: blob.buffer.byteLength, etag: '' };
    },
    async delete(container, name) {
      return store.delete(key(container, name));
    },
    async ping() {},
  };
}

/** A model that answers after `delayMs`, like an endpoint whose latency dominates; records what it was sent. */
function delayedModel(delayMs, requests) {
  return {
    kind: 'openai-compatible',
    complete(request) {
      requests.push(request.messages);
      const chapter = /välitystuomion luku (\d)/u.exec(request.messages.at(-1)?.content ?? '')?.[1];
      const text = chapter
        ? `Luvun ${chapter} teksti: kauppahinta ja toimitus [K1 s.1]. Vastaaja kiistää vaatimuksen [K1 s.2].`
        : '- Tiivistelmä asiakirjasta [K1 s.1]';
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve({ text, model: 'fake-delayed' }), delayMs);
        request.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
        });
      });
    },
  };
}

const blobs = memoryBlobs();

/** Of the chapter calls' input tokens, how many sit in the prefix every call shares (instructions + case file). */
function prefixShare(requests) {
  const chapters = requests.filter((messages) => /välitystuomion luku \d/u.test(messages.at(-1)?.content ?? ''));
  let shared = 0;
  let total = 0;
  for (const messages of chapters) {
    const tokens = messages.map((message) => countTokens(message.content));
    shared += tokens[0] + tokens[1];
    total += tokens.reduce((sum, value) => sum + value, 0);
  }
  return { share: total === 0 ? 0 : shared / total, chapterCalls: chapters.length };
}

process.on('message', async (message) => {
  if (!message?.draft) return;
  try {
    const { files, delayMs, concurrency, contextTokens } = message.draft;
    const documents = [];
    for (const file of files) {
      const blobName = `bench/${randomUUID()}`;
      await blobs.upload('attachments', blobName, readFileSync(file), { contentType: 'application/pdf' });
      documents.push({ fileId: randomUUID(), fileName: file.split('/').at(-1), container: 'attachments', blobName });
    }
    const requests = [];
    const deps = {
      config: { generation: { contextTokens, samplingParameters: true, concurrency } },
      blobs,
      model: delayedModel(delayMs, requests),
      clock: { now: () => new Date() },
      log: silentLogger,
    };
    // Text extraction is measured by the extraction benchmark; read it once here so it does not count.
    for (const document of documents) await loadDocumentText(deps, document);
    const started = performance.now();
    const draft = await draftDecision(
      deps,
      {
        caseName: 'Teräspalkkien viivästynyt toimitus',
        claimant: { name: 'Rakennus Oy', identificationNumber: '1234567-8' },
        respondent: { name: 'Teräs Oy', identificationNumber: '8765432-1' },
        groups: [{ prefix: 'K', phase: 'Claim', documents }],
        settings: defaultDecisionSettings(),
      },
      new AbortController().signal,
    );
    const ms = performance.now() - started;
    process.send({
      ms,
      calls: requests.length,
      ...prefixShare(requests),
      condensed: draft.details.some((detail) => detail.includes('dossier')),
      pdfBytes: draft.pdf.byteLength,
    });
  } catch (error) {
    process.send({ error: error instanceof Error ? error.stack : String(error) });
  }
});

process.channel?.ref();
process.on('SIGTERM', () => process.exit(0));
console.log('listening 0');
