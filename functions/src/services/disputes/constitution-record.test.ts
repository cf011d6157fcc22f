import { ARBITRATION_AGREEMENT } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { awardMarkdown, type AwardFrameInput } from '../awards/award-frame.js';
import { proceduralHistory } from '../awards/award-frame-data.js';
import type { DisputeDocument } from './dispute-document.js';
import {
  agreementAccepted,
  challengeBar,
  emptyConstitution,
  unansweredMatters,
  type ConstitutionRecord,
} from './constitution-record.js';

const now = new Date('2026-12-01T10:00:00Z');
const acceptance = { version: ARBITRATION_AGREEMENT.version, at: '2026-11-01T10:00:00Z', name: 'Anna', userId: 'u1' };

describe('the bars to adopting an award', () => {
  const running: ConstitutionRecord = {
    ...emptyConstitution(),
    challengePeriods: [{ arbitratorId: 'a1', until: '2026-12-10T10:00:00Z' }],
  };

  it('holds while an arbitrator’s period runs, unless both parties waived it for that arbitrator', () => {
    expect(challengeBar(running, ['a1'], now)).toBe('challengePeriodRunning');
    const one = {
      ...running,
      waivers: [{ side: 'claimant' as const, at: '', name: '', userId: '', arbitratorIds: ['a1'] }],
    };
    expect(challengeBar(one, ['a1'], now)).toBe('challengePeriodRunning');
    const both = {
      ...one,
      waivers: [...one.waivers, { side: 'respondent' as const, at: '', name: '', userId: '', arbitratorIds: ['a1'] }],
    };
    expect(challengeBar(both, ['a1'], now)).toBeUndefined();
    expect(challengeBar(running, ['a1'], new Date('2026-12-10T10:00:00Z'))).toBeUndefined();
  });

  it('holds while any challenge is open, waived or not', () => {
    const open: ConstitutionRecord = {
      ...emptyConstitution(),
      challenges: [
        {
          id: 'c1',
          arbitratorId: 'a1',
          arbitratorName: 'A',
          side: 'respondent',
          name: 'R',
          userId: 'u2',
          grounds: 'Perusteet.',
          at: '2026-11-20T10:00:00Z',
          status: 'Open',
        },
      ],
    };
    expect(challengeBar(open, ['a1'], new Date('2027-01-01'))).toBe('challengeOpen');
  });

  it('needs both parties’ acceptance of the present version of the agreement', () => {
    expect(agreementAccepted({ ...emptyConstitution(), agreement: { claimant: acceptance } })).toBe(false);
    expect(
      agreementAccepted({
        ...emptyConstitution(),
        agreement: { claimant: acceptance, respondent: { ...acceptance, version: '2020-01-01' } },
      }),
    ).toBe(false);
    expect(
      agreementAccepted({ ...emptyConstitution(), agreement: { claimant: acceptance, respondent: acceptance } }),
    ).toBe(true);
  });

  it('keeps a new matter waiting until it is answered or its period ends', () => {
    const matter = {
      id: 'm1',
      kind: 'correction' as const,
      raisedBy: 'respondent' as const,
      raisedAt: '2026-11-28T10:00:00Z',
      text: 'Uusi toissijainen vaatimus.',
      answerBy: '2026-12-05T10:00:00Z',
    };
    const record = { ...emptyConstitution(), newMatters: [matter] };
    expect(unansweredMatters(record, now)).toHaveLength(1);
    expect(unansweredMatters(record, new Date('2026-12-05T10:00:00Z'))).toHaveLength(0);
    const answered = {
      ...record,
      newMatters: [{ ...matter, answer: { text: 'Kiistetään.', at: '', name: '', userId: '' } }],
    };
    expect(unansweredMatters(answered, now)).toHaveLength(0);
  });
});

