import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What the chaos run (chaos.js) reads after the load: the mails written and the durable state. */

/** Message-IDs of the mails the outbox transport wrote, each as often as it was written. */
export function sentMessageIds(dataDir) {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => /^Message-ID:\s*(\S+)/im.exec(readFileSync(path.join(outbox, name), 'utf8'))?.[1] ?? name);
}

/** The durable state as a restarted host would find it: jobs, mails, awards and the audit chain. */
export async function checkStore(dataDir, env) {
  const { loadConfig } = await import('../../functions/dist/config.js');
  const { createStore } = await import('../../functions/dist/composition-root.js');
  const { verifyAuditChain } = await import('../../functions/dist/services/audit/verify-audit-chain.js');
  const { systemClock } = await import('../../functions/dist/ports/clock.js');
  const config = loadConfig({ ...process.env, ...env });
  const store = await createStore(config, systemClock);
  const all = async (name, where = []) => {
    const items = [];
    let continuation;
    do {
      const page = await store
        .collection(name)
        .query({ where, limit: 1000, ...(continuation ? { continuation } : {}) });
      items.push(...page.items);
      continuation = page.continuation;
    } while (continuation);
    return items;
  };
  try {
    const jobs = await all('jobs');
    const disputes = await all('disputes');
    const mails = await all('outbox');
    const awards = await all('awards', [{ field: 'status', op: '=', value: 'Issued' }]);
    const audit = await verifyAuditChain({ store, clock: systemClock });
    return { jobs, disputes, mails, awards, audit };
  } finally {
    await store.close();
  }
}
