import { api } from '../../../api/api';
import { currentLanguage } from '../../../i18n/i18n';

export interface RegisterInput {
  /** The name awards and proposals print for this account. */
  fullName: string;
  username: string;
  email: string;
  password: string;
  promoCode?: string;
  /** The invitation link's token: the server then takes only the invited address. */
  invitationToken?: string;
  /** Where the confirmation link returns after sign-in (a path on this site). */
  returnTo?: string;
}

/** POST /user/register: creates the account and mails a confirmation link (201 { message }). */
export function register(input: RegisterInput): Promise<{ message?: string } | undefined> {
  const { promoCode, invitationToken, returnTo, ...rest } = input;
  return api.post<{ message?: string } | undefined>(
    '/user/register',
    {
      ...rest,
      agreedTerms: true,
      // The language the screens show now: the account's mails and notices use it.
      language: currentLanguage(),
      ...(promoCode ? { promoCode } : {}),
      ...(invitationToken ? { invitationToken } : {}),
      ...(returnTo ? { returnTo } : {}),
    },
    { redirectOnUnauthorized: false },
  );
}

/** GET /user/username-available: whether a username is free; counted per address by the server. */
export async function checkUsernameAvailable(username: string, signal: AbortSignal): Promise<boolean> {
  const answer = await api.get<{ data: { available: boolean } }>(
    `/user/username-available?username=${encodeURIComponent(username)}`,
    { signal, redirectOnUnauthorized: false },
  );
  return answer.data.available;
}
