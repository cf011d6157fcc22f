import type { InvitationView } from '@ratkaisu/core';
import { api } from '../../../api/api';

/** GET /api/invitation/{token}: the case, the inviting party and the invited address of an invitation link. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationView> {
  return api.get<InvitationView>(`/api/invitation/${encodeURIComponent(token)}`, {
    signal,
    redirectOnUnauthorized: false,
  });
}
