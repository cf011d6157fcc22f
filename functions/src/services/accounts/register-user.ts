import {
  RETURN_TO_PARAM,
  safeReturnPath,
  TERMS_OF_SERVICE_VERSION,
  type DisplayLanguage,
  refusal,
} from '@ratkaisu/core';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { BadRequestError, DomainError } from '../../errors.js';
import { findInvitation } from '../invitations/read-invitation.js';
import type { ClientInfo } from '../../context/client-info.js';
import { takeQuotaSlot } from '../limits/fixed-window-quota.js';
import { registrationsPerAddress } from './account-quotas.js';
import { recordAudit } from '../audit/record-audit.js';
import { DEFAULT_TENANT_ID } from '../../records/tenant-document.js';
import { alreadyRegisteredMail, confirmationMail } from './account-mails.js';
import { USERNAME_TAKEN_MESSAGE } from './check-username.js';
import { issueAccountToken } from './account-token.js';
import { claimAccountKey, releaseAccountKey } from './claim-account-key.js';
import { assertPasswordAllowed } from './common-passwords.js';
import { findUserByKey } from './find-user-by-key.js';
import { hashPassword } from './hash-password.js';
import { AGREED_TERMS, type UserDocument } from '../../records/user-document.js';
import { checkRegistrationPromoCode } from '../promo-codes/check-registration-promo-code.js';

/**
 * The one answer to every well-formed registration with a free user name: a
 * new account and a taken email look alike, so registration does not tell
 * anyone which addresses have accounts. What happened is told by
 * mail, to whoever can read the address given. A taken user name is refused
 * outright (409 username_taken): user names are not secret (the sign-up form
 * checks them as the user types), and a sign-up that looked like
 * success would leave the person without an account.
 */
export const REGISTERED_MESSAGE =
  'Check your email: we sent a message to the address you gave. To finish registering, open the confirmation link in it before signing in.';
export const INVITATION_EMAIL_MISMATCH_MESSAGE = refusal('accounts.invitationEmailMismatch').message;
const MAIL_FAILED_MESSAGE = refusal('accounts.confirmationMailFailed').message;
export const CONFIRM_EMAIL_TOKEN_SECONDS = 24 * 3600;

export interface RegisterUserInput {
  username: string;
  /** The name documents print (asked by the register screen; optional in docs/product.md's payload). */
  fullName?: string;
  /** The language the screens showed at sign-up: mails and notices use it. */
  language?: DisplayLanguage;
  email: string;
  password: string;
  /**
   * The terms checkbox of the register screen. Optional (docs/product.md's payload is
   * username, password and email): without it the terms are asked at first
   * sign-in, as for any account whose decision is Undefined.
   */
  agreedTerms?: true;
  promoCode?: string;
  /** The invitation link's token: the account must use the address the invitation was sent to. */
  invitationToken?: string;
  /** A safe same-site path the confirmation link returns to after sign-in (validated at the edge). */
  returnTo?: string;
}

type Outcome = 'created' | 'email-taken' | 'username-taken';

function usernameTaken(): DomainError {
  return new DomainError('username_taken', 409, refusal('accounts.usernameTaken'), {
    username: USERNAME_TAKEN_MESSAGE,
  });
}

/**
 * Registers a local account in the default tenant (role User, email not yet
 * confirmed) and mails the confirmation link.
 *
 * A taken email gets the same 201 and message after about the same work (the
 * password is hashed either way): its owner is mailed that someone tried to
 * register with it (with a reset link). A taken user name is refused before
 * the email is looked at, so the refusal says nothing about the address.
 */
