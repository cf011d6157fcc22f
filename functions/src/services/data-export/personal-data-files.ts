import type { Readable } from 'node:stream';
import { CLAIMANT_PHASES, RESPONDENT_PHASES, type PhaseType } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { BlobContainer } from '../../ports/blobs.js';
import type { Filter, Stored } from '../../ports/store.js';
import type { AuditDocument } from '../../records/audit-document.js';
import type { NoticeDocument } from '../../records/notice-document.js';
import type { SessionDocument } from '../../records/session-document.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import type { UserDocument } from '../../records/user-document.js';
import type { MailDocument } from '../outbox/mail-document.js';
import { toAuditLogEntryView } from '../audit/audit-log-filters.js';
import { openServedDocument } from '../awards/read-write-once-original.js';
import type { AwardDocument } from '../awards/award-document.js';
import { casesOfPerson, type PersonCaseRole } from '../disputes/cases-of-person.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { listSideWorkFiles } from '../files/work-file-document.js';
import { recordsPartition, type PaymentRecordDocument } from '../invoicing/payment-record-document.js';

/** One file of the copy: where it goes in the ZIP, what it is (the manifest says), and its content. */
export interface ExportFile {
  path: string;
  description: string;
  content: Buffer | (() => Promise<Readable | undefined>);
}

const PAGE = 1000;
const SIGN_IN_ACTIONS = new Set(['Login', 'LoginFailed', 'Logout', 'EndSession', 'EndAllSessions', 'ValidateAccess']);

/**
 * Everything Ratkaisu holds about a person, as the files of the copy (GDPR Arts. 15 and 20;
 * docs/data-subject-rights.md): the account without any secret or hash, its sessions and sign-in history,
 * the notices left for the person and the mails sent to them, the audit entries about them, and for each case they take part in the
 * case record, the documents and work files of their own side, and the decisions, awards, corrections and
 * receipts both sides can see. Never the other side's work files, anyone's drafts, or a tribunal's drafts.
 * Files are read one at a time as the ZIP is written, so a large case costs no more memory than a small one.
 */
export async function* personalDataFiles(
  deps: Pick<Deps, 'store' | 'blobs' | 'log'>,
  user: UserDocument,
): AsyncGenerator<ExportFile> {
  const tenant = await deps.store.collection<TenantDocument>('tenants').read(user.tenantId, user.tenantId);
  yield jsonFile('account/profile.json', 'Your account: profile, language, terms of service, two-factor sign-in', {
    id: user.id,
    userName: user.userName,
    fullName: user.fullName ?? null,
    email: user.email,
    emailConfirmed: user.emailConfirmed,
    accountKind: user.entra ? 'work account (Microsoft Entra ID)' : 'local account (user name and password)',
    organisation: tenant ? { name: tenant.name, domain: tenant.domain } : null,
    roles: user.roles,
    dateJoined: user.dateJoined,
    language: user.language ?? 'en',
    termsOfService: {
      decision: ['undecided', 'agreed', 'declined'][user.agreedTermsOfService] ?? 'undecided',
      agreedAt: user.agreedTermsAt ?? null,
      version: user.agreedTermsVersion ?? null,
    },
    twoFactorSignIn: user.tfaEnabled,
    arbitrator: user.arbitrator ? { name: user.arbitrator.name, title: user.arbitrator.title } : null,
    lastActivity: user.lastActivity ?? null,
  });

  const sessions = await queryAll<SessionDocument>(deps, 'sessions', [{ field: 'userId', op: '=', value: user.id }]);
  yield jsonFile(
    'account/sessions.json',
    'Your sessions: when and from where you were signed in (IP address, device, country)',
    sessions.map((session) => ({
      id: session.id,
      kind: session.kind,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      endedAt: session.endedAt ?? null,
      keepSignedIn: session.persistent === true,
      ipAddress: session.ipAddress,
      device: session.device,
      country: session.country,
    })),
  );

  const audit = await auditAbout(deps, user);
  yield jsonFile(
    'account/sign-in-history.json',
    'Your sign-ins, failed sign-ins and sign-outs, from the audit log',
    audit.filter((entry) => SIGN_IN_ACTIONS.has(entry.action)).map(toAuditLogEntryView),
  );
  yield jsonFile(
    'audit-log.json',
    'Every audit log entry made by you or about your account (the chain bookkeeping left out)',
    audit.map(toAuditLogEntryView),
  );

  const notices = await queryAll<NoticeDocument>(deps, 'notices', [{ field: 'userId', op: '=', value: user.id }]);
  yield jsonFile(
    'notices.json',
    'The notices left for you in the account menu; each case mail sent to you left one with the same content',
    notices.map((notice) => ({
      event: notice.event,
      caseId: notice.disputeId ?? null,
      title: notice.title,
      text: notice.text,
      link: notice.path,
      createdAt: notice.createdAt,
      readAt: notice.readAt ?? null,
    })),
  );

  yield jsonFile(
    'mails.json',
    'The mails the service sent or is sending to your address, from its outbox: subject, dates, status and text. A sent mail’s text is deleted once delivered (it may hold a one-time link); its notice above has the same content',
    (await mailsTo(deps, user.email)).map((mail) => ({
      subject: mail.subject,
      purpose: mail.purpose,
      caseId: mail.disputeId ?? null,
      createdAt: mail.createdAt,
      status: mail.status,
      sentAt: mail.sentAt ?? null,
      failedAt: mail.failedAt ?? null,
      text: mail.text || null,
      attachments: (mail.attachments ?? []).map((file) => file.fileName),
    })),
  );

  const paymentRecords = await paymentRecordsOf(deps, user.id);
  yield jsonFile(
    'payments/receipts.json',
    'Your receipts and credit notes for the fees you paid: number, date, amount with VAT, the case',
    paymentRecords.map((record) => ({
      kind: record.kind === 'receipt' ? 'receipt' : 'credit note',
      number: record.number,
      issuedAt: record.issuedAt,
      grossCents: record.grossCents,
      vatCents: record.printed.line.vatCents,
      caseNumber: record.printed.caseNumber,
      paymentId: record.paymentId,
    })),
  );
  for (const record of paymentRecords) {
    yield blobFile(
      `payments/${safeSegment(record.fileName)}`,
      `${record.kind === 'receipt' ? 'Receipt' : 'Credit note'} ${record.number} (PDF, as issued)`,
      deps,
      'records',
      record.blobName,
    );
  }

  for (const { dispute, role } of await casesOfPerson(deps, user)) yield* caseFiles(deps, dispute, role);
}

