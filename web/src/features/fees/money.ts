export { formatEuros } from '../../ui/format-euros';

/** A VAT rate in basis points as a percentage in the screen's language: 2550 → "25,5 %" / "25.5%". */
export function formatVatRate(basisPoints: number, language: string): string {
  return new Intl.NumberFormat(language === 'fi' ? 'fi-FI' : 'en-IE', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);
}
