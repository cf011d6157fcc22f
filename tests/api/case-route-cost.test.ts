import { readFileSync } from 'node:fs';
import type { ActivePhaseDeadline, DisputeSummary, DisputeView, PhaseView } from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../functions/src/ports/store.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { addOpenedCase, type PartyCaseListDocument } from '../../functions/src/services/disputes/party-case-list.js';
import { countingStore, type CountingStore, type StoreCall } from '../support/counting-store.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient, FINNISH_CASE, newDispute, uniqueEmail, uploadForm } from './support/api-client.js';
import { makePdf } from './support/pdf-fixtures.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * What the signed-in case routes cost the store (docs/benchmarks.md "Case routes"): counted per request for a
 * user with three cases, so the work cannot grow again unseen, and the per-user list of case ids that the case
 * list reads instead of three visibility queries kept right as cases are opened, vanish or change hands.
 */
let store: CountingStore;
const clock = new MovableClock();
// No workers or timers: only the requests touch the store while it is counted.
const host = useTestHost({}, { runWorkers: false, clock });
const api = apiClient(() => host, clock);

beforeAll(() => {
  store = countingStore(host.deps.store);
  (host.deps as { store: Store }).store = store;
});

/** One `op collection` line per store call, sorted: what a request cost, independent of the order of parallel reads. */
const tally = (calls: readonly StoreCall[]) => calls.map((call) => `${call.op} ${call.collection}`).sort();

/** The store calls of one GET, made right after the same GET (a once-a-minute session refresh is not counted). */
async function costOf(path: string, token: string): Promise<string[]> {
  await api.json(await api.call('GET', path, token), 200);
  store.reset();
  await api.json(await api.call('GET', path, token), 200);
  return tally(store.calls);
}

async function openCaseAs(opener: SignedInUser, respondentEmail: string): Promise<string> {
  const input = newDispute(respondentEmail);
  await api.json(await api.call('POST', '/api/dispute', opener.token, input), 201);
  return input.id;
}

async function listedIds(token: string): Promise<string[]> {
  const list = await api.json<DisputeSummary[]>(await api.call('GET', '/api/dispute', token), 200);
  return list.map((item) => item.id);
}

const caseList = (userId: string) =>
  host.deps.store.collection<PartyCaseListDocument>('caseLists').read(userId, userId);

const EXAMPLE_SCHEDULE: unknown = JSON.parse(
  readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8'),
);

const SESSION_CHECK = ['read sessions', 'read tenants', 'read users'];

describe('the case routes’ store work for a user with three cases', () => {
  let me: SignedInUser;
  let ids: string[];

  beforeAll(async () => {
    me = await api.signedInUser({ email: uniqueEmail('counsel') });
    const other = await api.signedInUser({ email: uniqueEmail('opener') });
    ids = [await openCaseAs(me, uniqueEmail('respondent')), await openCaseAs(me, uniqueEmail('respondent'))];
    // The third names this user as the respondent's representative after their list exists.
    expect(await listedIds(me.token)).toHaveLength(2);
    ids.push(await openCaseAs(other, me.user.email));
  });

  it('the case list: the session check, the user’s list of cases and one read per case — no query', async () => {
    expect(await costOf('/api/dispute', me.token)).toEqual(
      [...SESSION_CHECK, 'read caseLists', 'read disputes', 'read disputes', 'read disputes'].sort(),
    );
    expect(new Set(await listedIds(me.token))).toEqual(new Set(ids));
    const sides = (await api.json<DisputeSummary[]>(await api.call('GET', '/api/dispute', me.token), 200)).map(
      (item) => [item.id, item.side],
    );
    expect(sides).toContainEqual([ids[2], 'respondent']);
  });

  it('the deadlines read the same; check-auth and a case’s phases read nothing twice', async () => {
    expect(await costOf('/api/dispute/activephases', me.token)).toEqual(
      [...SESSION_CHECK, 'read caseLists', 'read disputes', 'read disputes', 'read disputes'].sort(),
    );
    const deadlines = await api.json<ActivePhaseDeadline[]>(
      await api.call('GET', '/api/dispute/activephases', me.token),
      200,
    );
    expect(new Set(deadlines.map((deadline) => deadline.disputeId))).toEqual(new Set(ids));
    expect(await costOf('/user/check-auth', me.token)).toEqual(SESSION_CHECK);
    expect(await costOf(`/api/dispute/${ids[0]}/phases`, me.token)).toEqual([...SESSION_CHECK, 'read disputes'].sort());
  });

  it('a case page with no fee schedule ever set: the case, the respondent’s counsel and the schedule — no payment', async () => {
    // The opener is the caller, read by the session check; the respondent's representative is looked up by e-mail;
    // the tenant's and the global fee schedule say no schedule was ever set, so no due point's payment can exist.
    expect(await costOf(`/api/dispute/${ids[0]}`, me.token)).toEqual(
      [...SESSION_CHECK, 'read disputes', 'query users', 'read fees', 'read fees'].sort(),
    );
  });
});

