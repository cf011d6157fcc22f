import { formatMailDateTime } from '@ratkaisu/core';
import { randomUUID } from 'node:crypto';
import type {
  ActivePhaseDeadline,
  DisputePageView,
  DisputeSummary,
  DisputeView,
  NewDisputeInput,
  PhaseView,
} from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { Collection, CollectionName, Store } from '../../functions/src/ports/store.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { apiClient, newDispute, uniqueEmail } from './support/api-client.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';
import { auditActionsOf } from './support/audit-trail.js';

/**
 * Cases through the real local host: creating (validation, sanitising,
 * idempotency), who sees a case (creator, the representatives named by their
 * confirmed email, nobody else), and moving a case through its phases.
 * Attachments have no routes yet, so tests put one into a phase through the store.
 */

const START = Date.parse('2026-03-02T09:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const NOT_FOUND = { code: 'not_found', reason: 'cases.notFound', params: {}, message: 'Case not found.' };
const NO_ATTACHMENTS = 'No attachments found for the current phase';

let now = START;
const clock: Clock = { now: () => new Date(now) };

const host = useTestHost({ ADMIN_EMAIL: 'root@example.fi', ADMIN_PASSWORD: 'root password 1' }, { clock });

type Signed = SignedInUser;

const { call, json, signedInUser, mailsTo } = apiClient(() => host, clock);

async function createCase(claimant: Signed, respondentEmail: string, overrides: Partial<NewDisputeInput> = {}) {
  return json<DisputeView>(
    await call('POST', '/api/dispute', claimant.token, newDispute(respondentEmail, overrides)),
    201,
  );
}

const disputes = () => host.deps.store.collection<DisputeDocument>('disputes');

/** Stands in for an upload: one file in the case's active phase. */
async function attachToActivePhase(disputeId: string): Promise<void> {
  const doc = await disputes().read(disputeId, disputeId);
  const { _etag, ...rest } = doc!;
  const phases = rest.phases.map((phase) =>
    phase.id === rest.activePhaseId
      ? {
          ...phase,
          attachments: [
            ...phase.attachments,
            { id: randomUUID(), fileName: 'letter.pdf', dateCreated: clock.now().toISOString() },
          ],
        }
      : phase,
  );
  await disputes().replace({ ...rest, phases }, { ifMatch: _etag });
}

function advance(disputeId: string, phaseType: string, token?: string) {
  return call('POST', `/api/dispute/${disputeId}/phase/${phaseType}`, token);
}

async function auditActions(disputeId: string): Promise<string[]> {
  return (await auditActionsOf(host, disputeId)).sort();
}

describe('creating a case', () => {
  it('creates a Pending case with the Claim phase due in 14 days, audits it and mails nobody yet', async () => {
    const claimant = await signedInUser({ email: uniqueEmail('claimant') });
    const respondentEmail = uniqueEmail('respondent');
    const input = newDispute(respondentEmail);
    const view = await json<DisputeView>(await call('POST', '/api/dispute', claimant.token, input), 201);
    expect(view).toMatchObject({
      id: input.id,
      name: input.name,
      description: input.description,
      status: 'Pending',
      side: 'claimant',
      createdBy: { id: claimant.user.id, email: claimant.user.email },
      claimant: input.claimant,
      respondent: input.respondent,
    });
    const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${input.id}/phases`, claimant.token), 200);
    expect(phases).toEqual([
      {
        id: view.activePhaseId,
        type: 'Claim',
        dateCreated: new Date(now).toISOString(),
        dueDate: new Date(now + 14 * DAY).toISOString(),
        attachments: [],
      },
    ]);
    expect(await auditActions(input.id)).toEqual(['CreateDispute']);
    // Nobody is invited to a case that holds no document yet: the invitation goes with the first sending.
    expect(mailsTo(respondentEmail)).toHaveLength(0);
  });

  it('answers a retried creation with the same case instead of creating a second one', async () => {
    const claimant = await signedInUser({ email: uniqueEmail('claimant') });
    const respondentEmail = uniqueEmail('respondent');
    const input = newDispute(respondentEmail);
    const first = await json<DisputeView>(await call('POST', '/api/dispute', claimant.token, input), 201);
    const again = await json<DisputeView>(await call('POST', '/api/dispute', claimant.token, input), 200);
    expect(again).toEqual(first);
    expect(await disputes().count({ where: [{ field: 'createdBy.id', op: '=', value: claimant.user.id }] })).toBe(1);
    expect(mailsTo(respondentEmail)).toHaveLength(0);
  });

  it('refuses a taken id with other content or from another user (409)', async () => {
    const claimant = await signedInUser({ email: uniqueEmail('claimant') });
    const other = await signedInUser({ email: uniqueEmail('other') });
    const input = newDispute(uniqueEmail('respondent'));
    await json(await call('POST', '/api/dispute', claimant.token, input), 201);
    const changed = await call('POST', '/api/dispute', claimant.token, { ...input, name: 'Another name' });
    expect(await json(changed, 409)).toMatchObject({
      code: 'conflict',
      message: 'A case with this id already exists.',
    });
    expect((await call('POST', '/api/dispute', other.token, input)).status).toBe(409);
    expect((await disputes().read(input.id, input.id))?.name).toBe(input.name);
  });

  it('names every missing required field', async () => {
    const claimant = await signedInUser({ email: uniqueEmail('claimant') });
    const valid = newDispute(uniqueEmail('respondent'));
    const cases: Array<[string, (body: Record<string, unknown>) => void, string]> = [
      ['id', (body) => delete body.id, 'Dispute id is required.'],
      ['name', (body) => delete body.name, 'Case name is required.'],
      ['description', (body) => delete body.description, 'Short description is required.'],
      ['claimant', (body) => delete body.claimant, 'Claimant information is required.'],
      ['respondent', (body) => delete body.respondent, 'Respondent information is required.'],
      ['claimant.name', (body) => delete (body.claimant as Record<string, unknown>).name, 'Claimant name is required.'],
      [
        'claimant.email',
        (body) => delete (body.claimant as Record<string, unknown>).email,
        'Claimant representative email is required.',
      ],
      [
        'respondent.name',
        (body) => delete (body.respondent as Record<string, unknown>).name,
        'Respondent name is required.',
      ],
      [
        'respondent.email',
        (body) => delete (body.respondent as Record<string, unknown>).email,
        'Respondent representative email is required.',
      ],
      ['name', (body) => (body.name = '<b> </b>'), 'Case name is required.'],
    ];
    for (const [field, mutate, message] of cases) {
      const body = structuredClone(valid) as unknown as Record<string, unknown>;
      mutate(body);
      const error = await json<{ code: string; message: string; fields: Record<string, string> }>(
        await call('POST', '/api/dispute', claimant.token, body),
        400,
      );
      expect({ field, code: error.code, message: error.message, fieldMessage: error.fields[field] }).toEqual({
        field,
        code: 'validation_failed',
        message,
        fieldMessage: message,
      });
    }
    expect(await disputes().read(valid.id, valid.id)).toBeUndefined();
  });

  it('refuses bad representative emails and a malformed id', async () => {
    const claimant = await signedInUser({ email: uniqueEmail('claimant') });
    for (const email of ['not-an-email', 'a@b', 'a b@c.fi', 'x@<y>.fi']) {
      const body = newDispute(email);
      const error = await json<{ fields: Record<string, string> }>(
        await call('POST', '/api/dispute', claimant.token, body),
        400,
      );
      expect(error.fields['respondent.email'], email).toBe(
        'Respondent representative email must be a valid email address.',
      );
    }
    const badId = await call('POST', '/api/dispute', claimant.token, { ...newDispute(uniqueEmail('r')), id: 'case-1' });
    expect((await json<{ message: string }>(badId, 400)).message).toBe('Dispute id must be a UUID.');
  });

  it('stores every text field stripped of HTML and script', async () => {
    const claimant = await signedInUser({ email: uniqueEmail('claimant') });
    const dirty = (text: string) =>
      `<script>alert("x")</script><b onclick="steal()">${text}</b><img src=x onerror=alert(1)>`;
    const respondentEmail = uniqueEmail('respondent');
    const input = newDispute(respondentEmail, {
      name: dirty('Name'),
      description: dirty('Description'),
      claimant: {
        name: dirty('Claimant'),
        identificationNumber: dirty('111'),
        email: 'c@example.fi',
        address: dirty('Street 1'),
      },
      respondent: {
        name: dirty('Respondent'),
        identificationNumber: dirty('222'),
        email: respondentEmail,
        address: dirty('Road 2'),
      },
    });
    await createCase(claimant, respondentEmail, input);
    const stored = await disputes().read(input.id, input.id);
    const texts = {
      name: stored?.name,
      description: stored?.description,
      claimant: stored?.claimant,
      respondent: { ...stored?.respondent },
    };
    expect(texts).toEqual({
      name: 'Name',
      description: 'Description',
      claimant: { name: 'Claimant', identificationNumber: '111', email: 'c@example.fi', address: 'Street 1' },
      respondent: { name: 'Respondent', identificationNumber: '222', email: respondentEmail, address: 'Road 2' },
    });
  });
});

describe('who sees a case', () => {
  let claimant: Signed;
  let respondent: Signed;
  let outsider: Signed;
  let unconfirmed: Signed;
  let admin: Signed;
  let coClaimant: Signed;
  let dispute: DisputeView;

  beforeAll(async () => {
    const respondentEmail = uniqueEmail('respondent');
    const claimantEmail = uniqueEmail('counsel');
    claimant = await signedInUser({ email: uniqueEmail('creator') });
    // The respondent's representative works in another tenant and signed up with the invited email (any case).
    respondent = await signedInUser({ email: respondentEmail.toUpperCase() }, { ownTenant: true });
    outsider = await signedInUser({ email: uniqueEmail('outsider') });
    unconfirmed = await signedInUser({ email: uniqueEmail('x'), emailConfirmed: false });
    admin = await signedInUser({ email: uniqueEmail('admin'), roles: ['User', 'Admin'] });
    coClaimant = await signedInUser({ email: claimantEmail });
    dispute = await createCase(claimant, respondentEmail, {
      claimant: { name: 'Rakennus Oy', email: claimantEmail },
    });
    // An unconfirmed account holding the respondent email must not see the case.
    await host.deps.store
      .collection<UserDocument>('users')
      .replace({ ...unconfirmed.user, email: respondentEmail, emailKey: respondentEmail.toLowerCase() });
  });

  const caseRoutes = () => [
    `/api/dispute/${dispute.id}`,
    `/api/dispute/${dispute.id}/phases`,
    `/contact/${dispute.id}`,
  ];

  it('asks anonymous callers to sign in on every route', async () => {
    for (const pathname of ['/api/dispute', '/api/dispute/activephases', ...caseRoutes()]) {
      expect((await call('GET', pathname)).status, pathname).toBe(401);
    }
    expect((await call('POST', '/api/dispute', undefined, newDispute('r@example.fi'))).status).toBe(401);
    expect((await advance(dispute.id, 'Response')).status).toBe(401);
  });

  it('answers 404 to outsiders, unconfirmed emails and administrators, and lists nothing for them', async () => {
    for (const caller of [outsider, unconfirmed, admin]) {
      for (const pathname of caseRoutes()) {
        expect(await json(await call('GET', pathname, caller.token), 404), pathname).toEqual(NOT_FOUND);
      }
      expect(await json(await advance(dispute.id, 'Response', caller.token), 404)).toEqual(NOT_FOUND);
      expect(await json<DisputeSummary[]>(await call('GET', '/api/dispute', caller.token), 200)).toEqual([]);
      expect(await json(await call('GET', '/api/dispute/activephases', caller.token), 200)).toEqual([]);
    }
    const missing = randomUUID();
    expect(await json(await call('GET', `/api/dispute/${missing}`, claimant.token), 404)).toEqual(NOT_FOUND);
  });

  it('shows the case to the creator and the named claimant representative as claimant side', async () => {
    for (const caller of [claimant, coClaimant]) {
      const view = await json<DisputeView>(await call('GET', `/api/dispute/${dispute.id}`, caller.token), 200);
      expect(view.side).toBe('claimant');
      const list = await json<DisputeSummary[]>(await call('GET', '/api/dispute', caller.token), 200);
      expect(list).toEqual([
        {
          id: dispute.id,
          name: dispute.name,
          dateCreated: dispute.dateCreated,
          createdBy: dispute.createdBy,
          status: 'Pending',
          activePhaseType: 'Claim',
          side: 'claimant',
          turn: { stage: 'exchange', holder: 'claimant', next: 'uploadAndSend', whose: 'you' },
        },
      ]);
    }
  });

  it('shows the case to the respondent representative of another tenant as respondent side', async () => {
    const view = await json<DisputeView>(await call('GET', `/api/dispute/${dispute.id}`, respondent.token), 200);
    expect(view).toMatchObject({ id: dispute.id, side: 'respondent', status: 'Pending' });
    const list = await json<DisputeSummary[]>(await call('GET', '/api/dispute', respondent.token), 200);
    expect(list.map((row) => [row.id, row.side])).toEqual([[dispute.id, 'respondent']]);
    const contacts = await json<{ claimant: unknown; respondent: unknown }>(
      await call('GET', `/contact/${dispute.id}`, respondent.token),
      200,
    );
    expect(contacts).toEqual({ claimant: dispute.claimant, respondent: dispute.respondent });
    const deadlines = await json<ActivePhaseDeadline[]>(
      await call('GET', '/api/dispute/activephases', respondent.token),
      200,
    );
    expect(deadlines).toEqual([
      { disputeId: dispute.id, phaseId: dispute.activePhaseId, type: 'Claim', dueDate: expect.any(String) as string },
    ]);
  });
});

describe('moving a case through its phases', () => {
  async function parties() {
    const respondentEmail = uniqueEmail('respondent');
    const claimant = await signedInUser({ email: uniqueEmail('claimant') });
    const respondent = await signedInUser({ email: respondentEmail });
    const dispute = await createCase(claimant, respondentEmail);
    return { claimant, respondent, dispute, respondentEmail };
  }

  it('refuses Save and Send without attachments, with the exact text', async () => {
    const { claimant, dispute } = await parties();
    const error = await json<{ message: string }>(await advance(dispute.id, 'Response', claimant.token), 400);
    expect(error.message).toBe(NO_ATTACHMENTS);
  });

  it('refuses any phase but the next one, and End Process when it is not offered', async () => {
    const { claimant, dispute } = await parties();
    await attachToActivePhase(dispute.id);
    for (const target of ['ClaimantLetter1', 'Claim', 'Bogus', 'Resolution']) {
      expect((await advance(dispute.id, target, claimant.token)).status, target).toBe(400);
    }
    const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${dispute.id}/phases`, claimant.token), 200);
    expect(phases.map((phase) => phase.type)).toEqual(['Claim']);
  });

  it('lets only the side owning the active phase move it on (403 for the other side)', async () => {
    const { claimant, respondent, dispute } = await parties();
    await attachToActivePhase(dispute.id);
    const refused = await json<{ code: string; message: string }>(
      await advance(dispute.id, 'Response', respondent.token),
      403,
    );
    expect(refused.code).toBe('forbidden');
    expect(refused.message).toContain('claimant side');
    await json(await advance(dispute.id, 'Response', claimant.token), 200);
    await attachToActivePhase(dispute.id);
    expect((await advance(dispute.id, 'ClaimantLetter1', claimant.token)).status).toBe(403);
  });

  it('moves on phase by phase, starts InProgress with the Response, mails the other side and audits', async () => {
    const { claimant, respondent, dispute, respondentEmail } = await parties();
    await attachToActivePhase(dispute.id);
    now += 60_000; // later than the creation, within the sessions' idle time-out
    const phases = await json<PhaseView[]>(await advance(dispute.id, 'Response', claimant.token), 200);
    expect(phases.map((phase) => [phase.type, phase.dateCompleted ?? null])).toEqual([
      ['Claim', new Date(now).toISOString()],
      ['Response', null],
    ]);
    expect(phases[1]?.dueDate).toBe(new Date(now + 14 * DAY).toISOString());
    const view = await json<DisputeView>(await call('GET', `/api/dispute/${dispute.id}`, claimant.token), 200);
    expect({ status: view.status, activePhaseId: view.activePhaseId }).toEqual({
      status: 'InProgress',
      activePhaseId: phases[1]?.id,
    });
    const deadlines = await json<ActivePhaseDeadline[]>(
      await call('GET', '/api/dispute/activephases', respondent.token),
      200,
    );
    expect(deadlines).toEqual([
      {
        disputeId: dispute.id,
        phaseId: phases[1]?.id,
        type: 'Response',
        dueDate: new Date(now + 14 * DAY).toISOString(),
      },
    ]);
    // The first sending of the Claim phase is the respondent's invitation, with the link and the due date.
    const invitations = mailsTo(respondentEmail);
    expect(invitations).toHaveLength(1);
    expect(invitations[0]).toContain('named you as the respondent');
    // The link is the invitation page's, whose token names this case (tests/api/invitations.test.ts).
    const token = new RegExp(`${host.deps.config.publicUrl}/invitation/([A-Za-z0-9_-]{43})`).exec(invitations[0]!)?.[1];
    expect(token).toBeDefined();
    expect((await json<{ disputeId: string }>(await call('GET', `/api/invitation/${token}`), 200)).disputeId).toBe(
      dispute.id,
    );
    expect(invitations[0]).toContain(dispute.name);
    expect(invitations[0]).toContain('Response phase');
    // The due date as the screens write it, in Helsinki time (core's one formatter).
    expect(invitations[0]).toContain(formatMailDateTime(new Date(now + 14 * DAY)));

    await attachToActivePhase(dispute.id);
    const next = await json<PhaseView[]>(await advance(dispute.id, 'ClaimantLetter1', respondent.token), 200);
    expect(next.map((phase) => phase.type)).toEqual(['Claim', 'Response', 'ClaimantLetter1']);
    expect(mailsTo('claims@rakennus.fi').at(-1)).toContain('Claimant Letter 1 phase');
    expect(await auditActions(dispute.id)).toEqual(['AdvancePhase', 'AdvancePhase', 'CreateDispute']);
  });

  it('ends the process when offered: an empty letter phase moves to Resolution without attachments', async () => {
    const { claimant, respondent, dispute } = await parties();
    await attachToActivePhase(dispute.id);
    await json(await advance(dispute.id, 'Response', claimant.token), 200);
    // At two phases End Process is not offered.
    expect((await advance(dispute.id, 'Resolution', respondent.token)).status).toBe(400);
    await attachToActivePhase(dispute.id);
    await json(await advance(dispute.id, 'ClaimantLetter1', respondent.token), 200);
    const ended = await json<PhaseView[]>(await advance(dispute.id, 'Resolution', claimant.token), 200);
    expect(ended.map((phase) => phase.type)).toEqual(['Claim', 'Response', 'ClaimantLetter1', 'Resolution']);
    expect(await auditActions(dispute.id)).toContain('EndProcess');
    // The status stays docs/product.md's InProgress; the turn beside it says the process ended and the decision is next.
    for (const [user, side] of [
      [claimant, 'claimant'],
      [respondent, 'respondent'],
    ] as const) {
      const view = await json<DisputeView>(await call('GET', `/api/dispute/${dispute.id}`, user.token), 200);
      expect({ status: view.status, side: view.side, turn: view.turn }).toEqual({
        status: 'InProgress',
        side,
        turn: { stage: 'processEnded', holder: 'parties', next: 'createDecision', whose: 'you' },
      });
    }
    // A case in Resolution moves no further.
    expect((await advance(dispute.id, 'Claim', claimant.token)).status).toBe(400);
  });

  it('does not offer End Process once the letter phase has a file', async () => {
    const { claimant, respondent, dispute } = await parties();
    await attachToActivePhase(dispute.id);
    await json(await advance(dispute.id, 'Response', claimant.token), 200);
    await attachToActivePhase(dispute.id);
    await json(await advance(dispute.id, 'ClaimantLetter1', respondent.token), 200);
    await attachToActivePhase(dispute.id);
    expect((await advance(dispute.id, 'Resolution', claimant.token)).status).toBe(400);
    await json(await advance(dispute.id, 'RespondentLetter1', claimant.token), 200);
  });

  it('lets exactly one of two simultaneous Save and Send calls through; the other gets 409', async () => {
    const { claimant, dispute } = await parties();
    await attachToActivePhase(dispute.id);
    const store = host.deps.store;
    const original = store.collection.bind(store);
    // Hold both requests' reads of the case until both have read it, so they race with the same etag.
    let waiting: Array<() => void> = [];
    store.collection = ((name: CollectionName) => {
      const collection = original<DisputeDocument>(name);
      if (name !== 'disputes') return collection;
      const read: Collection<DisputeDocument>['read'] = async (pk, id) => {
        const doc = await collection.read(pk, id);
        if (id === dispute.id) {
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length === 2) for (const release of waiting) release();
          });
        }
        return doc;
      };
      return new Proxy(collection, {
        get: (target, property) => {
          if (property === 'read') return read;
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    }) as Store['collection'];
    try {
      const [first, second] = await Promise.all([
        advance(dispute.id, 'Response', claimant.token),
        advance(dispute.id, 'Response', claimant.token),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const loser = first.status === 409 ? first : second;
      expect(await loser.json()).toEqual({
        code: 'conflict',
        reason: 'cases.phaseChanged',
        params: {},
        message: 'Someone else moved this case on at the same time. Reload the case and try again.',
      });
    } finally {
      store.collection = original;
      waiting = [];
    }
    const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${dispute.id}/phases`, claimant.token), 200);
    expect(phases.map((phase) => phase.type)).toEqual(['Claim', 'Response']);
    expect(await auditActions(dispute.id)).toEqual(['AdvancePhase', 'CreateDispute']);
  });
});

describe('the paged case list', () => {
  it('pages GET /api/dispute with limit and continuation, and keeps docs/product.md array without them', async () => {
    const claimant = await signedInUser({ email: uniqueEmail('pages') });
    const created: string[] = [];
    for (let index = 0; index < 3; index++) {
      now += 1000;
      const input = newDispute(uniqueEmail('respondent'));
      await json(await call('POST', '/api/dispute', claimant.token, input), 201);
      created.unshift(input.id);
    }
    const first = await json<DisputePageView>(await call('GET', '/api/dispute?limit=2', claimant.token), 200);
    expect(first.items.map((item) => item.id)).toEqual(created.slice(0, 2));
    expect(first.total).toBe(3);
    expect(first.continuation).toEqual(expect.any(String));
    const second = await json<DisputePageView>(
      await call('GET', `/api/dispute?limit=2&continuation=${encodeURIComponent(first.continuation!)}`, claimant.token),
      200,
    );
    expect(second.items.map((item) => item.id)).toEqual(created.slice(2));
    expect(second.continuation).toBeUndefined();

    const whole = await json<DisputeSummary[]>(await call('GET', '/api/dispute', claimant.token), 200);
    expect(whole.map((item) => item.id)).toEqual(created);

    const badLimit = await json<{ message: string }>(await call('GET', '/api/dispute?limit=0', claimant.token), 400);
    expect(badLimit.message).toBe('limit must be a whole number from 1 to 200.');
    const badToken = await json<{ message: string }>(
      await call('GET', '/api/dispute?continuation=forged', claimant.token),
      400,
    );
    expect(badToken.message).toMatch(/continuation is not valid/);
  });
});

describe('the dashboard groups: your turn and waiting', () => {
  it("pages each group by the stored turn, from the caller's side, with totals", async () => {
    const me = await signedInUser({ email: uniqueEmail('turns') });
    const other = await signedInUser({ email: uniqueEmail('other') });
    const make = async (creator: Signed, respondentEmail: string) => {
      now += 1000;
      return (await createCase(creator, respondentEmail)).id;
    };
    // Mine as claimant: one in Claim (my turn), one sent to the respondent (waiting).
    const myClaim = await make(me, uniqueEmail('r'));
    const sent = await make(me, other.user.email);
    await attachToActivePhase(sent);
    await json(await advance(sent, 'Response', me.token), 200);
    // Naming me as respondent: one still in Claim (waiting), one in Response (my turn).
    const notYetSent = await make(other, me.user.email);
    const toAnswer = await make(other, me.user.email);
    await attachToActivePhase(toAnswer);
    await json(await advance(toAnswer, 'Response', other.token), 200);
    // A case written before the turn was stored gets it on the first listing.
    const stale = await disputes().read(myClaim, myClaim);
    const { _etag, turnHolder: _dropped, ...withoutTurn } = stale!;
    await disputes().replace(withoutTurn, { ifMatch: _etag });

    const page = async (section: string, continuation?: string) =>
      json<DisputePageView>(
        await call(
          'GET',
          `/api/dispute?limit=1&section=${section}${continuation ? `&continuation=${encodeURIComponent(continuation)}` : ''}`,
          me.token,
        ),
        200,
      );
    const all = async (section: string) => {
      const first = await page(section);
      const second = await page(section, first.continuation);
      expect(second.continuation).toBeUndefined();
      return { total: first.total, items: [...first.items, ...second.items] };
    };
    const mine = await all('yourTurn');
    expect(mine.total).toBe(2);
    expect(mine.items.map((item) => [item.id, item.side, item.turn?.whose])).toEqual([
      [toAnswer, 'respondent', 'you'],
      [myClaim, 'claimant', 'you'],
    ]);
    const waiting = await all('waiting');
    expect(waiting.total).toBe(2);
    expect(waiting.items.map((item) => [item.id, item.side, item.turn?.whose])).toEqual([
      [notYetSent, 'respondent', 'otherParty'],
      [sent, 'claimant', 'otherParty'],
    ]);
    expect((await disputes().read(myClaim, myClaim))?.turnHolder).toBe('claimant');

    // The other party sees the same cases the other way round.
    const theirs = await json<DisputePageView>(
      await call('GET', '/api/dispute?limit=10&section=yourTurn', other.token),
      200,
    );
    expect(theirs.items.map((item) => item.id)).toEqual([notYetSent, sent]);

    const badSection = await json<{ message: string }>(
      await call('GET', '/api/dispute?limit=1&section=mine', me.token),
      400,
    );
    expect(badSection.message).toBe('section must be inProgress, resolved, yourTurn or waiting.');
  });
});
