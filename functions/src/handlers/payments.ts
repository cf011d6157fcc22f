import type { HttpResponseInit } from '@azure/functions';
import { z } from 'zod';
import { clientInfo } from '../http/client-info.js';
import { contentDisposition } from '../http/content-disposition.js';
import { readJson } from '../http/read-body.js';
import { created, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { exportPaymentsCsv } from '../services/payments/export-payments-csv.js';
import { listAdminPayments } from '../services/payments/list-admin-payments.js';
import { createPromoCode } from '../services/promo-codes/create-promo-code.js';
import { disablePromoCode } from '../services/promo-codes/disable-promo-code.js';
import { enterPromoCode } from '../services/promo-codes/enter-promo-code.js';
import { listPromoCodes } from '../services/promo-codes/list-promo-codes.js';

/* Promo codes and the administrators' payments view (docs/fees.md "Promo codes", "What administrators see"). */

const anyJson = z.unknown();

/** GET /api/superadmin/promo-codes */
export async function getPromoCodes({ deps }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listPromoCodes(deps));
}

/** POST /api/superadmin/promo-codes {code, discount, validFrom?, validUntil?, maxUses?, tenantId?} */
export async function postPromoCode({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return created(await createPromoCode(deps, requireCaller(caller), body, clientInfo(request)));
}

/** POST /api/superadmin/promo-codes/{code}/disable */
export async function postDisablePromoCode({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await disablePromoCode(deps, requireCaller(caller), routeParam(params, 'code'), clientInfo(request)));
}

/** POST /api/payments/{id}/promo-code {code} — the payer only. */
export async function postPaymentPromoCode({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(await enterPromoCode(deps, requireCaller(caller), routeParam(params, 'id'), body, clientInfo(request)));
}

/**
 * GET /api/superadmin/payments[?status&method&month&q] — scoped: a tenant administrator sees the tenant's payments
 * only; the query's filters are validated by core's adminPaymentsQuerySchema.
 */
export async function getAdminPayments({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listAdminPayments(deps, requireCaller(caller), Object.fromEntries(request.query)));
}

/** GET /api/superadmin/payments/export[?status&method&month&q] — the same payments, filtered alike, as CSV. */
export async function getAdminPaymentsExport({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  const { fileName, csv } = await exportPaymentsCsv(
    deps,
    requireCaller(caller),
    clientInfo(request),
    Object.fromEntries(request.query),
  );
  return {
    status: 200,
    body: Buffer.from(csv, 'utf8'),
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(fileName, 'payments.csv'),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  };
}
