import type { DisputeView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { apiClient, newDispute, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Text that reads differently from what it is: right-to-left
 * overrides and zero-width characters are removed from every text field of a
 * case by core's one sanitiser, as they already were from file names.
 */
const host = useTestHost({}, { runWorkers: false });
const api = apiClient(() => host);

describe('invisible characters in case texts', () => {
  it('removes bidirectional overrides and zero-width characters from the case name, description and parties', async () => {
    const { token } = await api.signedInUser({ email: uniqueEmail('bidi') });
    const respondentEmail = uniqueEmail('respondent');
    const input = newDispute(respondentEmail, {
      name: 'Invoice\u202Efdp.exe',
      description: 'Pay\u200B to \u2066IBAN\u2069 FI00\u200D 1234\uFEFF',
    });
    input.claimant = { ...input.claimant, name: 'Rakennus\u200F Oy', address: 'Katu\u2060 1' };
    input.respondent = { ...input.respondent, name: '\u202BTeräs Oy\u202C' };
    const created = await api.json<DisputeView>(await api.post('/api/dispute', input, token), 201);
    const read = await api.json<DisputeView>(await api.get(`/api/dispute/${created.id}`, token), 200);
    for (const view of [created, read]) {
      expect(view.name).toBe('Invoicefdp.exe');
      expect(view.description).toBe('Pay to IBAN FI00 1234');
      expect(view.claimant.name).toBe('Rakennus Oy');
      expect(view.claimant.address).toBe('Katu 1');
      expect(view.respondent.name).toBe('Teräs Oy');
    }
  });
});
