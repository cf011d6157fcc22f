import { formatDate } from '../../ui/format-date';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago something happened, as the admin screens word it (docs/product.md section 9, time-ago display). */
export type TimeAgo =
  | { kind: 'justNow' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'days'; count: number }
  | { kind: 'date'; text: string };

/**
 * Just now under a minute, then whole minutes, hours, and days under 7; older
 * (or unreadable, or in the future by more than a minute of clock skew) as a date.
 */
export function timeAgo(value: Date | string | number, now: Date | number = Date.now()): TimeAgo {
  const then = value instanceof Date ? value.getTime() : new Date(value).getTime();
  const elapsed = (now instanceof Date ? now.getTime() : now) - then;
  if (Number.isNaN(elapsed) || elapsed < -MINUTE || elapsed >= 7 * DAY) return { kind: 'date', text: formatDate(then) };
  if (elapsed < MINUTE) return { kind: 'justNow' };
  if (elapsed < HOUR) return { kind: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { kind: 'hours', count: Math.floor(elapsed / HOUR) };
  return { kind: 'days', count: Math.floor(elapsed / DAY) };
}
