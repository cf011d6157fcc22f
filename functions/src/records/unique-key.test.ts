import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../adapters/store/sqlite-store.js';
import type { Store } from '../ports/store.js';
import { claimUniqueKey, releaseUniqueKey, type UniqueKey } from './unique-key.js';

let store: Store;
/** Which owners still hold the value, as their documents would say. */
let holders: Set<string>;
const stillHolds = async (ownerId: string) => holders.has(ownerId);

function key(ownerId: string, value = 'acme.fi'): UniqueKey {
  return {
    kind: 'tenant-key-claim',
    idPrefix: 'claim.tenant.',
    field: 'domain',
    key: value,
    ownerField: 'tenantId',
    ownerId,
  };
}

beforeEach(() => {
  store = createSqliteStore({ file: ':memory:', clock: { now: () => new Date('2026-03-02T10:00:00Z') } });
  holders = new Set();
});
afterEach(async () => {
  await store.close();
});

describe('claimUniqueKey', () => {
  it('gives a value to its first owner and refuses another while the first still holds it', async () => {
    expect(await claimUniqueKey({ store }, key('a'), stillHolds)).toBe(true);
    holders.add('a');
    expect(await claimUniqueKey({ store }, key('b'), stillHolds)).toBe(false);
    expect(await claimUniqueKey({ store }, key('b', 'other.fi'), stillHolds)).toBe(true);
  });

  it('answers yes again to the owner that holds the claim', async () => {
    expect(await claimUniqueKey({ store }, key('a'), stillHolds)).toBe(true);
    holders.add('a');
    expect(await claimUniqueKey({ store }, key('a'), stillHolds)).toBe(true);
  });

  it('takes over a stale claim, whose owner no longer uses the value', async () => {
    expect(await claimUniqueKey({ store }, key('a'), stillHolds)).toBe(true);
    expect(await claimUniqueKey({ store }, key('b'), stillHolds)).toBe(true);
    holders.add('b');
    expect(await claimUniqueKey({ store }, key('a'), stillHolds)).toBe(false);
  });

  it('lets exactly one of several racing owners win, each having written its document first', async () => {
    const owners = ['a', 'b', 'c', 'd', 'e'];
    holders = new Set(owners);
    const won = await Promise.all(owners.map((owner) => claimUniqueKey({ store }, key(owner), stillHolds)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('is released only by its owner', async () => {
    await claimUniqueKey({ store }, key('a'), stillHolds);
    holders.add('a');
    await releaseUniqueKey({ store }, key('b'));
    expect(await claimUniqueKey({ store }, key('b'), stillHolds)).toBe(false);
    await releaseUniqueKey({ store }, key('a'));
    expect(await claimUniqueKey({ store }, key('b'), stillHolds)).toBe(true);
  });

  it('keeps the claim documents of the stored data: the same ids and owner fields as before', async () => {
    await claimUniqueKey({ store }, key('a'), stillHolds);
    const account: UniqueKey = {
      kind: 'account-key-claim',
      idPrefix: 'claim.',
      field: 'emailKey',
      key: 'x@y.fi',
      ownerField: 'userId',
      ownerId: 'u1',
    };
    await claimUniqueKey({ store }, account, stillHolds);
    const page = await store.collection('tokens').query({ where: [], limit: 10 });
    expect(page.items.map(({ id, kind, field, tenantId, userId }) => ({ id, kind, field, tenantId, userId }))).toEqual(
      expect.arrayContaining([
        {
          id: expect.stringMatching(/^claim\.tenant\.domain\.[\w-]{43}$/),
          kind: 'tenant-key-claim',
          field: 'domain',
          tenantId: 'a',
          userId: undefined,
        },
        {
          id: expect.stringMatching(/^claim\.emailKey\.[\w-]{43}$/),
          kind: 'account-key-claim',
          field: 'emailKey',
          tenantId: undefined,
          userId: 'u1',
        },
      ]),
    );
  });
});
