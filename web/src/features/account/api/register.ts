import { api } from '../../../api/api';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  promoCode?: string;
}

/** POST /user/register: creates the account and mails a confirmation link (201 { message }). */
export function register(input: RegisterInput): Promise<{ message?: string } | undefined> {
  const { promoCode, ...rest } = input;
  return api.post<{ message?: string } | undefined>(
    '/user/register',
    { ...rest, agreedTerms: true, ...(promoCode ? { promoCode } : {}) },
    { redirectOnUnauthorized: false },
  );
}
