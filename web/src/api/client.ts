import type { ApiErrorBody, RefusalReason } from '@ratkaisu/core';
import { reviveDates } from './revive-dates';

export const REQUEST_TIMEOUT_MS = 30_000;
export const AUTHENTICATION_REQUIRED_URL = '/access-denied.html?error=authentication_required';

/** What went wrong: the server's `{ code, message }`, or a client-side code for failures without an answer. */
export type ApiErrorCode = ApiErrorBody['code'] | 'timeout' | 'network' | 'aborted' | 'http_error' | 'invalid_response';

/**
 * A failed API call. `reason` and `params` name the refusal in the catalogue (core refusals.ts), whose text the
 * screens show in their language (error-message.ts); `serverMessage` is the server's English sentence, shown only
 * for a failure the catalogue does not word.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status; 0 when there was no answer. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly serverMessage?: string,
    readonly fields?: Record<string, string>,
    /** The whole error body, for answers that carry more than a message (a 409's newer version). */
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** The catalogue's reason for this refusal, when the server sent one. */
  get reason(): RefusalReason | undefined {
    const reason = (this.body as Partial<ApiErrorBody> | undefined)?.reason;
    return typeof reason === 'string' ? reason : undefined;
  }

  /** The reason's parameters (`{ limitBytes: 26214400 }`); empty when there are none. */
  get params(): Readonly<Record<string, string | number>> {
    const params = (this.body as Partial<ApiErrorBody> | undefined)?.params;
    return typeof params === 'object' && params !== null ? params : {};
  }
}

export type RequestBody = FormData | Blob | object | undefined;

export interface RequestOptions {
  body?: RequestBody;
  signal?: AbortSignal;
  /**
   * Whether a 401 sends the browser to the access-denied page (the default).
   * Calls that expect a 401 as an ordinary answer (sign-in, the start-up check) turn it off.
   */
  redirectOnUnauthorized?: boolean;
}

export interface ApiClientOptions {
  /** '' for same origin; a function is read on each call, so configuration is parsed only when first needed. */
  baseUrl: string | (() => string);
  /** The bearer token for the current caller, or null when signed out. */
  getToken: () => string | null | Promise<string | null>;
  /** Further headers for every call (the work-account session id). */
  getHeaders?: () => Record<string, string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where a 401 sends the browser; replaced in tests. */
  navigate?: (url: string) => void;
  /**
   * True while the caller's session is being ended on purpose (signing out, ending all sessions): a 401
   * then is the expected end, not news to show on the access-denied page.
   */
  isSessionEnding?: () => boolean;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Calls that answer 401 as a normal "no" rather than "your session is gone" (docs/product.md section 7). */
function rejectsUnauthorizedNormally(path: string): boolean {
  return path.includes('/user/validate-access') || path.includes('/auth/');
}

function isErrorBody(value: unknown): value is Partial<ApiErrorBody> {
  return typeof value === 'object' && value !== null && ('message' in value || 'code' in value);
}

/**
 * The headers every API call carries: JSON, no caching, the XMLHttpRequest marker, the caller's bearer
 * token and the per-call extras (docs/product.md section 7). Exported so requests made outside this client
 * (uploads with progress) send exactly the same.
 */
export function standardRequestHeaders(token: string | null, extraHeaders: Record<string, string> = {}): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    'X-Requested-With': 'XMLHttpRequest',
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  return headers;
}

/** The ApiError for a failed answer: the server's `{ code, message, fields }` when the body is one, else `fallback`. */
export function apiErrorFromBody(status: number, body: unknown, fallback: string): ApiError {
  if (isErrorBody(body)) {
    const serverMessage = typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
    const code = typeof body.code === 'string' ? (body.code as ApiErrorCode) : 'http_error';
    return new ApiError(status, code, serverMessage ?? fallback, serverMessage, body.fields, body);
  }
  return new ApiError(status, 'http_error', fallback);
}

