import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms);

describe('timeAgo', () => {
  it('says just now under a minute, and for a clock a little ahead', () => {
    expect(timeAgo(before(0), NOW)).toEqual({ kind: 'justNow' });
    expect(timeAgo(before(59_999), NOW)).toEqual({ kind: 'justNow' });
    expect(timeAgo(new Date(NOW + 30_000), NOW)).toEqual({ kind: 'justNow' });
  });

  it('counts whole minutes under an hour and whole hours under a day', () => {
    expect(timeAgo(before(60_000), NOW)).toEqual({ kind: 'minutes', count: 1 });
    expect(timeAgo(before(59 * 60_000 + 59_000), NOW)).toEqual({ kind: 'minutes', count: 59 });
    expect(timeAgo(before(3_600_000), NOW)).toEqual({ kind: 'hours', count: 1 });
    expect(timeAgo(before(23 * 3_600_000 + 3_599_000), NOW)).toEqual({ kind: 'hours', count: 23 });
  });

  it('counts days under 7, then gives the date in Finnish form', () => {
    expect(timeAgo(before(86_400_000), NOW)).toEqual({ kind: 'days', count: 1 });
    expect(timeAgo(before(7 * 86_400_000 - 1), NOW)).toEqual({ kind: 'days', count: 6 });
    expect(timeAgo(before(7 * 86_400_000), NOW)).toEqual({ kind: 'date', text: '3.3.2026' });
    expect(timeAgo('2025-01-15T10:00:00Z', NOW)).toEqual({ kind: 'date', text: '15.1.2025' });
  });

  it('accepts ISO strings and numbers, and gives an empty date for nonsense', () => {
    expect(timeAgo('2026-03-10T11:55:00.000Z', NOW)).toEqual({ kind: 'minutes', count: 5 });
    expect(timeAgo(NOW - 2 * 3_600_000, new Date(NOW))).toEqual({ kind: 'hours', count: 2 });
    expect(timeAgo('not a date', NOW)).toEqual({ kind: 'date', text: '' });
    expect(timeAgo(new Date(NOW + 2 * 3_600_000), NOW)).toEqual({ kind: 'date', text: '10.3.2026' });
  });
});
