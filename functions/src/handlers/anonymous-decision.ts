import type { HttpResponseInit } from '@azure/functions';
import { clientInfo } from '../http/client-info.js';
import { readMultipart } from '../http/multipart.js';
import { accepted } from '../http/responses.js';
import type { RouteCall } from '../http/route.js';
import { ANONYMOUS_FILES_FIELD } from '../services/anonymous/anonymous-job-input.js';
import { requestAnonymousDecision } from '../services/anonymous/request-anonymous-decision.js';

/**
 * POST /api/dispute/generatedecisionanonymous — public: PDFs (`files`, repeated) and optional `settings`
 * (a JSON string) in, a queued decision job out (202). docs/product.md says only that it "returns jobId", so the id is
 * given both bare and in the `data` envelope the other job routes use.
 */
export async function postGenerateDecisionAnonymous({ request, deps }: RouteCall): Promise<HttpResponseInit> {
  const body = readMultipart(request, ANONYMOUS_FILES_FIELD);
  const { jobId } = await requestAnonymousDecision(deps, body, clientInfo(request));
  return accepted({ jobId, data: { jobId } });
}
