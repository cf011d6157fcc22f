import { describe, expect, it } from 'vitest';
import { awardMarkdown, flagMark, markFlags, type AwardFrameInput } from './award-frame.js';
import { changedPercent, proceduralHistory } from './award-frame-data.js';
import * as W from './award-wording-fi.js';

const base: AwardFrameInput = {
  kind: 'award',
  caseNumber: 'RAT-2026-000123',
  caseName: 'Teräspalkkien viivästynyt toimitus',
  date: new Date('2026-12-01T10:00:00Z'),
  claimant: {
    name: 'Rakennus Oy',
    identificationNumber: '1234567-8',
    address: 'Katu 1, 00100 Helsinki',
    counsel: { name: 'Anna Asianajaja', email: 'anna@toimisto.fi' },
  },
  respondent: { name: 'Teräs Oy', identificationNumber: '8765432-1', address: 'Tehdaskatu 5, Tampere' },
  tribunal: [
    { name: 'OTT Maija Virtanen', title: 'asianajaja', role: 'chair', statement: 'none' },
    {
      name: 'VT Pekka Korhonen',
      title: 'asianajaja',
      role: 'member',
      statement: 'disclosed',
      disclosure: 'Tunnen vastaajan toimitusjohtajan.',
    },
    {
      name: 'OTK Liisa Nieminen',
      title: 'lakimies',
      role: 'member',
      statement: 'none',
      notSigningReason: 'Sairastunut.',
    },
  ],
  agreement: { termsVersion: '2025-01-15', claimantAcceptedAt: '2026-01-02T10:00:00Z' },
  history: [{ at: '2026-01-05T10:00:00Z', text: 'Asia tuli vireille palvelussa; kantajana Rakennus Oy.' }],
  claims: {
    claimant: {
      text: 'Vaatimus: 372,00 € sopimussakkoa [K1 s.1].',
      status: 'Confirmed',
      answeredAt: '2026-11-20T10:00:00Z',
    },
    respondent: { text: 'Vaatimus: kanne hylätään [V1 s.1].', status: 'Corrected', answeredAt: '2026-11-21T10:00:00Z' },
    comments: [{ by: 'tribunal', name: 'OTT Maija Virtanen', text: 'Korko täsmennetty.', at: '2026-11-22T10:00:00Z' }],
  },
  chapters: [
    { heading: 'Asian tausta ja osapuolet', text: 'Sopimus tehtiin [K1 s.1].' },
    { heading: 'Oma otsikko: sopimussakko', text: 'Toimitus viivästyi [K1 s.9] ja [K2 s.1].' },
  ],
  dispositive: {
    orders: [
      {
        kind: 'payment',
        debtor: 'respondent',
        creditor: 'claimant',
        amountCents: 37_200,
        interest: { basis: 'penalty', from: '2026-04-20' },
        text: 'Sopimussakko.',
        references: ['K1 s.1'],
      },
      { kind: 'dismissal', text: 'Vahingonkorvausvaatimus hylätään.', references: [] },
    ],
  },
  costs: 'Vastaaja korvaa kantajan oikeudenkäyntikulut 2 000 eurolla.',
  documents: [
    { code: 'K1', phase: 'Kanne', fileName: 'Kauppasopimus.pdf', pages: 2 },
    { code: 'K2', phase: 'Kanne', fileName: 'Reklamaatio.pdf', pages: 1, note: 'ei luettavissa' },
  ],
  aiUse: {
    offline: false,
    model: 'gpt-4.1',
    sampling: { temperature: 0, top_p: 1 },
    condensed: false,
    generatedAt: '2026-11-30T10:00:00Z',
    settingsBy: 'OTT Maija Virtanen',
    settingsAt: '2026-11-30T09:59:00Z',
    settingsSha256: 'ab'.repeat(32),
    customPrompts: true,
    changedPercent: 12,
    injections: 1,
  },
  flagged: [{ chapter: 2, index: 20, length: 8, reference: '[K1 s.9]', reason: 'Sivua ei ole.' }],
  checkedReferences: 4,
};

