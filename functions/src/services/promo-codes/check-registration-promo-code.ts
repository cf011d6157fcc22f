import { normalisePromoCode, promoCodeProblem } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { effectiveFeeSchedule } from '../fees/effective-fee-schedule.js';
import { PROMO_CODE_PARTITION, promoCodeCollection } from './promo-code-document.js';
import { PromoCodeError } from './promo-code-error.js';

/**
 * Registration's optional promo code: checked while the tenant charges fees, and then answered (upper case) to
 * be remembered on the account; an unusable one is refused with its catalogued code on the field `promoCode`.
 * Under the embedded default nothing is charged, so there is nothing to discount: the code is not checked and
 * not remembered, and registration is exactly as without fees.
 */
export async function checkRegistrationPromoCode(
  deps: Pick<Deps, 'store' | 'clock'>,
  rawCode: string | undefined,
  tenantId: string,
): Promise<string | undefined> {
  if (!rawCode?.trim()) return undefined;
  if (!(await effectiveFeeSchedule(deps, tenantId)).schedule) return undefined;
  const code = normalisePromoCode(rawCode);
  const terms = await promoCodeCollection(deps).read(PROMO_CODE_PARTITION, code);
  if (!terms) throw new PromoCodeError('promo_code_unknown', 'promoCode');
  const problem = promoCodeProblem(terms, deps.clock.now(), tenantId);
  if (problem) throw new PromoCodeError(problem, 'promoCode');
  return code;
}
