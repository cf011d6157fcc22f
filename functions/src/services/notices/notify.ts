import { createHash } from 'node:crypto';
import type { DisplayLanguage, NoticeEvent } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { MailMessage } from '../../ports/mailer.js';
import type { Stored } from '../../ports/store.js';
import type { UserDocument } from '../../records/user-document.js';
import { renderNotice, type NoticeParams } from './notice-templates.js';
import { writeNotice } from './notice-store.js';
import { sendRecordedMail } from '../outbox/enqueue-mail.js';
import type { SendMailDeps } from '../outbox/send-mail.js';

/** Who is told: an address (a party's representative, who may have no account yet) or a known user. */
export interface NoticeRecipient {
  email: string;
  userId?: string;
}

export interface NoticeInput<E extends NoticeEvent> {
  event: E;
  params: NoticeParams[E];
  caseName: string;
  caseNumber?: string;
  disputeId?: string;
  /** Where the link lands, a path on this site: `/case-attachment/{id}#decision`, a review page, `/admin#…`. */
  path: string;
  recipients: readonly NoticeRecipient[];
  /** For an address without an account: the language the sender used (else English). */
  fallbackLanguage?: DisplayLanguage;
  /** The case's tenant: its administrators see the mail if it fails (services/outbox/list-failed-mails.ts). */
  tenantId?: string;
  /**
   * For a step a sweep may repeat after a crash (services/paid-steps): each recipient's mail and notice get
   * ids derived from it, so a second run finds the first's and sends nothing more.
   */
  onceKey?: string;
}

/**
 * Tells each recipient of an event, once each: a mail in the recipient's language (the account's; for an address
 * without an account the fallback; else English) and, for a recipient with an account, an in-app notice in both languages. Each
 * mail is written to the outbox and sent from there, again with back-off while the transport fails, and listed for
 * administrators when it keeps failing (services/outbox). Nothing here undoes the action that caused it (the
 * action is written and audited before), nor stops the others.
 */
export async function notify<E extends NoticeEvent>(deps: SendMailDeps, input: NoticeInput<E>): Promise<void> {
  const tenantId = input.tenantId ?? (input.disputeId ? await caseTenant(deps, input.disputeId) : undefined);
  const seen = new Set<string>();
  for (const recipient of input.recipients) {
    const key = recipient.email.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const prepared = await prepareNotice(deps, input, recipient);
    // Recorded first and sent by the outbox, again later while the transport fails (services/outbox).
    await sendRecordedMail(deps, {
      message: prepared.message,
      purpose: input.event,
      ...(input.onceKey ? { id: onceId(input.onceKey, key) } : {}),
      ...(input.disputeId ? { disputeId: input.disputeId } : {}),
      ...(tenantId ? { tenantId } : {}),
    }).catch((error: unknown) =>
      deps.log.error('Recording a notice mail failed', { event: input.event, disputeId: input.disputeId, error }),
    );
    await prepared.leaveNotice();
  }
}

export interface PreparedNotice {
  /** The mail in the recipient's language, ready to send (attachments may be added). */
  message: MailMessage;
  language: DisplayLanguage;
  /** Writes the in-app notice (a recipient with an account only); a failure is logged, never thrown. */
  leaveNotice: () => Promise<void>;
}

/**
 * One recipient's mail and notice, for a sender that sends the mail itself (the delivery of a signed award
 * attaches the PDF and records the Message-ID of each mail).
 */
