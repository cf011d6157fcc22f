import type { PhaseType } from '@ratkaisu/core';

/**
 * Every Finnish word of the award's frame, in one place for a lawyer to review
 * (award-frame.ts only arranges these; it holds no wording of its own).
 *
 * Sources, as the texts cite them:
 * - Laki välimiesmenettelystä (967/1992), ajantasainen teksti Finlexissä
 *   (finlex.fi/fi/laki/ajantasa/1992/19920967): § 36 (written award, signed by
 *   the arbitrators; a majority suffices when the award states why others did
 *   not sign; date and place), § 40 (void award), § 41 (setting aside: action
 *   within three months of receiving the award), § 47 (a party's right to bring
 *   the arbitrators' fee before the district court), § 49 (costs).
 * - Korkolaki (633/1982) § 4 (viivästyskorko).
 *
 * LAWYER REVIEW: the wording of FEE_NOTICE and CHALLENGE_NOTICE restates
 * §§ 41 and 47 of the Act; they were written from the Act as published in
 * Finlex, but our reference corpus did not hold the sections' text verbatim
 * when this was written, so the time limits must be confirmed against the
 * current text before the first award is issued in production (README,
 * "The award document").
 */

export const SEAT = 'Helsinki';
/** The seat inflected for the signature line ("Helsingissä 1. joulukuuta 2026"). */
export const SEAT_INESSIVE = 'Helsingissä';

export const TITLES = {
  award: 'VÄLITYSTUOMIO',
  draftAward: 'VÄLITYSTUOMIO — LUONNOS',
  aiDecision: 'TEKOÄLYN RATKAISUEHDOTUS',
  offlineExtract: 'AINEISTOOTE (TESTIKÄYTTÖ)',
} as const;

export const SUBTITLES = {
  draftAward:
    'Välimiesoikeuden käsittelyssä oleva luonnos. Ei välitystuomio ennen kuin välimiesoikeus on hyväksynyt ja ' +
    'allekirjoittanut sen.',
  aiDecision:
    'Tekoälyn laatima ratkaisuehdotus. Tämä ei ole välimiesmenettelystä annetun lain (967/1992) mukainen ' +
    'välitystuomio, ellei välimies hyväksy ja allekirjoita sitä.',
  offlineExtract:
    'Tämä asiakirja on koottu ilman kielimallia poimimalla lauseita asiakirja-aineistosta. Se on tarkoitettu ' +
    'palvelun työnkulun kokeilemiseen, eikä se ole ratkaisuehdotus eikä välitystuomio.',
} as const;

export const HEADINGS = {
  caseData: 'Asian tiedot',
  parties: 'Asianosaiset ja asiamiehet',
  tribunal: 'Välimiesoikeus',
  agreement: 'Välityssopimus ja toimivalta',
  history: 'Menettelyn vaiheet',
  claims: 'Asianosaisten vaatimukset ja perusteet',
  reasons: 'Perustelut',
  dispositive: 'Tuomiolauselma',
  dispositiveAi: 'Ratkaisuehdotuksen lopputulos',
  costs: 'Menettelyn kustannukset',
  notices: 'Muutoksenhaku ja palkkiota koskeva ilmoitus',
  signatures: 'Allekirjoitukset',
  documents: 'Liite 1: Käsitellyt asiakirjat',
  aiUse: 'Liite 2: Tekoälyn käyttö',
  flagged: 'Liite 3: Tarkistamattomat viittaukset',
} as const;

export const LABELS = {
  caseNumber: 'Asianumero',
  caseName: 'Asia',
  dateAndSeat: 'Antopäivä ja -paikka',
  dateAndSeatDraft: 'Laadittu',
  law: 'Sovellettava laki',
  language: 'Menettelyn kieli',
  claimant: 'Kantaja',
  respondent: 'Vastaaja',
  businessId: 'Y-tunnus / henkilötunnus',
  address: 'Osoite',
  counsel: 'Asiamies',
  noCounsel: 'asiamiestä ei ole rekisteröity palveluun',
  notGiven: 'ei ilmoitettu',
} as const;

