import { GLOSSARY, NULLITY_NOTICE, periodWithin, PHASE_NAMES_FI, type PhaseType } from '@ratkaisu/core';
import { capitalise } from './finnish-amounts.js';
import { agreeing, countOf } from './finnish-count.js';

export { euroAmount, euros, finnishDate, finnishShortDate } from './finnish-amounts.js';

/**
 * Every Finnish word of the award's frame, in one place for a lawyer to review
 * (award-frame.ts only arranges these; it holds no wording of its own).
 *
 * Each fixed sentence rests on a section of an Act; docs/award-law.md names the
 * section and quotes the Act's words each notice follows:
 * - Laki välimiesmenettelystä (967/1992), ajantasainen teksti Finlexissä
 *   (finlex.fi/fi/laki/ajantasa/1992/19920967): § 36 (a written award signed
 *   by all arbitrators, its date and place), § 40 (nullity, no time limit;
 *   2 mom.: a majority's signatures suffice when the award says why the others
 *   did not sign), § 41 (setting aside by action within three months of
 *   receiving a copy of the award or of the decision on a §§ 38–39 request),
 *   § 47 (the arbitrators' fee before the district court where the award was
 *   given: a written application within 60 days with a copy of the award; the
 *   award must carry these instructions), § 49 (the tribunal may order costs,
 *   unless the parties agreed otherwise).
 * - Korkolaki (633/1982) § 4 (viivästyskorko).
 *
 * The periods' lengths and their "… kuluessa siitä päivästä, jona asianosainen sai kappaleen välitystuomiota"
 * come from core/src/law/arbitration-act.ts, the one home of the Act's periods that the mails and the case page
 * use too, so the award and they state each period alike.
 *
 * LAWYER REVIEW: CHALLENGE_NOTICE, FEE_NOTICE, COSTS_TEXT.intro and the
 * signature texts restate §§ 36, 40, 41, 47 and 49; docs/award-law.md lists
 * what must be confirmed against the current Finlex text before the first
 * award is issued in production.
 */

export const SEAT = 'Helsinki';
/** The seat inflected for the signature line ("Helsingissä 1. joulukuuta 2026"). */
export const SEAT_INESSIVE = 'Helsingissä';
/** The district court of the seat (§ 47: "sen käräjäoikeuden, jonka tuomiopiirissä välitystuomio on annettu"). */
export const SEAT_DISTRICT_COURT = 'Helsingin käräjäoikeus';
export const SEAT_DISTRICT_COURT_ILLATIVE = 'Helsingin käräjäoikeuteen';
export const SEAT_DISTRICT_COURT_GENITIVE = 'Helsingin käräjäoikeuden';

export const TITLES = {
  award: GLOSSARY.award.fi.toUpperCase(),
  draftAward: 'VÄLITYSTUOMIO — LUONNOS',
  aiDecision: 'TEKOÄLYN RATKAISUEHDOTUS',
  offlineExtract: 'AINEISTOOTE (TESTIKÄYTTÖ)',
} as const;

export const SUBTITLES = {
  draftAward:
    'Välimiesoikeuden käsittelyssä oleva luonnos. Ei välitystuomio ennen kuin välimiesoikeus on hyväksynyt ja ' +
    'allekirjoittanut sen.',
  aiDecision:
    'Tekoälyn laatima ratkaisuehdotus. Se ei ole välimiesmenettelystä annetun lain (967/1992) mukainen ' +
    'välitystuomio; sen sitovuudesta kerrotaan kohdassa ”Ehdotuksen sitovuus”.',
  anonymousAiDecision: 'Tekoälyn laatima ratkaisuehdotus palveluun lisättyjen asiakirjojen perusteella.',
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
  claimsRelief: 'Vaatimukset',
  claimsGrounds: 'Perusteet',
  reasons: 'Perustelut',
  dispositive: 'Tuomiolauselma',
  dispositiveAi: 'Ratkaisuehdotuksen lopputulos',
  costs: 'Menettelyn kustannukset',
  costsAi: 'Kustannukset',
  requests: 'Välitystuomion korjaaminen, tulkinta ja täydentäminen',
  notices: 'Välitystuomion moittiminen ja mitättömyys',
  feeNotice: 'Välimiesten palkkiota koskevan määräyksen saattaminen käräjäoikeuden tutkittavaksi',
  feeNoticeSole: 'Välimiehen palkkiota koskevan määräyksen saattaminen käräjäoikeuden tutkittavaksi',
  binding: 'Ehdotuksen sitovuus',
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
  counselNameNotGiven: 'nimeä ei ilmoitettu',
} as const;

