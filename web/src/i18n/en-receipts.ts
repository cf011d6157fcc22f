/** The account's receipts and credit notes (docs/fees.md "Receipts, credit notes and invoices"). */
export const enReceipts = {
  heading: 'Receipts',
  intro: 'Receipts for the fees you paid and credit notes for amounts credited to you. Each was also mailed to you.',
  empty: 'You have no receipts yet.',
  loading: 'Loading receipts…',
  loadFailed: 'The receipts could not be loaded. Try again later.',
  receipt: 'Receipt {{number}}',
  creditNote: 'Credit note {{number}}',
  details: '{{date}} · case {{caseNumber}} · {{amount}}, of which VAT {{vat}}',
  download: 'Download PDF',
  downloadLabel: 'Download {{name}} as PDF',
  downloadFailed: 'The PDF could not be downloaded. Try again later.',
} as const;
