import type { TribunalView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { withLookupIndexes, type DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';
import { SOLE_ARBITRATOR } from './support/tribunal-case.js';

/**
 * The appointment sent once: an administrator's double click — two appointments of the same
 * arbitrator at the same moment, or the same appointment sent again — invites and mails the arbitrator once,
 * audits one appointment, and answers both requests with the same tribunal.
 */

const api = apiClient(() => host);
const { call, json } = api;

const host = useTestHost();

describe('appointing an arbitrator', () => {
  it('mails the appointee once under a double submit and a repeat', async () => {
    const c = await api.openCase();
    const id = c.dispute.id;
    const disputes = host.deps.store.collection<DisputeDocument>('disputes');
    const { _etag, ...doc } = (await disputes.read(id, id))!;
    const now = new Date().toISOString();
    await disputes.replace(
      withLookupIndexes({
        ...doc,
        tribunal: {
          status: 'Requested',
          size: 1,
          requestedAt: now,
          requestedBy: c.claimant.user.id,
          requestedBySide: 'claimant',
          members: [],
        },
      }),
      { ifMatch: _etag },
    );
    const arbitrator = await api.signedInUser({
      email: uniqueEmail('arbitrator'),
      tfaEnabled: true,
      arbitrator: { ...SOLE_ARBITRATOR, grantedAt: now, grantedBy: 'x' },
    });
    const superAdmin = await api.signedInUser({ email: uniqueEmail('super'), roles: ['SuperAdmin'] });
    const appoint = () =>
      call('POST', `/api/admin/tribunal/${id}/appoint`, superAdmin.token, { arbitratorIds: [arbitrator.user.id] });

    const answers = await Promise.all([appoint(), appoint()]);
    const views = await Promise.all(answers.map((answer) => json<{ data: TribunalView }>(answer, 200)));
    for (const view of views) {
      expect(view.data.members.map((member) => [member.userId, member.role, member.status])).toEqual([
        [arbitrator.user.id, 'sole', 'Invited'],
      ]);
    }
    // Sent again later (a reload and another click): still the one invitation.
    const again = await json<{ data: TribunalView }>(await appoint(), 200);
    expect(again.data.members).toEqual(views[0]!.data.members);

    const mails = api.mailsTo(arbitrator.user.email).filter((mail) => mail.includes('appointed as'));
    expect(mails).toHaveLength(1);
    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'entityId', op: '=', value: id },
        { field: 'action', op: '=', value: 'AppointTribunal' },
      ],
      limit: 10,
    });
    expect(audit.items).toHaveLength(1);
  });
});
