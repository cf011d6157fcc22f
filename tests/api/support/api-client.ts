import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ARBITRATION_AGREEMENT,
  UPLOAD_FIELD,
  type DisputeView,
  type JobStatusView,
  type NewDisputeInput,
  type PhaseView,
} from '@ratkaisu/core';
import { expect } from 'vitest';
import type { BlobContainer, Blobs } from '../../../functions/src/ports/blobs.js';
import type { Clock } from '../../../functions/src/ports/clock.js';
import { seedSignedInUser, type SignedInUser } from './seed-user.js';
import type { TestHost } from './start-host.js';

/**
 * What the API tests say to the local host and read back from it: requests
 * with a bearer token, status-checked JSON, multipart PDF uploads, a case with
 * its parties, job polling, the blobs a request wrote and the mails it sent.
 */

export interface UploadFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** The part's content type; application/pdf unless given. */
  type?: string;
  /** The form field; the form's own field unless given. */
  field?: string;
}

export interface WrittenBlob {
  container: BlobContainer;
  name: string;
}

type Party = NewDisputeInput['claimant'];

/** Changes to the case `newDispute` describes; a party's fields are merged into the default party. */
export type DisputeOverrides = Partial<Omit<NewDisputeInput, 'claimant' | 'respondent'>> & {
  claimant?: Partial<Party>;
  respondent?: Partial<Party>;
};

/** A case opened by a claimant, naming a second claimant-side user and a respondent of another tenant. */
export interface OpenCase {
  claimant: SignedInUser;
  coClaimant: SignedInUser;
  respondent: SignedInUser;
  dispute: DisputeView;
}

