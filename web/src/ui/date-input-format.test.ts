import { describe, expect, it } from 'vitest';
import { dateInputFormat, fromIsoDate, toIsoDate } from './date-input-format';

describe('date input format', () => {
  it('types and shows Finnish dates as d.M.yyyy', () => {
    const fi = dateInputFormat('fi');
    expect(fi.format(new Date(2026, 0, 5))).toBe('5.1.2026');
    expect(toIsoDate(fi.parse('5.1.2026')!)).toBe('2026-01-05');
    expect(toIsoDate(fi.parse(' 05.01.2026 ')!)).toBe('2026-01-05');
    expect(dateInputFormat('fi-FI')).toBe(fi);
  });

  it('types and shows English dates day first as dd/MM/yyyy, never month first', () => {
    const en = dateInputFormat('en');
    expect(en.format(new Date(2026, 0, 5))).toBe('05/01/2026');
    expect(toIsoDate(en.parse('05/01/2026')!)).toBe('2026-01-05');
    expect(en.parse('13/12/2026')).not.toBeNull();
    expect(en.parse('12/13/2026')).toBeNull();
    expect(dateInputFormat('sv')).toBe(en);
  });

  it('refuses what is not a real calendar date', () => {
    const fi = dateInputFormat('fi');
    for (const text of ['31.2.2026', '0.1.2026', '1.13.2026', '1.1.26', '2026-01-05', 'eilen', '']) {
      expect(fi.parse(text), text).toBeNull();
    }
  });

  it('round-trips the API value', () => {
    expect(toIsoDate(fromIsoDate('2026-03-31')!)).toBe('2026-03-31');
    expect(fromIsoDate('2026-02-30')).toBeUndefined();
    expect(fromIsoDate('')).toBeUndefined();
  });
});