export const APPLICABLE_LAW = 'Suomen laki';
export const LANGUAGE = 'suomi';

export const TRIBUNAL_TEXT = {
  none: 'Asiassa ei ole välimiesoikeutta. Ratkaisuehdotuksen on laatinut tekoäly.',
  roles: { sole: 'ainoa välimies', chair: 'puheenjohtaja', member: 'jäsen' },
  statementNone:
    'ilmoitti, ettei hänen tiedossaan ole seikkoja, jotka voisivat antaa perusteltua aihetta epäillä hänen puolueettomuuttaan tai riippumattomuuttaan',
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
  aiOnly: 'Ratkaisuehdotus on laadittu palvelun käyttöehtojen mukaisesti.',
} as const;

export const HISTORY_TEXT = {
  filed: (claimant: string) => `Asia tuli vireille palvelussa; kantajana ${claimant}.`,
  submission: (party: string, phase: string, count: number) =>
    `${party} toimitti vaiheessa ”${phase}” ${countOf(count, 'asiakirjan', 'asiakirjaa')}.`,
  submissionFiles: (files: string) => `Asiakirjat: ${files}.`,
  phaseOpened: (phase: string) => `Vaihe ”${phase}” alkoi.`,
  resolutionOpened: 'Kirjallinen käsittely päättyi ja asia siirtyi ratkaisuvaiheeseen.',
  tribunalRequested: (party: string, size: number) =>
    `${party} pyysi ${size === 3 ? 'kolmijäsenisen välimiesoikeuden' : 'välimiehen'} nimeämistä.`,
  appointed: (name: string, role: string) => `${name} nimettiin (${role}).`,
  accepted: (name: string) => `${name} hyväksyi tehtävän ja antoi riippumattomuusilmoituksen.`,
  declined: (name: string) => `${name} kieltäytyi tehtävästä.`,
  decisionRequested: 'Ratkaisun luonnostelu tekoälyllä käynnistettiin.',
  adopted: (sole: boolean) =>
    sole ? 'Välimies hyväksyi tuomion tekstin.' : 'Välimiesoikeus hyväksyi tuomion tekstin.',
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

/** How the phases read in the award: its list of documents and its procedural history (the glossary's names). */
export const PHASE_NAMES: Record<PhaseType, string> = PHASE_NAMES_FI;

export const DISPOSITIVE_TEXT = {
  missing:
    '**Tuomiolauselma puuttuu.** Kielimalli ei tuottanut hyväksyttävää tuomiolauselmaa. Välimiesoikeuden on ' +
    'kirjoitettava se ennen kuin tuomio voidaan hyväksyä.',
  missingAi: 'Ratkaisuehdotuksessa ei ole jäsenneltyä lopputulosta; lopputulos ilmenee perusteluista (luku 6).',
  offline:
    'Ilman kielimallia koottuun aineistootteeseen ei sisälly lopputulosta. Lopputulosta ei johdeta ' +
    'poimituista lauseista.',
  party: { claimant: 'kantaja', respondent: 'vastaaja' } as Record<string, string>,
  partyAllative: { claimant: 'kantajalle', respondent: 'vastaajalle' } as Record<string, string>,
  /** "Vastaaja velvoitetaan suorittamaan kantajalle 372,00 euroa" (the amount written by `euroAmount`). */
  payment: (debtor: string, creditor: string, amount: string) =>
    `${capitalise(debtor)} velvoitetaan suorittamaan ${creditor} ${amount}`,
  /** Costs: "Vastaaja velvoitetaan korvaamaan kantajan oikeudenkäyntikulut 2 000,00 eurolla". */
  costs: (debtor: string, creditorGenitive: string, amount: string) =>
    `${capitalise(debtor)} velvoitetaan korvaamaan ${creditorGenitive} oikeudenkäyntikulut ${amount}`,
  partyGenitive: { claimant: 'kantajan', respondent: 'vastaajan' } as Record<string, string>,
  /** Fees (§ 47 refers to this order): "Välimiehen palkkioksi ja kulujen korvaukseksi vahvistetaan 3 000,00 euroa." */
  fees: (sole: boolean, amount: string) =>
    `${sole ? 'Välimiehen' : 'Välimiesten'} palkkioksi ja kulujen korvaukseksi vahvistetaan ${amount}`,
  feesBorne: (party: string, sole: boolean) =>
    `Asianosaisten välisessä suhteessa ${party} vastaa ${sole ? 'välimiehen' : 'välimiesten'} palkkiosta ja kuluista`,
  feesReimburse: (creditor: string) => ` ja velvoitetaan korvaamaan ${creditor} tämän niistä maksaman osuuden`,
  /** A proposal obliges no one by itself: its outcome reads as the terms both may accept. */
  proposalPayment: (debtor: string, creditor: string, amount: string) =>
    `${capitalise(debtor)} suorittaa ${creditor} ${amount}`,
  proposalCosts: (debtor: string, creditorGenitive: string, amount: string) =>
    `${capitalise(debtor)} korvaa ${creditorGenitive} oikeudenkäyntikulut ${amount}`,
  penaltyInterest: (from: string) =>
    ` sekä korkolain (633/1982) 4 §:n 1 momentin mukaista viivästyskorkoa ${from} lukien`,
  fixedInterest: (rate: string, from: string) => ` sekä ${rate} prosentin vuotuista korkoa ${from} lukien`,
  /** The ground of a structured order, when its wording is not a sentence of its own. */
  ground: (text: string) => ` (peruste: ${text})`,
  references: (refs: string) => ` [${refs}]`,
} as const;

export const COSTS_TEXT = {
  /** § 49: the tribunal *may* order costs, unless the parties agreed otherwise. */
  intro: (sole: boolean) =>
    `Välimiesmenettelystä annetun lain 49 §:n mukaan ${sole ? 'välimies' : 'välimiesoikeus'} voi, jollei ` +
    'asianosaisten kesken ole toisin sovittu, velvoittaa asianosaisen korvaamaan vastapuolen ' +
    `oikeudenkäyntikulut ja määrätä, miten asianosaiset keskinäisessä suhteessaan vastaavat ${sole ? 'välimiehen' : 'välimiesten'} ` +
    'palkkiosta ja kuluista.',
  /** Only what the record shows: which orders of the dispositive part concern costs and fees. */
  costsOrders: (numbers: string) => `Oikeudenkäyntikuluista on määrätty tuomiolauselman ${numbers}.`,
  noCostsOrder: (sole: boolean) =>
    `${sole ? 'Välimies ei ole antanut' : 'Välimiesoikeus ei ole antanut'} oikeudenkäyntikulujen korvaamista koskevaa määräystä.`,
  feesOrders: (numbers: string, sole: boolean) =>
    `${sole ? 'Välimiehen' : 'Välimiesten'} palkkiosta ja kuluista on määrätty tuomiolauselman ${numbers}.`,
  noFeesOrder: (sole: boolean) =>
    `Tuomiolauselmassa ei ole ${sole ? 'välimiehen' : 'välimiesten'} palkkiota koskevaa määräystä.`,
  /** "kohdassa 3" / "kohdissa 3 ja 4". */
  points: (numbers: readonly number[]) =>
    numbers.length === 1
      ? `kohdassa ${numbers[0]}`
      : `kohdissa ${numbers.slice(0, -1).join(', ')} ja ${numbers[numbers.length - 1]}`,
  aiCostsOrders: (numbers: string) => `Oikeudenkäyntikuluista ehdotetaan lopputuloksen ${numbers}.`,
  aiNoCosts: 'Ratkaisuehdotus ei sisällä ehdotusta oikeudenkäyntikulujen korvaamisesta.',
} as const;

/**
 * § 41 (setting aside: three months from receiving a copy — kappale — of the award, or of the decision on a
 * §§ 38–39 request) and § 40 (nullity: no time limit). An award cannot be appealed.
 */
export const CHALLENGE_NOTICE =
  'Välitystuomioon ei voi hakea muutosta valittamalla. Asianosainen voi vaatia välitystuomion kumoamista ' +
  'välimiesmenettelystä annetun lain 41 §:ssä säädetyillä perusteilla käräjäoikeuteen nostettavalla kanteella. ' +
  `Kanne on nostettava ${periodWithin('setAside', 'fi')}, tai, jos välimiesoikeudelta on pyydetty ` +
  'välitystuomion korjaamista, tulkintaa tai täydentämistä lain 38 tai 39 §:n mukaisesti, siitä päivästä, jona ' +
  `asianosainen sai kappaleen tätä koskevaa ratkaisua. ${NULLITY_NOTICE.fi}`;

/**
 * §§ 38–39: a party may ask, within 30 days of receiving a copy of the award, for the correction of a clerical,
 * computational or similar obvious error, for an interpretation, or for an additional award on a claim presented
 * but not decided; in Ratkaisu the request is made on the case page (docs/award-law.md section 1b).
 */
export const REQUEST_NOTICE = (sole: boolean) =>
  `Asianosainen voi ${periodWithin('correction', 'fi', { receiver: 'se' })}, pyytää ` +
  `${sole ? 'välimiestä' : 'välimiesoikeutta'} korjaamaan välitystuomiossa olevan kirjoitus- tai laskuvirheen tai ` +
  'muun niihin verrattavan ilmeisen virheen tai tulkitsemaan välitystuomiota (välimiesmenettelystä annetun lain ' +
  '38 §) taikka antamaan lisätuomion vaatimuksesta, joka on esitetty välimiesmenettelyssä mutta jätetty ' +
  'ratkaisematta (lain 39 §). Pyyntö tehdään Ratkaisu-palvelussa asian sivulla, ja se annetaan tiedoksi ' +
  'vastapuolelle.';

/**
 * § 47: the instructions the award must carry on bringing the arbitrators' fee before the district court where
 * the award was given (Helsinki seat: Helsingin käräjäoikeus): a written application within 60 days of
 * receiving a copy of the award, with a copy of the award attached. `points` names the fee order(s).
 */
export const FEE_NOTICE = (sole: boolean, points: string) =>
  `Välimiesmenettelystä annetun lain 47 §:n mukaan asianosainen voi saattaa välitystuomiossa olevan ` +
  `${sole ? 'välimiehen' : 'välimiesten'} palkkiota koskevan määräyksen (tuomiolauselman ${points}) ` +
  `${SEAT_DISTRICT_COURT_GENITIVE} tutkittavaksi. Asiassa on tehtävä kirjallinen hakemus ` +
  `${periodWithin('feeChallenge', 'fi')}, ja hakemukseen on liitettävä kappale välitystuomiota.`;

/** The case proposal without a tribunal: it binds only when both accept, as a settlement; how to ask for an arbitrator. */
export const AI_DECISION_NOTICE =
  'Ratkaisuehdotus sitoo asianosaisia vain, jos molemmat hyväksyvät saman ehdotuksen palvelussa. Hyväksytty ' +
  'ehdotus sitoo asianosaisia sovintona palvelun käyttöehtojen mukaisesti; se ei ole välitystuomio, eikä sitä voi ' +
  'panna täytäntöön välitystuomiona. Jos asianosainen haluaa asian ratkaistavaksi välitystuomiolla, se voi ennen ' +
  'hyväksymistä pyytää asian sivulla välimiehen nimeämistä.';

/** The public generator's proposal: no case, no parties; it binds no one and says nothing else about effect. */
export const ANONYMOUS_NOTICE =
  'Ehdotus on laadittu Ratkaisu-palvelun avoimella ratkaisugeneraattorilla palveluun lisättyjen asiakirjojen perusteella. ' +
  'Se ei sido ketään.';

export const SIGNATURE_TEXT = {
  line: (seatDate: string) => `${SEAT_INESSIVE} ${seatDate}`,
  electronic: (sole: boolean) =>
    sole
      ? 'Välitystuomio on allekirjoitettu sähköisesti Ratkaisu-palvelussa: välimies on tunnistautunut uudelleen ' +
        'allekirjoittaessaan, ja allekirjoitus, sen aika sekä tämän asiakirjan SHA-256-tiiviste on kirjattu asian ' +
        'tarkastuslokiin.'
      : 'Välitystuomio on allekirjoitettu sähköisesti Ratkaisu-palvelussa: kukin välimies on tunnistautunut ' +
        'uudelleen allekirjoittaessaan, ja allekirjoitus, sen aika sekä tämän asiakirjan SHA-256-tiiviste on ' +
        'kirjattu asian tarkastuslokiin.',
  draft: 'Luonnosta ei ole allekirjoitettu.',
  /** § 40(2): the award is not void for a missing signature when a majority signed and the award says why. */
  notSigned: (name: string, reason: string) =>
    `${name} ei allekirjoittanut tuomiota. Syy: ${reason} (välimiesmenettelystä annetun lain 40 §:n 2 momentti: ` +
    'välitystuomio ei ole mitätön, kun välimiesten enemmistö on allekirjoittanut sen ja tuomiossa mainitaan, ' +
    'miksi kaikki välimiehet eivät ole allekirjoittaneet sitä).',
  /** § 36: written, signed by all the arbitrators, with its date and place. */
  law36: (sole: boolean) =>
    'Välimiesmenettelystä annetun lain (967/1992) 36 §:n mukaan välitystuomio on annettava kirjallisesti ja ' +
    `${sole ? 'välimiehen' : 'kaikkien välimiesten'} on allekirjoitettava se; tuomiossa on mainittava sen ` +
    'antopäivä ja -paikka.',
} as const;

/**
 * The signature line and the visible block a PAdES signature draws above it (pdf/pades/sign-pdf.ts): who
 * signed, in what capacity, when (Finnish time). The block is drawn in Helvetica (WinAnsi).
 */
export const SIGNATURE_BLOCK = {
  /** The markdown of the line under each signing member's block (36 underscores). */
  line: '\\_'.repeat(36),
  /** The line as drawn: the anchor the reserved signature field is placed above. */
  drawnLine: '_'.repeat(36),
  blankLines: 3,
  heading: 'Allekirjoitettu sähköisesti (PAdES)',
  capacity: (title: string, role: string) => `${title}, ${role}`,
  time: (date: string, time: string) => `${date} klo ${time} (Suomen aikaa)`,
  reason: 'Välitystuomion allekirjoitus (välimiesmenettelystä annetun lain 36 §)',
  sealName: 'Ratkaisu-palvelu',
  sealReason: 'Kummankin asianosaisen hyväksymä ratkaisu, sinetöity muuttumattomaksi',
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
  settings: (by: string, at: string, prompts: string) => `Asetukset määritti ${by} ${at}; ${prompts}.`,
  defaultPrompts: 'ohjeet ja lukujen kehotteet olivat palvelun oletukset',
  customPrompts: 'ohjeita tai lukujen kehotteita oli muutettu oletuksista (ks. asetukset asian sivulla)',
  settingsHash: (hash: string) => `Asetusten SHA-256: ${hash}.`,
  generatedAt: (at: string) => `Luvut luotiin ${at}.`,
  condensed:
    'Aineisto oli liian laaja käsiteltäväksi kerralla, joten se tiivistettiin ensin asiakirjoittain; viitteet ' +
    'osoittavat alkuperäisten asiakirjojen sivuihin.',
  changed: (percent: number, sole: boolean) =>
    `${sole ? 'Välimies' : 'Välimiesoikeus'} muutti tekoälyn tekstiä: ${percent} % lopullisen perustelutekstin merkeistä poikkeaa tekoälyn luonnoksesta.`,
  unchanged: (sole: boolean) =>
    `${sole ? 'Välimies' : 'Välimiesoikeus'} ei muuttanut tekoälyn laatimaa perustelutekstiä.`,
  citations: (checked: number, flagged: number) =>
    flagged === 0
      ? `Viittauksia tarkistettiin koneellisesti ${checked}; yhtään ei merkitty tarkistamattomaksi.`
      : `Viittauksia tarkistettiin koneellisesti ${checked}; niistä ${flagged} on merkitty ` +
        `${agreeing(flagged, 'tarkistamattomaksi', 'tarkistamattomiksi')} ` +
        '(merkitty tekstiin ⁽ⁿ⁾ ja lueteltu liitteessä 3).',
  oversight: (sole: boolean) =>
    `Tekoäly ei ratkaise asiaa. Ratkaisun tekee ${sole ? 'välimies' : 'välimiesoikeus'}, joka on lukenut, ` +
    'muuttanut tarvittaessa ja hyväksynyt tekstin.',
  oversightAi: 'Tekoälyn ehdotusta ei ole tarkastanut välimies.',
  injections: (count: number, reviewed: boolean) =>
    `Asiakirjoista löytyi ${countOf(count, 'tekoälylle tai välimiesoikeudelle osoitettu kohta', 'tekoälylle tai välimiesoikeudelle osoitettua kohtaa')} ` +
    '(mahdollinen ohjailuyritys); ' +
    (reviewed
      ? `${agreeing(count, 'se on esitetty välimiesoikeudelle, eikä sitä ole noudatettu ohjeena', 'ne on esitetty välimiesoikeudelle, eikä niitä ole noudatettu ohjeina')}.`
      : `${agreeing(count, 'sitä ei ole noudatettu ohjeena', 'niitä ei ole noudatettu ohjeina')}.`),
} as const;

export const FLAGGED_TEXT = {
  none: (checked: number) => `Yhtään viittausta ei merkitty tarkistamattomaksi (${checked} tarkistettu).`,
  intro: (flagged: number, checked: number) =>
    flagged === 1
      ? `Seuraavaa viittausta (1/${checked}) ei voitu varmentaa. Siihen perustuva kohta on tarkistettava.`
      : `Seuraavia viittauksia (${flagged}/${checked}) ei voitu varmentaa. Niihin perustuvat kohdat on tarkistettava.`,
  header: '| Merkki | Luku | Viite | Syy |',
  rule: '|---:|---:|---|---|',
} as const;

/**
 * The agreement, the tribunal's constitution and the hearing of every new matter.
 * Sources: 967/1992 § 3 (the arbitration agreement), § 12–13 (appointment by the parties' agreed appointing
 * authority), § 10 (disclosure) and § 11 (challenge; the 15-day period and the decision by the appointing
 * authority are the parties' agreed procedure), § 22 (the parties heard on the other's submissions), § 20
 * (written procedure unless a party asks for a hearing). LAWYER REVIEW: as FEE_NOTICE above.
 */
export const CONSTITUTION_TEXT = {
  clauseIntro: (version: string) =>
    `Asianosaiset ovat hyväksyneet palvelussa asiaa varten seuraavan välityssopimuksen (versio ${version}):`,
  /** Said only when the record does not show both parties' acceptances (the sentence above would not be true). */
  clauseIntroPending: (version: string) => `Palvelun välityssopimus (versio ${version}) kuuluu:`,
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
  documentsDecided: (date: string, note: string) =>
    `Välimiesoikeus päätti ${date}, että asia ratkaistaan kirjallisen aineiston perusteella ilman suullista ` +
    `käsittelyä välityssopimuksen mukaisesti.${note ? ` Perusteet: ${note}` : ''}`,
  partyAllative: { claimant: 'kantajalle', respondent: 'vastaajalle' } as Record<string, string>,
  roleIllative: { sole: 'ainoaksi välimieheksi', chair: 'puheenjohtajaksi', member: 'jäseneksi' } as Record<
    string,
    string
  >,
} as const;
