import { EU_COUNTRIES, SELLER_COUNTRY, type FeeCustomer } from './fee-quote.js';

/**
 * Who pays a case's fee, as far as VAT cares, read from the paying party's details (docs/fees.md "VAT by the
 * payer"). A case's party gives one identifier, its "Business ID/PIN": a Finnish business ID (`1234567-8`) makes
 * the payer a Finnish business; an EU VAT number (`SE556677889901`, `DE123456789`) a business in that member
 * state; anything else (a personal identity code, nothing) a consumer. Details given apart (a VAT number, a
 * country) win over what the identifier says.
 */
export interface PayerDetails {
  /** The party's Business ID/PIN as typed. */
  businessId?: string;
  vatNumber?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
}

const FINNISH_BUSINESS_ID = /^\d{7}-\d$/;
/**
 * Two letters of a member state (Greece's EL too) and 8–12 letters or digits, at least six of them digits: the
 * shape every member state's VAT number has (Romania's shortest numbers excepted), and a registry number such as
 * `HRB 12345` has not.
 */
const EU_VAT_NUMBER = /^([A-Z]{2})([0-9A-Z]{8,12})$/;

/** The VAT number in a text when it has the shape of one of a member state's, upper-cased and without spaces. */
export function euVatNumberOf(text: string | undefined): string | undefined {
  const compact = text?.replace(/[\s.-]/g, '').toUpperCase() ?? '';
  const match = EU_VAT_NUMBER.exec(compact);
  if (!match || match[2]!.replace(/\D/g, '').length < 6) return undefined;
  const prefix = match[1] === 'EL' ? 'GR' : match[1]!;
  return (EU_COUNTRIES as readonly string[]).includes(prefix) ? compact : undefined;
}

/** The VAT customer a payer's details describe: the rules above, in one place for every due payment. */
export function customerOfPayer(payer: PayerDetails | undefined): FeeCustomer {
  if (!payer) return { kind: 'consumer' };
  const vatNumber = euVatNumberOf(payer.vatNumber) ?? euVatNumberOf(payer.businessId);
  if (vatNumber) {
    const country = payer.country?.trim().toUpperCase() || vatNumber.slice(0, 2);
    return { kind: 'business', country: country === 'EL' ? 'GR' : country, vatNumber };
  }
  const businessId = payer.businessId?.trim() ?? '';
  if (FINNISH_BUSINESS_ID.test(businessId)) return { kind: 'business', country: SELLER_COUNTRY };
  // A business of another country without a VAT number, when its country is given: taxed as at home for now.
  if (businessId && payer.country && payer.country.trim().toUpperCase() !== SELLER_COUNTRY) {
    return { kind: 'business', country: payer.country.trim().toUpperCase() };
  }
  return { kind: 'consumer' };
}
