import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordProblem, passwordRefusal } from '@ratkaisu/core';
import { BadRequestError } from '../../errors.js';

/**
 * The common and breached passwords refused at registration, reset and
 * change: the "passwords-common" list of @zxcvbn-ts/language-common (about
 * 49,000 of the most frequent passwords in public breach corpora, lower case),
 * shipped with the package, so no network call is made. Built once, on first use.
 */
let common: Set<string> | undefined;

export function isCommonPassword(lowerCasePassword: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(lowerCasePassword);
}

/**
 * Refuses a password the policy (core's password-policy.ts) does not allow,
 * with its catalogued message, under `field` for the form.
 */
export function assertPasswordAllowed(
  password: string,
  identity: { username?: string; email?: string },
  field: string,
): void {
  const problem = passwordProblem(password, { ...identity, isCommon: isCommonPassword });
  if (!problem) return;
  const wording = passwordRefusal(problem);
  throw new BadRequestError(wording, { [field]: wording.message });
}
