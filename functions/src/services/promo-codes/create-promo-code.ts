import { ADMIN_MESSAGES, promoCodeInputSchema, type PromoCodeView, refusal } from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Deps } from '../../deps.js';
import { DomainError, NotFoundError } from '../../errors.js';
import { StoreConflictError } from '../../ports/store.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { auditedAction } from '../audit/audited-action.js';
import { PROMO_CODE_PARTITION, promoCodeCollection, toPromoCodeView } from './promo-code-document.js';

/**
 * `POST /api/superadmin/promo-codes`: a super-administrator creates a code (validated whole by core's
 * promoCodeInputSchema). A code exists once: a second one of the same name is 409. Audited either way.
 */
export async function createPromoCode(
  deps: Deps,
  caller: Caller,
  input: unknown,
  client: ClientInfo,
): Promise<PromoCodeView> {
  return auditedAction(deps, caller, client, { action: 'CreatePromoCode', entityType: 'PromoCode' }, async (note) => {
    const terms = promoCodeInputSchema.parse(input);
    note.entityId = terms.code;
    if (terms.tenantId) {
      note.tenantId = terms.tenantId;
      const tenant = await deps.store.collection<TenantDocument>('tenants').read(terms.tenantId, terms.tenantId);
      if (!tenant) throw new NotFoundError(ADMIN_MESSAGES.tenantNotFound);
    }
    note.details =
      terms.discount.kind === 'percentage'
        ? `${terms.code}: ${terms.discount.basisPoints / 100} % off`
        : `${terms.code}: ${terms.discount.cents} cents off`;
    try {
      const created = await promoCodeCollection(deps).create({
        id: terms.code,
        pk: PROMO_CODE_PARTITION,
        ...terms,
        usedCount: 0,
        disabled: false,
        createdAt: deps.clock.now().toISOString(),
        createdBy: caller.userId,
      });
      return toPromoCodeView(created);
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
      const taken = refusal('promoCodes.taken');
      throw new DomainError('conflict', 409, taken, { code: taken.message });
    }
  });
}
