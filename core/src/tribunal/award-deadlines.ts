import {
  sectionLabel,
  STATUTORY_PERIOD_KINDS,
  STATUTORY_PERIODS,
  type StatutoryPeriodKind,
} from '../law/arbitration-act.js';
import { formatIsoDate } from '../text/display-dates.js';

/**
 * The periods that run from a party's receipt of a copy of the award (docs/architecture.md "The outcome holds"),
 * as calendar dates in Helsinki, computed as the Act on the Computation of Statutory Time Limits (150/1930)
 * says: the day of receipt is not counted (§ 2); a period of days ends on the day that many days later;
 * a period of months ends on the day of the month with the same number as the day of receipt, or on the
 * month's last day when it has no such day (§ 3); a period that ends on a Saturday, a Sunday or another
 * public holiday, Independence Day, May Day, Christmas Eve or Midsummer Eve ends on the next working day (§ 5).
 * Pure: no clock, no I/O.
 */

/** A calendar date, `2026-12-09`. */
export type CalendarDate = string;

/** The periods from receipt, as the Act states them (core/src/law/arbitration-act.ts). */
export type AwardDeadlineKind = StatutoryPeriodKind;

export interface AwardDeadline {
  kind: AwardDeadlineKind;
  /** The section of the Arbitration Act (967/1992) the period rests on. */
  section: string;
  /** The day the period ends, after any move past a holiday. */
  date: CalendarDate;
  /** The day the period would end without § 5 of 150/1930, when it was moved. */
  movedFrom?: CalendarDate;
  /**
   * § 41(3): where a request under §§ 38–39 was made, the three months run from the party's receipt of the
   * tribunal's decision on it, not of the award: `requestDecision` when the date counts from that receipt;
   * `awaitingRequestDecision` while a request is undecided or its decision not yet received by this party
   * (then `date` is the award-based date, shown only as superseded).
   */
  runsFrom?: 'requestDecision' | 'awaitingRequestDecision';
}

/** The periods from receipt (§§ 38–39 30 days, § 47 60 days, § 41 three months), from the Act's one home. */
export const AWARD_PERIODS: readonly { kind: AwardDeadlineKind; section: string; days?: number; months?: number }[] =
  STATUTORY_PERIOD_KINDS.map((kind) => ({
    kind,
    section: sectionLabel(STATUTORY_PERIODS[kind].sections, 'fi'),
    ...STATUTORY_PERIODS[kind].length,
  }));

/** The Helsinki calendar date of an instant (core's one ISO-date format, text/display-dates.ts). */
export function helsinkiCalendarDate(value: Date | string | number): CalendarDate {
  return formatIsoDate(value);
}

function parse(date: CalendarDate): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not a calendar date: ${date}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

