import type { Translation } from './catalogue';
import type { enFees } from './en-fees';

export const fiFees: Translation<typeof enFees> = {
  title: 'Hinnasto',
  intro: 'Mitä asian käsittely maksaa riidan määrän mukaan. Maksut maksetaan ennen vaihetta, jota ne koskevat.',
  formHeading: 'Laske asiasi maksut',
  amountLabel: 'Riidan määrä (€)',
  amountHint: 'Euroina, esimerkiksi 25000 tai 25000,50.',
  tribunalSizeLabel: 'Jos pyydät välimiesoikeutta',
  soleArbitrator: 'Yksi välimies',
  threeArbitrators: 'Kolmen välimiehen välimiesoikeus',
  calculate: 'Laske',
  calculating: 'Lasketaan…',
  noFees: 'Maksuja ei tällä hetkellä peritä: asian kaikki vaiheet ovat maksuttomia.',
  resultHeading: 'Maksut, kun riidan määrä on {{amount}}',
  fee: 'Maksu',
  net: 'Hinta',
  vat: 'ALV {{rate}}',
  total: 'Yhteensä',
  whoPays: 'Kuka maksaa ja milloin',
  filingFee: 'Vireillepanomaksu',
  filingFeeWhen: 'Kantaja, ennen ensimmäistä Tallenna ja lähetä -toimintoa.',
  aiDecisionFee: 'Tekoälyn ratkaisu',
  aiDecisionFeeWhen: 'Ennen kuin tekoäly laatii ratkaisun asiassa, jossa ei ole välimiesoikeutta.',
  administrativeFee: 'Välimiesoikeus: hallinnointimaksu',
  administrativeFeeWhen: 'Osapuoli, joka pyytää välimiesoikeutta.',
  advanceClaimant: 'Välimiesoikeus: ennakko välimiesten palkkioista, kantajan osuus',
  advanceRespondent: 'Välimiesoikeus: ennakko välimiesten palkkioista, vastaajan osuus',
  advanceWhen:
    'Kumpikin osapuoli maksaa puolet {{days}} päivän kuluessa pyynnöstä; jos toinen ei maksa, toinen voi maksaa sen osuuden.',
  advanceTotal: 'Koko ennakko välimiesten palkkioista ja kuluista: {{amount}} + ALV.',
  reverseCharge:
    'Muussa EU-maassa toimiva yritys, jolla on ALV-tunniste, ei maksa Suomen arvonlisäveroa: ostaja tilittää veron (käännetty verovelvollisuus).',
  nonRefundable: 'Kuten käyttöehdoissa sanotaan, maksut maksetaan ennen käsittelyn alkua eikä niitä palauteta.',
  invalidAmount: 'Anna määrä euroina, enintään kahdella desimaalilla.',
  loadFailed: 'Hintoja ei voitu ladata. Yritä myöhemmin uudelleen.',
};
