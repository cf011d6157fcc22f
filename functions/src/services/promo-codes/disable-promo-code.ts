import { normalisePromoCode, type PromoCodeView, refusal } from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { changeRecord } from '../../records/change-record.js';
import { auditedAction } from '../audit/audited-action.js';
import { PROMO_CODE_PARTITION, promoCodeCollection, toPromoCodeView } from './promo-code-document.js';

/**
 * `POST /api/superadmin/promo-codes/{code}/disable`: the code is refused from now on (as no longer valid);
 * payments it already discounted keep their discount. Disabling twice changes nothing. Audited.
 */
export async function disablePromoCode(
  deps: Deps,
  caller: Caller,
  rawCode: string,
  client: ClientInfo,
): Promise<PromoCodeView> {
  const code = normalisePromoCode(rawCode);
  return auditedAction(
    deps,
    caller,
    client,
    { action: 'DisablePromoCode', entityType: 'PromoCode', entityId: code },
    async (note) => {
      const result = await changeRecord(promoCodeCollection(deps), { pk: PROMO_CODE_PARTITION, id: code }, (current) =>
        current.disabled ? undefined : { ...current, disabled: true, disabledAt: deps.clock.now().toISOString() },
      );
      if (result.outcome === 'missing') throw new NotFoundError(refusal('promoCodes.notFound'));
      if (result.record.tenantId) note.tenantId = result.record.tenantId;
      note.details = `${code} disabled after ${result.record.usedCount} uses`;
      return toPromoCodeView(result.record);
    },
  );
}
