import type { HttpResponseInit } from '@azure/functions';
import { saveClaimAsPdfSchema } from '@ratkaisu/core';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { created, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { saveClaimAsPdf } from '../services/claims/save-claim-as-pdf.js';

/**
 * POST /dispute/{id}/saveclaimaspdf — the claim draft as a PDF into the Claim phase (201, `{ data: AttachmentView }`,
 * with `warnings: string[]` beside `data` when a reference to an act or a precedent could not be verified, and
 * `phaseId`); the text filed before answers 200 with `alreadyFiled: true` and that filing, adding nothing.
 */
export async function postSaveClaimAsPdf({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const { markdownContent } = await readJson(request, saveClaimAsPdfSchema);
  const { attachment, phaseId, warnings, alreadyFiled } = await saveClaimAsPdf(
    deps,
    signedIn,
    { disputeId: routeParam(params, 'id'), markdownContent },
    clientInfo(request),
  );
  const body = { data: attachment, phaseId, ...(warnings.length > 0 ? { warnings } : {}) };
  // The same text again: 200 naming the earlier filing, nothing added.
  return alreadyFiled ? ok({ ...body, alreadyFiled: true }) : created(body);
}
