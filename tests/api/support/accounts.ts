import { expect } from 'vitest';
import { json, type apiClient } from './api-client.js';

type ApiClient = ReturnType<typeof apiClient>;

export interface RegisteredAccount {
  username: string;
  email: string;
  password: string;
  userId: string;
}

export interface SignedIn {
  token: string;
  remembered?: boolean;
  user: { id: string; sessionId: string };
  /** The response's Set-Cookie header (a remembered session's refresh cookie), or null. */
  setCookie: string | null;
}

/**
 * The account steps every API test takes through the public routes, one way each: register (201, the
 * confirmation mail in the outbox), confirm the address by the mailed link, sign in (with a second-factor
 * code, or remembered on the device). Accounts a test only needs to exist are seeded (`api.signedInUser`).
 */
export function accountSteps(api: ApiClient) {
  async function register(
    account: Omit<RegisteredAccount, 'userId'>,
    extra: Record<string, unknown> = { agreedTerms: true },
  ): Promise<RegisteredAccount> {
    const response = await api.post('/user/register', { ...account, ...extra });
    expect(response.status).toBe(201);
    const userId = api.linkIn(account.email, '/confirm-email').searchParams.get('userId')!;
    return { ...account, userId };
  }

  async function confirmEmail(email: string): Promise<void> {
    const link = api.linkIn(email, '/confirm-email');
    await json(
      await api.post('/user/confirm-email', {
        userId: link.searchParams.get('userId'),
        token: link.searchParams.get('token'),
      }),
      200,
    );
  }

  async function registerAndConfirm(
    account: Omit<RegisteredAccount, 'userId'>,
    extra?: Record<string, unknown>,
  ): Promise<RegisteredAccount> {
    const registered = await register(account, extra);
    await confirmEmail(registered.email);
    return registered;
  }

  async function signIn(
    username: string,
    password: string,
    more: { tfaCode?: string; remember?: boolean } = {},
  ): Promise<SignedIn> {
    const response = await api.post('/user/login', {
      username,
      password,
      ...(more.tfaCode ? { tfaCode: more.tfaCode } : {}),
      ...(more.remember === undefined ? {} : { remember: more.remember }),
    });
    const body = await json<Omit<SignedIn, 'setCookie'>>(response, 200);
    return { ...body, setCookie: response.headers.get('set-cookie') };
  }

  return { register, confirmEmail, registerAndConfirm, signIn };
}
