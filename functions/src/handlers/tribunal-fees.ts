import { refusal } from '@ratkaisu/core';
import type { HttpResponseInit } from '@azure/functions';
import { z } from 'zod';
import { clientInfo } from '../http/client-info.js';
import { ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { ValidationError } from '../errors.js';
import { payOtherPartyShare } from '../services/tribunal-fees/pay-other-party-share.js';

const sideSchema = z.enum(['claimant', 'respondent'], { error: refusal('tribunalFees.sideInvalid').message });

/**
 * POST /api/dispute/{id}/tribunal/advance/{side}/pay — a party pays the other side's share of the tribunal's
 * advance (docs/fees.md "Paying the other party's share"): answers the payment, `{ id, amountCents, vatCents,
 * checkoutUrl, invoiceUrl }`, now the caller's to pay.
 */
export async function postPayOtherPartyShare({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const side = sideSchema.safeParse(routeParam(params, 'side'));
  if (!side.success) {
    const wording = refusal('tribunalFees.sideInvalid');
    throw new ValidationError(wording, { side: wording.message });
  }
  const data = await payOtherPartyShare(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), side: side.data },
    clientInfo(request),
  );
  return ok({ data });
}
