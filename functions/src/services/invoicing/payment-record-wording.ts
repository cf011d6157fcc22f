import type { PaymentPurpose } from '../payments/payment-document.js';

/**
 * The words of receipts, credit notes, invoices and their mails, in English and Finnish (the payer's language).
 * The VAT notes quote their source: the reverse charge is the VAT Directive's art. 196 (Finnish VAT Act § 65),
 * and an invoice must say so (art. 226(11a): "Reverse charge" / "Käännetty verovelvollisuus").
 */
export type RecordLanguage = 'en' | 'fi';

export interface RecordWording {
  receipt: string;
  creditNote: string;
  invoice: string;
  number: string;
  date: string;
  dueDate: string;
  seller: string;
  buyer: string;
  businessId: string;
  vatNumber: string;
  caseNumber: string;
  description: string;
  net: string;
  vatRate: string;
  vat: string;
  total: string;
  totalCredited: string;
  paid: string;
  method: string;
  reverseCharge: string;
  refersTo: string;
  reason: string;
  surplusReason: string;
  /** A tribunal request lapsed: what was paid toward it is returned (docs/fees.md "Lapse"). */
  tribunalLapseReason: string;
  /** An award's fees order fixed less than the advance: the rest is returned (docs/fees.md "The fees order"). */
  feesOrderReason: string;
  /** Money came after the payment was closed (docs/fees.md "Money after a payment was closed"): all of it returned. */
  closedTribunalLapsedReason: string;
  closedCaseFinalReason: string;
  /** Three arbitrators were asked for, the tribunal is a sole arbitrator: the difference is returned. */
  tribunalResizeReason: string;
  payTo: string;
  reference: string;
  referenceNote: string;
  paymentTerms: (days: number) => string;
  purpose: Record<PaymentPurpose, string>;
  via: Record<string, string>;
  receiptMail: (number: string, caseNumber: string) => { subject: string; text: string };
  creditNoteMail: (number: string, caseNumber: string) => { subject: string; text: string };
}

const EN: RecordWording = {
  receipt: 'Receipt',
  creditNote: 'Credit note',
  invoice: 'Invoice',
  number: 'Number',
  date: 'Date',
  dueDate: 'Due date',
  seller: 'Seller',
  buyer: 'Buyer',
  businessId: 'Business ID',
  vatNumber: 'VAT number',
  caseNumber: 'Case',
  description: 'Description',
  net: 'Net',
  vatRate: 'VAT rate',
  vat: 'VAT',
  total: 'Total',
  totalCredited: 'Total credited',
  paid: 'Paid',
  method: 'Paid by',
  reverseCharge: 'Reverse charge: VAT to be accounted for by the buyer (VAT Directive 2006/112/EC, art. 196).',
  refersTo: 'Credits receipt',
  reason: 'Reason',
  surplusReason: 'Paid twice: the amount paid beyond what was due is returned.',
  tribunalLapseReason:
    'The request for a tribunal lapsed because its fees were not paid in time: the payment is returned.',
  feesOrderReason:
    "The award fixed the arbitrators' fees below the advance: the part of this share not used is returned.",
  closedTribunalLapsedReason:
    'Paid after the request for a tribunal had lapsed: nothing was due any more, so the whole payment is returned.',
  closedCaseFinalReason:
    'Paid after the case had become final: nothing was due any more, so the whole payment is returned.',
  tribunalResizeReason:
    'The tribunal is a sole arbitrator, not three: the part of this share beyond a sole arbitrator’s advance is returned.',
  payTo: 'Pay to',
  reference: 'Reference',
  referenceNote: 'Quote the reference when paying, so the payment is matched to this invoice.',
  paymentTerms: (days) => `Payment terms: ${days} days net.`,
  purpose: {
    filingFee: 'Filing fee',
    aiDecisionFee: 'Fee for an AI decision',
    tribunalAdministrativeFee: 'Administrative fee for an arbitral tribunal',
    tribunalAdvanceShare: 'Share of the advance on the arbitrators’ fees and expenses',
    tribunalAdvanceShortfall: 'Share of the arbitrators’ fees and expenses beyond the advance',
  },
  via: {
    stripe: 'card',
    test: 'card (test payment)',
    bank: 'bank transfer',
    administrator: 'recorded by an administrator',
  },
  receiptMail: (number, caseNumber) => ({
    subject: `Receipt ${number} – Ratkaisu`,
    text: `Thank you for your payment for case ${caseNumber}. Your receipt ${number} is attached; you also find it on your account page.\n`,
  }),
  creditNoteMail: (number, caseNumber) => ({
    subject: `Credit note ${number} – Ratkaisu`,
    text: `A credit note ${number} was issued for your payment for case ${caseNumber}. It is attached; you also find it on your account page.\n`,
  }),
};

