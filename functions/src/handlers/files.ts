import type { HttpResponseInit } from '@azure/functions';
import { clientInfo } from '../http/client-info.js';
import { readMultipart } from '../http/multipart.js';
import { created, fileDownload, noContent, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import type { Deps } from '../deps.js';
import { recordDecisionReceipt } from '../services/award-receipts/record-receipt.js';
import { readServedDocument } from '../services/awards/read-write-once-original.js';
import type { AttachmentServing } from '../services/files/attachment-serving.js';
import { deleteAttachment } from '../services/files/delete-attachment.js';
import { deleteWorkFile } from '../services/files/delete-work-file.js';
import { getAttachmentContent } from '../services/files/get-attachment-content.js';
import { listPhaseAttachments } from '../services/files/list-phase-attachments.js';
import { listWorkFiles } from '../services/files/list-work-files.js';
import { openAttachmentDownload } from '../services/files/open-attachment-download.js';
import { openWorkFileDownload } from '../services/files/open-work-file-download.js';
import { uploadAttachments } from '../services/files/upload-attachments.js';
import { uploadWorkFiles } from '../services/files/upload-work-files.js';

/** POST /{disputeId}/phases/{phaseId}/attachments — PDFs into the caller's active phase (201, the files added). */
export async function postPhaseAttachments({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const body = readMultipart(request);
  const added = await uploadAttachments(
    deps,
    signedIn,
    { disputeId: routeParam(params, 'disputeId'), phaseId: routeParam(params, 'phaseId'), body },
    clientInfo(request),
  );
  return created(added);
}

/** GET /api/dispute/phase/{phaseId}/attachments — a phase's files. */
export async function getPhaseAttachments({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listPhaseAttachments(deps, requireCaller(caller), routeParam(params, 'phaseId')));
}

/** GET /api/dispute/{id}/phases/{phaseId}/attachment/{fileId} — a phase's file as base64 JSON. */
export async function getAttachmentFile({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(
    await getAttachmentContent(deps, attachmentServing(deps), requireCaller(caller), attachmentAddress(params)),
  );
}

/** GET /api/dispute/{id}/phases/{phaseId}/attachment/{fileId}/download — a phase's file streamed. */
export async function getAttachmentDownload({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return fileDownload(
    await openAttachmentDownload(deps, attachmentServing(deps), requireCaller(caller), attachmentAddress(params)),
  );
}

/** DELETE /api/dispute/attachments/{id} — a file out of the caller's active phase (204). */
export async function deletePhaseAttachment({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  await deleteAttachment(deps, requireCaller(caller), routeParam(params, 'id'), clientInfo(request));
  return noContent();
}

/** POST /api/dispute/{id}/workfiles — PDFs into the caller's side's work files (201, the files added). */
export async function postWorkFiles({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const body = readMultipart(request);
  const added = await uploadWorkFiles(
    deps,
    signedIn,
    { disputeId: routeParam(params, 'id'), body },
    clientInfo(request),
  );
  return created(added);
}

/** GET /api/dispute/{id}/workfiles — the caller's side's work files, newest first. */
export async function getWorkFiles({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listWorkFiles(deps, requireCaller(caller), routeParam(params, 'id')));
}

/** GET /api/dispute/{id}/workfiles/{fileId} — one of the caller's side's work files, streamed. */
export async function getWorkFile({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return fileDownload(await openWorkFileDownload(deps, requireCaller(caller), workFileAddress(params)));
}

/** DELETE /api/dispute/{id}/workfiles/{fileId} — one of the caller's side's work files (204). */
export async function deleteWorkFileById({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  await deleteWorkFile(deps, requireCaller(caller), workFileAddress(params), clientInfo(request));
  return noContent();
}

/**
 * A phase's file as the award domains serve it: an issued or sealed decision from its write-once original
 * (read-write-once-original.ts), and a party's first opening of a decision recorded as its receipt
 * (record-receipt.ts). Wired here so that files/ imports no award module.
 */
function attachmentServing(deps: Deps): AttachmentServing {
  return {
    read: (blobName, document) => readServedDocument(deps, 'attachments', blobName, document),
    served: (download) => recordDecisionReceipt(deps, download),
  };
}

function attachmentAddress(params: Record<string, string>) {
  return {
    disputeId: routeParam(params, 'id'),
    phaseId: routeParam(params, 'phaseId'),
    fileId: routeParam(params, 'fileId'),
  };
}

function workFileAddress(params: Record<string, string>) {
  return { disputeId: routeParam(params, 'id'), fileId: routeParam(params, 'fileId') };
}
