import type { enOutcome } from './en-outcome';
import type { Translation } from './catalogue';

/** Lopullinen asia ja tekoälyn ratkaisuehdotuksen hyväksyminen (en-outcome.ts). */
export const fiOutcome: Translation<typeof enOutcome> = {
  finalAccepted: 'Lopullinen: molemmat osapuolet hyväksyivät version {{version}} {{date}}',
  finalAward: 'Lopullinen: välitystuomio annettu {{date}}',
  finalExplained:
    'Lopputulos on lopullinen. Asiassa ei voi enää muuttaa mitään; asiakirjat ja ratkaisut ovat edelleen luettavissa ja ladattavissa. Vain pyynnön tuomion korjaamisesta, tulkitsemisesta tai lisätuomiosta (välimiesmenettelylaki 38–39 §) voi vielä tehdä.',
  finalExplainedAccepted:
    'Lopputulos on lopullinen: molemmat asianosaiset hyväksyivät tämän tekoälyn ratkaisuehdotuksen, ja se ratkaisee asian. Asiassa ei voi enää muuttaa mitään; asiakirjat ja ratkaisut ovat edelleen luettavissa ja ladattavissa.',
  caseFinal:
    'Asia on lopullisesti ratkaistu: siinä ei voi enää muuttaa mitään. Asiakirjat ja ratkaisut ovat edelleen luettavissa ja ladattavissa.',
  becameFinalTitle: 'Asia ratkesi lopullisesti sillä aikaa, kun sivu oli auki',
  becameFinalAward:
    'Välitystuomio annettiin {{date}}. Asiassa ei voi enää muuttaa mitään. Jäljellä on asiakirjojen ja tuomion lataaminen sekä määräajassa pyyntö tuomion korjaamisesta, tulkitsemisesta tai lisätuomiosta (välimiesmenettelylaki 38–39 §).',
  becameFinalAccepted:
    'Molemmat asianosaiset hyväksyivät tekoälyn ratkaisuehdotuksen version {{version}} {{date}}. Asiassa ei voi enää muuttaa mitään. Jäljellä on asiakirjojen ja ratkaisun lataaminen.',
  noTribunal: 'Välimiestä ei pyydetty. Asia on lopullisesti ratkaistu, joten välimiestä ei voi enää pyytää.',
  version: 'Versio {{version}}',
  versionBy: 'Versio {{version}} · pyytäjä {{name}} ({{seat}}) {{date}}',
  seatClaimant: 'kantaja',
  seatRespondent: 'vastaaja',
  seatTribunal: 'välimiesoikeus',
  sha256: 'SHA-256: {{sha256}}',
  lapsed: 'Osapuolen ({{side}}) hyväksyntä {{date}} raukesi {{lapsedAt}}: {{reason}}',
  lapsedByClaimant:
    'Kantaja pyysi ratkaisuehdotuksesta uuden version ennen kuin molemmat osapuolet olivat hyväksyneet tämän.',
  lapsedByRespondent:
    'Vastaaja pyysi ratkaisuehdotuksesta uuden version ennen kuin molemmat osapuolet olivat hyväksyneet tämän.',
  acceptTitle: 'Hyväksy tekoälyn ratkaisuehdotuksen versio {{version}}',
  acceptFile: 'Hyväksyt tiedoston {{fileName}}.',
  verificationHeading: 'Tarkistusyhteenveto',
  referencesChecked: 'Viittauksia asian asiakirjoihin tarkistettiin automaattisesti {{count}}.',
  referencesAllVerified: 'Jokainen viittaus löytyi asiakirjasta, johon se viittaa.',
  referencesFlagged: 'Viittauksia, joita ei voitu varmistaa: {{count}}.',
  flaggedItem: 'Luku {{chapter}}, {{reference}}: {{reason}}',
  aiUseHeading: 'Tekoälyn käyttö',
  aiUseStatement:
    'Tämän ratkaisuehdotuksen on laatinut kielimalli asian asiakirjoista asetuksilla, jotka {{name}} asetti {{date}} (temperature {{temperature}}, top_p {{top_p}}). Se ei ole välitystuomio, eikä yksikään välimies ole tarkastanut sitä. Yllä olevat viittaukset tarkisti palvelu, ei ihminen.',
  meaningHeading: 'Mitä hyväksyminen tarkoittaa',
  meaningBinding:
    'Hyväksyntäsi sitoo sinua vain tähän versioon. Kun molemmat osapuolet ovat hyväksyneet saman version, ratkaisu sitoo kumpaakin.',
  meaningFinal:
    'Asia on silloin lopullisesti ratkaistu: uutta ratkaisuehdotusta ei voi luoda, välimiestä pyytää eikä asiakirjoja lisätä tai poistaa.',
  meaningLapse:
    'Kunnes myös toinen osapuoli on hyväksynyt, kumpi tahansa voi vielä pyytää uuden version; hyväksyntäsi raukeaa silloin ja saat siitä sähköpostin.',
  mustOpenFirst: 'Avaa tiedosto ensin: voit hyväksyä vain version, jonka olet avannut.',
  opened: 'Avasit tämän version {{date}}.',
  loadingSummary: 'Ladataan tarkistusyhteenvetoa…',
  summaryFailed: 'Tarkistusyhteenvetoa ei voitu ladata. Yritä uudelleen.',
  acceptButton: 'Hyväksy versio {{version}}',
  regenerateLapseWarning:
    'Osapuoli ({{side}}) on hyväksynyt version {{version}}. Jos luot uuden ratkaisuehdotuksen, hyväksyntä raukeaa: se ei enää sido, ja osapuolelle ({{side}}) lähetetään sähköposti.',
  regenerateOwnLapse: 'Myös oma hyväksyntäsi versiolle {{version}} raukeaa.',
};
