import { customerOfPayer } from '@ratkaisu/core';
import type { PaymentBuyer } from './payment-document.js';

/**
 * A case's party as receipts and invoices name the payer: the company, its business ID and address, and — when
 * its Business ID/PIN is an EU VAT number — that number and its country, which decide the VAT (core
 * fee-customer.ts, docs/fees.md "VAT").
 */
export function partyAsBuyer(party: { name: string; identificationNumber?: string; address?: string }): PaymentBuyer {
  const name = party.name.trim();
  const businessId = party.identificationNumber?.trim();
  const customer = customerOfPayer({ ...(businessId ? { businessId } : {}) });
  return {
    name,
    company: name,
    ...(businessId ? { businessId } : {}),
    ...(customer.kind === 'business' && customer.vatNumber
      ? { vatNumber: customer.vatNumber, country: customer.country }
      : {}),
    ...(party.address?.trim() ? { address: party.address.trim() } : {}),
  };
}
