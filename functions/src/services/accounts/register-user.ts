import { TERMS_OF_SERVICE_VERSION } from '@ratkaisu/core';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { ConflictError, DomainError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import { takeQuotaSlot } from '../limits/fixed-window-quota.js';
import { registrationsPerAddress } from './account-quotas.js';
import { recordAudit } from '../audit/record-audit.js';
import { DEFAULT_TENANT_ID } from '../bootstrap/ensure-first-admin.js';
import { confirmationMail } from './account-mails.js';
import { issueAccountToken } from './account-token.js';
import { claimAccountKey, releaseAccountKey } from './claim-account-key.js';
import { findUserByKey } from './find-user-by-key.js';
import { hashPassword } from './hash-password.js';
import { AGREED_TERMS, type UserDocument } from './user-document.js';

export const ALREADY_REGISTERED_MESSAGE = 'That username or email is already registered.';
export const REGISTERED_MESSAGE =
  'Registration complete. We sent a confirmation link to your email address; please open it before signing in.';
const MAIL_FAILED_MESSAGE = 'We could not send the confirmation email. Please try again later.';
export const CONFIRM_EMAIL_TOKEN_SECONDS = 24 * 3600;

export interface RegisterUserInput {
  username: string;
  email: string;
  password: string;
  /** Validated by the handler: registration requires accepting the terms. */
  agreedTerms: true;
  promoCode?: string;
}

/**
 * Registers a local account in the default tenant (role User, email not yet
 * confirmed, terms agreed) and mails the confirmation link.
 *
 * A taken user name or email is a 409 that does not say which of the two, nor
 * whose account holds it. Registration cannot hide that *some* account uses a
 * user name (names are unique and public by nature); what it does not do is
 * tell the two apart or confirm an email address on its own terms.
 */
export async function registerUser(
  deps: Deps,
  input: RegisterUserInput,
  client: ClientInfo,
): Promise<{ userId: string; message: string }> {
  // Every attempt counts, refused ones too: a 409 tells that a name is taken, so guessing names must cost.
  await takeQuotaSlot(deps, registrationsPerAddress(deps), client.ipAddress);
  const userNameKey = input.username.toLowerCase();
  const emailKey = input.email.toLowerCase();
  const audit = {
    action: 'Register' as const,
    userEmail: input.email,
    entityType: 'User',
    ipAddress: client.ipAddress,
    ...(input.promoCode ? { details: `Promo code: ${input.promoCode}` } : {}),
  };
  const refuse = async (): Promise<never> => {
    await recordAudit(deps, { ...audit, success: false, errorMessage: ALREADY_REGISTERED_MESSAGE });
    throw new ConflictError(ALREADY_REGISTERED_MESSAGE);
  };

  if ((await findUserByKey(deps, 'userNameKey', userNameKey)) || (await findUserByKey(deps, 'emailKey', emailKey))) {
    return refuse();
  }
  const id = randomUUID();
  const users = deps.store.collection<UserDocument>('users');
  const user: UserDocument = {
    id,
    pk: id,
    tenantId: DEFAULT_TENANT_ID,
    userName: input.username,
    userNameKey,
    email: input.email,
    emailKey,
    emailConfirmed: false,
    passwordHash: await hashPassword(input.password),
    roles: ['User'],
    isActive: true,
    dateJoined: deps.clock.now().toISOString(),
    tfaEnabled: false,
    agreedTermsOfService: AGREED_TERMS.Agreed,
    agreedTermsAt: deps.clock.now().toISOString(),
    agreedTermsVersion: TERMS_OF_SERVICE_VERSION,
  };
  // The user is written before the keys are claimed, so a rival registration that finds the claim
  // can tell a live holder from a stale claim. The loser removes its user again.
  await users.create(user);
  const undo = async () => {
    await users.delete(id, id).catch(() => false);
    await releaseAccountKey(deps, 'emailKey', emailKey, id);
    await releaseAccountKey(deps, 'userNameKey', userNameKey, id);
  };
  if (
    !(await claimAccountKey(deps, 'userNameKey', userNameKey, id)) ||
    !(await claimAccountKey(deps, 'emailKey', emailKey, id))
  ) {
    await undo();
    return refuse();
  }

  try {
    const token = await issueAccountToken(deps, id, 'confirm-email', CONFIRM_EMAIL_TOKEN_SECONDS);
    const link = `${deps.config.publicUrl}/confirm-email?userId=${encodeURIComponent(id)}&token=${token}`;
    await deps.mailer.send(confirmationMail(user.email, user.userName, link));
  } catch (error) {
    // Without the mail the account could never be confirmed: undo it, so the person can simply try again.
    deps.log.error('Registration failed; the account was not kept', { error });
    await undo();
    await recordAudit(deps, { ...audit, success: false, errorMessage: MAIL_FAILED_MESSAGE });
    throw new DomainError('unavailable', 503, MAIL_FAILED_MESSAGE);
  }

  await recordAudit(deps, { ...audit, userId: id, entityId: id, success: true });
  return { userId: id, message: REGISTERED_MESSAGE };
}
