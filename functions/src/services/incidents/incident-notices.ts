import { type IncidentDetail, type IncidentNoticeView, refusal } from '@ratkaisu/core';
import { z } from 'zod';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { ConflictError, ValidationError } from '../../errors.js';
import type { UserDocument } from '../../records/user-document.js';
import { enqueueMail } from '../outbox/enqueue-mail.js';
import { sendMail, type SendMailDeps } from '../outbox/send-mail.js';
import { changeIncident } from './change-incident.js';
import { incidentNoticeText } from './incident-notice-texts.js';
import { readIncident } from './read-incidents.js';

/**
 * `POST /api/superadmin/incidents/{id}/notices`: drafts of the notice to each affected account, in the
 * account's language (closed accounts have no address left and get none). Drafts already sent are kept as
 * they were; the others are drafted again. Nothing is sent here.
 */
export async function prepareIncidentNotices(
  deps: SendMailDeps,
  caller: Caller,
  client: ClientInfo,
  id: string,
): Promise<IncidentDetail> {
  const incident = await readIncident(deps, id);
  const users = deps.store.collection<UserDocument>('users');
  const preparedAt = deps.clock.now().toISOString();
  const drafts: IncidentNoticeView[] = [];
  for (const userId of incident.affectedUserIds) {
    const user = await users.read(userId, userId);
    if (!user || user.closedAt) continue;
    const language = user.language ?? 'en';
    drafts.push({
      userId,
      to: user.email,
      language,
      ...incidentNoticeText(language, incident.signal, incident.detectedAt),
      preparedAt,
    });
  }
  return changeIncident(
    deps,
    caller,
    client,
    id,
    {
      action: 'PrepareIncidentNotices',
      details: (doc) => `${doc.notices.filter((n) => !n.sentAt).length} notice(s) drafted`,
    },
    (current) => {
      const sent = current.notices.filter((notice) => notice.sentAt);
      const fresh = drafts.filter((draft) => !sent.some((notice) => notice.userId === draft.userId));
      return { ...current, notices: [...sent, ...fresh] };
    },
  );
}

export const sendNoticesSchema = z.object({ confirm: z.literal(true) }).strict();

/**
 * `POST /api/superadmin/incidents/{id}/notices/send {confirm: true}`: every notice not sent yet goes through
 * the outbox (recorded, retried, listed if it keeps failing). Each mail's id is fixed by the incident and the
 * recipient, so a second click or a retry after a crash finds the mail already recorded and sends nothing more.
 */
export async function sendIncidentNotices(
  deps: SendMailDeps,
  caller: Caller,
  client: ClientInfo,
  id: string,
  input: unknown,
): Promise<IncidentDetail> {
  const parsed = sendNoticesSchema.safeParse(input);
  if (!parsed.success)
    throw new ValidationError(refusal('incidents.notConfirmed'), { confirm: refusal('incidents.notConfirmed') });
  const incident = await readIncident(deps, id);
  if (incident.notices.length === 0) throw new ConflictError(refusal('incidents.noNotices'));
  const unsent = incident.notices.filter((notice) => !notice.sentAt);
  if (unsent.length === 0) throw new ConflictError(refusal('incidents.allSent'));

  const recorded = new Map<string, string>();
  for (const notice of unsent) {
    const mailId = `incident-notice.${id}.${notice.userId}`;
    const { created } = await enqueueMail(deps, {
      id: mailId,
      message: { to: notice.to, subject: notice.subject, text: notice.text },
      purpose: 'incidentNotice',
    });
    if (created) await sendMail(deps, mailId);
    recorded.set(notice.userId, mailId);
  }
  const sentAt = deps.clock.now().toISOString();
  return changeIncident(
    deps,
    caller,
    client,
    id,
    { action: 'SendIncidentNotices', details: () => `${recorded.size} notice(s) handed to the outbox` },
    (current) => ({
      ...current,
      notices: current.notices.map((notice) => {
        const mailId = recorded.get(notice.userId);
        return mailId && !notice.sentAt ? { ...notice, sentAt, mailId } : notice;
      }),
    }),
  );
}
