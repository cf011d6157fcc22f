import { describe, expect, it } from 'vitest';
import {
  displayLanguage,
  formatDisplayDate,
  formatDisplayDateTime,
  formatDisplayTime,
  formatFinnishLongDate,
  formatIsoDate,
  formatMailDateTime,
} from './display-dates.js';

describe('formatDisplayDate', () => {
  it('shows the Helsinki calendar day as day.month.year', () => {
    expect(formatDisplayDate('2026-12-09T10:00:00Z')).toBe('9.12.2026');
    // 22:30 UTC on 14 January is already 15 January in Helsinki (UTC+2).
    expect(formatDisplayDate(new Date('2025-01-14T22:30:00Z'))).toBe('15.1.2025');
    // 21:30 UTC on 30 June is already 1 July in Helsinki summer time (UTC+3), not yet at 20:59.
    expect(formatDisplayDate(Date.parse('2025-06-30T21:30:00Z'))).toBe('1.7.2025');
    expect(formatDisplayDate('2025-06-30T20:59:00Z')).toBe('30.6.2025');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDisplayDate('nonsense')).toBe('');
  });
});

describe('formatDisplayDateTime', () => {
  it('writes English times with a colon and no "klo"', () => {
    expect(formatDisplayDateTime('2025-01-15T10:00:00Z', 'en')).toBe('15.1.2025, 12:00');
    expect(formatDisplayDateTime('2025-01-15T10:00:00Z', 'en')).not.toMatch(/klo/);
  });

  it('writes Finnish times with "klo" and a full stop', () => {
    expect(formatDisplayDateTime('2025-01-15T10:00:00Z', 'fi')).toBe('15.1.2025 klo 12.00');
  });

  it('follows Helsinki summer time across the DST changes', () => {
    // Summer time starts on 30 March 2025 at 03:00 local (01:00 UTC): UTC+2 before, UTC+3 after.
    expect(formatDisplayDateTime('2025-03-30T00:59:00Z', 'en')).toBe('30.3.2025, 02:59');
    expect(formatDisplayDateTime('2025-03-30T01:00:00Z', 'en')).toBe('30.3.2025, 04:00');
    // It ends on 26 October 2025 at 04:00 local (01:00 UTC).
    expect(formatDisplayDateTime('2025-10-26T00:30:00Z', 'fi')).toBe('26.10.2025 klo 03.30');
    expect(formatDisplayDateTime('2025-10-26T01:30:00Z', 'fi')).toBe('26.10.2025 klo 03.30');
    expect(formatDisplayDateTime('2025-07-01T10:00:00Z', 'fi')).toBe('1.7.2025 klo 13.00');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDisplayDateTime('2025-01-14T22:00:00Z', 'en')).toBe('15.1.2025, 00:00');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDisplayDateTime('', 'fi')).toBe('');
  });
});

describe('formatMailDateTime', () => {
  it('names the zone in the mail’s language, never UTC', () => {
    expect(formatMailDateTime('2026-12-09T13:00:00Z')).toBe('9.12.2026, 15:00 (Helsinki time)');
    expect(formatMailDateTime('2026-12-09T13:00:00Z', 'fi')).toBe('9.12.2026 klo 15.00 (Suomen aikaa)');
  });
});

describe('displayLanguage', () => {
  it('reads fi and fi-FI as Finnish and anything else as English', () => {
    expect(displayLanguage('fi')).toBe('fi');
    expect(displayLanguage('fi-FI')).toBe('fi');
    expect(displayLanguage('en-GB')).toBe('en');
    expect(displayLanguage(undefined)).toBe('en');
  });
});

describe('formatIsoDate, formatFinnishLongDate and formatDisplayTime', () => {
  it('date a moment by the Helsinki calendar: 00:30 there is already the next day', () => {
    // 31.12.2026 22:30 UTC is 1.1.2027 00:30 in Helsinki (winter, UTC+2).
    expect(formatIsoDate('2026-12-31T22:30:00Z')).toBe('2027-01-01');
    // Summer time (UTC+3): 30.6.2026 21:30 UTC is 1.7.2026 00:30.
    expect(formatIsoDate('2026-06-30T21:30:00Z')).toBe('2026-07-01');
    expect(formatIsoDate('not a date')).toBe('');
  });

  it('write the Finnish long date of documents and the time of day in each language', () => {
    expect(formatFinnishLongDate('2026-12-01T10:00:00Z')).toBe('1. joulukuuta 2026');
    expect(formatDisplayTime('2026-12-09T13:05:00Z', 'fi')).toBe('15.05');
    expect(formatDisplayTime('2026-12-09T13:05:00Z', 'en')).toBe('15:05');
    expect(formatFinnishLongDate('')).toBe('');
  });
});