export const APPLICABLE_LAW = 'Suomen laki';
export const LANGUAGE = 'suomi';

export const TRIBUNAL_TEXT = {
  none:
    'Asiassa ei ole välimiesoikeutta. Asianosaiset voivat pyytää välimiehen nimeämistä asian sivulla ' +
    '(”Request an arbitrator”); välimies voi hyväksyä ehdotuksen, muuttaa sitä tai ratkaista asian toisin.',
  roles: { sole: 'ainoa välimies', chair: 'puheenjohtaja', member: 'jäsen' },
  statementNone:
    'ilmoitti, ettei hänen tiedossaan ole seikkoja, jotka voisivat antaa aihetta epäillä hänen puolueettomuuttaan tai riippumattomuuttaan',
  statementDisclosed: 'ilmoitti seuraavat seikat',
} as const;

export const AGREEMENT_TEXT = {
  terms: (version: string) =>
    `Asianosaiset ovat sopineet riitansa ratkaisemisesta Ratkaisu-palvelussa hyväksymällä palvelun käyttöehdot ` +
    `(versio ${version}), joiden mukaan riidat ratkaistaan Suomen lain mukaan palvelun menettelyssä.`,
  accepted: (role: string, date: string) => `${role} hyväksyi käyttöehdot ${date}.`,
  notRecorded: (role: string) => `${role}: käyttöehtojen hyväksymistä ei ole kirjattu palveluun.`,
  jurisdiction:
    'Välimiesoikeuden toimivalta perustuu edellä mainittuun sopimukseen. Jos asianosainen vetoaa muuhun ' +
    'välityssopimukseen, se mainitaan perusteluissa.',
  aiOnly:
    'Ratkaisuehdotus on laadittu palvelun käyttöehtojen mukaisesti. Se sitoo asianosaisia vain, jos molemmat ' +
    'hyväksyvät sen palvelussa.',
} as const;

export const HISTORY_TEXT = {
  filed: (claimant: string) => `Asia tuli vireille palvelussa; kantajana ${claimant}.`,
  submission: (party: string, phase: string, count: number) =>
    `${party} toimitti vaiheessa ”${phase}” ${count} asiakirjaa.`,
  submissionFiles: (files: string) => `Asiakirjat: ${files}.`,
  phaseOpened: (phase: string) => `Vaihe ”${phase}” alkoi.`,
  resolutionOpened: 'Kirjallinen käsittely päättyi ja asia siirtyi ratkaisuvaiheeseen.',
  tribunalRequested: (party: string, size: number) =>
    `${party} pyysi ${size === 3 ? 'kolmijäsenisen välimiesoikeuden' : 'välimiehen'} nimeämistä.`,
  appointed: (name: string, role: string) => `${name} nimettiin (${role}).`,
  accepted: (name: string) => `${name} hyväksyi tehtävän ja antoi riippumattomuusilmoituksen.`,
  declined: (name: string) => `${name} kieltäytyi tehtävästä.`,
  decisionRequested: 'Ratkaisun luonnostelu tekoälyllä käynnistettiin.',
  adopted: 'Välimiesoikeus hyväksyi tuomion tekstin.',
  claimsExtracted: (version: number) =>
    `Välimiesoikeus laati yhteenvedon asianosaisten vaatimuksista ja perusteista (versio ${version}) asianosaisten vahvistettavaksi.`,
  claimsConfirmed: (party: string) => `${party} vahvisti yhteenvedon vaatimuksistaan ja perusteistaan.`,
  claimsCorrected: (party: string) => `${party} korjasi yhteenvedon vaatimuksistaan ja perusteistaan.`,
  proceeded: (name: string, reason: string) =>
    `Välimiesoikeus (${name}) aloitti ratkaisun laatimisen ilman kaikkien asianosaisten vahvistusta vaatimuksistaan; perusteena: ${reason}`,
  none: 'Menettelyn vaiheita ei ole kirjattu.',
} as const;

