import type { DisputeView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { apiClient, newDispute, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The new-case form asks an account without a full name for one and asks the case's language: `POST /api/dispute`
 * takes both as optional fields beside docs/product.md's payload, which keeps working without them.
 */

const api = apiClient(() => host);
const { call, json } = api;

const host = useTestHost();

const profile = async (userId: string) => host.deps.store.collection<UserDocument>('users').read(userId, userId);
const stored = async (id: string) => host.deps.store.collection<DisputeDocument>('disputes').read(id, id);

async function fullNameAudits(userId: string): Promise<number> {
  const page = await host.deps.store
    .collection<AuditDocument>('audit')
    .query({ where: [{ field: 'entityId', op: '=', value: userId }], limit: 100 });
  return page.items.filter((entry) => entry.action === 'UpdateFullName').length;
}

describe('POST /api/dispute and the filing user’s full name', () => {
  it('keeps docs/product.md’s payload working for an account without a full name', async () => {
    const user = await api.signedInUser({ email: uniqueEmail('plain') });
    expect((await profile(user.user.id))?.fullName).toBeUndefined();
    const created = await json<DisputeView>(
      await call('POST', '/api/dispute', user.token, newDispute(uniqueEmail('respondent'))),
      201,
    );
    expect((await profile(user.user.id))?.fullName).toBeUndefined();
    expect((await stored(created.id))?.language).toBeUndefined();
  });

  it('saves the full name given with the case to the profile (once), with the case’s language', async () => {
    const user = await api.signedInUser({ email: uniqueEmail('named') });
    const first = await json<DisputeView>(
      await call('POST', '/api/dispute', user.token, {
        ...newDispute(uniqueEmail('respondent')),
        filerFullName: '  Maija Meikäläinen ',
        language: 'fi',
      }),
      201,
    );
    expect((await stored(first.id))?.language).toBe('fi');
    expect((await profile(user.user.id))?.fullName).toBe('Maija Meikäläinen');
    const me = await json<{ fullName?: string }>(await call('GET', '/user/check-auth', user.token), 200);
    expect(me.fullName).toBe('Maija Meikäläinen');
    expect(await fullNameAudits(user.user.id)).toBe(1);

    // The same name again (a second case from a form opened before): no second write, no second audit entry.
    await json(
      await call('POST', '/api/dispute', user.token, {
        ...newDispute(uniqueEmail('respondent')),
        filerFullName: 'Maija Meikäläinen',
      }),
      201,
    );
    expect(await fullNameAudits(user.user.id)).toBe(1);
  });

  it('refuses a full name that is not one, with the field named, and files nothing', async () => {
    const user = await api.signedInUser({ email: uniqueEmail('badname') });
    const input = { ...newDispute(uniqueEmail('respondent')), filerFullName: '1234' };
    const refused = await json<{ code: string; message: string; fields: Record<string, string> }>(
      await call('POST', '/api/dispute', user.token, input),
      400,
    );
    expect(refused.fields.filerFullName).toBe(
      'Enter your full name as it should appear in documents (2–120 characters, letters only).',
    );
    expect(await stored(input.id)).toBeUndefined();
    expect((await profile(user.user.id))?.fullName).toBeUndefined();
  });
});
