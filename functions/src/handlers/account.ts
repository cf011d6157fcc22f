import type { HttpResponseInit } from '@azure/functions';
import {
  accountLanguageSchema,
  fieldRefusal,
  FULL_NAME_INVALID,
  isAcceptableFullName,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  refusal,
  REGISTRATION_MESSAGES,
  safeReturnPath,
} from '@ratkaisu/core';
import { z } from 'zod';
import { UnauthorizedError, ValidationError } from '../errors.js';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { created, ok } from '../http/responses.js';
import type { Caller, RouteCall } from '../http/route.js';
import { changePassword } from '../services/accounts/change-password.js';
import { checkUsername } from '../services/accounts/check-username.js';
import { CONFIRM_LINK_INVALID_MESSAGE, confirmEmail } from '../services/accounts/confirm-email.js';
import { getTwoFactorKey } from '../services/accounts/get-two-factor-key.js';
import { registerUser } from '../services/accounts/register-user.js';
import { updateFullName } from '../services/accounts/update-full-name.js';
import { updateLanguage } from '../services/accounts/update-language.js';
import { INVITATION_NOT_FOUND_MESSAGE } from '../services/invitations/read-invitation.js';
import { checkResetLink } from '../services/accounts/check-reset-link.js';
import { requestPasswordReset } from '../services/accounts/request-password-reset.js';
import { RESET_LINK_INVALID_MESSAGE, resetPassword } from '../services/accounts/reset-password.js';
import { TFA_CODE_NOT_VALID_MESSAGE, toggleTwoFactor } from '../services/accounts/toggle-two-factor.js';
import { createRecoveryCodes, RECOVERY_WRONG_PASSWORD_MESSAGE } from '../services/accounts/create-recovery-codes.js';
import { getRecoveryCodeStatus } from '../services/accounts/get-recovery-code-status.js';

/**
 * Registration, email confirmation, passwords and two-factor (docs/product.md sections
 * 5, 7 and 9). Input rules and their messages live in the schemas below; the
 * services do the rest.
 */

const USERNAME_SHORT = REGISTRATION_MESSAGES.usernameTooShort;
const USERNAME_CHARACTERS = REGISTRATION_MESSAGES.usernameCharacters;
const EMAIL_INVALID = REGISTRATION_MESSAGES.emailInvalid;
const PASSWORD_SHORT = PASSWORD_MESSAGES.tooShort;
const PASSWORD_LONG = PASSWORD_MESSAGES.tooLong;
export const TERMS_REQUIRED = REGISTRATION_MESSAGES.termsRequired;
export const RETURN_TO_INVALID = REGISTRATION_MESSAGES.returnToInvalid;

// At least 5 characters with an @ (docs/product.md section 5), and the usual shape: local@domain.tld without spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .min(5, EMAIL_INVALID)
  .max(254, EMAIL_INVALID)
  .regex(EMAIL_PATTERN, EMAIL_INVALID);
/** Length only here (code points, as core counts them); the rest of the policy needs the account (services). */
const password = (short: string) =>
  z
    .string({ error: short })
    .refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, short)
    .refine((value) => [...value].length <= PASSWORD_MAX_LENGTH, PASSWORD_LONG);

/** A person's name as documents print it (core's rule, shared with the register screen and the account page). */
const fullName = z
  .string({ error: FULL_NAME_INVALID })
  .trim()
  .refine((value) => isAcceptableFullName(value), FULL_NAME_INVALID);

const username = z
  .string({ error: USERNAME_SHORT })
  .trim()
  .min(3, USERNAME_SHORT)
  .max(64, REGISTRATION_MESSAGES.usernameTooLong)
  // No @: a user name can never look like (someone else's) email address, which sign-in also accepts.
  .regex(/^[\p{L}\p{N}._-]+$/u, USERNAME_CHARACTERS);

const usernameQuerySchema = z.object({ username });

