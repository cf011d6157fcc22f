import type { Translation } from './catalogue';
import type { enAiNotice, enAiOversight, enAiProblem } from './en-ai-use';

/** The EU AI Act's texts in Finnish (en-ai-use.ts). */
export const fiAiNotice: Translation<typeof enAiNotice> = {
  title: 'Tämän tekstin kirjoittaa tekoälyjärjestelmä.',
  claim:
    'Kanteen laatija käyttää kielimallia, joka laatii luonnoksen valitsemistasi asiakirjoista. Luonnoksessa voi olla virheitä tai viittauksia, jotka eivät tue tekstiä: tarkista jokainen tosiseikka ja viittaus ennen kuin jätät hakemuksen. PDF merkitään tekoälyn tuottamaksi.',
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
  show: 'Näytä',
  loading: 'Lasketaan lukuja…',
  uses: 'Tekoälyn käyttökerrat',
  usesDetail: '{{claims}} kanneluonnosta · {{decisions}} ratkaisua · {{regenerations}} uudelleen kirjoitettua lukua',
  references: 'Merkityt viittaukset sataa tarkistettua kohden',
  referencesDetail: '{{flagged}} merkitty, {{checked}} tarkistettu',
  none: '—',
  chapters: 'Uudelleen kirjoitetut luvut',
  chaptersDetail: '{{generated}} tekoälyn kirjoittamasta luvusta',
  changed: 'Välimiesoikeuksien muuttama osuus tekoälyn tekstistä',
  changedDetail: 'keskiarvo {{count}} hyväksytystä tuomiosta',
  outcomes: 'Molempien osapuolten hyväksymät tekoälyratkaisut',
  outcomesDetail: '{{decisions}} tekoälyratkaisusta · {{requests}} välimiespyyntöä',
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
    'Kuukaudet, jotka tapahtumaloki ja sen tekoälyloki säilytetään; vähintään 6 (tekoälyasetus 19 ja 26(6) artikla).',
  retentionSave: 'Tallenna säilytysaika',
  retentionSaved: 'Tekoälyloki säilytetään nyt {{months}} kuukautta.',
  retentionMonths: '{{months}} kuukautta',
  export: 'Asian tekoälyloki',
  exportHint:
    'Viranomaiselle: jokainen tekoälyn käyttö asiassa syötteineen ja tuotoksineen tiivisteinä sekä jokainen ihmisen toimi niillä.',
  caseId: 'Asian tunniste',
  exportJson: 'Lataa JSON',
  exportPdf: 'Lataa PDF',
  failed: 'Tekoälyn valvonnan lukuja ei voitu ladata.',
};
