import { describe, expect, it } from 'vitest';
import type { MailDocument } from '../../functions/src/services/outbox/mail-document.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';
import { tribunalCases } from './support/tribunal-case.js';

/**
 * `FAULTS` (docs/settings.md) through the real local host: with the mail port refusing every send, a case's
 * mails are recorded and left for the outbox's retries (their last error names the injected fault), and the
 * request that caused them still succeeds.
 */

const clock = new MovableClock();
const api = apiClient(() => host, clock);
const { uploadContract } = tribunalCases(api, () => host, clock);

const host = useTestHost({ FAULTS: JSON.stringify([{ port: 'mail', kind: 'error', methods: ['send'] }]) }, { clock });

describe('fault injection', () => {
  it('makes the mail port refuse, and the outbox keeps every mail for its retries', async () => {
    expect(host.deps.config.faults).toEqual([{ port: 'mail', kind: 'error', rate: 1, methods: ['send'] }]);
    const c = await api.openCase();
    await uploadContract(c, c.claimant.token, 'Kauppasopimus.pdf');
    // The claimant moves the case on: the respondent is invited and told, and the request succeeds all the same.
    await api.json(await api.call('POST', `/api/dispute/${c.dispute.id}/phase/Response`, c.claimant.token), 200);
    const page = await host.deps.store
      .collection<MailDocument>('outbox')
      .query({ where: [{ field: 'status', op: '=', value: 'Pending' }], limit: 100 });
    expect(page.items.length).toBeGreaterThan(0);
    for (const mail of page.items) {
      expect(mail.attempts).toBeGreaterThanOrEqual(1);
      expect(mail.lastError).toMatch(/Injected fault: mail\.send failed/);
    }
    const sent = await host.deps.store
      .collection<MailDocument>('outbox')
      .query({ where: [{ field: 'status', op: '=', value: 'Sent' }], limit: 1 });
    expect(sent.items).toEqual([]);
  });
});
