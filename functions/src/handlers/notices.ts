import type { HttpResponseInit } from '@azure/functions';
import { markNoticesReadSchema } from '@ratkaisu/core';
import { readJson } from '../http/read-body.js';
import { ok } from '../http/responses.js';
import { requireCaller, type RouteCall } from '../http/route.js';
import { countUnread, listNotices, markNoticesRead } from '../services/notices/notice-store.js';

/** GET /api/notices — the caller's newest notices (both languages) and the unread count. */
export async function getNotices({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listNotices(deps, requireCaller(caller).userId));
}

/** GET /api/notices/unread — the unread count alone: the menu's cheap poll. */
export async function getUnreadNotices({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok({ unread: await countUnread(deps, requireCaller(caller).userId) });
}

/** POST /api/notices/read — `{ ids }`, `{ all: true }` or `{ disputeId }`: marks the caller's notices read. */
export async function postReadNotices({ deps, request, caller }: RouteCall): Promise<HttpResponseInit> {
  const userId = requireCaller(caller).userId;
  const input = await readJson(request, markNoticesReadSchema);
  const marked = await markNoticesRead(deps, userId, input);
  return ok({ marked, unread: await countUnread(deps, userId) });
}
