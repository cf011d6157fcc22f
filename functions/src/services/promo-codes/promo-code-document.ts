import type { PromoCodeTerms, PromoCodeView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { BaseDoc, Collection } from '../../ports/store.js';

/**
 * A promo code (docs/fees.md "Promo codes"), kept beside the fee schedules in the store's `fees` collection, in
 * a partition of its own; the id is the code itself, upper case, so a code exists once. `usedCount` is moved
 * only by conditional writes (use-promo-code.ts), so racing uses never exceed `maxUses`.
 */
export interface PromoCodeDocument extends BaseDoc, PromoCodeTerms {
  createdAt: string;
  createdBy: string;
  disabledAt?: string;
}

export const PROMO_CODE_PARTITION = 'promo-code';

export function promoCodeCollection(deps: Pick<Deps, 'store'>): Collection<PromoCodeDocument> {
  return deps.store.collection<PromoCodeDocument>('fees');
}

export function toPromoCodeView(document: PromoCodeDocument): PromoCodeView {
  return {
    code: document.code,
    discount: document.discount,
    ...(document.validFrom ? { validFrom: document.validFrom } : {}),
    ...(document.validUntil ? { validUntil: document.validUntil } : {}),
    ...(document.maxUses !== undefined ? { maxUses: document.maxUses } : {}),
    ...(document.tenantId ? { tenantId: document.tenantId } : {}),
    usedCount: document.usedCount,
    disabled: document.disabled,
    createdAt: document.createdAt,
    ...(document.disabledAt ? { disabledAt: document.disabledAt } : {}),
  };
}