/** Section 6: the parties' requests for relief and grounds as they confirmed or corrected them. */
export const CLAIMS_TEXT = {
  intro:
    'Välimiesoikeus laati alla olevan yhteenvedon asianosaisten vaatimuksista ja perusteista asiakirjoista, ' +
    'ja kumpikin asianosainen on voinut vahvistaa tai korjata oman osuutensa.',
  none: 'Asianosaisten vaatimuksista ja perusteista ei laadittu vahvistettavaa yhteenvetoa.',
  confirmed: (party: string, date: string) => `${party} vahvisti ${date}`,
  corrected: (party: string, date: string) => `${party} korjasi ${date}`,
  proposed: 'ei vahvistettu',
  comments: 'Huomautukset yhteenvedosta',
  by: { claimant: 'kantaja', respondent: 'vastaaja', tribunal: 'välimiesoikeus' } as Record<string, string>,
  party: { claimant: 'kantaja', respondent: 'vastaaja' } as Record<string, string>,
} as const;

/** How the phases read in the award: its list of documents and its procedural history. */
export const PHASE_NAMES: Record<PhaseType, string> = {
  Claim: 'Kanne',
  Response: 'Vastaus',
  ClaimantLetter1: 'Kantajan lausuma 1',
  RespondentLetter1: 'Vastaajan lausuma 1',
  ClaimantLetter2: 'Kantajan lausuma 2',
  RespondentLetter2: 'Vastaajan lausuma 2',
  Resolution: 'Ratkaisu',
};

export const DISPOSITIVE_TEXT = {
  missing:
    '**Tuomiolauselma puuttuu.** Kielimalli ei tuottanut hyväksyttävää tuomiolauselmaa. Välimiesoikeuden on ' +
    'kirjoitettava se ennen kuin tuomio voidaan hyväksyä.',
  missingAi: 'Ratkaisuehdotuksessa ei ole jäsenneltyä lopputulosta; lopputulos ilmenee perusteluista (luku 6).',
  offline:
    'Ilman kielimallia koottuun aineistootteeseen ei sisälly lopputulosta. Lopputulosta ei johdeta ' +
    'poimituista lauseista.',
  party: { claimant: 'kantaja', respondent: 'vastaaja' } as Record<string, string>,
  partyGenitive: { claimant: 'kantajalle', respondent: 'vastaajalle' } as Record<string, string>,
  payment: (debtor: string, creditor: string, amount: string) =>
    `${capitalise(debtor)} velvoitetaan maksamaan ${creditor} ${amount}`,
  penaltyInterest: (from: string) =>
    ` sekä korkolain (633/1982) 4 §:n 1 momentin mukaista viivästyskorkoa ${from} lukien`,
  fixedInterest: (rate: string, from: string) => ` sekä ${rate} prosentin vuotuista korkoa ${from} lukien`,
  references: (refs: string) => ` (${refs})`,
} as const;

export const COSTS_TEXT = {
  intro:
    'Välimiesmenettelystä annetun lain 49 §:n mukaisesti välimiesoikeus määrää asianosaisten oikeudenkäyntikulujen ' +
    'korvaamisesta sekä välimiesten palkkion ja kulujen jakautumisesta asianosaisten kesken.',
  none: 'Asianosaiset eivät ole esittäneet oikeudenkäyntikuluja koskevia vaatimuksia palvelussa.',
  fees:
    'Välimiesten palkkio ja kulut: asianosaiset vastaavat niistä yhteisvastuullisesti välimiehiin nähden; ' +
    'keskinäinen jako määrätään edellä.',
  aiNoCosts:
    'Ratkaisuehdotus ei sisällä kuluratkaisua. Palvelun maksut on suoritettu käyttöehtojen mukaisesti, eikä niitä ' +
    'palauteta.',
} as const;