export async function registerUser(
  deps: Deps,
  input: RegisterUserInput,
  client: ClientInfo,
): Promise<{ userId?: string; message: string }> {
  // Refused before it counts: the policy tells nothing about other accounts.
  assertPasswordAllowed(input.password, { username: input.username, email: input.email }, 'password');
  // The invitation tells only its holder which address it is bound to; a different one is refused.
  const invitation = input.invitationToken ? await findInvitation(deps, input.invitationToken) : undefined;
  if (invitation && invitation.invitation.emailKey !== input.email.trim().toLowerCase()) {
    throw new BadRequestError(refusal('accounts.invitationEmailMismatch'), {
      email: INVITATION_EMAIL_MISMATCH_MESSAGE,
    });
  }
  const returnTo = invitation
    ? `/case-attachment/${encodeURIComponent(invitation.dispute.id)}`
    : safeReturnPath(input.returnTo);
  // Every other attempt counts: each one sends a mail, so the form must not be a mail cannon.
  await takeQuotaSlot(deps, registrationsPerAddress(deps), client.ipAddress);
  // Checked only once the attempt counted, so the form cannot be used to try codes unhindered.
  const promoCode = await checkRegistrationPromoCode(deps, input.promoCode, DEFAULT_TENANT_ID);
  const userNameKey = input.username.toLowerCase();
  const emailKey = input.email.toLowerCase();
  const audit = {
    action: 'Register' as const,
    userEmail: input.email,
    entityType: 'User',
    ipAddress: client.ipAddress,
    ...(input.promoCode ? { details: `Promo code: ${input.promoCode}` } : {}),
  };
  const passwordHash = await hashPassword(input.password, deps.config.accounts.passwordHashCost);

  let outcome: Outcome;
  let id: string | undefined;
  let undo = async () => {};
  // The user name first: its refusal must not depend on (and so tell) whether the email has an account.
  const nameHolder = await findUserByKey(deps, 'userNameKey', userNameKey);
  const emailHolder = nameHolder ? undefined : await findUserByKey(deps, 'emailKey', emailKey);
  if (nameHolder) outcome = 'username-taken';
  else if (emailHolder) outcome = 'email-taken';
  else {
    const created = await createAccount(deps, input, passwordHash, promoCode);
    ({ outcome, undo } = created);
    id = created.outcome === 'created' ? created.id : undefined;
  }
  if (outcome === 'username-taken') {
    await recordAudit(deps, { ...audit, success: false, errorMessage: 'The username is already taken.' });
    throw usernameTaken();
  }

  try {
    if (outcome === 'created') {
      const token = await issueAccountToken(deps, id!, 'confirm-email', CONFIRM_EMAIL_TOKEN_SECONDS);
      const link =
        `${deps.config.publicUrl}/confirm-email?userId=${encodeURIComponent(id!)}&token=${token}` +
        (returnTo ? `&${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}` : '');
      await deps.mailer.send(confirmationMail(input.email, input.username, link, input.language));
    } else {
      const holder = emailHolder ?? (await findUserByKey(deps, 'emailKey', emailKey));
      if (holder) {
        await deps.mailer.send(
          alreadyRegisteredMail(holder.email, holder.userName, `${deps.config.publicUrl}/`, holder.language),
        );
      }
    }
  } catch (error) {
    // Without the mail the account could never be confirmed: undo it, so the person can simply try again.
    deps.log.error('Registration failed; the account was not kept', { error });
    await undo();
    await recordAudit(deps, { ...audit, success: false, errorMessage: MAIL_FAILED_MESSAGE });
    throw new DomainError('unavailable', 503, refusal('accounts.confirmationMailFailed'));
  }

  if (outcome === 'created') {
    await recordAudit(deps, { ...audit, userId: id, entityId: id, success: true });
    return { userId: id, message: REGISTERED_MESSAGE };
  }
  await recordAudit(deps, { ...audit, success: false, errorMessage: 'The email is already registered.' });
  return { message: REGISTERED_MESSAGE };
}

/**
 * Writes the user, then claims its two keys. The user is written before the
 * keys are claimed, so a rival registration that finds the claim can tell a
 * live holder from a stale claim; the loser removes its user again.
 */
async function createAccount(
  deps: Deps,
  input: RegisterUserInput,
  passwordHash: string,
  promoCode: string | undefined,
): Promise<{ outcome: Outcome; id: string; undo: () => Promise<void> }> {
  const userNameKey = input.username.toLowerCase();
  const emailKey = input.email.toLowerCase();
  const id = randomUUID();
  const users = deps.store.collection<UserDocument>('users');
  const now = deps.clock.now().toISOString();
  const user: UserDocument = {
    id,
    pk: id,
    tenantId: DEFAULT_TENANT_ID,
    userName: input.username,
    ...(input.fullName ? { fullName: input.fullName } : {}),
    ...(input.language ? { language: input.language } : {}),
    ...(promoCode ? { promoCode } : {}),
    userNameKey,
    email: input.email,
    emailKey,
    emailConfirmed: false,
    passwordHash,
    roles: ['User'],
    isActive: true,
    dateJoined: now,
    tfaEnabled: false,
    ...(input.agreedTerms
      ? { agreedTermsOfService: AGREED_TERMS.Agreed, agreedTermsAt: now, agreedTermsVersion: TERMS_OF_SERVICE_VERSION }
      : { agreedTermsOfService: AGREED_TERMS.Undefined }),
  };
  await users.create(user);
  const undo = async () => {
    await users.delete(id, id).catch(() => false);
    await releaseAccountKey(deps, 'emailKey', emailKey, id);
    await releaseAccountKey(deps, 'userNameKey', userNameKey, id);
  };
  if (!(await claimAccountKey(deps, 'emailKey', emailKey, id))) {
    await undo();
    return { outcome: 'email-taken', id, undo: async () => {} };
  }
  if (!(await claimAccountKey(deps, 'userNameKey', userNameKey, id))) {
    await undo();
    return { outcome: 'username-taken', id, undo: async () => {} };
  }
  return { outcome: 'created', id, undo };
}
