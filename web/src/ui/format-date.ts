import { displayLanguage, formatDisplayDate, formatDisplayDateTime } from '@ratkaisu/core';
import i18next from 'i18next';

/**
 * The screens' dates, through the one formatter in core that mails use too (core/src/text/display-dates.ts):
 * Helsinki time, the date as 9.12.2026 in both languages, the time in the UI's language.
 */

/** A date in Helsinki time (15.1.2025). Empty for an invalid value. */
export function formatDate(value: Date | string | number): string {
  return formatDisplayDate(value);
}

/** A date and time in Helsinki time, in the UI's language: "15.1.2025, 12:00" or "15.1.2025 klo 12.00". */
export function formatDateTime(value: Date | string | number): string {
  return formatDisplayDateTime(value, displayLanguage(i18next.resolvedLanguage ?? i18next.language));
}
