import type { enReceipts } from './en-receipts';
import type { Translation } from './catalogue';

/** Tilin kuitit ja hyvityslaskut. */
export const fiReceipts: Translation<typeof enReceipts> = {
  heading: 'Kuitit',
  intro:
    'Kuitit maksamistasi maksuista ja hyvityslaskut sinulle hyvitetyistä määristä. Jokainen on lähetetty sinulle myös sähköpostilla.',
  empty: 'Sinulla ei ole vielä kuitteja.',
  loading: 'Ladataan kuitteja…',
  loadFailed: 'Kuitteja ei voitu ladata. Yritä myöhemmin uudelleen.',
  receipt: 'Kuitti {{number}}',
  creditNote: 'Hyvityslasku {{number}}',
  details: '{{date}} · asia {{caseNumber}} · {{amount}}, josta ALV {{vat}}',
  download: 'Lataa PDF',
  downloadLabel: 'Lataa {{name}} PDF-tiedostona',
  downloadFailed: 'PDF-tiedostoa ei voitu ladata. Yritä myöhemmin uudelleen.',
};