/** § 41 and § 47 of 967/1992, restated for the parties (see LAWYER REVIEW above). */
export const CHALLENGE_NOTICE =
  'Välitystuomion kumoamista välimiesmenettelystä annetun lain 41 §:n perusteella koskeva kanne on nostettava ' +
  'käräjäoikeudessa kolmen kuukauden kuluessa siitä päivästä, jona asianosainen sai tuomion tiedoksi (palvelussa: ' +
  'asianosaisen ensimmäinen lataus, joka kirjataan vastaanottokuittaukseksi). Pätemättömyyteen (40 §) voidaan ' +
  'vedota määräajasta riippumatta.';

export const FEE_NOTICE =
  'Välimiesmenettelystä annetun lain 47 §:n mukaan asianosainen voi saattaa välitystuomiossa olevan, välimiesten ' +
  'palkkiota koskevan määräyksen käräjäoikeuden tutkittavaksi. Kanne on nostettava kolmen kuukauden kuluessa siitä, ' +
  'kun asianosainen sai välitystuomion tiedoksi.';

export const AI_DECISION_NOTICE =
  'Tämä ratkaisuehdotus ei ole välitystuomio, eikä siihen sovelleta välimiesmenettelystä annetun lain ' +
  'muutoksenhakusäännöksiä. Asianosaiset voivat hyväksyä ehdotuksen palvelussa (”Accept decision”) tai pyytää ' +
  'välimiehen nimeämistä (”Request an arbitrator”).';

export const ANONYMOUS_NOTICE =
  'Ehdotus on laadittu Ratkaisu-palvelun avoimella ratkaisugeneraattorilla ladattujen asiakirjojen perusteella ' +
  'ilman asiaa, asianosaisten tunnistamista tai välimiestä. Se ei ole välitystuomio eikä sido ketään. Sitovaa ' +
  'ratkaisua varten asia voidaan viedä palveluun, jossa välimies voi ratkaista sen.';

export const SIGNATURE_TEXT = {
  line: (seatDate: string) => `${SEAT_INESSIVE} ${seatDate}`,
  electronic:
    'Välitystuomio on allekirjoitettu sähköisesti Ratkaisu-palvelussa: kukin välimies on tunnistautunut uudelleen ' +
    'allekirjoittaessaan, ja allekirjoitus, sen aika sekä tämän asiakirjan SHA-256-tiiviste on kirjattu asian ' +
    'tarkastuslokiin.',
  draft: 'Luonnosta ei ole allekirjoitettu.',
  notSigned: (name: string, reason: string) =>
    `${name} ei allekirjoittanut tuomiota. Syy: ${reason} (välimiesmenettelystä annetun lain 36 §:n 1 momentti: ` +
    'enemmistön allekirjoitus riittää, kun tuomiossa mainitaan syy).',
  law36:
    'Välimiesmenettelystä annetun lain (967/1992) 36 §:n mukaan välitystuomio on annettava kirjallisesti ja ' +
    'välimiesten on allekirjoitettava se; tuomiossa on mainittava sen antopäivä ja -paikka.',
} as const;

export const DOCUMENTS_TEXT = {
  none: '_Ei asiakirjoja._',
  header: '| Tunnus | Vaihe | Tiedosto | Sivuja |',
  rule: '|---|---|---|---:|',
  unreadable: 'ei luettavissa',
} as const;

