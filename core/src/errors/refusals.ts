import { PASSWORD_MESSAGES, type PasswordProblem } from '../accounts/password-policy.js';
import { ENTRA_MESSAGES } from '../accounts/entra-messages.js';
import { REGISTRATION_MESSAGES } from '../accounts/registration-messages.js';
import { ADMIN_MESSAGES } from '../api/admin.js';
import { AI_USE_MESSAGES } from '../api/ai-use.js';
import { DATA_RIGHTS_MESSAGES } from '../api/data-rights.js';
import { INCIDENT_MESSAGES } from '../api/incidents.js';
import { NOTICE_MESSAGES } from '../api/notices.js';
import { OUTBOX_MESSAGES } from '../api/outbox.js';
import { RETENTION_MESSAGES } from '../api/retention.js';
import { FIELD_MESSAGES } from './field-messages.js';
import { ANONYMOUS_DECISION_MESSAGES, DECISION_MESSAGES } from '../api/decisions.js';
import { UPLOAD_MESSAGES } from '../api/disputes.js';
import { CLAIM_REFUSALS } from '../api/claim-refusals.js';
import { REQUEST_MESSAGES } from './request-messages.js';
import { isPhaseType, PHASE_LABELS_EN } from '../domain/phases.js';
import { OUTCOME_MESSAGES } from '../disputes/case-outcome.js';
import { FEE_MESSAGES, PROMO_CODE_MESSAGES, TRIBUNAL_FEE_MESSAGES } from '../fees/fee-messages.js';
import { CONSTITUTION_MESSAGES } from '../tribunal/constitution.js';
import { CORRECTION_MESSAGES } from '../tribunal/corrections.js';
import { TRIBUNAL_MESSAGES } from '../tribunal/tribunal.js';

/**
 * The catalogue of refusals (docs/architecture.md "Errors"): every refusal the server words has a specific
 * reason — its dotted path in this object, e.g. `accounts.tfaAlreadyEnabled`, `uploads.tooLarge` — and its
 * English text, with `{{param}}` where a parameter goes. The server sends `{ code, reason, params, message }`:
 * `code` stays the generic one (bad_request, conflict, …) that clients and docs/product.md section 8 rely on,
 * `message` is this English text filled in. The Finnish texts live in the web's catalogue
 * (web/src/i18n/fi-refusals.ts), keyed by the same reason; the web shows the text for the reason in the
 * screens' language and never reads the English sentence.
 *
 * A parameter whose name ends in `Bytes` is a number of bytes, written "25 MB" here and in the user's locale
 * on screen. Fixed texts of docs/product.md (and texts the web used to compare) are kept word for word.
 */