function format(y: number, m: number, d: number): CalendarDate {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function fromUtc(date: Date): CalendarDate {
  return format(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function toUtc(date: CalendarDate): Date {
  const { y, m, d } = parse(date);
  return new Date(Date.UTC(y, m - 1, d));
}

export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  const at = toUtc(date);
  at.setUTCDate(at.getUTCDate() + days);
  return fromUtc(at);
}

/** The same day number `months` later, or that month's last day when it is shorter (150/1930 § 3). */
export function addCalendarMonths(date: CalendarDate, months: number): CalendarDate {
  const { y, m, d } = parse(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return format(year, month, Math.min(d, last));
}

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return format(year, month, day);
}

/** The day of a given weekday (0 = Sunday) in [from, from + 6]. */
function weekdayOnOrAfter(from: CalendarDate, weekday: number): CalendarDate {
  const at = toUtc(from);
  return addCalendarDays(from, (weekday - at.getUTCDay() + 7) % 7);
}

/**
 * The days other than Sundays on which no period ends in Finland (150/1930 § 5): the church holidays of
 * the Act on the Church's holidays, Independence Day, May Day, Christmas Eve and Midsummer Eve.
 */
export function finnishNonWorkingHolidays(year: number): Set<CalendarDate> {
  const easter = easterSunday(year);
  const midsummerDay = weekdayOnOrAfter(format(year, 6, 20), 6); // the Saturday of 20–26 June
  return new Set([
    format(year, 1, 1), // New Year's Day
    format(year, 1, 6), // Epiphany
    addCalendarDays(easter, -2), // Good Friday
    addCalendarDays(easter, 1), // Easter Monday
    format(year, 5, 1), // May Day
    addCalendarDays(easter, 39), // Ascension Day
    addCalendarDays(midsummerDay, -1), // Midsummer Eve
    midsummerDay,
    weekdayOnOrAfter(format(year, 10, 31), 6), // All Saints' Day, the Saturday of 31 October–6 November
    format(year, 12, 6), // Independence Day
    format(year, 12, 24), // Christmas Eve
    format(year, 12, 25),
    format(year, 12, 26),
  ]);
}

/** Whether a period may end on the day: not a Saturday, Sunday or holiday of 150/1930 § 5. */
export function isFinnishWorkingDay(date: CalendarDate): boolean {
  const weekday = toUtc(date).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !finnishNonWorkingHolidays(parse(date).y).has(date);
}

/** The day itself when a period may end on it, else the next working day (150/1930 § 5). */
export function nextFinnishWorkingDay(date: CalendarDate): CalendarDate {
  let day = date;
  while (!isFinnishWorkingDay(day)) day = addCalendarDays(day, 1);
  return day;
}

/** The day a period of days or months from a start day (not counted) would end, before § 5 (150/1930 §§ 2–3). */
function nominalEnd(start: CalendarDate, period: { days?: number; months?: number }): CalendarDate {
  return period.months !== undefined
    ? addCalendarMonths(start, period.months)
    : addCalendarDays(start, period.days ?? 0);
}

/** One period from a start day (not counted) by 150/1930: days or months, then past any holiday. */
export function periodEnd(start: CalendarDate, period: { days?: number; months?: number }): CalendarDate {
  return nextFinnishWorkingDay(nominalEnd(start, period));
}

/** The periods that run from a party's receipt of the award (an instant), as Helsinki calendar dates. */
export function awardDeadlines(receivedAt: Date | string | number): AwardDeadline[] {
  const start = helsinkiCalendarDate(receivedAt);
  return AWARD_PERIODS.map((period) => {
    const nominal = nominalEnd(start, period);
    const date = nextFinnishWorkingDay(nominal);
    return { kind: period.kind, section: period.section, date, ...(date !== nominal ? { movedFrom: nominal } : {}) };
  });
}

/**
 * The periods for one party after the requests under §§ 38–39 (Arbitration Act 967/1992 § 41(3)): the § 41
 * period runs from the party's receipt of the tribunal's decision on the requests (the last of them) once every
 * request is decided and each decision has reached the party; until then it awaits that decision. The other
 * periods still run from the award's receipt.
 */
export function awardDeadlinesAfterRequests(
  receivedAt: Date | string | number,
  requests: { decided: boolean; decisionReceivedAt?: string }[],
): AwardDeadline[] {
  const deadlines = awardDeadlines(receivedAt);
  if (requests.length === 0) return deadlines;
  const waiting = requests.some((request) => !request.decided || !request.decisionReceivedAt);
  return deadlines.map((deadline) => {
    if (deadline.kind !== 'setAside') return deadline;
    if (waiting) return { ...deadline, runsFrom: 'awaitingRequestDecision' as const };
    const last = requests
      .map((request) => request.decisionReceivedAt!)
      .sort()
      .at(-1)!;
    const [fromDecision] = awardDeadlines(last).filter((candidate) => candidate.kind === 'setAside');
    return { ...fromDecision!, runsFrom: 'requestDecision' as const };
  });
}

/** Whether an instant falls on or before a period's last day (Helsinki time: the whole last day counts). */
export function withinPeriod(now: Date | string | number, lastDay: CalendarDate): boolean {
  return helsinkiCalendarDate(now) <= lastDay;
}

/** The Helsinki display form of a calendar date: 2026-12-09 → 9.12.2026 (the one date format of Ratkaisu). */
export function formatCalendarDate(date: CalendarDate): string {
  const { y, m, d } = parse(date);
  return `${d}.${m}.${y}`;
}
