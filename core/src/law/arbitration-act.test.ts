import { describe, expect, it } from 'vitest';
import { AWARD_PERIODS, awardDeadlines } from '../tribunal/award-deadlines.js';
import {
  awardPeriodKinds,
  periodDeadline,
  periodInMail,
  periodsInMail,
  periodWithin,
  sectionLabel,
  setAsideRunsFromDecision,
  STATUTORY_PERIOD_KINDS,
  STATUTORY_PERIODS,
} from './arbitration-act.js';

describe('the Arbitration Act’s periods', () => {
  it('name sections as each language writes them', () => {
    expect(sectionLabel([41], 'en')).toBe('§ 41');
    expect(sectionLabel([38, 39], 'en')).toBe('§§ 38–39');
    expect(sectionLabel([41], 'fi')).toBe('41 §');
    expect(sectionLabel([38, 39], 'fi')).toBe('38–39 §');
  });

  it('state each length once: the short term, the Act’s words and the computed deadline agree', () => {
    for (const kind of STATUTORY_PERIOD_KINDS) {
      const period = STATUTORY_PERIODS[kind];
      const count = String(period.length.days ?? period.length.months);
      expect(period.term.en.startsWith(`${count} `), kind).toBe(true);
      expect(period.term.fi.startsWith(`${count} `), kind).toBe(true);
      expect(AWARD_PERIODS.find((entry) => entry.kind === kind)).toMatchObject({
        section: sectionLabel(period.sections, 'fi'),
        ...period.length,
      });
    }
    // Received on 2 March 2027: 30 days → 1 April; 60 days → 1 May (May Day) → 3 May (Monday); 3 months → 2 June.
    expect(awardDeadlines('2027-03-02T10:00:00Z').map((deadline) => deadline.date)).toEqual([
      '2027-04-01',
      '2027-05-03',
      '2027-06-02',
    ]);
  });

  it('give the mails’ list, § 47 only when the award fixes the arbitrators’ fees', () => {
    expect(awardPeriodKinds(false)).toEqual(['correction', 'setAside']);
    expect(periodsInMail(awardPeriodKinds(false), 'en')).toBe(
      'a request for correction, interpretation or an additional award (30 days, Arbitration Act 967/1992 §§ 38–39) and an action to set the award aside (3 months, § 41)',
    );
    expect(periodsInMail(awardPeriodKinds(true), 'fi')).toBe(
      'pyyntö tuomion korjaamisesta, tulkitsemisesta tai lisätuomiosta (30 päivää, välimiesmenettelylaki 967/1992 38–39 §), ' +
        'hakemus välimiesten palkkiosta käräjäoikeudelle (60 päivää, 47 §) ja kanne välitystuomion kumoamiseksi (3 kuukautta, 41 §)',
    );
    expect(periodInMail('feeChallenge', 'en')).toBe(
      'an application to the district court about the arbitrators’ fees (60 days, § 47)',
    );
  });

  it('give the card’s line and the award’s words for each period', () => {
    expect(periodDeadline('setAside', 'en', '3.6.2027')).toBe('An action to set the award aside (§ 41): by 3.6.2027');
    expect(periodDeadline('correction', 'fi', '{{date}}')).toBe(
      'Pyyntö tuomion korjaamisesta, tulkitsemisesta tai lisätuomiosta (38–39 §): viimeistään {{date}}',
    );
    expect(periodWithin('setAside', 'fi')).toBe(
      'kolmen kuukauden kuluessa siitä päivästä, jona asianosainen sai kappaleen välitystuomiota',
    );
    expect(periodWithin('correction', 'fi', { receiver: 'se' })).toBe(
      '30 päivän kuluessa siitä päivästä, jona se sai kappaleen välitystuomiota',
    );
    expect(periodWithin('feeChallenge', 'en')).toBe('within 60 days of the day the party received a copy of the award');
    expect(setAsideRunsFromDecision('en', { withAct: true, decision: 'that' })).toBe(
      'the three months for an action to set the award aside (Arbitration Act 967/1992 § 41) run from the day you receive a copy of that decision',
    );
  });
});
