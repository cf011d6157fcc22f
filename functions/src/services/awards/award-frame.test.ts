import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  awardMarkdown,
  flagMark,
  markFlags,
  orderText,
  splitReliefAndGrounds,
  type AwardFrameInput,
} from './award-frame.js';
import { checkDispositive } from './check-dispositive.js';
import { toFlag } from './flags.js';
import { FINNISH_ACTS } from '../citations/finnish-acts.js';
import { changedPercent, framedParty, proceduralHistory } from './award-frame-data.js';
import type { UserDocument } from '../../records/user-document.js';
import * as W from './award-wording-fi.js';
import * as C from './correction-wording-fi.js';

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
      {
        kind: 'costs',
        debtor: 'respondent',
        creditor: 'claimant',
        amountCents: 200_000,
        interest: { basis: 'penalty', from: '2027-01-01' },
        text: 'Oikeudenkäyntikulut.',
        references: [],
      },
      {
        kind: 'fees',
        debtor: 'respondent',
        creditor: 'claimant',
        amountCents: 900_000,
        text: 'Välimiesten palkkio ja kulut.',
        references: [],
      },
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

/** Intl writes thousands with a narrow no-break space ("9 000,00"); the tests compare with plain spaces. */
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/gu, ' ');
}

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
      W.HEADINGS.requests,
      W.HEADINGS.notices,
      W.HEADINGS.feeNotice,
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
      '1. Vastaaja velvoitetaan suorittamaan kantajalle 372,00 euroa sekä korkolain (633/1982) 4 §:n 1 momentin mukaista viivästyskorkoa 20.4.2026 lukien (peruste: sopimussakko) [K1 s.1].',
      '2. Vahingonkorvausvaatimus hylätään.',
      '3. Vastaaja velvoitetaan korvaamaan kantajan oikeudenkäyntikulut 2 000,00 eurolla sekä korkolain (633/1982) 4 §:n 1 momentin mukaista viivästyskorkoa 1.1.2027 lukien.',
      '4. Välimiesten palkkioksi ja kulujen korvaukseksi vahvistetaan 9 000,00 euroa. Asianosaisten välisessä suhteessa vastaaja vastaa välimiesten palkkiosta ja kuluista ja velvoitetaan korvaamaan kantajalle tämän niistä maksaman osuuden.',
      'Vastaaja korvaa kantajan oikeudenkäyntikulut 2 000 eurolla.',
      'Oikeudenkäyntikuluista on määrätty tuomiolauselman kohdassa 3. Välimiesten palkkiosta ja kuluista on määrätty tuomiolauselman kohdassa 4.',
      W.FEE_NOTICE(false, 'kohdassa 4'),
      'Helsingin käräjäoikeuden tutkittavaksi',
      W.REQUEST_NOTICE(false),
      W.CHALLENGE_NOTICE,
      W.COSTS_TEXT.intro(false),
      'Helsingissä 1. joulukuuta 2026',
      'OTK Liisa Nieminen ei allekirjoittanut tuomiota. Syy: Sairastunut.',
      W.AI_USE_TEXT.changed(12, false),
      'Asetukset määritti OTT Maija Virtanen 30.11.2026',
      W.AI_USE_TEXT.customPrompts,
      'Viittauksia tarkistettiin koneellisesti 4; niistä 1 on merkitty tarkistamattomaksi',
      'Asiakirjoista löytyi 1 tekoälylle tai välimiesoikeudelle osoitettu kohta',
      'Seuraavaa viittausta (1/4) ei voitu varmentaa.',
    ]) {
      expect(plain(markdown)).toContain(plain(expected));
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
    // No fee order: no § 47 notice pointing at nothing, and the costs section says so.
    expect(sections(markdown)).not.toContain(W.HEADINGS.feeNotice);
    expect(markdown).toContain(W.COSTS_TEXT.noFeesOrder(false));
  });

  it('frames an AI decision as a proposal: its own title, no signature lines, how to get an arbitrator', () => {
    const markdown = awardMarkdown({
      ...base,
      kind: 'aiDecision',
      tribunal: [],
      dispositive: { orders: base.dispositive!.orders.slice(0, 3) },
    });
    expect(markdown.startsWith(`# ${W.TITLES.aiDecision}\n`)).toBe(true);
    expect(markdown).toContain(W.SUBTITLES.aiDecision);
    expect(markdown).not.toContain(W.TITLES.award + '\n');
    expect(sections(markdown)).not.toContain(W.HEADINGS.signatures);
    expect(markdown).not.toMatch(/(\\_){10,}/u);
    expect(markdown).toContain(W.TRIBUNAL_TEXT.none);
    expect(markdown).toContain(W.AI_DECISION_NOTICE);
    expect(markdown).toContain(W.AI_USE_TEXT.oversightAi);
    // One voice: binds only when both accept (as a settlement), never "unless an arbitrator signs it".
    expect(markdown).not.toMatch(/ellei välimies hyväksy/u);
    expect(markdown).toMatch(/sitoo asianosaisia vain, jos molemmat hyväksyvät/u);
    // Its outcome reads as terms both may accept, not as a tribunal's orders.
    expect(plain(markdown)).toContain('1. Vastaaja suorittaa kantajalle 372,00 euroa sekä korkolain');
    expect(plain(markdown)).toContain('3. Vastaaja korvaa kantajan oikeudenkäyntikulut 2 000,00 eurolla');
    expect(markdown).not.toMatch(/velvoitetaan/u);
    // Its costs section agrees with its orders (order 3 awards costs).
    expect(markdown).toContain(W.COSTS_TEXT.aiCostsOrders('kohdassa 3'));
    expect(markdown).not.toContain(W.COSTS_TEXT.aiNoCosts);
    // No English UI labels inside the Finnish text.
    expect(markdown).not.toMatch(/Accept decision|Request an arbitrator/u);
    expect(sections(markdown)).not.toContain(W.HEADINGS.notices);
    expect(sections(markdown)).not.toContain(W.HEADINGS.requests);
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
    // It binds no one and says nothing else about its effect.
    expect(markdown).not.toMatch(/hyväksyvät|sovintona|sitoo asianosaisia/u);
    expect(markdown).not.toContain(W.AI_DECISION_NOTICE);
    expect(sections(markdown)).not.toContain(W.HEADINGS.binding);
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

  it('says how the case was heard: the tribunal’s decision on the documents, a hearing, or by default the documents', () => {
    const dispute = {
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
      status: 'InProgress' as const,
      activePhaseId: 'p1',
      tenantId: 't',
      phaseIds: [],
      attachmentIds: [],
      phases: [],
      tribunal: {
        status: 'Constituted' as const,
        size: 1 as const,
        requestedAt: '2026-01-02T10:00:00Z',
        requestedBy: 'u',
        requestedBySide: 'claimant' as const,
        members: [],
      },
    };
    const recorded = {
      note: 'Kukaan ei pyytänyt käsittelyä.',
      recordedAt: '2026-02-03T10:00:00Z',
      name: 'OTT Maija Virtanen',
      userId: 'm',
    };
    const last = (constitution?: object) =>
      proceduralHistory({ ...dispute, ...(constitution ? { constitution } : {}) } as never).at(-1)!.text;
    const empty = { agreement: {}, challengePeriods: [], waivers: [], challenges: [], newMatters: [] };
    expect(last({ ...empty, hearing: { ...recorded, procedure: 'documents', date: '2026-02-03' } })).toBe(
      'Välimiesoikeus päätti 3.2.2026, että asia ratkaistaan kirjallisen aineiston perusteella ilman suullista ' +
        'käsittelyä välityssopimuksen mukaisesti. Perusteet: Kukaan ei pyytänyt käsittelyä.',
    );
    // A record from before `procedure` existed is an oral hearing.
    expect(last({ ...empty, hearing: { ...recorded, date: '2026-02-01', note: 'Helsingissä.' } })).toBe(
      W.CONSTITUTION_HISTORY.hearing('1.2.2026', 'Helsingissä.'),
    );
    expect(last()).toBe(W.CONSTITUTION_HISTORY.written);
  });

  it('says the parties accepted the agreement only when the record shows both acceptances', () => {
    const clause = { version: '2026-11-27', text: 'Lauseke.' };
    const at = { name: 'Anna', at: '2026-01-02T10:00:00Z', version: '2026-11-27' };
    const both = awardMarkdown({
      ...base,
      agreement: { ...base.agreement!, clause: { ...clause, claimant: at, respondent: at } },
    });
    expect(both).toContain(W.CONSTITUTION_TEXT.clauseIntro('2026-11-27'));
    const one = awardMarkdown({ ...base, agreement: { ...base.agreement!, clause: { ...clause, claimant: at } } });
    expect(one).not.toContain('Asianosaiset ovat hyväksyneet');
    expect(one).toContain('Palvelun välityssopimus (versio 2026-11-27) kuuluu:');
    expect(one).toContain(W.CONSTITUTION_TEXT.clauseNotAccepted('Vastaaja'));
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

  it('pins every notice to docs/award-law.md, word for word', () => {
    const doc = readFileSync(new URL('../../../../docs/award-law.md', import.meta.url), 'utf8');
    const quoted = new Set([...doc.matchAll(/^> (.+)$/gmu)].map((match) => match[1]!));
    for (const notice of [
      W.CHALLENGE_NOTICE,
      W.REQUEST_NOTICE(false),
      W.REQUEST_NOTICE(true),
      W.FEE_NOTICE(false, 'kohdassa N'),
      W.FEE_NOTICE(true, 'kohdassa N'),
      W.COSTS_TEXT.intro(false),
      W.COSTS_TEXT.intro(true),
      W.SIGNATURE_TEXT.law36(false),
      W.SIGNATURE_TEXT.law36(true),
      W.SIGNATURE_TEXT.notSigned('[nimi]', '[syy]'),
      W.AI_DECISION_NOTICE,
      W.ANONYMOUS_NOTICE,
      C.REJECTION_TEXT.challenge,
    ]) {
      expect(quoted.has(notice), notice).toBe(true);
    }
    expect(doc).toContain(`"${W.HEADINGS.notices}"`);
    expect(doc).toContain(`"${W.HEADINGS.requests}"`);
    // What the notices must say, from the Act: a copy (kappale), 60 days, a written application with a copy,
    // the court of the seat, "may" under § 49, all arbitrators under § 36, the majority rule under § 40(2).
    expect(W.CHALLENGE_NOTICE).toMatch(/kolmen kuukauden kuluessa siitä päivästä, jona asianosainen sai kappaleen/u);
    expect(W.CHALLENGE_NOTICE).toMatch(/38 tai 39 §/u);
    expect(W.CHALLENGE_NOTICE).not.toMatch(/tiedoksi/u);
    // §§ 38–39: 30 days from receiving a copy, correction, interpretation and an additional award.
    expect(W.REQUEST_NOTICE(false)).toMatch(
      /30 päivän kuluessa siitä päivästä, jona se sai kappaleen välitystuomiota/u,
    );
    expect(W.REQUEST_NOTICE(false)).toMatch(/38 §\).*lisätuomion.*39 §/u);
    expect(W.FEE_NOTICE(false, 'kohdassa 4')).toMatch(/Helsingin käräjäoikeuden tutkittavaksi/u);
    expect(W.FEE_NOTICE(false, 'kohdassa 4')).toMatch(/kirjallinen hakemus 60 päivän kuluessa/u);
    expect(W.FEE_NOTICE(false, 'kohdassa 4')).toMatch(/liitettävä kappale välitystuomiota/u);
    expect(W.COSTS_TEXT.intro(false)).toMatch(/voi, jollei asianosaisten kesken ole toisin sovittu/u);
    expect(W.SIGNATURE_TEXT.law36(false)).toMatch(/kaikkien välimiesten/u);
    expect(W.SIGNATURE_TEXT.notSigned('a', 'b')).toMatch(/40 §:n 2 momentti/u);
    expect(W.HEADINGS.notices).toBe('Välitystuomion moittiminen ja mitättömyys');
    // The acts table: 967/1992 has 57 sections.
    expect(FINNISH_ACTS.find((act) => act.number === '967/1992')?.sections).toBe(57);
  });

  it('speaks of a sole arbitrator in the singular', () => {
    const sole: AwardFrameInput = {
      ...base,
      tribunal: [{ name: 'OTT Maija Virtanen', title: 'asianajaja', role: 'sole', statement: 'none' }],
    };
    const markdown = plain(awardMarkdown(sole));
    expect(sections(markdown)).toContain(W.HEADINGS.feeNoticeSole);
    expect(markdown).toContain('Välimiehen palkkioksi ja kulujen korvaukseksi vahvistetaan 9 000,00 euroa.');
    expect(markdown).toContain(W.FEE_NOTICE(true, 'kohdassa 4'));
    expect(markdown).toContain(W.COSTS_TEXT.intro(true));
    expect(markdown).toContain(W.SIGNATURE_TEXT.law36(true));
    expect(markdown).toContain(W.AI_USE_TEXT.oversight(true));
    expect(markdown).not.toMatch(/Välimiesten palkkio|välimiesten palkkiota/u);
    expect(markdown).toContain('perusteltua aihetta epäillä');
  });

  it('agrees in number wherever a count is printed', () => {
    expect(W.HISTORY_TEXT.submission('Kantaja', 'Kanne', 1)).toBe('Kantaja toimitti vaiheessa ”Kanne” 1 asiakirjan.');
    expect(W.HISTORY_TEXT.submission('Kantaja', 'Kanne', 2)).toBe('Kantaja toimitti vaiheessa ”Kanne” 2 asiakirjaa.');
    expect(W.AI_USE_TEXT.citations(5, 1)).toContain('niistä 1 on merkitty tarkistamattomaksi');
    expect(W.AI_USE_TEXT.citations(5, 2)).toContain('niistä 2 on merkitty tarkistamattomiksi');
    expect(W.AI_USE_TEXT.injections(1, true)).toContain('1 tekoälylle tai välimiesoikeudelle osoitettu kohta');
    expect(W.AI_USE_TEXT.injections(2, true)).toContain('2 tekoälylle tai välimiesoikeudelle osoitettua kohtaa');
    expect(W.FLAGGED_TEXT.intro(1, 4)).toMatch(/^Seuraavaa viittausta \(1\/4\)/u);
    expect(W.FLAGGED_TEXT.intro(2, 4)).toMatch(/^Seuraavia viittauksia \(2\/4\)/u);
  });

  it('writes each order as a whole sentence: "suorittamaan … euroa", no fragment left standing', () => {
    const payment = plain(
      orderText({
        kind: 'payment',
        debtor: 'respondent',
        creditor: 'claimant',
        amountCents: 24_500_000,
        text: 'Vahingonkorvaus toimitusviivästyksestä.',
        references: ['K1 s.1'],
      }),
    );
    expect(payment).toBe(
      'Vastaaja velvoitetaan suorittamaan kantajalle 245 000,00 euroa (peruste: vahingonkorvaus toimitusviivästyksestä) [K1 s.1].',
    );
    expect(payment).not.toMatch(/maksamaan|€|\. \(/u);
    // An order whose wording states the obligation itself is not repeated as a ground.
    expect(
      plain(
        orderText({
          kind: 'payment',
          debtor: 'respondent',
          creditor: 'claimant',
          amountCents: 100_000,
          text: 'Vastaaja velvoitetaan suorittamaan kantajalle 1 000 euroa.',
          references: [],
        }),
      ),
    ).toBe('Vastaaja velvoitetaan suorittamaan kantajalle 1 000,00 euroa.');
    expect(orderText({ kind: 'dismissal', text: 'Kanne hylätään', references: [] })).toBe('Kanne hylätään.');
  });

  it('prints each side’s confirmed requests for relief under their own heading, apart from the grounds', () => {
    const text = '**Vaatimukset**\n1. 372,00 euroa [K1 s.1].\n2. Viivästyskorko.\n\nPerusteet:\nSopimus [K1 s.1].';
    expect(splitReliefAndGrounds(text)).toEqual({
      relief: '1. 372,00 euroa [K1 s.1].\n2. Viivästyskorko.',
      grounds: 'Sopimus [K1 s.1].',
    });
    const markdown = awardMarkdown({
      ...base,
      claims: { ...base.claims!, claimant: { ...base.claims!.claimant, text } },
    });
    const claimant = markdown.slice(markdown.indexOf('### Kantaja ('), markdown.indexOf('### Vastaaja ('));
    expect(claimant).toContain(`#### ${W.HEADINGS.claimsRelief}\n\n1. 372,00 euroa [K1 s.1].\n2. Viivästyskorko.`);
    expect(claimant).toContain(`#### ${W.HEADINGS.claimsGrounds}\n\nSopimus [K1 s.1].`);
    expect(claimant.indexOf(W.HEADINGS.claimsRelief)).toBeLessThan(claimant.indexOf(W.HEADINGS.claimsGrounds));
    expect(splitReliefAndGrounds('Vapaa teksti ilman otsikoita.')).toBeUndefined();
  });

  it('marks the flagged one of two identical references, not the first', () => {
    // The same reference twice: the first sentence's sum is on the page, the second's is not.
    const text = 'Sopimussakko on 372 euroa [K1 s.1]. Viivästyssakko on 9 999 euroa [K1 s.1].';
    const wrongAt = text.indexOf('9 999 euroa');
    const flag = toFlag(
      {
        reference: '[K1 s.1]',
        chapter: 1,
        index: wrongAt,
        length: '9 999 euroa'.length,
        reason: 'Rahamäärä ei löydy.',
      },
      [{ text }],
    );
    expect(flag.marked).toBe('9 999 euroa');
    const marked = markFlags([{ text }], [flag]);
    expect(marked.texts[0]).toBe(
      `Sopimussakko on 372 euroa [K1 s.1]. Viivästyssakko on 9 999 euroa${flagMark(1)} [K1 s.1].`,
    );
    // After an edit above it moved the text, the mark still goes to the occurrence nearest where it stood.
    const edited = `Lisätty alkuvirke [K1 s.1]. ${text}`;
    const moved = markFlags([{ text: edited }], [flag]);
    expect(moved.texts[0]).toContain(`9 999 euroa${flagMark(1)} [K1 s.1].`);
    expect(moved.texts[0]).toContain('372 euroa [K1 s.1].');
    // An older flag without `marked`, on a reference written twice: the one at its offset is marked.
    const refText = 'Ensin [K1 s.1] oikein. Sitten [K1 s.1] väärin.';
    const second = refText.lastIndexOf('[K1 s.1]');
    const old = markFlags(
      [{ text: refText }],
      [{ chapter: 1, index: second, length: 8, reference: '[K1 s.1]', reason: 'x' }],
    );
    expect(old.texts[0]).toBe(`Ensin [K1 s.1] oikein. Sitten [K1 s.1]${flagMark(1)} väärin.`);
    // And in the printed award the mark stands after the wrong sum, the right one clean.
    const markdown = awardMarkdown({ ...base, chapters: [{ heading: 'Luku', text }], flagged: [flag] });
    expect(markdown).toContain(`9 999 euroa${flagMark(1)} [K1 s.1]`);
    expect(markdown).toContain(`372 euroa [K1 s.1]. Viivästyssakko`);
  });
});

describe('the dispositive part against chapter 6', () => {
  const chapters = (six: string) => [...Array.from({ length: 5 }, () => ({ text: '' })), { text: six }];
  const fees = {
    kind: 'fees' as const,
    amountCents: 300_000,
    debtor: 'respondent' as const,
    text: 'Palkkio.',
    references: [],
  };

  it('finds nothing when both say the same, however the sums are written', () => {
    const six =
      '1. Vastaaja velvoitetaan suorittamaan kantajalle 12.500,00 euroa sekä viivästyskorkoa 1.3.2026 lukien [K1 s.1].\n' +
      '2. Vastaaja velvoitetaan korvaamaan kantajan oikeudenkäyntikulut 2 000 eurolla.';
    expect(
      checkDispositive(
        {
          orders: [
            {
              kind: 'payment',
              debtor: 'respondent',
              creditor: 'claimant',
              amountCents: 1_250_000,
              interest: { basis: 'penalty', from: '2026-03-01' },
              text: 'Sopimussakko.',
              references: [],
            },
            {
              kind: 'costs',
              debtor: 'respondent',
              creditor: 'claimant',
              amountCents: 200_000,
              text: 'Kulut.',
              references: [],
            },
            fees,
          ],
        },
        chapters(six),
      ),
    ).toEqual([]);
  });

  it('returns each mismatch: amount, party, interest on costs, an amount only in the reasons, no fee order', () => {
    const six =
      '1. Kantaja velvoitetaan suorittamaan vastaajalle 372 euroa.\n' +
      '2. Vastaaja velvoitetaan korvaamaan kantajan oikeudenkäyntikulut 2 000 eurolla sekä viivästyskorkoa 1.1.2027 lukien.\n' +
      '3. Vastaaja velvoitetaan suorittamaan kantajalle 5 000 euroa vahingonkorvausta.';
    const mismatches = checkDispositive(
      {
        orders: [
          {
            kind: 'payment',
            debtor: 'respondent',
            creditor: 'claimant',
            amountCents: 37_200,
            text: 'a',
            references: [],
          },
          {
            kind: 'costs',
            debtor: 'respondent',
            creditor: 'claimant',
            amountCents: 200_000,
            text: 'b',
            references: [],
          },
          {
            kind: 'payment',
            debtor: 'respondent',
            creditor: 'claimant',
            amountCents: 999_900,
            text: 'c',
            references: [],
          },
        ],
      },
      chapters(six),
    );
    expect(mismatches).toEqual([
      { code: 'partyDiffers', order: 1, amountCents: 37_200, inReasons: 'claimant' },
      { code: 'interestOnlyInReasons', order: 2, amountCents: 200_000 },
      { code: 'amountNotInReasons', order: 3, amountCents: 999_900 },
      { code: 'amountOnlyInReasons', amountCents: 500_000, written: '5 000 euroa' },
      { code: 'noFeesOrder' },
    ]);
  });

  it('notices costs ordered in one place only', () => {
    const six = 'Vastaaja velvoitetaan korvaamaan kantajan oikeudenkäyntikulut.';
    expect(
      checkDispositive(
        { orders: [{ kind: 'dismissal', text: 'Kanne hylätään.', references: [] }, fees] },
        chapters(six),
      ),
    ).toEqual([{ code: 'costsOnlyInReasons' }]);
    expect(
      checkDispositive(
        {
          orders: [
            { kind: 'costs', debtor: 'respondent', creditor: 'claimant', text: 'Kulut korvataan.', references: [] },
            fees,
          ],
        },
        chapters('Kanne hyväksytään.'),
      ),
    ).toEqual([{ code: 'costsOnlyInOrders' }]);
  });
});

describe('counsel on the award', () => {
  const stored = { name: 'Rakennus Oy', identificationNumber: '1234567-1', email: 'anna@toimisto.fi', address: '' };
  const account = { userName: 'anna77', email: 'anna@toimisto.fi' } as UserDocument;

  it('is printed by the account’s full name', () => {
    expect(framedParty(stored, { ...account, fullName: ' Anna Asianajaja ' }).counsel).toEqual({
      name: 'Anna Asianajaja',
      email: 'anna@toimisto.fi',
    });
  });

  it('is never printed by a username: an account without a full name says the name was not given', () => {
    expect(framedParty(stored, account).counsel).toEqual({
      name: W.LABELS.counselNameNotGiven,
      email: 'anna@toimisto.fi',
    });
    expect(JSON.stringify(framedParty(stored, account))).not.toContain('anna77');
  });
});
