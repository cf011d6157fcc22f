import type { PromoCodeProblem } from '@ratkaisu/core';
import { DomainError } from '../../errors.js';

const MESSAGES: Record<PromoCodeProblem, string> = {
  promo_code_unknown: 'There is no such promo code. Check how it is written.',
  promo_code_expired: 'This promo code is no longer valid.',
  promo_code_not_yet_valid: 'This promo code is not valid yet.',
  promo_code_used_up: 'This promo code has been used as many times as it may be.',
  promo_code_other_tenant: 'This promo code is not valid for your organisation’s cases.',
};

/** A promo code that cannot be used: 400 with its catalogued code (the screens show en/fi texts by the code). */
export class PromoCodeError extends DomainError {
  constructor(
    readonly problem: PromoCodeProblem,
    field = 'code',
  ) {
    super(problem, problem === 'promo_code_used_up' ? 409 : 400, MESSAGES[problem], { [field]: MESSAGES[problem] });
  }
}