describe('the award’s agreement section and history', () => {
  const frame: AwardFrameInput = {
    kind: 'award',
    caseName: 'Teräspalkit',
    date: now,
    tribunal: [
      {
        name: 'OTT Maija Virtanen',
        title: 'asianajaja',
        role: 'sole',
        appointment: { by: 'Ylläpito', at: '2026-11-02T10:00:00Z' },
      },
    ],
    agreement: {
      termsVersion: '2025-01-15',
      clause: {
        version: ARBITRATION_AGREEMENT.version,
        text: ARBITRATION_AGREEMENT.fi,
        claimant: { name: 'Anna', at: '2026-11-01T10:00:00Z', version: ARBITRATION_AGREEMENT.version },
      },
    },
    history: [],
    chapters: [{ heading: 'Tausta', text: 'Teksti.' }],
    documents: [],
    aiUse: {
      offline: true,
      model: 'offline',
      condensed: false,
      generatedAt: '2026-11-30T10:00:00Z',
      customPrompts: false,
      injections: 0,
    },
    flagged: [],
    checkedReferences: 0,
  };

  it('quotes the clause, says who accepted it and when, and who did not, and the appointment basis', () => {
    const text = awardMarkdown(frame).replace(/\s+/g, ' ');
    expect(text).toContain(`> ${ARBITRATION_AGREEMENT.fi}`.replace(/\s+/g, ' ').replace('(967/1992)', '(967/1992)'));
    expect(text).toContain(
      `Kantaja hyväksyi välityssopimuksen (versio ${ARBITRATION_AGREEMENT.version}) 1.11.2026; hyväksynnän antoi Anna.`,
    );
    expect(text).toContain('Vastaaja: välityssopimuksen hyväksymistä ei ole kirjattu palveluun.');
    expect(text).toContain('Välimiesoikeuden toimivalta perustuu edellä lainattuun välityssopimukseen.');
    expect(text).toContain(
      'nimennyt Ratkaisu-palvelu välityssopimuksen mukaisena nimeävänä tahona (nimeämisen teki palvelun ylläpitäjä Ylläpito 2.11.2026)',
    );
  });

  it('states the tribunal’s decision on jurisdiction instead of the plain basis when one is recorded', () => {
    const decided = {
      ...frame,
      agreement: {
        ...frame.agreement!,
        clause: {
          ...frame.agreement!.clause!,
          jurisdiction: { text: 'Toimivaltainen.', at: '2026-11-25T10:00:00Z', name: 'OTT Maija Virtanen' },
        },
      },
    };
    const text = awardMarkdown(decided);
    expect(text).toContain(
      'Välimiesoikeus ratkaisi toimivaltansa 25.11.2026 (kirjannut OTT Maija Virtanen) seuraavasti: Toimivaltainen.',
    );
    expect(text).not.toContain('perustuu edellä lainattuun');
  });

  it('says the case was decided on the documents, or names the hearing the tribunal recorded', () => {
    const dispute = {
      id: 'd1',
      name: 'Teräspalkit',
      dateCreated: '2026-10-01T10:00:00Z',
      claimant: { name: 'Rakennus Oy' },
      respondent: { name: 'Teräs Oy' },
      phases: [],
      tribunal: {
        status: 'Constituted',
        size: 1,
        requestedAt: '2026-10-02T10:00:00Z',
        requestedBy: 'u1',
        requestedBySide: 'claimant',
        members: [],
      },
      constitution: emptyConstitution(),
    } as unknown as DisputeDocument;
    const written = proceduralHistory(dispute, { adoptedAt: now.toISOString() }, new Map(), now).map((e) => e.text);
    expect(written.at(-1)).toBe(
      'Suullista käsittelyä ei pidetty; asia ratkaistiin kirjallisen aineiston perusteella välityssopimuksen mukaisesti.',
    );
    const heard = {
      ...dispute,
      constitution: {
        ...emptyConstitution(),
        hearing: {
          date: '2026-11-15',
          note: 'Helsingissä videoyhteydellä.',
          recordedAt: '2026-11-15T15:00:00Z',
          name: 'M',
          userId: 'u',
        },
      },
    } as DisputeDocument;
    const texts = proceduralHistory(heard, { adoptedAt: now.toISOString() }, new Map(), now).map((e) => e.text);
    expect(texts).toContain('Välimiesoikeus piti suullisen käsittelyn 15.11.2026: Helsingissä videoyhteydellä.');
    expect(texts.join(' ')).not.toContain('Suullista käsittelyä ei pidetty');
  });
});