/** The level-2 headings of the rendered Markdown, in order. */
function sections(markdown: string): string[] {
  return [...markdown.matchAll(/^## (.+)$/gmu)].map((match) => match[1]!);
}

describe('the award frame', () => {
  it('renders every section of an award in the fixed order, from the data', () => {
    const markdown = awardMarkdown(base);
    expect(markdown.startsWith(`# ${W.TITLES.award}\n`)).toBe(true);
    expect(sections(markdown)).toEqual([
      W.HEADINGS.parties,
      W.HEADINGS.tribunal,
      W.HEADINGS.agreement,
      W.HEADINGS.history,
      W.HEADINGS.claims,
      W.HEADINGS.reasons,
      W.HEADINGS.dispositive,
      W.HEADINGS.costs,
      W.HEADINGS.notices,
      W.HEADINGS.signatures,
      W.HEADINGS.documents,
      W.HEADINGS.aiUse,
      W.HEADINGS.flagged,
    ]);
    for (const expected of [
      'RAT-2026-000123',
      'Helsinki, 1. joulukuuta 2026',
      'Asiamies: Anna Asianajaja (anna@toimisto.fi)',
      'Asiamies: asiamiestä ei ole rekisteröity palveluun',
      'Tunnen vastaajan toimitusjohtajan.',
      'Kantaja hyväksyi käyttöehdot 2.1.2026.',
      'Vastaaja: käyttöehtojen hyväksymistä ei ole kirjattu palveluun.',
      '5.1.2026: Asia tuli vireille palvelussa',
      '### Kantaja (kantaja vahvisti 20.11.2026)',
      'Vaatimus: 372,00 € sopimussakkoa [K1 s.1].',
      '### Vastaaja (vastaaja korjasi 21.11.2026)',
      'Vaatimus: kanne hylätään [V1 s.1].',
      '22.11.2026, OTT Maija Virtanen (välimiesoikeus): Korko täsmennetty.',
      '1. Vastaaja velvoitetaan maksamaan kantajalle 372,00 € sekä korkolain (633/1982) 4 §:n 1 momentin mukaista viivästyskorkoa 20.4.2026 lukien. Sopimussakko. (K1 s.1)',
      '2. Vahingonkorvausvaatimus hylätään.',
      'Vastaaja korvaa kantajan oikeudenkäyntikulut 2 000 eurolla.',
      W.FEE_NOTICE,
      W.CHALLENGE_NOTICE,
      'Helsingissä 1. joulukuuta 2026',
      'OTK Liisa Nieminen ei allekirjoittanut tuomiota. Syy: Sairastunut.',
      W.AI_USE_TEXT.changed(12),
      W.AI_USE_TEXT.customPrompts,
      'Viittauksia tarkistettiin koneellisesti 4; niistä 1 on merkitty tarkistamattomiksi',
      'Asiakirjoista löytyi 1',
    ]) {
      expect(markdown).toContain(expected);
    }
    // Signature lines for the signing members only, the names under them.
    expect(markdown.match(/(\\_){10,}/gu)).toHaveLength(2);
    expect(markdown).toContain('OTT Maija Virtanen  \nasianajaja, puheenjohtaja');
  });

  it('keeps a chapter heading a user changed, and demotes the chapter’s own headings below it', () => {
    const markdown = awardMarkdown({
      ...base,
      chapters: [{ heading: 'Oma otsikko: sopimussakko', text: '# Väliotsikko\nTeksti.' }],
      flagged: [],
    });
    expect(markdown).toContain('### 1. Oma otsikko: sopimussakko');
    expect(markdown).toContain('#### Väliotsikko');
  });

  it('says the dispositive part is missing instead of leaving it out', () => {
    const { dispositive: _omit, ...without } = base;
    const markdown = awardMarkdown({ ...without, kind: 'draftAward' });
    expect(sections(markdown)).toContain(W.HEADINGS.dispositive);
    expect(markdown).toContain(W.DISPOSITIVE_TEXT.missing);
    expect(markdown).toContain(W.SIGNATURE_TEXT.draft);
  });

  it('frames an AI decision as a proposal: its own title, no signature lines, how to get an arbitrator', () => {
    const markdown = awardMarkdown({ ...base, kind: 'aiDecision', tribunal: [] });
    expect(markdown.startsWith(`# ${W.TITLES.aiDecision}\n`)).toBe(true);
    expect(markdown).toContain(W.SUBTITLES.aiDecision);
    expect(markdown).not.toContain(W.TITLES.award + '\n');
    expect(sections(markdown)).not.toContain(W.HEADINGS.signatures);
    expect(markdown).not.toMatch(/(\\_){10,}/u);
    expect(markdown).toContain(W.TRIBUNAL_TEXT.none);
    expect(markdown).toContain(W.AI_DECISION_NOTICE);
    expect(markdown).toContain(W.AI_USE_TEXT.oversightAi);
  });

  it('frames the anonymous generator’s proposal without parties, tribunal or signatures', () => {
    const markdown = awardMarkdown({
      ...base,
      kind: 'aiDecision',
      anonymous: true,
      claimant: undefined,
      respondent: undefined,
      tribunal: undefined,
      agreement: undefined,
      history: [],
    });
    expect(sections(markdown)).not.toContain(W.HEADINGS.tribunal);
    expect(sections(markdown)).not.toContain(W.HEADINGS.signatures);
    expect(markdown).toContain(W.ANONYMOUS_NOTICE);
  });

  it('marks the offline extract as a test of the workflow with no outcome of its own', () => {
    const { dispositive: _omit, ...without } = base;
    const markdown = awardMarkdown({ ...without, kind: 'offlineExtract', aiUse: { ...base.aiUse, offline: true } });
    expect(markdown.startsWith(`# ${W.TITLES.offlineExtract}\n`)).toBe(true);
    expect(markdown).toContain(W.DISPOSITIVE_TEXT.offline);
    expect(markdown).not.toContain('VÄLITYSTUOMIO');
  });

  it('marks each flagged reference where it stands, also after the text moved, and drops one edited away', () => {
    const chapters = [{ text: 'Alku. Toimitus viivästyi [K1 s.9] ja [K2 s.1].' }, { text: 'Ei viitteitä.' }];
    const marked = markFlags(chapters, [
      { chapter: 1, index: 3, length: 8, reference: '[K1 s.9]', reason: 'x' },
      { chapter: 1, index: 38, length: 8, reference: '[K2 s.1]', reason: 'y' },
      { chapter: 2, index: 0, length: 8, reference: '[K3 s.1]', reason: 'z' },
    ]);
    expect(marked.texts[0]).toBe(`Alku. Toimitus viivästyi [K1 s.9]${flagMark(1)} ja [K2 s.1]${flagMark(2)}.`);
    expect(marked.rows.map((row) => row.n)).toEqual([1, 2]);
    expect(flagMark(12)).toBe('⁽¹²⁾');
  });

  it('measures how much of the reasons the tribunal changed', () => {
    const ai = [{ heading: 'a', text: 'Aaaa.\nBbbb.' }];
    expect(changedPercent({ aiChapters: ai, chapters: ai })).toBe(0);
    expect(changedPercent({ aiChapters: ai, chapters: [{ heading: 'a', text: 'Aaaa.\nCccc.' }] })).toBe(50);
  });

  it('builds the procedural history from the case record in date order', () => {
    const history = proceduralHistory({
      id: 'd',
      pk: 'd',
      name: 'Asia',
      description: '',
      dateCreated: '2026-01-01T10:00:00Z',
      createdBy: { id: 'u', email: 'u@x.fi' },
      claimant: { name: 'Rakennus Oy', identificationNumber: '', address: '', email: 'a@x.fi' },
      respondent: { name: 'Teräs Oy', identificationNumber: '', address: '', email: 'b@x.fi' },
      claimantEmailKey: 'a@x.fi',
      respondentEmailKey: 'b@x.fi',
      status: 'InProgress',
      activePhaseId: 'p2',
      tenantId: 't',
      phaseIds: [],
      attachmentIds: [],
      phases: [
        {
          id: 'p2',
          type: 'Response',
          dateCreated: '2026-01-10T10:00:00Z',
          dateCompleted: '2026-01-20T10:00:00Z',
          attachments: [{ id: 'f2', fileName: 'Vastaus.pdf', dateCreated: '2026-01-15T10:00:00Z', blobName: 'b2' }],
        },
        {
          id: 'p1',
          type: 'Claim',
          dateCreated: '2026-01-01T10:00:00Z',
          dateCompleted: '2026-01-10T10:00:00Z',
          attachments: [{ id: 'f1', fileName: 'Kanne.pdf', dateCreated: '2026-01-02T10:00:00Z', blobName: 'b1' }],
        },
      ],
    });
    expect(history.map((entry) => entry.text)).toEqual([
      W.HISTORY_TEXT.filed('Rakennus Oy'),
      `${W.HISTORY_TEXT.submission('Kantaja', 'Kanne', 1)} ${W.HISTORY_TEXT.submissionFiles('Kanne.pdf')}`,
      `${W.HISTORY_TEXT.submission('Vastaaja', 'Vastaus', 1)} ${W.HISTORY_TEXT.submissionFiles('Vastaus.pdf')}`,
    ]);
  });
});
