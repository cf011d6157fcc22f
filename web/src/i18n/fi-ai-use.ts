import type { Translation } from './catalogue';
import type { enAiNotice, enAiOversight, enAiProblem } from './en-ai-use';

/** The EU AI Act's texts in Finnish (en-ai-use.ts). */
export const fiAiNotice: Translation<typeof enAiNotice> = {
  title: 'Tämän tekstin kirjoittaa tekoälyjärjestelmä.',
  claim:
    'Kanteen laatija käyttää kielimallia, joka laatii luonnoksen valitsemistasi asiakirjoista. Luonnoksessa voi olla virheitä tai viittauksia, jotka eivät tue tekstiä: tarkista jokainen tosiseikka ja viittaus ennen kuin jätät hakemuksen. PDF merkitään tekoälyn tuottamaksi.',
  decision:
    'Laadi ratkaisu -toiminto antaa kielimallin laatia ratkaisuehdotuksen asian asiakirjoista. Se ei ole välitystuomio: se sitoo vain, jos molemmat osapuolet hyväksyvät saman version, ja kumpi tahansa osapuoli voi pyytää sen sijaan välimiesoikeutta. Malli voi erehtyä; viittaukset, joita ei voitu varmentaa, on merkitty. PDF merkitään tekoälyn tuottamaksi.',
  tribunalDraft:
    'Laadi ratkaisu -toiminto antaa kielimallin laatia tuomion perustelut asian asiakirjoista välimiesoikeuden tarkastettaviksi. Malli voi erehtyä: lue jokainen luku asiakirjoja vasten ennen hyväksymistä. Luonnos ja tuomio merkitään tekoälyn tekstiksi.',
  anonymous:
    'Tämä palvelu käyttää kielimallia, joka laatii ratkaisuehdotuksen lisäämistäsi asiakirjoista. Se ei ole välitystuomio, eikä kukaan ihminen tarkasta sitä. Malli voi erehtyä; viittaukset, joita ei voitu varmentaa, on merkitty. PDF merkitään tekoälyn tuottamaksi.',
};

export const fiAiProblem: Translation<typeof enAiProblem> = {
  open: 'Ilmoita ongelmasta',
  title: 'Ilmoita ongelmasta tekoälyn tekstissä',
  intro:
    'Kerro instituutiolle, mikä tässä tekoälyn kirjoittamassa tekstissä on vialla. Ilmoituksesi tallennetaan asian tekoälylokiin ja lähetetään instituution ylläpitäjille.',
  kind: 'Mikä on vialla',
  kinds: {
    fact: 'Tosiseikka on väärin tai puuttuu',
    law: 'Oikeusohje on väärin',
    reference: 'Viittaus ei tue sitä, mitä tekstissä väitetään',
    bias: 'Teksti on puolueellinen tai epäreilu',
    language: 'Kieli on epäselvää tai virheellistä',
    other: 'Jokin muu',
  },
  location: 'Missä',
  locationHint: 'Luku, sivu tai kappale, esim. ”Luku 3, sivu 2”.',
  description: 'Kuvaa ongelma',
  describe: 'Kuvaa ongelma vähintään 10 merkillä.',
  send: 'Lähetä ilmoitus',
  cancel: 'Peruuta',
  close: 'Valmis',
  sent: 'Kiitos. Ilmoituksesi on tallennettu lokiin ja lähetetty instituution ylläpitäjille.',
  failed: 'Ilmoitusta ei voitu lähettää. Yritä uudelleen.',
};

