import { ARBITRATION_AGREEMENT, CONSTITUTION_MESSAGES, type DisputeView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { apiClient } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The arbitration agreement accepted as the case is opened: the claimant's acceptance goes
 * with `POST /api/dispute` (an optional field beside docs/product.md's), versioned and audited; a stale version is
 * refused; without it the case opens as docs/product.md says and the claimant accepts later on the case page. The
 * respondent accepts on joining (`POST …/agreement`); the award needs both (constitution.test.ts).
 */

const api = apiClient(() => host);
const { call, json } = api;

const host = useTestHost();

describe('the arbitration agreement at case creation', () => {
  it('records the claimant’s acceptance with the new case, refuses another version, and keeps the SPEC route', async () => {
    const c = await api.openCase({ agreementVersion: ARBITRATION_AGREEMENT.version });
    const id = c.dispute.id;
    expect(c.dispute.constitution?.agreement.claimant).toMatchObject({ version: ARBITRATION_AGREEMENT.version });
    expect(c.dispute.constitution?.agreement.respondent).toBeUndefined();
    // The claimant's side has accepted: a second acceptance is refused.
    const again = await call('POST', `/api/dispute/${id}/agreement`, c.claimant.token, {
      version: ARBITRATION_AGREEMENT.version,
    });
    expect((await json<{ message: string }>(again, 409)).message).toBe(CONSTITUTION_MESSAGES.agreementAlreadyAccepted);
    // The respondent accepts as it joins; both acceptances stand.
    await json(
      await call('POST', `/api/dispute/${id}/agreement`, c.respondent.token, {
        version: ARBITRATION_AGREEMENT.version,
      }),
      200,
    );
    const seen = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, c.respondent.token), 200);
    expect(seen.constitution?.agreement).toMatchObject({
      claimant: { version: ARBITRATION_AGREEMENT.version },
      respondent: { version: ARBITRATION_AGREEMENT.version },
    });
    const audit = await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'entityId', op: '=', value: id }], limit: 100 });
    const accepted = audit.items.filter((entry) => entry.action === 'AcceptAgreement').map((entry) => entry.details);
    expect(accepted).toEqual(
      expect.arrayContaining([
        `The claimant accepted the arbitration agreement version ${ARBITRATION_AGREEMENT.version} when opening the case`,
        `The respondent accepted the arbitration agreement version ${ARBITRATION_AGREEMENT.version}`,
      ]),
    );

    // Another version of the agreement is refused with the case; nothing is created.
    const stale = await api.signedInUser({ email: `stale.${Date.now()}@example.fi` });
    const staleId = crypto.randomUUID();
    const refused = await call('POST', '/api/dispute', stale.token, {
      id: staleId,
      name: 'Vanha versio',
      description: 'Kauppa',
      claimant: { name: 'Kantaja Oy', email: stale.user.email },
      respondent: { name: 'Vastaaja Oy', email: `other.${Date.now()}@example.fi` },
      agreementVersion: '2020-01-01',
    });
    expect((await json<{ fields: Record<string, string> }>(refused, 400)).fields.agreementVersion).toBe(
      'The arbitration agreement has changed: read it again and accept this version.',
    );
    await json(await call('GET', `/api/dispute/${staleId}`, stale.token), 404);

    // docs/product.md's body alone still opens a case, without an acceptance.
    const plain = await api.openCase();
    expect(plain.dispute.constitution?.agreement.claimant).toBeUndefined();
  });
});