/** The person's receipts and credit notes as payer (their own partition of the 'fees' collection), oldest first. */
async function paymentRecordsOf(deps: Pick<Deps, 'store'>, userId: string): Promise<PaymentRecordDocument[]> {
  const records: PaymentRecordDocument[] = [];
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<PaymentRecordDocument>('fees').query({
      partitionKey: recordsPartition(userId),
      orderBy: { field: 'issuedAt', direction: 'asc' },
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    records.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return records;
}

/** The outbox records addressed to the person (an address is compared without regard to case), oldest first. */
async function mailsTo(deps: Pick<Deps, 'store'>, email: string): Promise<MailDocument[]> {
  const addresses = [...new Set([email, email.toLowerCase()])];
  const mails = await queryAll<MailDocument>(deps, 'outbox', [{ field: 'to', op: 'in', value: addresses }]);
  return mails.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

async function* caseFiles(
  deps: Pick<Deps, 'store' | 'blobs' | 'log'>,
  dispute: DisputeDocument,
  role: PersonCaseRole,
): AsyncGenerator<ExportFile> {
  const folder = `cases/${safeSegment(dispute.caseNumber ?? dispute.id)}`;
  const names = new Set<string>();
  const unique = (path: string) => {
    let candidate = path;
    for (let n = 2; names.has(candidate); n++) candidate = path.replace(/(\.[^./]+)?$/, (ext) => ` (${n})${ext}`);
    names.add(candidate);
    return candidate;
  };
  const awards = await queryAll<AwardDocument>(
    deps,
    'awards',
    [{ field: 'disputeId', op: '=', value: dispute.id }],
    dispute.id,
  );
  const visibleAwards = awards.filter((award) => award.status === 'Issued');

  yield jsonFile(`${folder}/case.json`, `The case record (your part: ${role})`, {
    id: dispute.id,
    caseNumber: dispute.caseNumber ?? null,
    name: dispute.name,
    description: dispute.description,
    yourPart: role,
    status: dispute.status,
    dateCreated: dispute.dateCreated,
    claimant: dispute.claimant,
    respondent: dispute.respondent,
    tribunal: (dispute.tribunal?.members ?? [])
      .filter((member) => member.status !== 'Declined')
      .map((member) => ({ name: member.name, title: member.title, role: member.role, status: member.status })),
    outcome: dispute.outcome ?? null,
    phases: dispute.phases.map((phase) => ({
      type: phase.type,
      dateCreated: phase.dateCreated,
      dueDate: phase.dueDate ?? null,
      dateCompleted: phase.dateCompleted ?? null,
      files: phase.attachments.map((file) => ({ fileName: file.fileName, dateCreated: file.dateCreated })),
    })),
  });

  // The documents the person's own side filed, phase by phase.
  const ownPhases: readonly PhaseType[] =
    role === 'claimant' ? CLAIMANT_PHASES : role === 'respondent' ? RESPONDENT_PHASES : [];
  for (const phase of dispute.phases.filter((p) => ownPhases.includes(p.type))) {
    for (const file of phase.attachments) {
      if (!file.blobName) continue;
      yield blobFile(
        unique(`${folder}/documents/${phase.type}/${safeSegment(file.fileName)}`),
        `A document your side filed in the ${phase.type} phase (${file.dateCreated})`,
        deps,
        'attachments',
        file.blobName,
      );
    }
  }
  if (role !== 'arbitrator') {
    for (const file of await listSideWorkFiles(deps, dispute.id, role)) {
      yield blobFile(
        unique(`${folder}/work-files/${safeSegment(file.fileName)}`),
        `A work file of your side (${file.dateCreated}); the other side never sees it`,
        deps,
        'workfiles',
        file.blobName,
      );
    }
  }

  // Decisions both sides can see: AI decisions (issued when generated), and the tribunal's documents once issued.
  for (const award of visibleAwards) {
    yield {
      path: unique(`${folder}/decisions/${safeSegment(`${award.kind}-${award.id}.pdf`)}`),
      description: `${describeDecision(award)} issued ${award.issuedAt ?? ''}, SHA-256 ${award.pdfSha256}`,
      // An issued or sealed decision from its write-once original (awards/read-write-once-original.ts).
      content: async () =>
        (
          await openServedDocument(deps, 'attachments', award.pdfBlobName, {
            disputeId: dispute.id,
            documentId: award.id,
          })
        )?.stream,
    };
  }
  yield jsonFile(
    `${folder}/decisions.json`,
    'The issued decisions: signatures, deliveries, receipts, and requests for correction, interpretation or an additional award',
    visibleAwards.map((award) => ({
      id: award.id,
      kind: award.kind,
      refersTo: award.refersTo ?? null,
      caseNumber: award.caseNumber,
      issuedAt: award.issuedAt ?? null,
      pdfSha256: award.pdfSha256,
      signatures: award.signatures.map(({ name, title, signedAt }) => ({ name, title, signedAt })),
      deliveries: (award.deliveries ?? []).map(({ side, at, attached }) => ({ side, at, attached })),
      receipts: (award.partyReceipts ?? []).map(({ side, name, at, how }) => ({ side, name, at, how })),
      requests: (award.correctionRequests ?? []).map((request) => ({
        kind: request.kind,
        side: request.side,
        text: request.text,
        requestedAt: request.requestedAt,
        status: request.status,
        comments: request.comments.map(({ side, text, at }) => ({ side, text, at })),
      })),
    })),
  );
}

function describeDecision(award: AwardDocument): string {
  if (award.kind === 'aiDecision') return `An AI decision${award.sealedAt ? ' both parties accepted, sealed,' : ''}`;
  return `The signed ${award.kind === 'award' ? 'award' : award.kind}${award.rejection ? ' (rejection of a request)' : ''}`;
}

/** Entries made by the person or about their account, oldest first. */
async function auditAbout(deps: Pick<Deps, 'store'>, user: UserDocument): Promise<AuditDocument[]> {
  const byId = new Map<string, AuditDocument>();
  for (const where of [
    [{ field: 'userId', op: '=', value: user.id }],
    [{ field: 'entityId', op: '=', value: user.id }],
  ] satisfies Filter[][]) {
    for (const entry of await queryAll<AuditDocument>(deps, 'audit', where)) byId.set(entry.id, entry);
  }
  return [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id));
}

async function queryAll<T extends { id: string; pk: string }>(
  deps: Pick<Deps, 'store'>,
  collection: 'sessions' | 'audit' | 'notices' | 'awards' | 'outbox',
  where: Filter[],
  partitionKey?: string,
): Promise<Stored<T>[]> {
  const items: Stored<T>[] = [];
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<T>(collection).query({
      where,
      limit: PAGE,
      ...(partitionKey ? { partitionKey } : {}),
      ...(continuation ? { continuation } : {}),
    });
    items.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return items;
}

function jsonFile(path: string, description: string, value: unknown): ExportFile {
  return { path, description, content: Buffer.from(JSON.stringify(value, null, 2) + '\n', 'utf8') };
}

function blobFile(
  path: string,
  description: string,
  deps: Pick<Deps, 'blobs'>,
  container: BlobContainer,
  blobName: string,
): ExportFile {
  return { path, description, content: async () => (await deps.blobs.download(container, blobName))?.stream };
}

/** A file or folder name safe in a ZIP on every system: no separators, no control characters, not empty. */
export function safeSegment(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim();
  return cleaned.slice(0, 150) || 'file';
}
