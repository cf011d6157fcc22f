import { api } from '../../../api/api';
import { ApiError } from '../../../api/client';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  /** Only when two-factor is on. */
  tfaCode?: string;
}

/** POST /user/change-password. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post('/user/change-password', input);
}

export interface TfaKey {
  tfaKey: string;
  uri: string;
}

export type TfaKeyResult = { kind: 'key'; key: TfaKey } | { kind: 'already-enabled' };

/** GET /user/get-tfa-key; "already enabled" is an answer, not an error. */
export async function getTfaKey(signal?: AbortSignal): Promise<TfaKeyResult> {
  try {
    const answer = await api.get<Partial<TfaKey> | undefined>('/user/get-tfa-key', { signal });
    if (!answer?.tfaKey || !answer.uri) {
      throw new ApiError(200, 'invalid_response', 'The two-factor key answer had no key.');
    }
    return { kind: 'key', key: { tfaKey: answer.tfaKey, uri: answer.uri } };
  } catch (error) {
    if (error instanceof ApiError && error.reason === 'accounts.tfaAlreadyEnabled') {
      return { kind: 'already-enabled' };
    }
    throw error;
  }
}

/** POST /user/toggle-tfa { tfaCode } → the new state; turning it on also answers the ten recovery codes, once. */
export async function toggleTfa(
  tfaCode: string,
): Promise<{ tfaEnabled: boolean; message?: string; recoveryCodes?: string[] }> {
  const answer = await api.post<{ tfaEnabled?: unknown; message?: string; recoveryCodes?: unknown } | undefined>(
    '/user/toggle-tfa',
    { tfaCode },
  );
  if (typeof answer?.tfaEnabled !== 'boolean') {
    throw new ApiError(200, 'invalid_response', 'The two-factor answer had no state.');
  }
  const codes = Array.isArray(answer.recoveryCodes)
    ? answer.recoveryCodes.filter((code): code is string => typeof code === 'string')
    : undefined;
  return { tfaEnabled: answer.tfaEnabled, message: answer.message, ...(codes ? { recoveryCodes: codes } : {}) };
}

/** GET /user/tfa-recovery-codes: how many recovery codes are unused, and when they were made. */
export function getRecoveryCodeStatus(signal?: AbortSignal): Promise<{ left: number; createdAt: string | null }> {
  return api.get<{ left: number; createdAt: string | null }>('/user/tfa-recovery-codes', { signal });
}

/** POST /user/tfa-recovery-codes: ten new codes after the password and a second factor; the old ones stop working. */
export async function createRecoveryCodes(input: { password: string; tfaCode: string }): Promise<string[]> {
  const answer = await api.post<{ recoveryCodes: string[] }>('/user/tfa-recovery-codes', input);
  return answer.recoveryCodes;
}
