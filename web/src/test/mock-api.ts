import { vi } from 'vitest';
import { jsonResponse } from './render-app';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

/** Answers one API call; `body` is the parsed JSON request body, `url` the whole address (with its query). */
export type MockHandler = (body: unknown, url: URL) => Response | Promise<Response>;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/**
 * Replaces fetch with a table of answers keyed "METHOD /path". Unlisted calls answer
 * 404 { code, message }, except the admin check, which says "not admin".
 */
export function mockApi(routes: Record<string, MockHandler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (...[input, init]: FetchArgs): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const authorization = new Headers(init?.headers).get('Authorization');
    calls.push({ method, path: url.pathname, body, authorization });
    const handler = routes[`${method} ${url.pathname}`];
    if (handler) return handler(body, url);
    if (url.pathname === '/api/admin/check-admin') return jsonResponse({ isAdmin: false });
    return jsonResponse({ code: 'not_found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

export { jsonResponse };