const FI: RecordWording = {
  receipt: 'Kuitti',
  creditNote: 'Hyvityslasku',
  invoice: 'Lasku',
  number: 'Numero',
  date: 'Päivämäärä',
  dueDate: 'Eräpäivä',
  seller: 'Myyjä',
  buyer: 'Ostaja',
  businessId: 'Y-tunnus',
  vatNumber: 'ALV-tunniste',
  caseNumber: 'Asia',
  description: 'Kuvaus',
  net: 'Veroton',
  vatRate: 'ALV-kanta',
  vat: 'ALV',
  total: 'Yhteensä',
  totalCredited: 'Hyvitys yhteensä',
  paid: 'Maksettu',
  method: 'Maksutapa',
  reverseCharge:
    'Käännetty verovelvollisuus: ostaja suorittaa arvonlisäveron (AVL 65 §, direktiivi 2006/112/EY 196 art.).',
  refersTo: 'Hyvittää kuitin',
  reason: 'Peruste',
  surplusReason: 'Maksettu kahdesti: erääntyneen määrän ylittävä osa palautetaan.',
  tribunalLapseReason:
    'Välimiesoikeutta koskeva pyyntö raukesi, koska maksuja ei suoritettu määräajassa: maksu palautetaan.',
  feesOrderReason:
    'Välitystuomiossa välimiesten palkkiot vahvistettiin ennakkoa pienemmiksi: osuuden käyttämätön osa palautetaan.',
  closedTribunalLapsedReason:
    'Maksettu välimiesoikeutta koskevan pyynnön rauettua: mitään ei ollut enää maksettavana, joten koko maksu palautetaan.',
  closedCaseFinalReason:
    'Maksettu asian ratkettua lopullisesti: mitään ei ollut enää maksettavana, joten koko maksu palautetaan.',
  tribunalResizeReason:
    'Välimiesoikeuteen tulee yksi välimies eikä kolme: osuuden yhden välimiehen ennakon ylittävä osa palautetaan.',
  payTo: 'Maksu tilille',
  reference: 'Viite',
  referenceNote: 'Käytä maksaessasi viitettä, jotta maksu kohdistuu tähän laskuun.',
  paymentTerms: (days) => `Maksuehto: ${days} päivää netto.`,
  purpose: {
    filingFee: 'Vireillepanomaksu',
    aiDecisionFee: 'Tekoälyratkaisun maksu',
    tribunalAdministrativeFee: 'Välimiesoikeuden hallinnointimaksu',
    tribunalAdvanceShare: 'Osuus välimiesten palkkioiden ja kulujen ennakosta',
    tribunalAdvanceShortfall: 'Osuus välimiesten palkkioista ja kuluista ennakon ylittävältä osalta',
  },
  via: { stripe: 'kortti', test: 'kortti (testimaksu)', bank: 'tilisiirto', administrator: 'ylläpitäjän kirjaama' },
  receiptMail: (number, caseNumber) => ({
    subject: `Kuitti ${number} – Ratkaisu`,
    text: `Kiitos maksustasi asiassa ${caseNumber}. Kuitti ${number} on liitteenä; löydät sen myös tilisi sivulta.\n`,
  }),
  creditNoteMail: (number, caseNumber) => ({
    subject: `Hyvityslasku ${number} – Ratkaisu`,
    text: `Maksustasi asiassa ${caseNumber} on annettu hyvityslasku ${number}. Se on liitteenä; löydät sen myös tilisi sivulta.\n`,
  }),
};

export function recordWording(language: RecordLanguage): RecordWording {
  return language === 'fi' ? FI : EN;
}

/**
 * Cents as euros in the language's print, in integer arithmetic: `1 255,00 €` / `€1,255.00`. Plain spaces,
 * so the PDF's text copies and searches as it reads.
 */
export function printEuros(cents: number, language: RecordLanguage): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, language === 'fi' ? ' ' : ',');
  return language === 'fi' ? `${sign}${grouped},${fraction} €` : `${sign}€${grouped}.${fraction}`;
}

/** A VAT rate in basis points as printed: 2550 → `25,5 %` / `25.5%`. */
export function printVatRate(basisPoints: number, language: RecordLanguage): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const number = fraction ? `${whole}${language === 'fi' ? ',' : '.'}${fraction}` : String(whole);
  return language === 'fi' ? `${number} %` : `${number}%`;
}

/** A date as printed: 28.11.2026 in Finnish, 2026-11-28 in English. */
export function printDate(isoDate: string, language: RecordLanguage): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return language === 'fi' ? `${Number(day)}.${Number(month)}.${year}` : isoDate.slice(0, 10);
}
