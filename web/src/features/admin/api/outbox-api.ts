import type { FailedMailList, FailedMailView } from '@ratkaisu/core';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/client';

/** The mails the outbox gave up on, in the administrator's scope, newest first. */
export async function listFailedMails(signal?: AbortSignal): Promise<FailedMailView[]> {
  const value = await api.get<FailedMailList>('/api/superadmin/mails/failed', { signal });
  if (!value || !Array.isArray(value.items)) {
    throw new ApiError(0, 'invalid_response', 'The server sent an unexpected answer.');
  }
  return value.items;
}

/** Sends a failed mail again; answers whether it went now ('Sent') or is being tried again ('Pending'). */
export async function resendFailedMail(id: string): Promise<string> {
  const value = await api.post<{ status: string }>(`/api/superadmin/mails/${encodeURIComponent(id)}/resend`);
  return value.status;
}