export const REFUSALS = {
  general: {
    notFound: 'Not found.',
    noAccess: 'You do not have access to this.',
    signInRequired: 'Sign-in is required.',
    changedMeanwhile: 'Someone else changed this at the same time. Reload and try again.',
    requestTooLarge: 'The request body is larger than the limit of {{limitBytes}}.',
    invalidRequest: 'The request is not valid.',
    internal: 'An unexpected error occurred. Please try again later.',
    /** A dependency out for now (503 with Retry-After): the same request may pass in a moment. */
    unavailable: 'The service is unavailable just now. Please try again in a moment.',
    /** The host could not start its dependencies (503). */
    starting: 'The service is starting or unavailable. Please try again in a moment.',
  },
  accounts: {
    wrongCredentials: 'The username or password is incorrect.',
    emailNotConfirmed:
      'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
    accountInactive: 'This account is not active. Please contact support for assistance.',
    accessInactive: 'Your account is not active.',
    tfaCodeRequired: 'Enter the six-digit code from your authenticator app.',
    tfaCodeWrong: 'The two-factor code is incorrect or has already been used.',
    tooManySignIns: 'Too many sign-in attempts. Please wait a moment and try again.',
    sessionEnded: 'Your session has ended. Please sign in again.',
    notRemembered: 'You are not signed in on this device. Please sign in.',
    sessionNotFound: 'This session was not found. It may have ended already.',
    /** The exact text docs/product.md section 4 names for a key asked for while two-factor is on. */
    tfaAlreadyEnabled: 'Cant get key if Tfa enabled.',
    tfaPasswordAccountsOnly: 'Two-factor sign-in applies to accounts that sign in with a password.',
    tfaNoKey: 'Get a two-factor key first, then enter a code from your authenticator app.',
    tfaCodeNotValid: 'The two-factor code is not valid.',
    tfaCodeNeeded: 'Enter the two-factor code from your authenticator app.',
    wrongCurrentPassword: 'The current password is incorrect.',
    noLocalPassword: 'This account signs in with a work account and has no password here.',
    recoveryNeedsTfa: 'Recovery codes belong to two-factor sign-in: turn it on first.',
    recoveryWrongPassword: 'The password is incorrect.',
    recoveryCodeWrong: 'The code is incorrect or has already been used.',
    recoveryCodeNeeded: 'Enter the six-digit code from your authenticator app, or one of your recovery codes.',
    usernameTaken: 'This username is already taken. Choose another one.',
    invitationEmailMismatch:
      'This invitation was sent to another email address. Sign up with the address the invitation was sent to, or ask the party who invited you to name your address in the case.',
    confirmationMailFailed: 'We could not send the confirmation email. Please try again later.',
    confirmLinkInvalid: 'This confirmation link is invalid or has expired.',
    resetLinkInvalid: 'This password reset link is invalid or has expired.',
    invitationNotFound:
      'This invitation link is not valid. Open the link from the invitation mail exactly as it was sent, or ask the party who invited you to send it again. If you already have an account, log in: the case is listed on your dashboard.',
    invitationExpired:
      'This invitation link has expired. Ask the party who invited you to send the case again. If you already have an account, log in: the case is listed on your dashboard.',
    passwordTooShort: PASSWORD_MESSAGES.tooShort,
    passwordTooLong: PASSWORD_MESSAGES.tooLong,
    passwordCommon: PASSWORD_MESSAGES.common,
    passwordContainsName: PASSWORD_MESSAGES.containsName,
  },
  cases: {
    notFound: 'Case not found.',
    final: OUTCOME_MESSAGES.caseFinal,
    idTaken: 'A case with this id already exists.',
    busy: 'The case was changed by others many times at once. Please try again.',
    numbersBusy: 'Case numbers are being allocated by many at once. Please try again.',
    noAttachments: 'No attachments found for the current phase',
    ended: 'This case has already moved to Resolution.',
    phaseChanged: 'Someone else moved this case on at the same time. Reload the case and try again.',
    phaseLocked: 'This phase is closed: its files can no longer be changed.',
    amountClaimantOnly: 'Only the claimant can set the amount in dispute.',
    claimantOnlyClaim: 'Only the claimant side can draft a claim application.',
    claimDraftGone: 'The claim draft job is no longer available. Please generate the claim again.',
    jobNotFound: 'Job not found.',
    jobNotFinished: 'The job has not finished.',
    decisionNotOpened: OUTCOME_MESSAGES.notOpened,
    decisionNotLatest: OUTCOME_MESSAGES.notLatest,
    decisionGenerating: OUTCOME_MESSAGES.generating,
    decisionNoResolutionPhase: DECISION_MESSAGES.noResolutionPhase,
    decisionAlreadyGenerating: DECISION_MESSAGES.alreadyGenerating,
    amountFixed: 'The amount in dispute can be changed only until the claim is first sent and its filing fee is set.',
    phaseTypeInvalid: 'The phase type must be one of {{types}}.',
    moveClaimantPhase:
      'The {{phase}} phase belongs to the claimant side; only its representative can move the case on.',
    moveRespondentPhase:
      'The {{phase}} phase belongs to the respondent side; only its representative can move the case on.',
    filesOfClaimantPhase:
      'The {{phase}} phase belongs to the claimant side; only its representative can change its files.',
    filesOfRespondentPhase:
      'The {{phase}} phase belongs to the respondent side; only its representative can change its files.',
    endProcessUnavailable: 'End Process is not available for this case now.',
    onlyNextPhase: 'The case can only move on to the {{phase}} phase.',
    continuationInvalid: 'The continuation is not valid for this list. Start again from the first page.',
  },
  uploads: {
    /** docs/product.md section 5's text. */
    onlyPdf: UPLOAD_MESSAGES.onlyPdf,
    activeContent: `${UPLOAD_MESSAGES.activeContent} {{names}}`,
    damaged: 'Damaged and cannot be opened as a PDF: {{names}}',
    /** docs/product.md section 5's text before the names. */
    duplicateNames: `${UPLOAD_MESSAGES.duplicatePrefix} {{names}}`,
    failed: UPLOAD_MESSAGES.uploadFailed,
    tooLarge: 'The request body is larger than the limit of {{limitBytes}}.',
    noFiles: 'Choose at least one PDF file to upload.',
    phaseFull: 'A phase can hold at most {{maxFiles}} files.',
    workFilesFull: 'Each side can keep at most {{maxFiles}} work files in a case.',
    fileNameTooLong: 'A file name can be at most {{maxLength}} characters long.',
    fileNotFound: 'File not found.',
    anonymousTooMany: 'At most {{maxFiles}} files can be sent at once.',
    anonymousTooLarge: ANONYMOUS_DECISION_MESSAGES.tooLarge,
    anonymousNoFiles: ANONYMOUS_DECISION_MESSAGES.noFiles,
    anonymousRateLimited: ANONYMOUS_DECISION_MESSAGES.rateLimited,
    anonymousBusyOneMinute: ANONYMOUS_DECISION_MESSAGES.busyOneMinute,
    anonymousBusy: ANONYMOUS_DECISION_MESSAGES.busyMinutes,
    anonymousSettingsNotJson: ANONYMOUS_DECISION_MESSAGES.settingsNotJson,
  },
  claims: CLAIM_REFUSALS,
  requests: REQUEST_MESSAGES,
  tribunal: TRIBUNAL_MESSAGES,
  constitution: CONSTITUTION_MESSAGES,
  corrections: CORRECTION_MESSAGES,
  fees: FEE_MESSAGES,
  promoCodes: PROMO_CODE_MESSAGES,
  tribunalFees: TRIBUNAL_FEE_MESSAGES,
  admin: ADMIN_MESSAGES,
  retention: RETENTION_MESSAGES,
  dataRights: DATA_RIGHTS_MESSAGES,
  incidents: INCIDENT_MESSAGES,
  notices: NOTICE_MESSAGES,
  aiUse: AI_USE_MESSAGES,
  outbox: OUTBOX_MESSAGES,
  registration: REGISTRATION_MESSAGES,
  entra: ENTRA_MESSAGES,
  fields: FIELD_MESSAGES,
} as const;