export const AI_USE_TEXT = {
  intro: (model: string) => `Perustelujen luvut laadittiin ensin tekoälyllä Ratkaisu-palvelussa. Kielimalli: ${model}.`,
  offline:
    'Luvut on koottu ilman kielimallia (offline-tila, poimiva menetelmä): ne koostuvat asiakirjoista poimituista ' +
    'lauseista viitteineen.',
  sampling: (temperature: number, topP: number) => `Asetukset: temperature ${temperature}, top_p ${topP}.`,
  noSampling: 'Malli ei hyväksy temperature- ja top_p-asetuksia, joten se käytti oletusarvojaan.',
  settings: (by: string, at: string, prompts: string) => `Asetukset asetti ${by} ${at}; ${prompts}.`,
  defaultPrompts: 'ohjeet ja lukujen kehotteet olivat palvelun oletukset',
  customPrompts: 'ohjeita tai lukujen kehotteita oli muutettu oletuksista (ks. asetukset asian sivulla)',
  settingsHash: (hash: string) => `Asetusten SHA-256: ${hash}.`,
  generatedAt: (at: string) => `Luvut luotiin ${at}.`,
  condensed:
    'Aineisto oli liian laaja käsiteltäväksi kerralla, joten se tiivistettiin ensin asiakirjoittain; viitteet ' +
    'osoittavat alkuperäisten asiakirjojen sivuihin.',
  changed: (percent: number) =>
    `Välimiesoikeus muutti tekoälyn tekstiä: ${percent} % lopullisen perustelutekstin merkeistä poikkeaa tekoälyn luonnoksesta.`,
  unchanged: 'Välimiesoikeus ei muuttanut tekoälyn laatimaa perustelutekstiä.',
  citations: (checked: number, flagged: number) =>
    flagged === 0
      ? `Viittauksia tarkistettiin koneellisesti ${checked}; yhtään ei merkitty tarkistamattomaksi.`
      : `Viittauksia tarkistettiin koneellisesti ${checked}; niistä ${flagged} on merkitty tarkistamattomiksi ` +
        '(merkitty tekstiin ⁽ⁿ⁾ ja lueteltu liitteessä 3).',
  oversight:
    'Tekoäly ei ratkaise asiaa. Ratkaisun tekee välimiesoikeus, joka on lukenut, muuttanut tarvittaessa ja ' +
    'hyväksynyt tekstin.',
  oversightAi:
    'Tekoälyn ehdotusta ei ole tarkastanut välimies. Ehdotus sitoo vain, jos molemmat asianosaiset hyväksyvät sen.',
  injections: (count: number) =>
    `Asiakirjoista löytyi ${count} tekoälylle tai välimiesoikeudelle osoitettua kohtaa (mahdollinen ` +
    'ohjailuyritys); ne on esitetty välimiesoikeudelle, eikä niitä ole noudatettu ohjeina.',
} as const;

export const FLAGGED_TEXT = {
  none: (checked: number) => `Yhtään viittausta ei merkitty tarkistamattomaksi (${checked} tarkistettu).`,
  intro: (flagged: number, checked: number) =>
    `Seuraavia viittauksia (${flagged}/${checked}) ei voitu varmentaa. Niihin perustuvat kohdat on tarkistettava.`,
  header: '| Merkki | Luku | Viite | Syy |',
  rule: '|---:|---:|---|---|',
} as const;

/** Finnish long date in Helsinki time: "1. joulukuuta 2026". */
export function finnishDate(date: Date): string {
  return new Intl.DateTimeFormat('fi-FI', { timeZone: 'Europe/Helsinki', dateStyle: 'long' }).format(date);
}

