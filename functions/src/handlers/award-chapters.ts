import type { HttpResponseInit } from '@azure/functions';
import { chapterActionSchema } from '@ratkaisu/core';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { keepAwardChapter } from '../services/awards/keep-award-chapter.js';
import { openAwardChapter } from '../services/awards/open-award-chapter.js';
import { writeChapterFromBlank } from '../services/awards/write-chapter-from-blank.js';

/** The chapter a route names (1-based); anything else is a chapter the draft does not have (404 there). */
function chapterOf(params: Record<string, string>) {
  const chapter = Number(routeParam(params, 'chapter'));
  return {
    disputeId: routeParam(params, 'id'),
    awardId: routeParam(params, 'awardId'),
    chapter: Number.isInteger(chapter) ? chapter : 0,
  };
}

/** POST /api/dispute/{id}/award/{awardId}/chapters/{chapter}/open — a member opened a chapter to read it. */
export async function postOpenAwardChapter({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const data = await openAwardChapter(deps, requireCaller(caller), chapterOf(params), clientInfo(request));
  return ok({ data });
}

/** POST /api/dispute/{id}/award/{awardId}/chapters/{chapter}/blank — discard the AI's text, write from blank. */
export async function postWriteChapterFromBlank({
  request,
  deps,
  caller,
  params,
}: RouteCall): Promise<HttpResponseInit> {
  const { baseVersion } = await readJson(request, chapterActionSchema);
  const data = await writeChapterFromBlank(
    deps,
    requireCaller(caller),
    { ...chapterOf(params), baseVersion },
    clientInfo(request),
  );
  return ok({ data });
}

/** POST /api/dispute/{id}/award/{awardId}/chapters/{chapter}/keep — a stale chapter checked and kept as it is. */
export async function postKeepAwardChapter({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const { baseVersion } = await readJson(request, chapterActionSchema);
  const data = await keepAwardChapter(
    deps,
    requireCaller(caller),
    { ...chapterOf(params), baseVersion },
    clientInfo(request),
  );
  return ok({ data });
}