const registerSchema = z.object({
  username,
  email,
  password: password(PASSWORD_SHORT),
  /** Ours: the full name awards and proposals print (optional for docs/product.md's payload; the register screen asks it). */
  fullName: fullName.optional(),
  /** Ours: the language the screens showed at sign-up; mails and notices use it (absent = English). */
  language: accountLanguageSchema.optional(),
  /**
   * The terms checkbox of the register screen: optional (docs/product.md's payload is username, password, email; the
   * terms are then asked at first sign-in), but when sent, anything but `true` is refused.
   */
  agreedTerms: z.literal(true, { error: TERMS_REQUIRED }).optional(),
  promoCode: z.string().trim().max(64, REGISTRATION_MESSAGES.promoCodeTooLong).optional(),
  /** Ours: the invitation link's token; the account must then use the invited address. */
  invitationToken: z.string({ error: INVITATION_NOT_FOUND_MESSAGE }).max(128, INVITATION_NOT_FOUND_MESSAGE).optional(),
  /** Ours: where the confirmation link leads after sign-in; a path on this site only (no open redirect). */
  returnTo: z
    .string({ error: RETURN_TO_INVALID })
    .refine((value) => safeReturnPath(value) !== undefined, RETURN_TO_INVALID)
    .optional(),
});

const confirmEmailSchema = z.object({
  userId: z.string({ error: CONFIRM_LINK_INVALID_MESSAGE }).regex(/^[A-Za-z0-9-]{1,64}$/, CONFIRM_LINK_INVALID_MESSAGE),
  token: z
    .string({ error: CONFIRM_LINK_INVALID_MESSAGE })
    .min(1, CONFIRM_LINK_INVALID_MESSAGE)
    .max(128, CONFIRM_LINK_INVALID_MESSAGE),
});

const forgotPasswordSchema = z.object({ email });

const fullNameSchema = z.object({ fullName });

const languageSchema = z.object({ language: accountLanguageSchema });

const resetPasswordSchema = z.object({
  email,
  token: z
    .string({ error: RESET_LINK_INVALID_MESSAGE })
    .min(1, RESET_LINK_INVALID_MESSAGE)
    .max(128, RESET_LINK_INVALID_MESSAGE),
  password: password(PASSWORD_SHORT),
});

const resetLinkSchema = resetPasswordSchema.pick({ email: true, token: true });

const changePasswordSchema = z.object({
  oldPassword: password('The current password must be at least 8 characters.'),
  newPassword: password('The new password must be at least 8 characters.'),
  tfaCode: z.string().max(16, TFA_CODE_NOT_VALID_MESSAGE).optional(),
});

const toggleTfaSchema = z.object({
  tfaCode: z
    .string({ error: TFA_CODE_NOT_VALID_MESSAGE })
    .trim()
    .min(6, TFA_CODE_NOT_VALID_MESSAGE)
    .max(16, TFA_CODE_NOT_VALID_MESSAGE),
});

const recoveryCodesSchema = z.object({
  password: z.string({ error: RECOVERY_WRONG_PASSWORD_MESSAGE }).min(1, RECOVERY_WRONG_PASSWORD_MESSAGE).max(1024),
  tfaCode: z.string().max(16, TFA_CODE_NOT_VALID_MESSAGE).optional(),
});

/** POST /user/register — 201 `{ message }`; the account is usable once its email is confirmed. */
export async function postRegister({ deps, request }: RouteCall): Promise<HttpResponseInit> {
  const input = await readJson(request, registerSchema);
  const { message } = await registerUser(deps, input, clientInfo(request));
  return created({ message });
}

/** GET /user/username-available?username= — `{ data: { available } }`, counted per address. */
export async function getUsernameAvailable({ deps, request }: RouteCall): Promise<HttpResponseInit> {
  const parsed = usernameQuerySchema.safeParse({ username: request.query.get('username') ?? undefined });
  if (!parsed.success) {
    const said = parsed.error.issues[0]
      ? fieldRefusal(parsed.error.issues[0])
      : refusal('registration.usernameTooShort');
    throw new ValidationError(said, { username: said });
  }
  return ok({ data: await checkUsername(deps, parsed.data.username, clientInfo(request)) });
}

