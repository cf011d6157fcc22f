/**
 * The one date and time format of Ratkaisu, on screen and in mail (docs/product.md section 7: dates in the
 * Finnish locale, Helsinki time). The calendar date is always day.month.year (9.12.2026) in both
 * languages, so a date reads the same on every screen, in every mail and in the award; the time of day
 * follows the language: "9.12.2026, 14:30" in English, "9.12.2026 klo 14.30" in Finnish (an English
 * screen never shows "klo").
 */

/** The languages the product speaks. */
export const DISPLAY_LANGUAGES = ['en', 'fi'] as const;
export type DisplayLanguage = (typeof DISPLAY_LANGUAGES)[number];

/** Every date is shown in Helsinki wall-clock time, summer time included. */
export const DISPLAY_TIME_ZONE = 'Europe/Helsinki';

/** How the zone is named where a text has to say it (mails; the screens are all in Helsinki time). */
const ZONE_NAME: Record<DisplayLanguage, string> = { en: 'Helsinki time', fi: 'Suomen aikaa' };

const dateFormat = new Intl.DateTimeFormat('fi-FI', {
  timeZone: DISPLAY_TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});

const timeFormats: Record<DisplayLanguage, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', {
    timeZone: DISPLAY_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
  fi: new Intl.DateTimeFormat('fi-FI', {
    timeZone: DISPLAY_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
};

/** The language a value names, English for anything else ("fi-FI" → fi). */
export function displayLanguage(value: string | undefined | null): DisplayLanguage {
  return value?.toLowerCase().startsWith('fi') ? 'fi' : 'en';
}

function toDate(value: Date | string | number): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function datePart(date: Date): string {
  const parts = dateFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

function timePart(date: Date, language: DisplayLanguage): string {
  const parts = timeFormats[language].formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('hour')}${language === 'fi' ? '.' : ':'}${part('minute')}`;
}

/** The Helsinki calendar date, 9.12.2026. Empty for an invalid value. */
export function formatDisplayDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? datePart(date) : '';
}

/** The Helsinki time of day: "14:30" (en) or "14.30" (fi). Empty for an invalid value. */
export function formatDisplayTime(value: Date | string | number, language: DisplayLanguage): string {
  const date = toDate(value);
  return date ? timePart(date, language) : '';
}

const isoDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The Helsinki calendar date as `YYYY-MM-DD`, for file names, counters and date arithmetic: a file saved at 00:30
 * in Helsinki is dated that day. Empty for an invalid value.
 */
export function formatIsoDate(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = isoDateFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const finnishLongDateFormat = new Intl.DateTimeFormat('fi-FI', { timeZone: DISPLAY_TIME_ZONE, dateStyle: 'long' });

/** The Finnish long date of documents, in Helsinki time: "1. joulukuuta 2026". Empty for an invalid value. */
export function formatFinnishLongDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? finnishLongDateFormat.format(date) : '';
}

/** The Helsinki date and time: "9.12.2026, 14:30" (en) or "9.12.2026 klo 14.30" (fi). Empty for an invalid value. */
export function formatDisplayDateTime(value: Date | string | number, language: DisplayLanguage): string {
  const date = toDate(value);
  if (!date) return '';
  return language === 'fi'
    ? `${datePart(date)} klo ${timePart(date, 'fi')}`
    : `${datePart(date)}, ${timePart(date, 'en')}`;
}

/**
 * A date and time for a mail, with the zone named because a mail is read away from the screen:
 * "9.12.2026, 14:30 (Helsinki time)". Empty for an invalid value.
 */
export function formatMailDateTime(value: Date | string | number, language: DisplayLanguage = 'en'): string {
  const text = formatDisplayDateTime(value, language);
  return text ? `${text} (${ZONE_NAME[language]})` : '';
}
