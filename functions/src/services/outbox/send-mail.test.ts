import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/store/sqlite-store.js';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../log.js';
import type { Blobs } from '../../ports/blobs.js';
import type { MailMessage, Mailer } from '../../ports/mailer.js';
import type { BaseDoc, Collection, Store } from '../../ports/store.js';
import { DependencyUnavailableError } from '../../ports/unavailable.js';
import { enqueueMail } from './enqueue-mail.js';
import type { MailDocument } from './mail-document.js';
import { sendMail } from './send-mail.js';

/**
 * One attempt at a recorded mail when the store fails just after the transport took it: the outcome is
 * recorded all the same, so the sweep never sends the mail a second time (docs/benchmarks.md "Chaos run").
 */

/** The store, whose outbox refuses the next `failures` replaces once `armed` is set. */
function flakyStore(inner: Store) {
  const state = { armed: false, failures: 0 };
  const store: Store = {
    ...inner,
    kind: inner.kind,
    ping: () => inner.ping(),
    close: () => inner.close(),
    collection<T extends BaseDoc>(name: Parameters<Store['collection']>[0]): Collection<T> {
      const collection = inner.collection<T>(name);
      if (name !== 'outbox') return collection;
      return {
        ...collection,
        read: (pk, id) => collection.read(pk, id),
        replace: async (doc, options) => {
          if (state.armed && state.failures > 0) {
            state.failures -= 1;
            throw new DependencyUnavailableError('store', 'The store did not answer.');
          }
          return collection.replace(doc, options);
        },
      } as Collection<T>;
    },
  };
  return { store, state };
}

async function attempt(failures: number) {
  const inner = createSqliteStore({ file: ':memory:' });
  const { store, state } = flakyStore(inner);
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    send: async (message) => {
      sent.push(message);
      // The transport has the mail: now the store fails for the outcome's write.
      state.armed = true;
      state.failures = failures;
      return { messageId: `<${message.idempotencyKey}@test>` };
    },
  } as Mailer;
  const clock = { now: () => new Date('2026-03-01T10:00:00Z') };
  const deps = {
    store,
    blobs: {} as Blobs,
    mailer,
    clock,
    log: createLogger({ level: 'error', write: () => undefined }),
    config: loadConfig({}),
  };
  const { record } = await enqueueMail(deps, {
    message: { to: 'a@example.fi', subject: 'Asia', text: 'Teksti' },
    purpose: 'test',
  });
  const outcome = await sendMail(deps, record.id).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const stored = await inner.collection<MailDocument>('outbox').read(record.id, record.id);
  await inner.close();
  return { sent, outcome, stored };
}

describe('sendMail', () => {
  it('records Sent when the store fails a few times just after the transport took the mail', async () => {
    const { sent, outcome, stored } = await attempt(3);
    expect(sent).toHaveLength(1);
    expect(outcome).toMatchObject({ value: { status: 'Sent' } });
    expect(stored?.status).toBe('Sent');
    expect(stored?.messageId).toMatch(/@test>$/);
  });

  it('gives up recording only when the store stays out, and throws rather than pretend', async () => {
    const { sent, outcome, stored } = await attempt(10);
    expect(sent).toHaveLength(1);
    expect(outcome).toMatchObject({ error: expect.any(DependencyUnavailableError) });
    // Left Sending under its lease: the sweep takes it again only after the lease (mail-document.ts).
    expect(stored?.status).toBe('Sending');
  });
});
