import { describe, expect, it } from 'vitest';
import {
  applyPromoDiscount,
  discountCents,
  finnishDate,
  normalisePromoCode,
  promoCodeInputSchema,
  promoCodeProblem,
  type PromoCodeTerms,
} from './promo-code.js';

const terms = (over: Partial<PromoCodeTerms> = {}): PromoCodeTerms => ({
  code: 'SPRING',
  discount: { kind: 'percentage', basisPoints: 1500 },
  usedCount: 0,
  disabled: false,
  ...over,
});

describe('a promo code’s discount', () => {
  it('takes a percentage off the net, half up to the cent, and VAT is computed on what is left', () => {
    // 15 % of 333 cents = 49.95 → 50; VAT 25.5 % of 283 = 72.165 → 72.
    expect(
      applyPromoDiscount({ netCents: 333, vatRateBasisPoints: 2550, reverseCharge: false }, terms().discount),
    ).toEqual({
      netCents: 283,
      vatCents: 72,
      grossCents: 355,
      discountCents: 50,
    });
    // 12.5 % of 60 000 = 7 500 exactly.
    expect(discountCents(60_000, { kind: 'percentage', basisPoints: 1250 })).toBe(7_500);
  });

  it('takes a fixed sum off the net, never below 0', () => {
    const line = { netCents: 60_000, vatRateBasisPoints: 2550, reverseCharge: false };
    expect(applyPromoDiscount(line, { kind: 'fixed', cents: 10_000 })).toEqual({
      netCents: 50_000,
      vatCents: 12_750,
      grossCents: 62_750,
      discountCents: 10_000,
    });
    expect(applyPromoDiscount(line, { kind: 'fixed', cents: 99_999 })).toEqual({
      netCents: 0,
      vatCents: 0,
      grossCents: 0,
      discountCents: 60_000,
    });
    expect(applyPromoDiscount(line, { kind: 'percentage', basisPoints: 10_000 }).grossCents).toBe(0);
  });

  it('charges no VAT on the discounted net under a reverse charge', () => {
    expect(
      applyPromoDiscount({ netCents: 60_000, vatRateBasisPoints: 2550, reverseCharge: true }, terms().discount),
    ).toEqual({ netCents: 51_000, vatCents: 0, grossCents: 51_000, discountCents: 9_000 });
  });

  it('keeps every amount in whole cents', () => {
    for (let net = 0; net < 2_000; net += 7) {
      const result = applyPromoDiscount(
        { netCents: net, vatRateBasisPoints: 2550, reverseCharge: false },
        {
          kind: 'percentage',
          basisPoints: 3333,
        },
      );
      for (const value of Object.values(result)) expect(Number.isInteger(value)).toBe(true);
      expect(result.netCents + result.discountCents).toBe(net);
      expect(result.netCents).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('whether a promo code can be used', () => {
  const noon = (day: string) => new Date(`${day}T10:00:00Z`);

  it('is usable inside its days, counted in Finnish days inclusive', () => {
    const code = terms({ validFrom: '2026-03-01', validUntil: '2026-03-31' });
    expect(promoCodeProblem(code, noon('2026-03-01'), 'default')).toBeUndefined();
    expect(promoCodeProblem(code, noon('2026-03-31'), 'default')).toBeUndefined();
    expect(promoCodeProblem(code, noon('2026-02-28'), 'default')).toBe('promo_code_not_yet_valid');
    expect(promoCodeProblem(code, noon('2026-04-01'), 'default')).toBe('promo_code_expired');
    // 23:30 UTC on 31 March is already 1 April in Helsinki (UTC+3 in summer time).
    expect(finnishDate(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(promoCodeProblem(code, new Date('2026-03-31T23:30:00Z'), 'default')).toBe('promo_code_expired');
  });

  it('is used up after its number of uses, refused in another tenant, and reads as expired when disabled', () => {
    const now = noon('2026-05-05');
    expect(promoCodeProblem(terms({ maxUses: 2, usedCount: 1 }), now, 'default')).toBeUndefined();
    expect(promoCodeProblem(terms({ maxUses: 2, usedCount: 2 }), now, 'default')).toBe('promo_code_used_up');
    expect(promoCodeProblem(terms({ tenantId: 'acme' }), now, 'default')).toBe('promo_code_other_tenant');
    expect(promoCodeProblem(terms({ tenantId: 'acme' }), now, 'acme')).toBeUndefined();
    expect(promoCodeProblem(terms({ disabled: true }), now, 'default')).toBe('promo_code_expired');
  });
});

describe('a new promo code', () => {
  it('is stored upper case with a percentage in basis points', () => {
    expect(
      promoCodeInputSchema.parse({ code: ' spring-26 ', discount: { kind: 'percentage', percent: 12.5 }, maxUses: 3 }),
    ).toEqual({ code: 'SPRING-26', discount: { kind: 'percentage', basisPoints: 1250 }, maxUses: 3 });
    expect(normalisePromoCode(' ab_c ')).toBe('AB_C');
  });

  it('refuses a bad code, a fraction of a cent, three decimals of a per cent and days in the wrong order', () => {
    const bad = [
      { code: 'a', discount: { kind: 'fixed', cents: 100 } },
      { code: 'OK1', discount: { kind: 'fixed', cents: 1.5 } },
      { code: 'OK1', discount: { kind: 'percentage', percent: 12.345 } },
      { code: 'OK1', discount: { kind: 'percentage', percent: 101 } },
      { code: 'OK1', discount: { kind: 'fixed', cents: 100 }, validFrom: '2026-05-02', validUntil: '2026-05-01' },
      { code: 'OK1', discount: { kind: 'fixed', cents: 100 }, validFrom: '2026-13-01' },
      { code: 'OK1', discount: { kind: 'bogus' } },
    ];
    for (const input of bad) expect(promoCodeInputSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });
});
