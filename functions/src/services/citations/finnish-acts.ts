/**
 * The Finnish acts that commercial disputes cite, for the citation check
 * (check-statutes.ts): a reference to one of these acts is accepted when the
 * section (and chapter) it names is within the act's range; a reference to
 * an act that is not here is flagged as not checked, never accepted.
 *
 * One table for a lawyer to review. Per act:
 * - `name`: the title in Finlex (the short name in brackets where the title is long);
 * - `number`: the statute number in the Statute Book of Finland (SDK), `N/YYYY`;
 * - `words`: the act's one-word names ending in -laki or -kaari, matched in
 *   their inflected forms too (oikeustoimilaki, -lain, -lakia, -laissa …;
 *   maakaari, -kaaren …);
 * - `phrases`: for a title "laki X", the X, matched after laki/lain/lakia/laissa
 *   or before "annetun lain" (`lain välimiesmenettelystä`,
 *   `välimiesmenettelystä annetun lain`);
 * - `abbreviations`: as legal writing abbreviates them, case-sensitive (`OikTL`, `KL`);
 * - either `sections` (sections numbered through the whole act: the highest
 *   number) or `chapters` with `sectionsPerChapter` (each chapter numbers its
 *   sections from 1, `OK 17 luvun 2 §`, `OYL 13:1`: the highest chapter and the
 *   highest section number any chapter has).
 *
 * Conservative by design: lettered sections (`7 a §`) and chapters (`6 a luku`)
 * are accepted when their number is in range, and the highest numbers are
 * rounded up where the text has been amended, so that a real provision is
 * never flagged; a section beyond the range is certainly not in the act.
 *
 * Sources (`source`), searched 25.11.2026: "Finlex (…)" names what the act's
 * page on finlex.fi (ajantasainen lainsäädäntö) confirmed — the number and
 * title always, for 967/1992 also its range (1 §: "2–50 §" and "51–55 §").
 * The other ranges (the highest section, or chapter) are from the act's
 * structure as commonly known, rounded up where marked: a lawyer should
 * confirm them against Finlex before relying on a flag at the boundary. A
 * range too high only misses a flag; it never flags a real provision.
 */

export interface FinnishAct {
  name: string;
  number: string;
  /** One-word names, in the nominative, ending in -laki or -kaari; their inflected forms are matched. */
  words: readonly string[];
  phrases?: readonly string[];
  abbreviations: readonly string[];
  /** Sections numbered through the act: the highest number. */
  sections?: number;
  /** Sections numbered per chapter: the highest chapter number. */
  chapters?: number;
  /** With `chapters`: the highest section number in any chapter. */
  sectionsPerChapter?: number;
  source: string;
}

