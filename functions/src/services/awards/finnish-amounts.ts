import { formatDisplayDate, formatFinnishLongDate } from '@ratkaisu/core';

/** Money and dates as the award's Finnish text writes them (award-wording-fi.ts re-exports them for its users). */

/** Finnish long date in Helsinki time: "1. joulukuuta 2026". */
export function finnishDate(date: Date): string {
  return formatFinnishLongDate(date);
}

/** Finnish short date: "1.12.2026". */
export function finnishShortDate(date: Date | string): string {
  return formatDisplayDate(date);
}

/** "12 500,00 €" from cents. */
export function euros(cents: number): string {
  return `${euroNumber(cents)} €`;
}

/** An amount in running text: "12 500,00 euroa" (object), or "12 500,00 eurolla" (adessive, `case: 'adessive'`). */
export function euroAmount(cents: number, grammaticalCase: 'partitive' | 'adessive' = 'partitive'): string {
  const number = euroNumber(cents);
  return `${number} ${grammaticalCase === 'adessive' ? 'eurolla' : 'euroa'}`;
}

function euroNumber(cents: number): string {
  return new Intl.NumberFormat('fi-FI', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

/** The sentence's first letter in capitals (a party's name written lower-case after "velvoitetaan"). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
