import { DatePicker, defaultDatePickerStrings } from '@fluentui/react-datepicker-compat';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateInputFormat, fromIsoDate, toIsoDate } from './date-input-format';

/** Monday: the first day of the week in Finland (DayOfWeek.Monday of the calendar). */
const MONDAY = 1;

export interface LocaleDatePickerProps {
  /** The date as YYYY-MM-DD, or '' for none. */
  value: string;
  /** The chosen or typed date as YYYY-MM-DD, or '' when cleared. */
  onChange: (value: string) => void;
  /** Earliest and latest allowed dates, YYYY-MM-DD. */
  min?: string;
  max?: string;
  className?: string;
  'aria-describedby'?: string;
}

/**
 * A date field in the UI language's format (d.M.yyyy in Finnish, dd/MM/yyyy in English), typed or picked
 * from Fluent's calendar, instead of the browser's date input, which follows the browser's locale
 * (mm/dd/yyyy in a US-English browser). Put it in a Field for its label and messages.
 */
export function LocaleDatePicker({ value, onChange, min, max, className, ...aria }: LocaleDatePickerProps) {
  const { i18n } = useTranslation();
  const language = i18n.language || 'en';
  const format = dateInputFormat(language);
  const strings = useMemo(() => calendarStrings(language), [language]);
  const minDate = min ? fromIsoDate(min) : undefined;
  const maxDate = max ? fromIsoDate(max) : undefined;
  return (
    <DatePicker
      className={className}
      value={fromIsoDate(value) ?? null}
      onSelectDate={(date) => onChange(date ? toIsoDate(date) : '')}
      formatDate={(date) => (date ? format.format(date) : '')}
      parseDateFromString={format.parse}
      placeholder={format.pattern}
      allowTextInput
      firstDayOfWeek={MONDAY}
      strings={strings}
      {...(minDate ? { minDate } : {})}
      {...(maxDate ? { maxDate } : {})}
      {...aria}
    />
  );
}

/** The calendar's month and day names in the UI language (Intl), the rest of its texts as Fluent ships them. */
function calendarStrings(language: string) {
  const monthName = (style: 'long' | 'short') =>
    Array.from({ length: 12 }, (_, month) =>
      new Intl.DateTimeFormat(language, { month: style }).format(new Date(2026, month, 1)),
    );
  // 4 January 2026 is a Sunday: the calendar counts days from Sunday.
  const dayName = (style: 'long' | 'narrow') =>
    Array.from({ length: 7 }, (_, day) =>
      new Intl.DateTimeFormat(language, { weekday: style }).format(new Date(2026, 0, 4 + day)),
    );
  return {
    ...defaultDatePickerStrings,
    months: monthName('long'),
    shortMonths: monthName('short'),
    days: dayName('long'),
    shortDays: dayName('narrow'),
  };
}