export const FINNISH_ACTS: readonly FinnishAct[] = [
  {
    name: 'Laki varallisuusoikeudellisista oikeustoimista (oikeustoimilaki)',
    number: '228/1929',
    words: ['oikeustoimilaki'],
    phrases: ['varallisuusoikeudellisista oikeustoimista'],
    abbreviations: ['OikTL', 'OTL'],
    // 1 luku 1–9 §, 2 luku 10–27 §, 3 luku 28–37 §, 4 luku 38–41 §.
    sections: 41,
    source: 'Finlex (numero); pykälät 1–41',
  },
  {
    name: 'Kauppalaki',
    number: '355/1987',
    words: ['kauppalaki'],
    abbreviations: ['KL', 'KauppaL'],
    // 1–13 luku, pykälät numeroitu läpi lain (90 § kansainvälinen kauppa, 91 § voimaantulo).
    sections: 91,
    source: 'Finlex (numero); pykälät 1–91',
  },
  {
    name: 'Korkolaki',
    number: '633/1982',
    words: ['korkolaki'],
    abbreviations: ['KorkoL'],
    // 1–4 luku; 4 §:n viivästyskorko, 12 § viitekorko, lisäksi kirjaimin numeroituja (3 a, 4 a, 12 a §).
    sections: 14,
    source: 'Finlex (numero, 1–2 §; 12 a § ilmoituksesta 1135/1999); pykälät 1–14',
  },
  {
    name: 'Velkakirjalaki',
    number: '622/1947',
    words: ['velkakirjalaki'],
    abbreviations: ['VKL', 'VelkakirjaL'],
    sections: 35,
    source: 'Finlex (numero); pykälät 1–35',
  },
  {
    name: 'Laki välimiesmenettelystä',
    number: '967/1992',
    words: ['välimiesmenettelylaki'],
    phrases: ['välimiesmenettelystä'],
    abbreviations: ['VML', 'VälimiesL'],
    // 1 §: "Tämän lain 2–50 §:ssä … Lain 51–55 §:ssä"; 56 § and 57 § entry into force and transition (docs/award-law.md).
    sections: 57,
    source: 'Finlex (1 §: 2–50 § ja 51–55 §); voimaantulo- ja siirtymäsäännökset 56–57 §',
  },
  {
    name: 'Vahingonkorvauslaki',
    number: '412/1974',
    words: ['vahingonkorvauslaki'],
    abbreviations: ['VahL', 'VahingonkorvausL'],
    // 1–7 luku, pykälät luvuittain (2 luku 1 §, 5 luku 1 §).
    chapters: 7,
    sectionsPerChapter: 10,
    source: 'Finlex (numero); 1–7 luku',
  },
  {
    name: 'Osakeyhtiölaki',
    number: '624/2006',
    words: ['osakeyhtiölaki'],
    abbreviations: ['OYL', 'OyL'],
    // 1–28 luku, pykälät luvuittain (13 luvun 1 §, OYL 13:1).
    chapters: 28,
    sectionsPerChapter: 30,
    source: 'Finlex (numero); 1–28 luku',
  },
  {
    name: 'Kuluttajansuojalaki',
    number: '38/1978',
    words: ['kuluttajansuojalaki'],
    abbreviations: ['KSL', 'KuluttajansuojaL'],
    // 1–13 luku (lisäksi kirjaimin numeroituja lukuja), pykälät luvuittain; 7 luku on pisin.
    chapters: 13,
    sectionsPerChapter: 90,
    source: 'Finlex (numero); 1–13 luku',
  },
  {
    name: 'Oikeudenkäymiskaari',
    number: '4/1734',
    words: ['oikeudenkäymiskaari'],
    abbreviations: ['OK'],
    // 1–31 luku, pykälät luvuittain (OK 17 luvun 2 §, OK 4:1).
    chapters: 31,
    sectionsPerChapter: 80,
    source: 'Finlex (numero); 1–31 luku',
  },
  {
    name: 'Laki kauppaedustajista ja myyntimiehistä',
    number: '417/1992',
    words: ['kauppaedustajalaki'],
    phrases: ['kauppaedustajista ja myyntimiehistä'],
    abbreviations: ['KauppaedustajaL', 'KEL'],
    sections: 45,
    source: 'Finlex (numero); pykälät 1–45 (pyöristetty ylöspäin)',
  },
  {
    name: 'Maakaari',
    number: '540/1995',
    words: ['maakaari'],
    abbreviations: ['MK', 'MaaK'],
    // 1–22 luku, pykälät luvuittain (MK 2 luvun 17 §).
    chapters: 22,
    sectionsPerChapter: 40,
    source: 'Finlex (numero); 1–22 luku',
  },
  {
    name: 'Laki liikehuoneiston vuokrauksesta',
    number: '482/1995',
    words: ['liikehuoneistovuokralaki', 'liikehuoneenvuokralaki'],
    phrases: ['liikehuoneiston vuokrauksesta'],
    abbreviations: ['LHVL', 'LHVuokraL'],
    // 1–9 luku, pykälät numeroitu läpi lain.
    sections: 92,
    source: 'Finlex (numero ja nimike); pykälät 1–92 (pyöristetty ylöspäin)',
  },
  {
    name: 'Tekijänoikeuslaki',
    number: '404/1961',
    words: ['tekijänoikeuslaki'],
    abbreviations: ['TekL', 'TekijäL', 'TekijänoikeusL'],
    // Pykälät numeroitu läpi lain, paljon kirjaimin numeroituja (25 a–25 q §, 60 a §).
    sections: 65,
    source: 'Finlex (numero); pykälät 1–65 (pyöristetty ylöspäin)',
  },
  {
    // The title of HE 39/1993 and the act: "elinkeinonharjoittajien välisten"; "elinkeinotoiminnan" is a common slip, accepted.
    name: 'Laki elinkeinonharjoittajien välisten sopimusehtojen sääntelystä',
    number: '1062/1993',
    words: ['sopimusehtolaki'],
    phrases: [
      'elinkeinonharjoittajien välisten sopimusehtojen sääntelystä',
      'elinkeinotoiminnan sopimusehtojen sääntelystä',
    ],
    abbreviations: ['SopEhtoL'],
    sections: 12,
    source: 'HE 39/1993 (nimike); pykälät 1–12 (pyöristetty ylöspäin)',
  },
  {
    name: 'Laki velan vanhentumisesta (vanhentumislaki)',
    number: '728/2003',
    words: ['vanhentumislaki'],
    phrases: ['velan vanhentumisesta'],
    abbreviations: ['VanhL', 'VanhentumisL'],
    // 1–28 § (13 a § lopullinen vanhentuminen lisätty 1126/2014).
    sections: 28,
    source: 'Finlex (numero, 1–2 § ja muutos 1126/2014); pykälät 1–28',
  },
  // Further acts a commercial dispute often touches. Their numbers are as cited throughout Finnish practice; their
  // ranges are rounded up generously and should be confirmed against Finlex (a range too high only misses a flag).
  {
    name: 'Laki takauksesta ja vierasvelkapanttauksesta (takauslaki)',
    number: '361/1999',
    words: ['takauslaki'],
    phrases: ['takauksesta ja vierasvelkapanttauksesta'],
    abbreviations: ['TakL', 'TakausL'],
    sections: 50,
    source: 'numero; pykälät 1–50 (pyöristetty ylöspäin)',
  },
  {
    name: 'Kauppakaari',
    number: '3/1734',
    words: ['kauppakaari'],
    abbreviations: ['KK'],
    chapters: 18,
    sectionsPerChapter: 20,
    source: 'Finlex (numero ja nimike); 1–18 luku',
  },
  {
    name: 'Työsopimuslaki',
    number: '55/2001',
    words: ['työsopimuslaki'],
    abbreviations: ['TSL'],
    chapters: 13,
    sectionsPerChapter: 15,
    source: 'numero; 1–13 luku (pykälät luvuittain, pyöristetty ylöspäin)',
  },
  {
    name: 'Arvonlisäverolaki',
    number: '1501/1993',
    words: ['arvonlisäverolaki'],
    abbreviations: ['AVL', 'ArvonlisäveroL'],
    sections: 230,
    source: 'numero; pykälät 1–230 (paljon kirjaimin numeroituja; pyöristetty ylöspäin)',
  },
  {
    name: 'Konkurssilaki',
    number: '120/2004',
    words: ['konkurssilaki'],
    abbreviations: ['KonkL', 'KonkurssiL'],
    chapters: 23,
    sectionsPerChapter: 30,
    source: 'numero; 1–23 luku (pyöristetty ylöspäin)',
  },
  {
    name: 'Tuotevastuulaki',
    number: '694/1990',
    words: ['tuotevastuulaki'],
    abbreviations: ['TuotevastuuL'],
    sections: 15,
    source: 'numero; pykälät 1–15 (pyöristetty ylöspäin)',
  },
  {
    name: 'Kilpailulaki',
    number: '948/2011',
    words: ['kilpailulaki'],
    abbreviations: ['KilpL', 'KilpailuL'],
    sections: 52,
    source: 'numero; pykälät 1–52 (pyöristetty ylöspäin)',
  },
  {
    name: 'Laki julkisista hankinnoista ja käyttöoikeussopimuksista (hankintalaki)',
    number: '1397/2016',
    words: ['hankintalaki'],
    phrases: ['julkisista hankinnoista ja käyttöoikeussopimuksista'],
    abbreviations: ['HankintaL'],
    sections: 190,
    source: 'numero; pykälät 1–190 (pyöristetty ylöspäin)',
  },
  {
    name: 'Laki asuinhuoneiston vuokrauksesta',
    number: '481/1995',
    words: ['asuinhuoneistovuokralaki', 'asuinhuoneenvuokralaki'],
    phrases: ['asuinhuoneiston vuokrauksesta'],
    abbreviations: ['AHVL'],
    sections: 100,
    source: 'numero; pykälät 1–100 (pyöristetty ylöspäin)',
  },
  {
    name: 'Vakuutussopimuslaki',
    number: '543/1994',
    words: ['vakuutussopimuslaki'],
    abbreviations: ['VSL', 'VakSL'],
    sections: 90,
    source: 'numero; pykälät 1–90 (pyöristetty ylöspäin)',
  },
  {
    name: 'Asuntokauppalaki',
    number: '843/1994',
    words: ['asuntokauppalaki'],
    abbreviations: ['AsKL', 'AsuntokauppaL'],
    chapters: 10,
    sectionsPerChapter: 45,
    source: 'numero; 1–10 luku (pyöristetty ylöspäin)',
  },
];

/** Names for abbreviations and one-word names that are not acts but sit before a § in contracts and standard terms. */
export const NOT_ACTS: readonly string[] = ['YSE', 'RYHT', 'KSE', 'JYSE', 'JIT', 'NL', 'NLM', 'Orgalime', 'FAI'];
