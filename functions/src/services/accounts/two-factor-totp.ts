import { Secret, TOTP } from 'otpauth';

/** The TOTP parameters every authenticator app understands (RFC 6238 defaults). */
export const TOTP_ISSUER = 'Ratkaisu';
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** 160 bits, the size RFC 4226 recommends for SHA-1. */
const SECRET_BYTES = 20;

/** A TOTP for a base32 secret, labelled with the account's email for the authenticator app. */
export function totpFor(secretBase32: string, accountLabel: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: accountLabel,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh random secret, base32 without padding: what the user types in as the backup code. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** Spaces are allowed between the digits, as authenticator apps show them. */
export function normalizeTotpCode(code: string): string | undefined {
  const digits = code.replace(/\s+/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : undefined;
}
