import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, AUTHENTICATION_REQUIRED_URL, createApiClient } from './client';
import { errorMessage } from './error-message';
import { initI18n, loadFeatureTexts } from '../i18n/i18n';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(options: { token?: string | null; respond?: (...args: FetchArgs) => Promise<Response> } = {}) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(
    options.respond ?? (() => Promise.resolve(jsonResponse({ ok: true }))),
  );
  const navigate = vi.fn<(url: string) => void>();
  const client = createApiClient({
    baseUrl: 'https://api.example.fi',
    getToken: () => options.token ?? null,
    fetch: fetchMock,
    navigate,
  });
  const lastInit = () => fetchMock.mock.calls.at(-1)?.[1] ?? {};
  const lastHeaders = () => new Headers(lastInit().headers);
  return { client, fetchMock, navigate, lastInit, lastHeaders };
}

describe('api client requests', () => {
  it('calls the base host with credentials and the standard headers', async () => {
    const { client, fetchMock, lastInit, lastHeaders } = setup({ token: 'tok-1' });
    await client.get('/user/check-auth');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example.fi/user/check-auth');
    expect(lastInit().credentials).toBe('include');
    expect(lastInit().method).toBe('GET');
    const headers = lastHeaders();
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Pragma')).toBe('no-cache');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('adds the per-call headers it is given, such as the work-account session id', async () => {
    const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(() => Promise.resolve(jsonResponse({})));
    const client = createApiClient({
      baseUrl: '',
      getToken: () => 'header.payload.signature',
      getHeaders: () => ({ 'X-Session-Id': 'session-42' }),
      fetch: fetchMock,
    });
    await client.get('/api/admin/check-admin');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('X-Session-Id')).toBe('session-42');
    expect(headers.get('Authorization')).toBe('Bearer header.payload.signature');
  });

  it('sends no Authorization header when signed out', async () => {
    const { client, lastHeaders } = setup({ token: null });
    await client.get('/api/dispute');
    expect(lastHeaders().has('Authorization')).toBe(false);
  });

  it('sends JSON bodies as JSON', async () => {
    const { client, lastInit, lastHeaders } = setup();
    await client.post('/user/login', { username: 'a', password: 'b', tfaCode: '' });
    expect(lastHeaders().get('Content-Type')).toBe('application/json');
    expect(lastInit().body).toBe('{"username":"a","password":"b","tfaCode":""}');
  });

  it('passes FormData through untouched for uploads', async () => {
    const { client, lastInit, lastHeaders } = setup();
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'a.pdf');
    await client.post('/d1/phases/p1/attachments', form);
    expect(lastInit().body).toBe(form);
    expect(lastHeaders().has('Content-Type')).toBe(false);
  });

  it('revives server dates in answers', async () => {
    const { client } = setup({
      respond: () => Promise.resolve(jsonResponse({ dateCreated: '2025-01-15T10:00:00', dueDate: '/Date(0)/' })),
    });
    const answer = await client.get<{ dateCreated: Date; dueDate: Date }>('/api/dispute/1');
    expect(answer.dateCreated.toISOString()).toBe('2025-01-15T10:00:00.000Z');
    expect(answer.dueDate.getTime()).toBe(0);
  });

  it('returns undefined for an empty answer', async () => {
    const { client } = setup({ respond: () => Promise.resolve(new Response(null, { status: 204 })) });
    await expect(client.delete('/api/dispute/attachments/1')).resolves.toBeUndefined();
  });

  it('returns downloads as a Blob', async () => {
    const { client } = setup({
      respond: () =>
        Promise.resolve(new Response('# Claim', { status: 200, headers: { 'Content-Type': 'text/markdown' } })),
    });
    const blob = await client.blob('/api/dispute/job/1/result');
    expect(await blob.text()).toBe('# Claim');
  });
});

