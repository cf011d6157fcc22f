/**
 * Cents as euros in the screen's language ("1 255,00 €" in Finnish, "€1,255.00" in English). The amount stays
 * an integer of cents everywhere else; only this display divides.
 */
export function formatEuros(cents: number, language: string): string {
  return new Intl.NumberFormat(language === 'fi' ? 'fi-FI' : 'en-IE', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}
