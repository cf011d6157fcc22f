import { randomInt } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import type { UserDocument } from '../../records/user-document.js';
import { hashPassword, verifyPassword } from './hash-password.js';
import type { PasswordHashCost } from '../../config.js';

/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits no one misreads (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 10 characters of 31: about 49 bits each, shown as two groups of five ("K7QD9-X2MPL"). */
const CODE_LENGTH = 10;

/**
 * Ten one-time codes that stand in for the authenticator app when it is lost (docs/decisions.md, "Recovery
 * codes"): shown once, stored only as argon2id hashes — as passwords are, so a copy of the store does not
 * give them away — and each spent by one conditional write.
 */
export async function newRecoveryCodes(
  cost: PasswordHashCost,
): Promise<{ codes: string[]; stored: { hash: string }[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  const stored = [];
  // One after the other: each hash takes 19 MiB (at OWASP's cost), and the machine has other work.
  for (const code of codes) stored.push({ hash: await hashPassword(normalizeRecoveryCode(code)!, cost) });
  return { codes, stored };
}

/** A recovery code as typed (any case, spaces or a dash between the groups), or undefined when it cannot be one. */
export function normalizeRecoveryCode(code: string): string | undefined {
  const compact = code.replace(/[\s\-‐‑–]/g, '').toUpperCase();
  return compact.length === CODE_LENGTH && [...compact].every((char) => ALPHABET.includes(char)) ? compact : undefined;
}

/** How many of the account's recovery codes are still unused. */
export function recoveryCodesLeft(user: Pick<UserDocument, 'tfaRecoveryCodes'>): number {
  return (user.tfaRecoveryCodes ?? []).filter((code) => !code.usedAt).length;
}

/**
 * Spends one of the user's unused recovery codes: the code is compared with each unused hash, then marked used
 * by a write conditional on the document read, so two requests presenting it at once cannot both pass, and a
 * code from a set replaced meanwhile is refused. The user as written, or undefined when the code is not one.
 */
export async function consumeRecoveryCode(
  deps: Pick<Deps, 'store' | 'clock'>,
  userId: string,
  code: string,
): Promise<Stored<UserDocument> | undefined> {
  const typed = normalizeRecoveryCode(code);
  if (!typed) return undefined;
  const users = deps.store.collection<UserDocument>('users');
  const user = await users.read(userId, userId);
  if (!user?.tfaEnabled) return undefined;
  let matched: string | undefined;
  for (const stored of user.tfaRecoveryCodes ?? []) {
    if (!stored.usedAt && (await verifyPassword(stored.hash, typed))) {
      matched = stored.hash;
      break;
    }
  }
  if (!matched) return undefined;
  const usedAt = deps.clock.now().toISOString();
  const result = await changeRecord(
    users,
    { pk: userId, id: userId },
    (current) => {
      const codes = current.tfaRecoveryCodes ?? [];
      if (!current.tfaEnabled || !codes.some((stored) => stored.hash === matched && !stored.usedAt)) return undefined;
      return {
        ...current,
        tfaRecoveryCodes: codes.map((stored) => (stored.hash === matched ? { ...stored, usedAt } : stored)),
      };
    },
    { attempts: 5 },
  );
  return result.outcome === 'written' ? result.record : undefined;
}
