import { api } from '../../../api/api';

/** POST /user/confirm-email with the userId and token from the mailed link. */
export async function confirmEmail(input: { userId: string; token: string }): Promise<void> {
  await api.post('/user/confirm-email', input, { redirectOnUnauthorized: false });
}
