import type { HttpResponseInit } from '@azure/functions';
import { clientInfo } from '../http/client-info.js';
import { ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { listFailedMails } from '../services/outbox/list-failed-mails.js';
import { resendMail } from '../services/outbox/resend-mail.js';

/** GET /api/superadmin/mails/failed — the mails the outbox gave up on, in the administrator's scope. */
export async function getFailedMails({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listFailedMails(deps, requireCaller(caller)));
}

/** POST /api/superadmin/mails/{id}/resend — sends a failed mail again; answers its status after the attempt. */
export async function postResendMail({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await resendMail(deps, requireCaller(caller), routeParam(params, 'id'), clientInfo(request)));
}
