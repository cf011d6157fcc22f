import type { enDataRights } from './en-data-rights';
import type { Translation } from './catalogue';

/** Tilin tietosivu (docs/data-subject-rights.md): kopio omista tiedoista ja tilin sulkeminen. */
export const fiDataRights: Translation<typeof enDataRights> = {
  tab: 'Omat tiedot',
  exportHeading: 'Kopio tiedoistasi',
  exportIntro:
    'Lataa kaikki Ratkaisun sinusta säilyttämät tiedot yhtenä ZIP-tiedostona: tilisi, istuntosi ja kirjautumisesi, ilmoitukset, osoitteellesi tallennetut sähköpostit, sinua koskevat lokimerkinnät sekä jokaisesta asiastasi asian tiedot, oman puolesi asiakirjat ja työtiedostot ja ratkaisut, jotka molemmat osapuolet näkevät. Luettelo (manifest) kertoo jokaisen tiedoston SHA-256-tiivisteen. Salasanoja tai muita salaisuuksia ei koskaan sisällytetä.',
  exportStart: 'Valmistele kopio',
  exportPreparing: 'Kopiota valmistellaan…',
  exportReady: 'Kopio on valmis. Voit ladata sen {{hours}} tunnin ajan; lähetimme linkin myös sähköpostiisi.',
  exportDownload: 'Lataa ZIP',
  exportFailed: 'Kopiota ei voitu tehdä. Yritä myöhemmin uudelleen.',
  closeHeading: 'Sulje tilisi',
  closeIntro:
    'Sulkeminen päättää heti kaikki istunnot ja poistaa salasanasi, kaksivaiheisen tunnistautumisen salaisuuden, ilmoitukset ja profiilin sekä sähköposti- ja IP-osoitteesi lokista. Välimiehen allekirjoitusavain tuhotaan. Annetut välitystuomiot allekirjoituksineen, asioiden tiedot, lokin ketju ja kirjanpitoaineisto säilytetään, koska laki sitä edellyttää. Tiliä ei voi sulkea, kun edustat osapuolta tai toimit välimiehenä vireillä olevassa asiassa.',
  closeButton: 'Sulje tilini…',
  closeDialogText: 'Tätä ei voi perua. Vahvista salasanallasi.',
  closeDialogTextTfa: 'Tätä ei voi perua. Vahvista salasanallasi ja todennussovelluksen koodilla.',
  closeWorkAccount: 'Tätä ei voi perua. Vahvista kirjautumalla uudelleen Microsoft-tililläsi.',
  password: 'Salasana',
  passwordRequired: 'Anna salasanasi.',
  confirmLabel: 'Ymmärrän, että tilini suljetaan pysyvästi',
  confirmRequired: 'Vahvista valitsemalla ruutu.',
  closeSubmit: 'Sulje tili',
  reauthFailed: 'Salasana tai todennuskoodi on väärä.',
  signInCancelled: 'Microsoft-kirjautuminen peruttiin. Mitään ei suljettu.',
  openCases: 'Tiliäsi ei voi sulkea, kun osallistut vireillä oleviin asioihin. Pyydä ensin sijainen:',
  role: { claimant: 'kantajan edustaja', respondent: 'vastaajan edustaja', arbitrator: 'välimies' },
  closedTitle: 'Tilisi on suljettu',
  closedIntro:
    'Istuntosi, salasanasi, kaksivaiheisen tunnistautumisen salaisuus, ilmoitukset ja profiili on poistettu, samoin sähköposti- ja IP-osoitteesi lokista.',
  keptHeading: 'Mitä säilytetään ja miksi',
  kept: {
    issuedAwards:
      'Annetut välitystuomiot ja ratkaisut allekirjoituksineen ({{count}}): osapuolet tarvitsevat niitä täytäntöönpanoon, ja tuomion mitättömyyteen voi vedota ilman määräaikaa (välimiesmenettelylaki 40–41 §). Allekirjoituksesi pysyvät pätevinä.',
    caseRecords:
      'Asioiden tiedot ({{count}}): vastapuoli ja välimiesoikeus tarvitsevat niitä yhä; ne poistetaan asian säilytysajan päättyessä.',
    auditChain:
      'Loki: merkinnät säilyvät, jotta loki yhä todistaa tapahtumat, mutta sähköposti- ja IP-osoitteesi on poistettu.',
    accountingRecords:
      'Maksettujen maksujen kirjanpitoaineisto: säilytetään 6 vuotta kirjanpitolain (1336/1997) mukaan.',
  },
  closedHome: 'Siirry etusivulle',
};
