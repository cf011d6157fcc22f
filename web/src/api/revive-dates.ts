/** `/Date(1700000000000)/`, optionally with a `+0200` offset that does not change the instant. */
const MS_DATE = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/;
/** ISO 8601 date-time; the zone part is optional (a naive time is UTC). Date-only strings stay strings. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Turns a server date string into a Date, or returns undefined when the string is not a date. */
export function parseServerDate(value: string): Date | undefined {
  const ms = MS_DATE.exec(value);
  if (ms) return new Date(Number(ms[1]));
  const iso = ISO_DATE_TIME.exec(value);
  if (!iso) return undefined;
  // The server sometimes omits the zone; its clocks are UTC, so say so explicitly.
  const date = new Date(iso[1] ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A JSON.parse reviver that turns server date strings into Dates. */
export function reviveDates(_key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return parseServerDate(value) ?? value;
}
