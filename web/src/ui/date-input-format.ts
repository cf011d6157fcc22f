/**
 * How a date is typed and shown in a date field, by the UI language: Finnish d.M.yyyy (15.1.2025), English
 * dd/MM/yyyy (15/01/2025, the English locale's day-first order, not the US month-first one). The value
 * behind the field is a calendar date, YYYY-MM-DD, as the API's filters take it.
 */
export interface DateInputFormat {
  /** The pattern, as shown in the field's placeholder. */
  pattern: string;
  format: (date: Date) => string;
  /** The typed text as a date, or null when it is not a real calendar date in this format. */
  parse: (text: string) => Date | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

function realDate(year: number, month: number, day: number): Date | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(year, month - 1, day);
  // 31.2. rolls over to March in Date: not a real date.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

function dayFirst(separator: '.' | '/', padded: boolean, pattern: string): DateInputFormat {
  const matcher = separator === '.' ? /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/ : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
  return {
    pattern,
    format: (date) => {
      const day = padded ? pad(date.getDate()) : String(date.getDate());
      const month = padded ? pad(date.getMonth() + 1) : String(date.getMonth() + 1);
      return `${day}${separator}${month}${separator}${date.getFullYear()}`;
    },
    parse: (text) => {
      const match = matcher.exec(text.trim());
      return match ? realDate(Number(match[3]), Number(match[2]), Number(match[1])) : null;
    },
  };
}

const FORMATS: Record<'fi' | 'en', DateInputFormat> = {
  fi: dayFirst('.', false, 'p.k.vvvv'),
  en: dayFirst('/', true, 'dd/mm/yyyy'),
};

/** The format of a UI language (`fi`, `fi-FI`, `en`…); anything else is English, the fallback locale. */
export function dateInputFormat(language: string): DateInputFormat {
  return language.toLowerCase().startsWith('fi') ? FORMATS.fi : FORMATS.en;
}

/** A local calendar date as YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD as a local calendar date, or undefined for anything else. */
export function fromIsoDate(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return (match && realDate(Number(match[1]), Number(match[2]), Number(match[3]))) || undefined;
}
