import type { HttpResponseInit } from '@azure/functions';
import { saveClaimAsPdfSchema } from '@ratkaisu/core';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { created } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { saveClaimAsPdf } from '../services/claims/save-claim-as-pdf.js';

/**
 * POST /dispute/{id}/saveclaimaspdf — the claim draft as a PDF into the Claim phase (201, `{ data: AttachmentView }`,
 * with `warnings: string[]` beside `data` when a reference to an act or a precedent could not be verified).
 */
export async function postSaveClaimAsPdf({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const { markdownContent } = await readJson(request, saveClaimAsPdfSchema);
  const { attachment, warnings } = await saveClaimAsPdf(
    deps,
    signedIn,
    { disputeId: routeParam(params, 'id'), markdownContent },
    clientInfo(request),
  );
  return created({ data: attachment, ...(warnings.length > 0 ? { warnings } : {}) });
}