export const fiAiOversight: Translation<typeof enAiOversight> = {
  tab: 'Tekoälyn valvonta',
  intro:
    'Miten tekoälyä käytettiin ja valvottiin yhdessä organisaatiossa yhden kuukauden aikana, laskettuna tallennetuista asioista, ratkaisuista ja tapahtumalokista. Tekoälyasetuksen asiakirjat (docs/ai-act/) lainaavat näitä lukuja.',
  tenant: 'Organisaatio',
  month: 'Kuukausi',
  refresh: 'Päivitä',
  loading: 'Lasketaan lukuja…',
  figuresFor: '{{tenant}} · {{month}}',
  empty:
    'Tässä kuussa ei kirjattu tekoälyn käyttöä, viittausten tarkistusta, hyväksyttyä tuomiota, välimiespyyntöä eikä ongelmailmoitusta. Valitse toinen kuukausi yllä.',
  uses: 'Tekoälyn käyttökerrat',
  usesDetail:
    'kanneluonnoksia {{claims}} · ratkaisuja {{decisions}} · uudelleen kirjoitettuja lukuja {{regenerations}}',
  usesMeaning:
    'Jokainen kerta, kun kielimalli kirjoitti tälle organisaatiolle: kanneluonnos, tekoälyratkaisu tai välimiesoikeuden tuomioluonnos taikka välimiesoikeuden pyynnöstä uudelleen kirjoitettu luku. Julkista generaattoria (ei organisaatiota) ei lasketa.',
  references: 'Merkityt viittaukset sataa tarkistettua kohden',
  referencesDetail: '{{flagged}} merkitty, {{checked}} tarkistettu',
  referencesMeaning:
    'Kuinka moni sadasta viittauksesta asiakirjoihin, säädöksiin ja oikeustapauksiin tämän kuun tekoälyratkaisuissa jäi viittaustarkistuksessa vahvistamatta ja merkittiin ihmisen tarkistettavaksi. Pienempi on parempi; merkintä ei aina ole virhe.',
  none: '—',
  chapters: 'Uudelleen kirjoitetut luvut',
  chaptersDetail: '{{per100}} sataa kohden tämän kuun {{generated}} tekoälyn kirjoittamasta luvusta',
  chaptersDetailNone: 'Tekoäly ei kirjoittanut lukuja tässä kuussa.',
  chaptersMeaning:
    'Tuomioluonnosten luvut, jotka välimiesoikeus kirjoitutti tekoälyllä uudelleen tässä kuussa: merkki luonnoksista, jotka eivät vastanneet tarvetta.',
  changed: 'Välimiesoikeuksien muuttama osuus tekoälyn tekstistä',
  changedDetail: 'keskiarvo tässä kuussa hyväksytyistä tuomioista ({{count}})',
  changedMeaning:
    'Kuinka suuren osan tekoälyn perusteluista välimiesoikeus kirjoitti uudelleen ennen tuomion hyväksymistä, keskimäärin tässä kuussa hyväksytyissä tuomioissa: 0 % tarkoittaa, että tuomio hyväksyttiin tekoälyn kirjoittamana.',
  outcomes: 'Molempien osapuolten hyväksymät tekoälyratkaisut',
  outcomesDetail: 'tekoälyratkaisuja tehty {{decisions}} · välimiespyyntöjä {{requests}}',
  outcomesMeaning:
    'Tässä kuussa tehdyt tekoälyratkaisut (asiat ilman välimiesoikeutta), jotka molemmat osapuolet hyväksyivät, kaikista tehdyistä; sekä osapuolten tämän kuun pyynnöt välimiesoikeudesta.',
  reports: 'Ongelmailmoitukset',
  reportsNone: 'Tässä kuussa ei ilmoitettu ongelmista.',
  reportedAt: 'Ilmoitettu',
  output: 'Tuotos',
  kind: 'Mikä',
  where: 'Missä',
  description: 'Ilmoitus',
  outputs: {
    aiDecision: 'Tekoälyratkaisu',
    award: 'Välitystuomio',
    claimDraft: 'Kanneluonnos',
    anonymousDecision: 'Julkisen palvelun ratkaisuehdotus',
  },
  reporter: 'Ilmoittaja',
  retention: 'Tekoälylokin säilytysaika',
  retentionHint:
    'Kuukaudet, jotka tapahtumaloki ja sen tekoälyloki säilytetään, vähintään 6 (tekoälyasetus 19 ja 26(6) artikla). Päivittäinen ajo poistaa vanhemmat merkinnät niin, että ketju pysyy tarkistettavana.',
  retentionFailed: 'Säilytysaikaa ei voitu tallentaa.',
  retentionSave: 'Tallenna säilytysaika',
  retentionSaved: 'Tekoälyloki säilytetään nyt {{months}} kuukautta.',
  retentionMonths: '{{months}} kuukautta',
  export: 'Asian tekoälyloki',
  exportHint:
    'Viranomaiselle: jokainen tekoälyn käyttö asiassa syötteineen ja tuotoksineen tiivisteinä sekä jokainen ihmisen toimi niillä.',
  caseId: 'Asianumero',
  caseIdHint:
    'Kuten asian sivu, sähköpostit ja asiakirjat sen näyttävät (RAT-2026-000002), tai ongelmailmoituksen yhteydessä yllä näkyvä asia.',
  useForExport: 'Käytä alla olevaan vientiin',
  exportFailed: 'Tekoälylokia ei voitu viedä. Tarkista asianumero.',
  exportJson: 'Lataa JSON',
  exportPdf: 'Lataa PDF',
  failed: 'Tekoälyn valvonnan lukuja ei voitu ladata.',
  evaluations: 'Arviointi kultajoukolla',
  evaluationsHint:
    'Kunkin mallin käyttöönoton ja kehotteiden version viimeisin tulos kahdellatoista kultatapauksella (npm run eval -- --publish, docs/eval.md). Prosentit ovat keskiarvoja niistä tapauksista, joihin mittari soveltuu; ajo hylätään, jos valvottu mittari jää alle kynnysarvonsa.',
  evaluationsNone: 'Arviointeja ei ole julkaistu. Aja npm run eval -- --publish käyttöönottoa vastaan.',
  evaluationsFailed: 'Arviointeja ei voitu ladata.',
  evaluationDeployment: 'Käyttöönotto',
  evaluationPrompt: 'Kehotteiden versio',
  evaluationRun: 'Ajettu',
  evaluationCases: 'Tapauksia',
  evaluationResult: 'Tulos',
  evaluationPassed: 'Hyväksytty',
  evaluationBelow: 'Alle kynnysarvon: {{metrics}}',
  evaluationCitations: 'Viitteiden tarkkuus',
  evaluationAmounts: 'Oikeat rahamäärät',
  evaluationInstruction: 'Piilotettua ohjetta ei noudatettu',
};
