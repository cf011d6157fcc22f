import { api } from '../../../api/api';

/** POST /user/confirm-email with the userId and token from the mailed link; `alreadyConfirmed` for a link used before. */
export async function confirmEmail(input: { userId: string; token: string }): Promise<{ alreadyConfirmed: boolean }> {
  const answer = await api.post<{ alreadyConfirmed?: boolean } | undefined>('/user/confirm-email', input, {
    redirectOnUnauthorized: false,
  });
  return { alreadyConfirmed: answer?.alreadyConfirmed === true };
}
