import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  awardDeadlines,
  awardDeadlinesAfterRequests,
  easterSunday,
  formatCalendarDate,
  helsinkiCalendarDate,
  isFinnishWorkingDay,
  periodEnd,
  withinPeriod,
} from './award-deadlines.js';

describe('the periods from receipt of the award (150/1930)', () => {
  it('counts from the Helsinki date of receipt, not the UTC one', () => {
    // 23:30 UTC on 31 Jan is already 1 Feb in Helsinki.
    expect(helsinkiCalendarDate('2027-01-31T23:30:00Z')).toBe('2027-02-01');
    expect(helsinkiCalendarDate('2027-07-31T20:59:00Z')).toBe('2027-07-31');
    expect(helsinkiCalendarDate('2027-07-31T21:00:00Z')).toBe('2027-08-01');
  });

  it('ends a month period on the same day number, or the month’s last day when it is shorter', () => {
    expect(addCalendarMonths('2027-11-30', 3)).toBe('2028-02-29'); // leap year
    expect(addCalendarMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addCalendarMonths('2027-05-31', 1)).toBe('2027-06-30');
    expect(addCalendarMonths('2027-10-15', 3)).toBe('2028-01-15');
    expect(addCalendarMonths('2027-01-31', 1)).toBe('2027-02-28');
  });

  it('moves an end on a Saturday, a Sunday or a holiday to the next working day', () => {
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(isFinnishWorkingDay('2027-03-26')).toBe(false); // Good Friday
    expect(isFinnishWorkingDay('2027-03-29')).toBe(false); // Easter Monday
    expect(isFinnishWorkingDay('2027-05-06')).toBe(false); // Ascension Day
    expect(isFinnishWorkingDay('2027-06-25')).toBe(false); // Midsummer Eve
    expect(isFinnishWorkingDay('2026-12-24')).toBe(false); // Christmas Eve
    expect(isFinnishWorkingDay('2026-12-07')).toBe(true); // Monday after Independence Day
    // 30 days from 24.2.2027 is 26.3.2027, Good Friday: the period ends on Tuesday 30.3.2027.
    expect(periodEnd('2027-02-24', { days: 30 })).toBe('2027-03-30');
    // Three months from 6.9.2026 is Sunday 6.12.2026 (also Independence Day): Monday 7.12.2026.
    expect(periodEnd('2026-09-06', { months: 3 })).toBe('2026-12-07');
  });

  it('gives the three deadlines of a receipt with the sections they rest on', () => {
    // Received on Wednesday 3.3.2027 at 10:00 Helsinki time.
    expect(awardDeadlines('2027-03-03T08:00:00Z')).toEqual([
      { kind: 'correction', section: '38–39 §', date: '2027-04-02' },
      { kind: 'feeChallenge', section: '47 §', date: '2027-05-03', movedFrom: '2027-05-02' },
      { kind: 'setAside', section: '41 §', date: '2027-06-03' },
    ]);
    // Received on 30.11.2027: three months end on 29.2.2028 (a Tuesday).
    expect(awardDeadlines('2027-11-30T12:00:00Z').find((d) => d.kind === 'setAside')?.date).toBe('2028-02-29');
  });

  it('lets the whole last day count, in Helsinki time', () => {
    expect(withinPeriod('2027-04-02T20:59:59Z', '2027-04-02')).toBe(true);
    expect(withinPeriod('2027-04-02T21:00:00Z', '2027-04-02')).toBe(false);
    expect(formatCalendarDate('2027-04-02')).toBe('2.4.2027');
  });
});

describe('§ 41(3): after a request under §§ 38–39', () => {
  const award = '2027-03-03T08:00:00Z';
  const setAside = (deadlines: ReturnType<typeof awardDeadlines>) => deadlines.find((d) => d.kind === 'setAside');

  it('runs from the award when no request was made', () => {
    expect(awardDeadlinesAfterRequests(award, [])).toEqual(awardDeadlines(award));
  });

  it('awaits the decision while a request is open or its decision not yet received; the other periods run on', () => {
    const open = awardDeadlinesAfterRequests(award, [{ decided: false }]);
    expect(setAside(open)).toMatchObject({ runsFrom: 'awaitingRequestDecision' });
    expect(open.filter((d) => d.kind !== 'setAside')).toEqual(
      awardDeadlines(award).filter((d) => d.kind !== 'setAside'),
    );
    expect(setAside(awardDeadlinesAfterRequests(award, [{ decided: true }]))?.runsFrom).toBe('awaitingRequestDecision');
  });

  it("counts three months from the party's receipt of the last decision", () => {
    const deadlines = awardDeadlinesAfterRequests(award, [
      { decided: true, decisionReceivedAt: '2027-03-20T10:00:00Z' },
      { decided: true, decisionReceivedAt: '2027-04-01T10:00:00Z' },
    ]);
    // 1.4.2027 + 3 months = 1.7.2027 (a Thursday).
    expect(setAside(deadlines)).toEqual({
      kind: 'setAside',
      section: '41 §',
      date: '2027-07-01',
      runsFrom: 'requestDecision',
    });
    expect(setAside(awardDeadlines(award))?.date).toBe('2027-06-03');
  });
});