/** Whether a 401 on `path` should send the browser to the access-denied page (docs/product.md section 7). */
export function redirectsOnUnauthorized(path: string): boolean {
  return !rejectsUnauthorizedNormally(path);
}

export function createApiClient(options: ApiClientOptions) {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));

  async function send(
    method: string,
    path: string,
    request: RequestOptions,
  ): Promise<{ response: Response; token: string | null }> {
    const token = await options.getToken();
    const headers = standardRequestHeaders(token, options.getHeaders?.());

    let body: BodyInit | undefined;
    const payload = request.body;
    if (payload instanceof FormData || payload instanceof Blob) {
      // The browser sets the multipart boundary itself; leave Content-Type alone.
      body = payload;
    } else if (payload !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(payload);
    }

    const baseUrl = typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abortFromCaller = () => controller.abort();
    if (request.signal?.aborted) controller.abort();
    request.signal?.addEventListener('abort', abortFromCaller);

    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
      return { response, token };
    } catch (error) {
      if (timedOut) {
        throw new ApiError(0, 'timeout', `The request timed out after ${Math.round(timeoutMs / 1000)} seconds.`);
      }
      if (request.signal?.aborted) throw new ApiError(0, 'aborted', 'The request was cancelled.');
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(0, 'network', `Could not reach the server: ${reason}`);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text.trim() === '') return undefined;
    return JSON.parse(text, reviveDates);
  }

  async function toError(method: string, path: string, response: Response): Promise<ApiError> {
    let body: unknown;
    try {
      body = (response.headers.get('Content-Type') ?? '').includes('json') ? await readJson(response) : undefined;
    } catch {
      body = undefined;
    }
    return apiErrorFromBody(response.status, body, `${method} ${path} failed with status ${response.status}.`);
  }

  /**
   * Whether a 401 is news of a lost session: not for a call that expects one, not while the session is being
   * ended on purpose, and not for a token that is no longer the caller's (signed out or in again meanwhile).
   */
  async function unauthorizedIsNews(path: string, request: RequestOptions, tokenUsed: string | null) {
    if (!(request.redirectOnUnauthorized ?? true) || rejectsUnauthorizedNormally(path)) return false;
    if (options.isSessionEnding?.()) return false;
    return (await options.getToken()) === tokenUsed;
  }

  async function checked(method: string, path: string, request: RequestOptions): Promise<Response> {
    const { response, token } = await send(method, path, request);
    if (response.ok) return response;
    const error = await toError(method, path, response);
    if (response.status === 401 && (await unauthorizedIsNews(path, request, token))) {
      navigate(AUTHENTICATION_REQUIRED_URL);
    }
    throw error;
  }

  /** Sends a request and returns the JSON answer with server dates revived (undefined for an empty answer). */
  async function request<T>(method: string, path: string, request: RequestOptions = {}): Promise<T> {
    const response = await checked(method, path, request);
    try {
      return (await readJson(response)) as T;
    } catch {
      throw new ApiError(response.status, 'invalid_response', `${method} ${path} returned a body that is not JSON.`);
    }
  }

  return {
    request,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: RequestBody, opts?: Omit<RequestOptions, 'body'>) =>
      request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: RequestBody, opts?: Omit<RequestOptions, 'body'>) =>
      request<T>('PUT', path, { ...opts, body }),
    delete: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, opts),
    /** For downloads (job results, PDFs): the answer as a Blob. */
    async blob(path: string, opts?: Omit<RequestOptions, 'body'>): Promise<Blob> {
      const response = await checked('GET', path, opts ?? {});
      return response.blob();
    },
    /** A download the server renders from what is sent (a claim draft's PDF): the answer as a Blob. */
    async postBlob(path: string, body: RequestBody, opts?: Omit<RequestOptions, 'body'>): Promise<Blob> {
      const response = await checked('POST', path, { ...opts, body });
      return response.blob();
    },
  };
}
