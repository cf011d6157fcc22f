import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../test/fake-xhr';
import { ApiError, AUTHENTICATION_REQUIRED_URL } from './client';
import { createUploader } from './upload';

function pdf(name: string): File {
  return new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
}

function setup(options: { token?: string | null; headers?: Record<string, string> } = {}) {
  const requests: FakeXhr[] = [];
  const navigate = vi.fn<(url: string) => void>();
  const upload = createUploader({
    baseUrl: 'https://api.example.fi',
    getToken: () => (options.token === undefined ? 'tok-1' : options.token),
    getHeaders: () => options.headers ?? {},
    navigate,
    createRequest: () => {
      const request = new FakeXhr();
      requests.push(request);
      return request as unknown as XMLHttpRequest;
    },
  });
  /** The request once the uploader has read the token (asynchronous) and sent it. */
  const sent = async () => {
    await vi.waitFor(() => expect(requests[0]?.body).toBeDefined());
    return requests[0]!;
  };
  return { upload, navigate, sent };
}

afterEach(() => vi.restoreAllMocks());

describe('createUploader', () => {
  it('posts one file part per file with the api client headers and a long time-out', async () => {
    const { upload, sent } = setup({ headers: { 'X-Session-Id': 'session-42' } });
    const pending = upload('/d1/phases/p1/attachments', [pdf('a.pdf'), pdf('b.pdf')]);
    const request = await sent();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://api.example.fi/d1/phases/p1/attachments');
    expect(request.withCredentials).toBe(true);
    expect(request.headers).toMatchObject({
      authorization: 'Bearer tok-1',
      'x-session-id': 'session-42',
      'x-requested-with': 'XMLHttpRequest',
      'cache-control': 'no-cache',
      accept: 'application/json',
    });
    // The browser writes the multipart boundary itself.
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.fileNames()).toEqual(['a.pdf', 'b.pdf']);
    request.respond(201, [{ id: 'f1', fileName: 'a.pdf', dateCreated: '2025-01-15T10:00:00Z', size: 13 }]);
    const [added] = (await pending) as unknown[];
    expect(added).toMatchObject({ id: 'f1', fileName: 'a.pdf' });
    // Dates are revived as the api client revives them.
    expect((added as { dateCreated: Date }).dateCreated).toBeInstanceOf(Date);
  });

  it('sends no Authorization header when signed out', async () => {
    const { upload, sent } = setup({ token: null });
    void upload('/x', [pdf('a.pdf')]).catch(() => undefined);
    expect((await sent()).headers.authorization).toBeUndefined();
  });

  it('reports the fraction sent, ignoring events without a known total', async () => {
    const { upload, sent } = setup();
    const progress: number[] = [];
    const pending = upload('/x', [pdf('a.pdf')], { onProgress: (fraction) => progress.push(fraction) });
    const request = await sent();
    request.progress(25, 100);
    request.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: false, loaded: 50, total: 0 }));
    request.progress(100, 100);
    request.respond(201, []);
    await pending;
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects with the server code, message and fields', async () => {
    const { upload, sent, navigate } = setup();
    const pending = upload('/x', [pdf('a.txt')]).catch((error: unknown) => error);
    (await sent()).respond(400, { code: 'not_pdf', message: 'Only PDF files are allowed', fields: { file: 'a.txt' } });
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'not_pdf',
      serverMessage: 'Only PDF files are allowed',
      fields: { file: 'a.txt' },
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('treats a non-JSON error page as an error without a server message', async () => {
    const { upload, sent } = setup();
    const pending = upload('/x', [pdf('a.pdf')]).catch((error: unknown) => error);
    (await sent()).respond(413, '<html>Too large</html>', 'text/html');
    expect(await pending).toMatchObject({ status: 413, code: 'http_error', serverMessage: undefined });
  });

  it('sends the browser to access-denied on a 401, as the api client does', async () => {
    const { upload, sent, navigate } = setup();
    const pending = upload('/x', [pdf('a.pdf')]).catch((error: unknown) => error);
    (await sent()).respond(401, { code: 'unauthorized', message: 'Sign in again.' });
    expect(await pending).toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith(AUTHENTICATION_REQUIRED_URL);
  });

  // A 20 MB upload on a slow line, not cut off at the 30 s of ordinary calls (docs/decisions.md).
  it('lets a 20 MB upload at 0.5 Mbit/s (about 5.6 minutes) finish, and times out one still sending at 10 minutes', async () => {
    const slowLine = setup();
    const finished = slowLine.upload('/x', [pdf('a.pdf')]).then(
      () => 'answered',
      (error: unknown) => error,
    );
    const onTheWire = await slowLine.sent();
    for (let second = 0; second < 340; second += 10) {
      onTheWire.elapse(10_000);
      onTheWire.progress(second * 62_500, 20 * 1024 * 1024);
    }
    onTheWire.respond(201, []);
    expect(await finished).toBe('answered');

    const stalled = setup();
    const timedOut = stalled.upload('/x', [pdf('a.pdf')]).catch((error: unknown) => error);
    const request = await stalled.sent();
    request.elapse(9 * 60_000);
    request.elapse(60_000);
    expect(await timedOut).toMatchObject({ code: 'timeout', message: 'The upload timed out after 10 minutes.' });
  });

  it('turns a network failure, a time-out and a cancel into ApiErrors', async () => {
    const network = setup();
    const failed = network.upload('/x', [pdf('a.pdf')]).catch((error: unknown) => error);
    (await network.sent()).failNetwork();
    expect(await failed).toMatchObject({ status: 0, code: 'network' });

    const slow = setup();
    const timedOut = slow.upload('/x', [pdf('a.pdf')]).catch((error: unknown) => error);
    (await slow.sent()).timeOut();
    expect(await timedOut).toMatchObject({ code: 'timeout', message: 'The upload timed out after 10 minutes.' });

    const cancelled = setup();
    const controller = new AbortController();
    const aborted = cancelled
      .upload('/x', [pdf('a.pdf')], { signal: controller.signal })
      .catch((error: unknown) => error);
    await cancelled.sent();
    controller.abort();
    expect(await aborted).toMatchObject({ code: 'aborted' });
  });

  it('sends text fields and files under the names asked for, and can leave a 401 to the caller', async () => {
    const { upload, sent, navigate } = setup({ token: null });
    const pending = upload('/api/dispute/generatedecisionanonymous', [pdf('a.pdf'), pdf('b.pdf')], {
      field: 'files',
      fields: { settings: '{"temperature":0}' },
      redirectOnUnauthorized: false,
    }).catch((error: unknown) => error);
    const request = await sent();
    const body = request.body as FormData;
    expect(body.get('settings')).toBe('{"temperature":0}');
    expect(body.getAll('files').map((part) => (part as File).name)).toEqual(['a.pdf', 'b.pdf']);
    expect(body.getAll('file')).toEqual([]);
    request.respond(401, { code: 'unauthorized', message: 'Sign-in is required.' });
    expect(await pending).toMatchObject({ status: 401, serverMessage: 'Sign-in is required.' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects a success answer that is not JSON', async () => {
    const { upload, sent } = setup();
    const pending = upload('/x', [pdf('a.pdf')]).catch((error: unknown) => error);
    (await sent()).respond(201, '<!doctype html>', 'text/html');
    expect(await pending).toMatchObject({ code: 'invalid_response' });
  });
});
