import type { PromoCodeView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { PROMO_CODE_PARTITION, promoCodeCollection, toPromoCodeView } from './promo-code-document.js';

/** `GET /api/superadmin/promo-codes`: every code, newest first. */
export async function listPromoCodes(deps: Pick<Deps, 'store'>): Promise<PromoCodeView[]> {
  const views: PromoCodeView[] = [];
  let continuation: string | undefined;
  do {
    const page = await promoCodeCollection(deps).query({
      partitionKey: PROMO_CODE_PARTITION,
      limit: 1000,
      ...(continuation ? { continuation } : {}),
    });
    views.push(...page.items.map(toPromoCodeView));
    continuation = page.continuation;
  } while (continuation);
  return views.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.code.localeCompare(b.code));
}
