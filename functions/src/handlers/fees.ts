import type { HttpResponseInit } from '@azure/functions';
import { z } from 'zod';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import type { Deps } from '../deps.js';
import { issuePaymentRecords } from '../services/invoicing/issue-payment-records.js';
import {
  receivePaymentNotification,
  type NotificationAnswer,
} from '../services/payments/receive-payment-notification.js';
import { finishPaidStepsNow } from '../services/paid-steps/finish-paid-steps.js';
import { getTestCheckout, payTestCheckout } from '../services/payments/test-checkout.js';
import { listFeeSchedules } from '../services/fees/list-fee-schedules.js';
import { getFeeQuote } from '../services/fees/quote-fees.js';
import { clearFeeSchedule, setFeeSchedule } from '../services/fees/set-fee-schedule.js';

/* Fees (docs/fees.md): the schedule a super-administrator sets, and the public quote the price page shows. */

const anyJson = z.unknown();

/** GET /api/fees/quote?amountInDispute=<euros>&tribunalSize=1|3[&country&vatNumber] — public. */
export async function getFeesQuote({ deps, request }: RouteCall): Promise<HttpResponseInit> {
  const query = Object.fromEntries(request.query.entries());
  return ok(await getFeeQuote(deps, query));
}

/** GET /api/superadmin/fee-schedule */
export async function getFeeSchedules({ deps }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listFeeSchedules(deps));
}

/** PUT /api/superadmin/fee-schedule {the schedule} */
export async function putFeeSchedule({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(await setFeeSchedule(deps, requireCaller(caller), { kind: 'global' }, body, clientInfo(request)));
}

/** DELETE /api/superadmin/fee-schedule — back to the embedded default, under which nothing is due. */
export async function deleteFeeSchedule({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  return ok(await clearFeeSchedule(deps, requireCaller(caller), { kind: 'global' }, clientInfo(request)));
}

/** PUT /api/superadmin/tenants/{id}/fee-schedule {the schedule} */
export async function putTenantFeeSchedule({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  const scope = { kind: 'tenant' as const, tenantId: routeParam(params, 'id') };
  return ok(await setFeeSchedule(deps, requireCaller(caller), scope, body, clientInfo(request)));
}

/** DELETE /api/superadmin/tenants/{id}/fee-schedule — the tenant falls back to the global schedule. */
export async function deleteTenantFeeSchedule({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const scope = { kind: 'tenant' as const, tenantId: routeParam(params, 'id') };
  return ok(await clearFeeSchedule(deps, requireCaller(caller), scope, clientInfo(request)));
}

/**
 * POST /api/payments/{provider}/webhook — the payment provider's signed notification (public; the signature is
 * the authentication). The body is read as bytes: the signature covers them exactly.
 */
export async function postPaymentWebhook({ deps, request, params }: RouteCall): Promise<HttpResponseInit> {
  const rawBody = Buffer.from(await request.arrayBuffer());
  const signature = request.headers.get('stripe-signature') ?? undefined;
  const answer = await receivePaymentNotification(
    deps,
    routeParam(params, 'provider'),
    rawBody,
    signature,
    clientInfo(request),
  );
  // The receipt (or a double payment's credit note) before the answer: should issuing fail, the provider's
  // retry finds the payment still marked and finishes it (a replay issues nothing twice).
  if ('paymentId' in answer) await issuePaymentRecords(deps, answer.paymentId);
  await afterSettling(deps, answer);
  return ok(answer);
}

/** GET /api/payments/test/{id} — the test provider's checkout page: what the payment asks for. */
export async function getTestCheckoutRoute({ deps, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await getTestCheckout(deps, routeParam(params, 'id')));
}

/** POST /api/payments/test/{id}/pay — the test checkout page's "Pay" button. */
export async function postTestCheckoutPay({ deps, request, params }: RouteCall): Promise<HttpResponseInit> {
  const answer = await payTestCheckout(deps, routeParam(params, 'id'), clientInfo(request));
  if ('paymentId' in answer) await issuePaymentRecords(deps, answer.paymentId);
  await afterSettling(deps, answer);
  return ok(answer);
}

/**
 * The notification that settled a payment does its steps at once (the claim sent, …); one that fails here is
 * logged and left to the sweep, and the provider still gets its acknowledgement (services/paid-steps).
 */
async function afterSettling(deps: Deps, answer: NotificationAnswer): Promise<void> {
  if (answer.outcome === 'settled') await finishPaidStepsNow(deps, answer.paymentId);
}