export async function prepareNotice<E extends NoticeEvent>(
  deps: Pick<Deps, 'store' | 'clock' | 'log' | 'config'>,
  input: Omit<NoticeInput<E>, 'recipients'>,
  recipient: NoticeRecipient,
): Promise<PreparedNotice> {
  const link = `${deps.config.publicUrl}${input.path}`;
  const facts = { caseName: input.caseName, ...(input.caseNumber ? { caseNumber: input.caseNumber } : {}), link };
  const user = await findRecipient(deps, recipient).catch((error: unknown) => {
    deps.log.warn('Looking up a notice recipient failed', { event: input.event, error });
    return undefined;
  });
  // An account's own choice (English until chosen); the fallback is for an address without an account.
  const language: DisplayLanguage = (user ? user.language : input.fallbackLanguage) ?? 'en';
  const render = (lang: DisplayLanguage) => renderNotice(input.event, lang, { ...input.params, ...facts });
  const rendered = render(language);
  return {
    message: { to: recipient.email, subject: rendered.subject, text: rendered.text },
    language,
    leaveNotice: async () => {
      if (!user) return;
      const en = language === 'en' ? rendered : render('en');
      const fi = language === 'fi' ? rendered : render('fi');
      await writeNotice(deps, {
        ...(input.onceKey ? { id: onceId(input.onceKey, recipient.email.trim().toLowerCase()) } : {}),
        userId: user.id,
        event: input.event,
        ...(input.disputeId ? { disputeId: input.disputeId } : {}),
        title: { en: noticeTitle(en.subject), fi: noticeTitle(fi.subject) },
        text: { en: en.summary, fi: fi.summary },
        path: input.path,
      }).catch((error: unknown) =>
        deps.log.warn('Writing a notice failed', { event: input.event, disputeId: input.disputeId, error }),
      );
    },
  };
}

/**
 * The tenant of the case a notice is about, so that tenant's administrators see its mails if they fail
 * (outbox/list-failed-mails.ts). Read as a bare record: the disputes domain imports this one, not the reverse.
 */
async function caseTenant(deps: Pick<Deps, 'store' | 'log'>, disputeId: string): Promise<string | undefined> {
  try {
    const record = await deps.store
      .collection<{ id: string; pk: string; tenantId?: string }>('disputes')
      .read(disputeId, disputeId);
    return record?.tenantId;
  } catch (error) {
    deps.log.warn('Looking up the tenant of a notice’s case failed', { disputeId, error });
    return undefined;
  }
}

/** The id of one recipient's mail (and notice) of a step that may run again. */
function onceId(onceKey: string, emailKey: string): string {
  return `${onceKey}.${createHash('sha256').update(emailKey).digest('hex').slice(0, 24)}`;
}

/** The in-app title: the mail's subject without the "Ratkaisu" prefix. */
function noticeTitle(subject: string): string {
  return subject.replace(/^Ratkaisu(,| case)? /, '');
}

async function findRecipient(
  deps: Pick<Deps, 'store'>,
  recipient: NoticeRecipient,
): Promise<Stored<UserDocument> | undefined> {
  const users = deps.store.collection<UserDocument>('users');
  if (recipient.userId) {
    const user = await users.read(recipient.userId, recipient.userId);
    if (user) return user;
  }
  const page = await users.query({
    where: [{ field: 'emailKey', op: '=', value: recipient.email.trim().toLowerCase() }],
    limit: 1,
  });
  return page.items[0];
}

/** The tenant's administrators and every super-administrator, active ones only, once each. */
export async function administrators(deps: Deps, tenantId: string): Promise<NoticeRecipient[]> {
  const users = deps.store.collection<UserDocument>('users');
  const found = await Promise.all([
    users.query({
      where: [
        { field: 'tenantId', op: '=', value: tenantId },
        { field: 'roles', op: 'arrayContains', value: 'Admin' },
        { field: 'isActive', op: '=', value: true },
      ],
      limit: 200,
    }),
    users.query({
      where: [
        { field: 'roles', op: 'arrayContains', value: 'SuperAdmin' },
        { field: 'isActive', op: '=', value: true },
      ],
      limit: 200,
    }),
  ]).catch((error: unknown) => {
    deps.log.warn('Looking up the administrators to notify failed', { tenantId, error });
    return [];
  });
  return found.flatMap((page) => page.items).map((user) => ({ email: user.email, userId: user.id }));
}