type Catalogue = typeof REFUSALS;

/** The shape of another language's catalogue of refusals: a text for every reason. */
export type RefusalTexts = {
  readonly [Group in keyof Catalogue]: { readonly [Key in keyof Catalogue[Group]]: string };
};

/** Every reason: the dotted path of a text in REFUSALS. */
export type RefusalReason = {
  [Group in keyof Catalogue & string]: `${Group}.${keyof Catalogue[Group] & string}`;
}[keyof Catalogue & string];

type TextOf<R extends RefusalReason> = R extends `${infer Group}.${infer Key}`
  ? Group extends keyof Catalogue
    ? Key extends keyof Catalogue[Group]
      ? Catalogue[Group][Key]
      : never
    : never
  : never;

type PlaceholdersOf<Text> = Text extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

/** The parameters a reason's text names: `…Bytes` are byte counts, the others are words or numbers. */
export type RefusalParams<R extends RefusalReason> = {
  [Name in PlaceholdersOf<TextOf<R>>]: Name extends `${string}Bytes` ? number : string | number;
};

/** A refusal worded from the catalogue: what an error of the server carries and its JSON body sends. */
export interface Refused {
  reason: RefusalReason;
  params: Record<string, string | number>;
  /** The English text with its parameters filled in. */
  message: string;
}

