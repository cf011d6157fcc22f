import argon2 from 'argon2';
import type { PasswordHashCost } from '../../config.js';

/*
 * How much work a new password hash costs. `owasp` — OWASP's argon2id parameters: 19 MiB memory,
 * 2 iterations, 1 lane — everywhere but test runs; `test` (PASSWORD_HASH_COST=test, only with
 * RATKAISU_ENV=test) is still argon2id, at 1 MiB and 1 iteration, so the thousands of accounts the test
 * suites register do not spend minutes of CPU on hashing. A hash carries its own parameters, so
 * verification needs no setting.
 */
const ARGON2_OPTIONS = {
  owasp: { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 },
  test: { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS[cost]);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