describe('the per-user list of case ids', () => {
  it('is built again from the visibility queries when missing, once', async () => {
    const me = await api.signedInUser({ email: uniqueEmail('counsel') });
    const ids = [await openCaseAs(me, uniqueEmail('respondent')), await openCaseAs(me, uniqueEmail('respondent'))];
    await host.deps.store.collection('caseLists').delete(me.user.id, me.user.id);

    store.reset();
    expect(new Set(await listedIds(me.token))).toEqual(new Set(ids));
    expect(tally(store.calls).filter((call) => call.startsWith('query disputes'))).toHaveLength(3);
    expect(new Set((await caseList(me.user.id))?.caseIds)).toEqual(new Set(ids));

    store.reset();
    await listedIds(me.token);
    expect(tally(store.calls).filter((call) => call.startsWith('query'))).toEqual([]);

    // Many requests finding it missing at once: one builds it, the others take it as built.
    await host.deps.store.collection('caseLists').delete(me.user.id, me.user.id);
    const lists = await Promise.all(Array.from({ length: 8 }, () => listedIds(me.token)));
    for (const listed of lists) expect(new Set(listed)).toEqual(new Set(ids));
  });

  it('follows a change of the confirmed e-mail: the cases naming the new address in, the old ones out', async () => {
    const me = await api.signedInUser({ email: uniqueEmail('counsel') });
    const other = await api.signedInUser({ email: uniqueEmail('opener') });
    const oldEmail = me.user.email;
    const newEmail = uniqueEmail('moved');
    const own = await openCaseAs(me, uniqueEmail('respondent'));
    const underOld = await openCaseAs(other, oldEmail);
    // Opened before the address is this user's: no account had it confirmed, so no list was told.
    const underNew = await openCaseAs(other, newEmail);
    expect(new Set(await listedIds(me.token))).toEqual(new Set([own, underOld]));

    const users = host.deps.store.collection<UserDocument>('users');
    const user = (await users.read(me.user.id, me.user.id))!;
    await users.replace({ ...user, email: newEmail, emailKey: newEmail.toLowerCase() }, { ifMatch: user._etag });
    expect(new Set(await listedIds(me.token))).toEqual(new Set([own, underNew]));
    expect((await caseList(me.user.id))?.emailKey).toBe(newEmail.toLowerCase());
  });

  it('drops a case that no longer names the user, and one that is gone', async () => {
    const me = await api.signedInUser({ email: uniqueEmail('counsel') });
    const other = await api.signedInUser({ email: uniqueEmail('opener') });
    const kept = await openCaseAs(me, uniqueEmail('respondent'));
    const deleted = await openCaseAs(me, uniqueEmail('respondent'));
    const renamed = await openCaseAs(other, me.user.email);
    expect(new Set(await listedIds(me.token))).toEqual(new Set([kept, deleted, renamed]));

    const disputes = host.deps.store.collection<DisputeDocument>('disputes');
    await disputes.delete(deleted, deleted);
    const named = (await disputes.read(renamed, renamed))!;
    await disputes.replace({ ...named, respondentEmailKey: uniqueEmail('someone-else') }, { ifMatch: named._etag });

    expect(await listedIds(me.token)).toEqual([kept]);
    // The other party's case is dropped at once; a case opened minutes ago may still be being written, so its
    // id stays until that could no longer be.
    expect((await caseList(me.user.id))?.caseIds).not.toContain(renamed);
    clock.advance(11 * 60_000);
    expect(await listedIds(me.token)).toEqual([kept]);
    expect((await caseList(me.user.id))?.caseIds).toEqual([kept]);
  });

  it('keeps the id of a case being opened (its parties’ lists are written first), and drops it when it never came', async () => {
    const me = await api.signedInUser({ email: uniqueEmail('counsel') });
    const own = await openCaseAs(me, uniqueEmail('respondent'));
    // A host that stopped between the lists' write and the case's: the id is listed, the case does not exist.
    const never = newDispute(uniqueEmail('respondent')).id;
    await addOpenedCase(host.deps, {
      id: never,
      createdBy: { id: me.user.id, email: me.user.email },
      claimantEmailKey: 'claims@rakennus.fi',
      respondentEmailKey: uniqueEmail('respondent'),
    });
    expect(await listedIds(me.token)).toEqual([own]);
    expect((await caseList(me.user.id))?.caseIds).toContain(never);

    // Long after any request could still be writing it: stale.
    clock.advance(11 * 60_000);
    expect(await listedIds(me.token)).toEqual([own]);
    expect((await caseList(me.user.id))?.caseIds).toEqual([own]);
  });
});

