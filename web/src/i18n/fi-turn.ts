import type { Translation } from './catalogue';
import type { enTurn } from './en-turn';

/** Missä asia on ja kenen vuoro on (en-turn.ts): asiasivun tilapalkki, etusivun ryhmät ja Päätä menettely -selitys. */
export const fiTurn: Translation<typeof enTurn> = {
  bannerLabel: 'Asian tilanne',
  yourTurn: 'Sinun vuorosi',
  waitingForOtherParty: 'Odotetaan vastapuolta',
  waitingForParties: 'Odotetaan osapuolia',
  waitingForTribunal: 'Odotetaan välimiesoikeutta',
  decisionGenerating: 'Ratkaisua laaditaan',
  resolved: 'Asia on ratkaistu',
  closed: 'Asia on suljettu',
  activePhase: 'Avoin vaihe: {{phase}}',
  due: 'Määräaika {{date}}',
  noDueDate: 'Ei määräaikaa',
  processEndedPhase: 'Menettely päättynyt: seuraavaksi ratkaisu',
  nextUploadYours:
    'Lisää asiakirjasi vaiheeseen {{phase}} ja valitse sitten Tallenna ja lähetä. Vastapuolelle ilmoitetaan sähköpostilla, kun lähetät.',
  nextSendYours: 'Asiakirjasi ovat vaiheessa {{phase}}. Tallenna ja lähetä ne, kun ne ovat valmiit.',
  nextWaitClaimant: 'Kantaja valmistelee vaihetta {{phase}}.',
  nextWaitRespondent: 'Vastaaja valmistelee vaihetta {{phase}}.',
  waitingEmail: 'Odotetaan — saat sähköpostin, kun on sinun vuorosi.',
  nextCreateDecision:
    'Asiakirjojen vaihto on päättynyt. Kumpi tahansa osapuoli voi nyt laadituttaa tekoälyn ratkaisuehdotuksen tai pyytää välimiesoikeutta ratkaisemaan asian.',
  nextCreateDecisionTribunalSeat:
    'Asiakirjojen vaihto on päättynyt. Osapuolet voivat laadituttaa tekoälyn ratkaisuehdotuksen.',
  nextDecisionGenerating: 'Tämä sivu päivittyy itsestään, kun ratkaisu on valmis.',
  nextAcceptDecision: 'Tekoälyn ratkaisuehdotus on valmis. Asia ratkeaa, kun molemmat osapuolet hyväksyvät sen.',
  nextAcceptDecisionWaiting:
    'Olet hyväksynyt tekoälyn ratkaisuehdotuksen. Asia ratkeaa, kun myös vastapuoli hyväksyy sen.',
  nextAppointTribunal:
    'Välimiesoikeutta on pyydetty. Ylläpitäjät nimeävät välimiehet, jotka kukin hyväksyvät tehtävän riippumattomuusilmoituksella.',
  nextAppointTribunalSeat: 'Vastaa nimitykseesi välimiesoikeuteen.',
  nextTribunalDecides:
    'Välimiesoikeus laatii, tarkistaa ja allekirjoittaa välitystuomion, joka toimitetaan molemmille osapuolille.',
  nextTribunalDecidesSeat: 'Laadi, tarkista, hyväksy ja allekirjoita välitystuomio.',
  nextResolved: 'Ratkaisu on alla.',
  nextClosed: 'Asiassa ei tapahdu enää mitään.',
  uploadDocuments: 'Lisää asiakirjoja',
  goToDecision: 'Siirry ratkaisuun',
  goToTribunal: 'Siirry välimiesoikeuteen',
  endProcessExplained:
    'Päätä menettely ohittaa jäljellä olevat lausumat ja siirtää asian suoraan ratkaisuun. Käytä sitä, kun sinulla ei ole enää lisättävää vaiheeseen {{phase}}; asiakirjoja ei voi sen jälkeen muuttaa.',
  currentPhaseHeading: '{{phase}}: avoin vaihe',
  shownAtTop: 'Tämä vaihe on auki sivun yläosassa.',
  goToCurrentPhase: 'Siirry avoimeen vaiheeseen',
  yourTurnCases: 'Sinun vuorosi',
  waitingCases: 'Odotetaan vastapuolta',
  noYourTurnCases: 'Mikään asia ei odota sinua.',
  noWaitingCases: 'Mikään asia ei odota muita.',
  rowYourTurn: 'Sinun vuorosi',
  rowWaitingOtherParty: 'Odotetaan vastapuolta',
  rowWaitingTribunal: 'Odotetaan välimiesoikeutta',
  rowDecisionGenerating: 'Ratkaisua laaditaan',
  rowProcessEnded: 'Menettely päättynyt',
};