/** A reason's English text, as the catalogue holds it (with its `{{param}}` placeholders). */
export function refusalTemplate(reason: RefusalReason): string {
  const [group, key] = reason.split('.') as [keyof Catalogue, string];
  return (REFUSALS[group] as Record<string, string>)[key]!;
}

/** Whether a string names a reason of the catalogue (what the web checks before looking the text up). */
export function isRefusalReason(value: unknown): value is RefusalReason {
  if (typeof value !== 'string') return false;
  const [group, key, ...rest] = value.split('.');
  if (rest.length > 0 || !group || !key || !Object.hasOwn(REFUSALS, group)) return false;
  return Object.hasOwn(REFUSALS[group as keyof Catalogue], key);
}

/** Every reason of the catalogue, for the tests that walk it. */
export function allRefusalReasons(): RefusalReason[] {
  return Object.entries(REFUSALS).flatMap(([group, texts]) =>
    Object.keys(texts).map((key) => `${group}.${key}` as RefusalReason),
  );
}

/** The `{{name}}` placeholders of a text, in order of appearance, each once. */
export function refusalPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!))];
}

/** Bytes in the server's English: "25 MB", "512 KB", "900 bytes". */
export function formatBytesEnglish(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * Fills a text's placeholders; a `…Bytes` parameter goes through `formatBytes`, a `phase` parameter (a phase
 * type, e.g. `ClaimantLetter1`) is written with its English name ("Claimant Letter 1").
 */
export function fillRefusalText(
  text: string,
  params: Record<string, string | number>,
  formatBytes: (bytes: number) => string = formatBytesEnglish,
): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (name.endsWith('Bytes') && typeof value === 'number') return formatBytes(value);
    if (name === 'phase' && typeof value === 'string' && isPhaseType(value)) return PHASE_LABELS_EN[value];
    return String(value);
  });
}

/**
 * A refusal worded from the catalogue: `refusal('accounts.tfaAlreadyEnabled')`,
 * `refusal('uploads.tooLarge', { limitBytes })`. The server's error classes take it in place of a sentence.
 */
export function refusal<R extends RefusalReason>(
  reason: R,
  ...params: [PlaceholdersOf<TextOf<R>>] extends [never] ? [] : [RefusalParams<R>]
): Refused {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return { reason, params: values, message: fillRefusalText(refusalTemplate(reason), values) };
}

const PASSWORD_REASONS = {
  tooShort: 'accounts.passwordTooShort',
  tooLong: 'accounts.passwordTooLong',
  common: 'accounts.passwordCommon',
  containsName: 'accounts.passwordContainsName',
} as const satisfies Record<PasswordProblem, RefusalReason>;

/** The refusal of a password the policy does not allow (password-policy.ts). */
export function passwordRefusal(problem: PasswordProblem): Refused {
  return refusal(PASSWORD_REASONS[problem]);
}

/** The refusal of files whose names are taken (docs/product.md section 5's text, the names after it). */
export function duplicateFilesRefusal(clashes: readonly { name: string; inSelection: boolean }[]): Refused {
  const names = clashes.map((clash) =>
    clash.inSelection ? `${clash.name} ${UPLOAD_MESSAGES.duplicateInSelectionMark}` : clash.name,
  );
  return refusal('uploads.duplicateNames', { names: names.join(', ') });
}