/** The steel-beam case in Finnish, as the AI tests draft from it. */
export const FINNISH_CASE: DisputeOverrides = {
  name: 'Teräspalkkien viivästynyt toimitus',
  description: 'Palkit saapuivat kuusi viikkoa myöhässä.',
  claimant: { address: 'Katu 1, 00100 Helsinki' },
  respondent: { address: 'Tehdaskatu 5, 33100 Tampere' },
};

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.fi`;
}

/** The parties of the steel-beam case; the respondent's representative is named per test. */
const CLAIMANT: Party = {
  name: 'Rakennus Oy',
  identificationNumber: '1234567-8',
  email: 'claims@rakennus.fi',
  address: 'Katu 1',
};
const respondentParty = (email: string): Party => ({
  name: 'Teräs Oy',
  identificationNumber: '8765432-1',
  email,
  address: 'Tie 2',
});

/** A valid new case against `respondentEmail`; `overrides` replace whole fields, as a client would send them. */
export function newDispute(respondentEmail: string, overrides: Partial<NewDisputeInput> = {}): NewDisputeInput {
  return {
    id: randomUUID(),
    name: 'Late delivery of steel beams',
    description: 'The beams arrived six weeks late.',
    claimant: { ...CLAIMANT },
    respondent: respondentParty(respondentEmail),
    ...overrides,
  };
}

/** A browser-style multipart upload through fetch's FormData; `fields` go before the files, as the web app sends them. */
export function uploadForm(
  files: UploadFile[],
  options: { field?: string; fields?: Record<string, string> } = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field ?? options.field ?? UPLOAD_FIELD,
      new Blob([file.bytes], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  }
  return form;
}

/** Checks the status, with the body as the failure message, and answers the parsed body (undefined when empty). */
export async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The helpers bound to one host. `host` is read on every call, because test
 * files start their host in beforeAll, after the client is made.
 */
export function apiClient(host: () => TestHost, clock: Clock = { now: () => new Date() }) {
  /** Sends `init` as written, adding the bearer token: for bodies that must reach the host exactly so. */
  function request(method: string, pathname: string, token?: string, init: RequestInit = {}): Promise<Response> {
    return host().fetch(pathname, {
      ...init,
      method,
      headers: {
        ...(init.headers as Record<string, string>),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  }

  /** Sends `body` as JSON, or a FormData as multipart (fetch then sets the boundary itself). */
  function call(
    method: string,
    pathname: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const asJson = body !== undefined && !(body instanceof FormData);
    return host().fetch(pathname, {
      method,
      headers: {
        ...(asJson ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
    });
  }

  /** POSTs `body` as JSON; a string is sent as written, so a test can send JSON that does not parse. */
  function post(pathname: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
    if (typeof body !== 'string') return call('POST', pathname, token, body, headers);
    return request('POST', pathname, token, { headers: { 'content-type': 'application/json', ...headers }, body });
  }

  function get(pathname: string, token?: string): Promise<Response> {
    return call('GET', pathname, token);
  }

  /** Signs in with a password through the API. */
  async function signIn(username: string, password: string): Promise<{ token: string; user: { id: string } }> {
    return json(await call('POST', '/user/login', undefined, { username, password }), 200);
  }

  function signedInUser(
    overrides: Parameters<typeof seedSignedInUser>[2],
    options: { ownTenant?: boolean } = {},
  ): Promise<SignedInUser> {
    return seedSignedInUser(host(), clock, overrides, options);
  }

  async function openCase(overrides: DisputeOverrides = {}): Promise<OpenCase> {
    const respondentEmail = uniqueEmail('respondent');
    const coClaimantEmail = uniqueEmail('counsel');
    const claimant = await signedInUser({ email: uniqueEmail('claimant') });
    const coClaimant = await signedInUser({ email: coClaimantEmail });
    const respondent = await signedInUser({ email: respondentEmail }, { ownTenant: true });
    const base = newDispute(respondentEmail);
    const input: NewDisputeInput = {
      ...base,
      ...overrides,
      claimant: { ...base.claimant, email: coClaimantEmail, ...overrides.claimant },
      respondent: { ...base.respondent, ...overrides.respondent, email: respondentEmail },
    };
    const dispute = await json<DisputeView>(await call('POST', '/api/dispute', claimant.token, input), 201);
    return { claimant, coClaimant, respondent, dispute };
  }

  /** Uploads files into the case's active phase (not sent) and returns that phase. */
  async function uploadToActivePhase(disputeId: string, token: string, files: UploadFile[]): Promise<PhaseView> {
    const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${disputeId}/phases`, token), 200);
    const active = phases.at(-1)!;
    await json(await call('POST', `/${disputeId}/phases/${active.id}/attachments`, token, uploadForm(files)), 201);
    return active;
  }

  /**
   * What a tribunal case needs before its award can be adopted, besides the tribunal's own steps: both parties
   * accept the arbitration agreement (if not yet) and waive the 15-day challenge period for the arbitrators
   * seated so far (tests/api/constitution.test.ts shows the period, challenges and their decisions).
   */
  async function clearForAdoption(disputeId: string, claimantToken: string, respondentToken: string): Promise<void> {
    for (const token of [claimantToken, respondentToken]) {
      const accepted = await call('POST', `/api/dispute/${disputeId}/agreement`, token, {
        version: ARBITRATION_AGREEMENT.version,
      });
      expect([200, 409]).toContain(accepted.status);
      await json(await call('POST', `/api/dispute/${disputeId}/tribunal/waive-challenge`, token), 200);
    }
  }

  /**
   * Everything the constitution asks before an award is adopted, for tests about something else: both parties
   * accept the agreement and waive their challenges, and the tribunal records its decision on jurisdiction
   * (the fixture contract names its own arbitration clause).
   */
  async function readyToAdopt(
    disputeId: string,
    claimantToken: string,
    respondentToken: string,
    chairToken: string,
  ): Promise<void> {
    await clearForAdoption(disputeId, claimantToken, respondentToken);
    const recorded = await call('POST', `/api/dispute/${disputeId}/tribunal/jurisdiction`, chairToken, {
      text: 'Kauppasopimuksen välityslauseke ja palvelun välityssopimus ohjaavat saman riidan tähän menettelyyn.',
    });
    expect([200, 409]).toContain(recorded.status);
  }

  /** Each party answers the corrections and comments the other put to it, so the tribunal may draft. */
  async function answerNewMatters(disputeId: string, claimantToken: string, respondentToken: string): Promise<void> {
    const view = await json<DisputeView>(await call('GET', `/api/dispute/${disputeId}`, claimantToken), 200);
    for (const matter of view.constitution?.newMatters ?? []) {
      if (matter.answer) continue;
      const token = matter.raisedBy === 'claimant' ? respondentToken : claimantToken;
      await json(
        await call('POST', `/api/dispute/${disputeId}/tribunal/matters/${matter.id}/answer`, token, {
          text: 'Ei lausuttavaa.',
        }),
        200,
      );
    }
  }

  /**
   * Polls a job's status route until the job has finished. `whileQueued` runs
   * whenever the job waits in the queue (a test clock may move on there).
   */
  async function finished(
    jobId: string,
    token?: string,
    options: { timeoutMs?: number; whileQueued?: () => void } = {},
  ): Promise<JobStatusView> {
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      const view = await json<JobStatusView>(await call('GET', `/api/dispute/job/${jobId}/status`, token), 200);
      if (view.status === 'Completed' || view.status === 'Failed' || view.status === 'Deleted') return view;
      if (view.status === 'Queued') options.whileQueued?.();
      if (Date.now() > deadline) throw new Error(`Job ${jobId} still ${view.status}`);
      await sleep(100);
    }
  }

  /** Waits until `check` holds, failing with `what` after `timeoutMs`. */
  async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
      await sleep(50);
    }
  }

  /**
   * Records the blobs written while `action` runs, so a test can check that a
   * refused request left none behind. `container` keeps only that container's;
   * `afterWrite` runs after each write, before the request goes on.
   */
  async function blobsWrittenDuring(
    action: () => Promise<void>,
    options: { container?: BlobContainer; afterWrite?: () => Promise<void> } = {},
  ): Promise<WrittenBlob[]> {
    const blobs = host().deps.blobs as { upload: Blobs['upload'] };
    const original = blobs.upload;
    const written: WrittenBlob[] = [];
    blobs.upload = async (container, name, body, uploadOptions) => {
      if (options.container === undefined || container === options.container) written.push({ container, name });
      const result = await original(container, name, body, uploadOptions);
      await options.afterWrite?.();
      return result;
    };
    try {
      await action();
    } finally {
      blobs.upload = original;
    }
    return written;
  }

  async function expectNoBlobs(written: WrittenBlob[]): Promise<void> {
    for (const { container, name } of written) {
      expect(await host().deps.blobs.properties(container, name), name).toBeUndefined();
    }
  }

  /** Every message in the host's outbox, decoded from quoted-printable, oldest first. */
  function outboxMails(): string[] {
    const outbox = path.join(host().dataDir, 'outbox');
    if (!existsSync(outbox)) return [];
    return readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => decodeQuotedPrintable(readFileSync(path.join(outbox, name))));
  }

  /** Every outbox message addressed to `to`, oldest first. */
  function mailsTo(to: string): string[] {
    return outboxMails().filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(raw));
  }

  /** The first link to `route` in the newest mail to `to`. */
  function linkIn(to: string, route: string): URL {
    const mail = mailsTo(to).at(-1);
    expect(mail, `a mail to ${to}`).toBeDefined();
    const match = new RegExp(`https?://[^\\s"<>]+${route}\\?[A-Za-z0-9_%.=&-]+`).exec(mail!);
    expect(match, `a ${route} link`).not.toBeNull();
    return new URL(match![0]);
  }

  return {
    request,
    call,
    post,
    get,
    json,
    uniqueEmail,
    signIn,
    signedInUser,
    openCase,
    uploadToActivePhase,
    finished,
    clearForAdoption,
    readyToAdopt,
    answerNewMatters,
    eventually,
    blobsWrittenDuring,
    expectNoBlobs,
    outboxMails,
    mailsTo,
    linkIn,
  };
}

/**
 * A message's bytes with its quoted-printable parts decoded (RFC 2045: soft line breaks, =XX escapes), read as
 * the UTF-8 the mails are written in: "Välitystuomio", never "VÃ¤litystuomio".
 */
function decodeQuotedPrintable(raw: Buffer): string {
  const bytes = raw
    .toString('latin1')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
