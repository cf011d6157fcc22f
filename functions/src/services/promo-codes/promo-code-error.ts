import { refusal, type PromoCodeProblem, type RefusalReason } from '@ratkaisu/core';
import { DomainError } from '../../errors.js';

/** Each problem's reason in the refusal catalogue (core fee-messages.ts; Finnish in the web's catalogue). */
const REASONS = {
  promo_code_unknown: 'promoCodes.unknown',
  promo_code_expired: 'promoCodes.expired',
  promo_code_not_yet_valid: 'promoCodes.notYetValid',
  promo_code_used_up: 'promoCodes.usedUp',
  promo_code_other_tenant: 'promoCodes.otherTenant',
} as const satisfies Record<PromoCodeProblem, RefusalReason>;

/** A promo code that cannot be used: 400 with its catalogued code and reason (the screens show en/fi texts by the reason). */
export class PromoCodeError extends DomainError {
  constructor(
    readonly problem: PromoCodeProblem,
    field = 'code',
  ) {
    const wording = refusal(REASONS[problem]);
    super(problem, problem === 'promo_code_used_up' ? 409 : 400, wording, { [field]: wording.message });
  }
}
