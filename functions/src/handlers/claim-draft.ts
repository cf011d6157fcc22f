import { Readable } from 'node:stream';
import type { HttpResponseInit } from '@azure/functions';
import { discardClaimDraftSchema, saveClaimAsPdfSchema, saveClaimDraftSchema } from '@ratkaisu/core';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { fileDownload, noContent, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { discardClaimDraft, getClaimDraft, saveClaimDraft } from '../services/claims/claim-draft.js';
import { downloadClaimPdf } from '../services/claims/download-claim-pdf.js';

/** The draft's version also as an ETag header, as HTTP caches and tools know it. */
const withEtag = (response: HttpResponseInit, version: string | undefined): HttpResponseInit =>
  version
    ? { ...response, headers: { ...(response.headers as Record<string, string>), ETag: `"${version}"` } }
    : response;

/** GET /api/dispute/{id}/claimdraft — the caller's claim draft of the case (`{ data: ClaimDraftView | null }`). */
export async function getClaimDraftRoute({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const data = await getClaimDraft(deps, requireCaller(caller), routeParam(params, 'id'), clientInfo(request));
  return withEtag(ok({ data }), data?.version);
}

/** PUT /api/dispute/{id}/claimdraft — the edited text, conditional on `version` (409 with `current` when stale). */
export async function putClaimDraftRoute({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, saveClaimDraftSchema);
  const data = await saveClaimDraft(deps, requireCaller(caller), { disputeId: routeParam(params, 'id'), ...body });
  return withEtag(ok({ data }), data.version);
}

/** DELETE /api/dispute/{id}/claimdraft?version=… — discards the draft (204). */
export async function deleteClaimDraftRoute({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const { version } = discardClaimDraftSchema.parse({ version: request.query.get('version') ?? undefined });
  await discardClaimDraft(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), version },
    clientInfo(request),
  );
  return noContent();
}

/** POST /api/dispute/{id}/claimdraft/pdf — the claim text as a PDF download, filed nowhere. */
export async function postClaimDraftPdf({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const { markdownContent } = await readJson(request, saveClaimAsPdfSchema);
  const { pdf, fileName } = await downloadClaimPdf(deps, requireCaller(caller), {
    disputeId: routeParam(params, 'id'),
    markdownContent,
  });
  return fileDownload({
    stream: Readable.from(Buffer.from(pdf)),
    size: pdf.length,
    fileName,
    contentType: 'application/pdf',
  });
}
