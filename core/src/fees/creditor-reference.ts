/**
 * Payment references for invoices (docs/fees.md "Invoices"): the Finnish national reference number
 * (viitenumero, with its 7-3-1 check digit, Finance Finland's standard) and the international RF creditor
 * reference of ISO 11649 built on it, which Finnish banks accept and report back in camt.054 statements.
 */

/** The Finnish reference number for a base of 3–19 digits: the base and its 7-3-1 check digit. */
export function finnishReference(base: string): string {
  if (!/^\d{3,19}$/.test(base) || /^0+$/.test(base)) {
    throw new RangeError('A Finnish reference number is built on 3 to 19 digits, not all zero.');
  }
  const weights = [7, 3, 1];
  const sum = [...base].reverse().reduce((total, digit, index) => total + Number(digit) * weights[index % 3]!, 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
}

/** Whether a Finnish reference number (spaces allowed) carries the right check digit. */
export function isFinnishReference(reference: string): boolean {
  const compact = reference.replace(/\s/g, '');
  if (!/^\d{4,20}$/.test(compact)) return false;
  return finnishReference(compact.slice(0, -1)) === compact;
}

/** ISO 7064 mod 97-10 of a reference's characters, letters as 10–35. */
function mod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    const value = parseInt(character, 36);
    for (const digit of String(value)) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The RF creditor reference (ISO 11649) for a reference of 1–21 letters and digits, printed in groups of four. */
export function rfReference(reference: string): string {
  const compact = reference.replace(/\s/g, '').toUpperCase();
  if (!/^[0-9A-Z]{1,21}$/.test(compact)) throw new RangeError('An RF reference holds 1 to 21 letters and digits.');
  const check = String(98 - mod97(`${compact}RF00`)).padStart(2, '0');
  return `RF${check}${compact}`.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Whether an RF creditor reference (spaces allowed, any case) is well formed and its check digits hold. */
export function isRfReference(reference: string): boolean {
  const compact = reference.replace(/\s/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  return mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
}

/** Whether a Finnish business ID (Y-tunnus, `1234567-1`) carries the right check digit (weights 7 9 10 5 8 4 2, mod 11). */
export function isFinnishBusinessId(businessId: string): boolean {
  const match = /^(\d{7})-(\d)$/.exec(businessId);
  if (!match) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const remainder = [...match[1]!].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0) % 11;
  if (remainder === 1) return false; // no valid ID has remainder 1
  return (remainder === 0 ? 0 : 11 - remainder) === Number(match[2]);
}

/** Whether an IBAN (spaces allowed) is well formed and its ISO 7064 check digits hold. */
export function isIban(iban: string): boolean {
  const compact = iban.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]{11,30}$/.test(compact)) return false;
  return mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
}