// Last in the file: it sets the global fee schedule, which every later case would be priced by.
describe('a case page once fees were charged', () => {
  it('reads the payments of the due points the case can have reached, and keeps them after the schedule is cleared', async () => {
    const root = await api.signedInUser({ email: uniqueEmail('fees-root'), roles: ['SuperAdmin'] });
    await api.json(await api.call('PUT', '/api/superadmin/fee-schedule', root.token, EXAMPLE_SCHEDULE), 200);
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
    const phases = await api.json<PhaseView[]>(
      await api.call('GET', `/api/dispute/${c.dispute.id}/phases`, c.claimant.token),
      200,
    );
    const form = uploadForm([{ name: 'Kanne.pdf', bytes: await makePdf() }]);
    await api.json(
      await api.call('POST', `/${c.dispute.id}/phases/${phases.at(-1)!.id}/attachments`, c.claimant.token, form),
      201,
    );
    // The claim's first Save and Send waits for the filing fee: its payment is created.
    await api.json(await api.call('POST', `/api/dispute/${c.dispute.id}/phase/Response`, c.claimant.token), 402);

    const page = `/api/dispute/${c.dispute.id}`;
    // No tribunal was requested: the filing fee's and the AI decision fee's payments only, not the five tribunal ones.
    expect(
      (await costOf(page, c.claimant.token)).filter(
        (call) => call.startsWith('read payments') || call.includes('fees'),
      ),
    ).toEqual(['read fees', 'read fees', 'read payments', 'read payments']);
    const charged = await api.json<DisputeView>(await api.call('GET', page, c.claimant.token), 200);
    expect(charged.chargesFees).toBe(true);
    expect(charged.payments?.map((payment) => [payment.purpose, payment.status])).toEqual([['filingFee', 'open']]);

    // Cleared: nothing new is charged, but the payment made under the schedule is still the case's to pay.
    await api.json(await api.call('DELETE', '/api/superadmin/fee-schedule', root.token), 200);
    const cleared = await api.json<DisputeView>(await api.call('GET', page, c.claimant.token), 200);
    expect(cleared.chargesFees).toBeUndefined();
    expect(cleared.payments?.map((payment) => payment.purpose)).toEqual(['filingFee']);
  });
});