/** POST /user/update-full-name — `{ data: { fullName } }`: the name awards and proposals print for this account. */
export async function postUpdateFullName({ deps, request, caller }: RouteCall): Promise<HttpResponseInit> {
  const input = await readJson(request, fullNameSchema);
  return ok({ data: await updateFullName(deps, signedIn(caller), input.fullName, clientInfo(request)) });
}

/** POST /user/confirm-email — `{ message: 'Email Address Confirmed' }`, once per link. */
export async function postConfirmEmail({ deps, request }: RouteCall): Promise<HttpResponseInit> {
  const input = await readJson(request, confirmEmailSchema);
  return ok(await confirmEmail(deps, input, clientInfo(request)));
}

/** POST /user/forgot-password — the same `{ message }` whether or not the address has an account. */
export async function postForgotPassword({ deps, request }: RouteCall): Promise<HttpResponseInit> {
  const input = await readJson(request, forgotPasswordSchema);
  return ok(await requestPasswordReset(deps, input, clientInfo(request)));
}

/** POST /user/reset-password — `{ message: 'You have successfully reset your password.' }`. */
export async function postResetPassword({ deps, request }: RouteCall): Promise<HttpResponseInit> {
  const input = await readJson(request, resetPasswordSchema);
  return ok(await resetPassword(deps, input, clientInfo(request)));
}

/** POST /user/reset-password/check — `{ usable: true }`, or the reset's own 400 for a used or expired link. */
export async function postCheckResetLink({ deps, request }: RouteCall): Promise<HttpResponseInit> {
  const input = await readJson(request, resetLinkSchema);
  return ok(await checkResetLink(deps, input));
}

/** POST /user/change-password — `{ message: 'Password Changed!' }`; the caller's other sessions end. */
export async function postChangePassword({ deps, request, caller }: RouteCall): Promise<HttpResponseInit> {
  const input = await readJson(request, changePasswordSchema);
  return ok(await changePassword(deps, signedIn(caller), { ...input, client: clientInfo(request) }));
}

/**
 * GET /user/get-tfa-key — `{ tfaKey, uri }`. With two-factor already on: 400
 * `{ code: 'bad_request', message: 'Cant get key if Tfa enabled.' }`, so a
 * client reading the body as text finds that exact text in it.
 */
export async function getTfaKey({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await getTwoFactorKey(deps, signedIn(caller)));
}

/** POST /user/toggle-tfa — `{ tfaEnabled, message: 'TFA settings changed' }`. */
export async function postToggleTfa({ deps, request, caller }: RouteCall): Promise<HttpResponseInit> {
  const input = await readJson(request, toggleTfaSchema);
  return ok(await toggleTwoFactor(deps, signedIn(caller), { ...input, client: clientInfo(request) }));
}

/** GET /user/tfa-recovery-codes — `{ left, createdAt }`: how many recovery codes are unused (ours, beside docs/product.md). */
export async function getRecoveryCodes({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await getRecoveryCodeStatus(deps, signedIn(caller)));
}

/** POST /user/tfa-recovery-codes — `{ password, tfaCode }` → `{ recoveryCodes, createdAt }`: ten new codes, shown once. */
export async function postRecoveryCodes({ deps, request, caller }: RouteCall): Promise<HttpResponseInit> {
  const input = await readJson(request, recoveryCodesSchema);
  return ok(await createRecoveryCodes(deps, signedIn(caller), { ...input, client: clientInfo(request) }));
}

function signedIn(caller: Caller | undefined): Caller {
  if (!caller) throw new UnauthorizedError();
  return caller;
}

/** POST /user/update-language — `{ data: { language } }`: the language mails and notices use for this account. */
export async function postUpdateLanguage({ deps, request, caller }: RouteCall): Promise<HttpResponseInit> {
  const input = await readJson(request, languageSchema);
  return ok({ data: await updateLanguage(deps, signedIn(caller), input.language, clientInfo(request)) });
}
