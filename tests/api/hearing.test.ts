import { CONSTITUTION_MESSAGES, type DisputeView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { withLookupIndexes, type DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { apiClient, FINNISH_CASE, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * How the case is heard, through the real local host: a seated arbitrator records an oral
 * hearing (date and note required) or the tribunal's decision to decide on the documents; the parties read it
 * on the case; a party cannot record it; each record is audited.
 */

const api = apiClient(() => host);
const { call, json } = api;

const host = useTestHost();

/** A case with a sole arbitrator seated (written into the store: the appointment is tribunal.test.ts's subject). */
async function seatedCase() {
  const c = await api.openCase(FINNISH_CASE);
  const id = c.dispute.id;
  const arbitrator = await api.signedInUser({
    email: uniqueEmail('hearing'),
    arbitrator: {
      name: 'OTT Maija Virtanen',
      title: 'asianajaja',
      grantedAt: new Date().toISOString(),
      grantedBy: 'x',
    },
  });
  const disputes = host.deps.store.collection<DisputeDocument>('disputes');
  const { _etag, ...doc } = (await disputes.read(id, id))!;
  const at = new Date().toISOString();
  await disputes.replace(
    withLookupIndexes({
      ...doc,
      tribunal: {
        status: 'Constituted',
        size: 1,
        requestedAt: at,
        requestedBy: c.claimant.user.id,
        requestedBySide: 'claimant',
        members: [
          {
            userId: arbitrator.user.id,
            name: 'OTT Maija Virtanen',
            title: 'asianajaja',
            email: arbitrator.user.email,
            role: 'sole',
            status: 'Accepted',
            appointedAt: at,
            appointedBy: 'x',
            respondedAt: at,
            statement: 'none',
          },
        ],
      },
    }),
    { ifMatch: _etag },
  );
  return { c, id, arbitrator };
}

async function hearingOf(id: string, token: string) {
  const view = await json<DisputeView>(await call('GET', `/api/dispute/${id}`, token), 200);
  return view.constitution?.hearing;
}

describe('the hearing record', () => {
  it('records an oral hearing or a decision on the documents; only the tribunal; validated and audited', async () => {
    const { c, id, arbitrator } = await seatedCase();
    const path = `/api/dispute/${id}/tribunal/hearing`;
    expect(await hearingOf(id, c.claimant.token)).toBeUndefined();

    // A hearing needs its date and a note; the old body (no `procedure`) still means a hearing.
    const noDate = await call('POST', path, arbitrator.token, { procedure: 'hearing', note: 'Helsingissä' });
    expect((await json<{ fields: Record<string, string> }>(noDate, 400)).fields.date).toBe('Give the hearing’s date.');
    const noNote = await call('POST', path, arbitrator.token, { date: '2027-03-10' });
    expect((await json<{ fields: Record<string, string> }>(noNote, 400)).fields.note).toBe(
      'Say where and how the hearing was held.',
    );
    const wrongKind = await call('POST', path, arbitrator.token, { procedure: 'phone' });
    expect((await json<{ fields: Record<string, string> }>(wrongKind, 400)).fields.procedure).toBe(
      'Choose an oral hearing or the documents.',
    );
    // Only a member of the tribunal records it.
    const byParty = await call('POST', path, c.claimant.token, { procedure: 'documents' });
    expect((await json<{ message: string }>(byParty, 403)).message).toBe(
      CONSTITUTION_MESSAGES.jurisdictionTribunalOnly,
    );

    await json(
      await call('POST', path, arbitrator.token, {
        date: '2027-03-10',
        note: 'Etäyhteydellä; molemmat asianosaiset läsnä.',
      }),
      200,
    );
    expect(await hearingOf(id, c.respondent.token)).toMatchObject({
      procedure: 'hearing',
      date: '2027-03-10',
      note: 'Etäyhteydellä; molemmat asianosaiset läsnä.',
      name: 'OTT Maija Virtanen',
    });

    // The decision to decide on the documents replaces it; the grounds are optional.
    await json(
      await call('POST', path, arbitrator.token, { procedure: 'documents', note: 'Kukaan ei pyytänyt käsittelyä.' }),
      200,
    );
    const documents = await hearingOf(id, c.claimant.token);
    expect(documents).toMatchObject({ procedure: 'documents', note: 'Kukaan ei pyytänyt käsittelyä.' });
    expect(documents!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const audit = await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'entityId', op: '=', value: id }], limit: 500 });
    const recorded = audit.items.filter((entry) => entry.action === 'RecordHearing').map((entry) => entry.details);
    expect(recorded).toHaveLength(2);
    expect(recorded.some((details) => details?.startsWith('Oral hearing on 2027-03-10'))).toBe(true);
    expect(recorded.some((details) => details?.startsWith('Decision to decide on the documents'))).toBe(true);
  });
});