/** Finnish short date: "1.12.2026". */
export function finnishShortDate(date: Date | string): string {
  return new Intl.DateTimeFormat('fi-FI', {
    timeZone: 'Europe/Helsinki',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).format(typeof date === 'string' ? new Date(date) : date);
}

/** "12 500,00 €" from cents. */
export function euros(cents: number): string {
  return `${new Intl.NumberFormat('fi-FI', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} €`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The agreement, the tribunal's constitution and the hearing of every new matter (issue 27 items 3–5).
 * Sources: 967/1992 § 3 (the arbitration agreement), § 12–13 (appointment by the parties' agreed appointing
 * authority), § 10 (disclosure) and § 11 (challenge; the 15-day period and the decision by the appointing
 * authority are the parties' agreed procedure), § 22 (the parties heard on the other's submissions), § 20
 * (written procedure unless a party asks for a hearing). LAWYER REVIEW: as FEE_NOTICE above.
 */
export const CONSTITUTION_TEXT = {
  clauseIntro: (version: string) =>
    `Asianosaiset ovat hyväksyneet palvelussa asiaa varten seuraavan välityssopimuksen (versio ${version}):`,
  clauseAccepted: (role: string, name: string, date: string, version: string) =>
    `${role} hyväksyi välityssopimuksen (versio ${version}) ${date}; hyväksynnän antoi ${name}.`,
  clauseNotAccepted: (role: string) => `${role}: välityssopimuksen hyväksymistä ei ole kirjattu palveluun.`,
  jurisdictionBasis: 'Välimiesoikeuden toimivalta perustuu edellä lainattuun välityssopimukseen.',
  jurisdictionDecision: (date: string, name: string, text: string) =>
    `Asianosaisen asiakirjoissa viitataan myös toiseen välityslausekkeeseen tai välimiesmenettelyyn. ` +
    `Välimiesoikeus ratkaisi toimivaltansa ${date} (kirjannut ${name}) seuraavasti: ${text}`,
  appointmentBasis: (admin: string, date: string) =>
    `nimennyt Ratkaisu-palvelu välityssopimuksen mukaisena nimeävänä tahona (nimeämisen teki palvelun ylläpitäjä ` +
    `${admin} ${date})`,
  unknownAdmin: 'palvelun ylläpitäjä',
} as const;

export const CONSTITUTION_HISTORY = {
  appointedBy: (name: string, role: string, admin: string) =>
    `${name} nimettiin ${role}; nimeäjänä Ratkaisu-palvelu välityssopimuksen mukaisena nimeävänä tahona ` +
    `(nimeämisen teki palvelun ylläpitäjä ${admin}).`,
  sizeAgreed: (party: string) => `${party} suostui kolmijäseniseen välimiesoikeuteen.`,
  sizeRefused: (party: string) =>
    `${party} ei suostunut kolmijäseniseen välimiesoikeuteen; asian ratkaisee yksi välimies.`,
  sizeLapsed: (party: string) =>
    `${party} ei vastannut kolmijäsenistä välimiesoikeutta koskevaan pyyntöön määräajassa; asian ratkaisee yksi välimies.`,
  acceptedWithPeriod: (name: string, until: string) =>
    `Asianosaisille ilmoitettiin, että ${name} otti tehtävän vastaan, sekä hänen riippumattomuusilmoituksensa; ` +
    `määräaika välimiehen vastustamiseen esteellisyyden vuoksi: ${until}.`,
  waived: (party: string, names: string) => `${party} luopui vastustamasta välimiestä: ${names}.`,
  challenged: (party: string, name: string, grounds: string) =>
    `${party} vastusti välimiestä ${name} esteellisyyden vuoksi; perusteena: ${grounds}`,
  challengeSustained: (name: string, by: string, reasons: string) =>
    `Nimeävä taho (${by}) hyväksyi välimiehen ${name} vastustamisen ja vapautti hänet tehtävästä; perustelut: ${reasons}`,
  challengeRejected: (name: string, by: string, reasons: string) =>
    `Nimeävä taho (${by}) hylkäsi välimiehen ${name} vastustamisen; perustelut: ${reasons}`,
  matterPut: (party: string, kind: 'correction' | 'comment', other: string, until: string) =>
    `${party} ${kind === 'correction' ? 'korjasi vaatimuksiaan tai perusteitaan' : 'esitti huomautuksen'}; ` +
    `${other} varattiin tilaisuus lausua siitä ${until} mennessä.`,
  matterAnswered: (party: string) => `${party} lausui sille tiedoksi annetusta seikasta.`,
  matterLapsed: (party: string) => `${party} ei lausunut määräajassa.`,
  jurisdiction: 'Välimiesoikeus kirjasi ratkaisunsa toimivallastaan.',
  hearing: (date: string, note: string) => `Välimiesoikeus piti suullisen käsittelyn ${date}: ${note}`,
  written:
    'Suullista käsittelyä ei pidetty; asia ratkaistiin kirjallisen aineiston perusteella välityssopimuksen mukaisesti.',
  partyAllative: { claimant: 'kantajalle', respondent: 'vastaajalle' } as Record<string, string>,
  roleIllative: { sole: 'ainoaksi välimieheksi', chair: 'puheenjohtajaksi', member: 'jäseneksi' } as Record<
    string,
    string
  >,
} as const;
