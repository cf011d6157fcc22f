// The case-list benchmark's baseline: the listVisibleDisputes service that
// GET /api/dispute calls, timed in a process of its own on the host's database
// file (argv[2]), so it runs alone on a core exactly as the host's handler does,
// not beside the client's buffers and statistics. Commands over IPC:
// { time: { caller, times } } answers { ms: [...], count }.
import { performance } from 'node:perf_hooks';
import { createSqliteStore } from '../../functions/dist/adapters/store/sqlite-store.js';
import { listVisibleDisputes } from '../../functions/dist/services/disputes/list-visible-disputes.js';

const store = createSqliteStore({ file: process.argv[2] });

process.on('message', async (message) => {
  if (!message?.time) return;
  try {
    const { caller, times } = message.time;
    const ms = [];
    let count = 0;
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      count = (await listVisibleDisputes({ store }, caller)).length;
      ms.push(performance.now() - started);
    }
    process.send({ ms, count });
  } catch (error) {
    process.send({ error: error instanceof Error ? error.message : String(error) });
  }
});

process.on('SIGTERM', () => {
  void store.close().then(() => process.exit(0));
});
console.log('listening 0');