describe('api client errors', () => {
  it('rejects with a typed ApiError carrying the server code and message', async () => {
    const { client } = setup({
      respond: () => Promise.resolve(jsonResponse({ code: 'validation_failed', message: 'Name is required.' }, 400)),
    });
    const error = await client.post('/api/dispute', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', serverMessage: 'Name is required.' });
    expect(errorMessage(error, 'fallback')).toBe('Name is required.');
  });

  it("shows a final case's refusal from the catalogue, not the server's English", async () => {
    initI18n();
    await loadFeatureTexts();
    const { client } = setup({
      respond: () => Promise.resolve(jsonResponse({ code: 'case_final', message: 'Server words.' }, 409)),
    });
    const error = await client.post('/api/dispute/d1/generatedecision', {}).catch((e: unknown) => e);
    expect(errorMessage(error, 'fallback')).toBe(
      'This case is final: nothing in it can be changed any more. Its documents and decisions stay readable and downloadable.',
    );
  });

  it('falls back when the server sends no message (e.g. an HTML 404)', async () => {
    const { client } = setup({
      respond: () =>
        Promise.resolve(
          new Response('<html>Not found</html>', { status: 404, headers: { 'Content-Type': 'text/html' } }),
        ),
    });
    const error = await client.post('/user/login', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'http_error', serverMessage: undefined });
    expect(errorMessage(error, 'An error occurred. Please try again later.')).toBe(
      'An error occurred. Please try again later.',
    );
  });

  it('rejects a 2xx answer that is not JSON clearly', async () => {
    const { client } = setup({
      respond: () =>
        Promise.resolve(new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } })),
    });
    await expect(client.get('/user/check-auth')).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('turns a network failure into an ApiError', async () => {
    const { client } = setup({ respond: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(client.get('/api/dispute')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});

describe('api client 401 handling', () => {
  const unauthorized = () => Promise.resolve(jsonResponse({ code: 'unauthorized', message: 'Sign in again.' }, 401));

  it('sends the browser to access-denied on a 401', async () => {
    const { client, navigate } = setup({ respond: unauthorized });
    await expect(client.get('/api/dispute')).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith(AUTHENTICATION_REQUIRED_URL);
    expect(AUTHENTICATION_REQUIRED_URL).toBe('/access-denied.html?error=authentication_required');
  });

  it.each(['/user/validate-access', '/api/auth/refresh'])('rejects normally for %s', async (path) => {
    const { client, navigate } = setup({ respond: unauthorized });
    await expect(client.get(path)).rejects.toMatchObject({ status: 401, serverMessage: 'Sign in again.' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects normally when the caller expects a 401', async () => {
    const { client, navigate } = setup({ respond: unauthorized });
    await expect(client.post('/user/login', {}, { redirectOnUnauthorized: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect while the session is being ended on purpose', async () => {
    const navigate = vi.fn<(url: string) => void>();
    let ending = true;
    const client = createApiClient({
      baseUrl: '',
      getToken: () => 'tok-1',
      fetch: unauthorized,
      navigate,
      isSessionEnding: () => ending,
    });
    await expect(client.get('/api/notices/unread-count')).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
    ending = false;
    await expect(client.get('/api/notices/unread-count')).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith(AUTHENTICATION_REQUIRED_URL);
  });

  it('does not redirect for a token that is no longer the caller’s when the 401 arrives', async () => {
    const navigate = vi.fn<(url: string) => void>();
    let token: string | null = 'tok-old';
    const client = createApiClient({
      baseUrl: '',
      getToken: () => token,
      // The caller signs out while the request is on its way.
      fetch: () => {
        token = null;
        return unauthorized();
      },
      navigate,
    });
    await expect(client.get('/api/dispute/change-token')).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect on other failures', async () => {
    const { client, navigate } = setup({ respond: () => Promise.resolve(jsonResponse({ code: 'forbidden' }, 403)) });
    await expect(client.get('/api/superadmin/dashboard')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(navigate).not.toHaveBeenCalled();
  });
});

/** Behaves like fetch on a server that never answers: settles only when aborted. */
function hangUntilAborted(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise<Response>((_resolve, reject) => {
    const abort = () => reject(new DOMException('aborted', 'AbortError'));
    if (init?.signal?.aborted) abort();
    init?.signal?.addEventListener('abort', abort);
  });
}

describe('api client timeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('aborts after 30 s with a clear error', async () => {
    const { client, lastInit } = setup({
      respond: hangUntilAborted,
    });
    const pending = client.get('/api/dispute').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(lastInit().signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'timeout', status: 0 });
    expect((error as ApiError).message).toBe('The request timed out after 30 seconds.');
  });

  it('honours a caller cancelling the request', async () => {
    const { client } = setup({
      respond: hangUntilAborted,
    });
    const controller = new AbortController();
    const pending = client.get('/api/dispute', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });
});
