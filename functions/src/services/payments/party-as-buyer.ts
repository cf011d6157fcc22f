import type { PaymentBuyer } from './payment-document.js';

/** A case's party as receipts and invoices name the payer: the company, its business ID and address. */
export function partyAsBuyer(party: { name: string; identificationNumber?: string; address?: string }): PaymentBuyer {
  const name = party.name.trim();
  return {
    name,
    company: name,
    ...(party.identificationNumber?.trim() ? { businessId: party.identificationNumber.trim() } : {}),
    ...(party.address?.trim() ? { address: party.address.trim() } : {}),
  };
}
