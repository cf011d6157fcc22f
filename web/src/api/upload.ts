import { UPLOAD_FIELD } from '@ratkaisu/core';
import { apiClientOptions } from './api';
import {
  ApiError,
  apiErrorFromBody,
  AUTHENTICATION_REQUIRED_URL,
  type ApiClientOptions,
  redirectsOnUnauthorized,
  standardRequestHeaders,
} from './client';
import { reviveDates } from './revive-dates';

/**
 * How long one upload may take. The 30 s limit of docs/product.md section 9 is for ordinary calls; an upload of
 * several large PDFs over a slow line legitimately takes minutes, and the user watches its progress bar,
 * so it gets ten minutes before it is given up as hung.
 */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface UploadRequestOptions {
  /** Called as bytes leave the browser, with the fraction sent (0..1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The multipart field of each file; default `file` (docs/product.md section 7). */
  field?: string;
  /** Text fields sent before the files. */
  fields?: Record<string, string>;
  /** Whether a 401 sends the browser to the access-denied page (the default); public pages turn it off. */
  redirectOnUnauthorized?: boolean;
}

export interface UploaderOptions extends Pick<ApiClientOptions, 'baseUrl' | 'getToken' | 'getHeaders' | 'navigate'> {
  timeoutMs?: number;
  /** Makes the request object; replaced in tests. */
  createRequest?: () => XMLHttpRequest;
}

export type Uploader = <T>(path: string, files: readonly File[], options?: UploadRequestOptions) => Promise<T>;

/**
 * Uploads files as multipart/form-data, one `file` part per file (docs/product.md section 7), and reports
 * upload progress. fetch cannot report how much of a request body has been sent, so this uses
 * XMLHttpRequest, with the api client's headers, 401 handling and error shape.
 */
export function createUploader(options: UploaderOptions): Uploader {
  const timeoutMs = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const createRequest = options.createRequest ?? (() => new XMLHttpRequest());

  return async function upload<T>(path: string, files: readonly File[], request: UploadRequestOptions = {}) {
    const headers = standardRequestHeaders(await options.getToken(), options.getHeaders?.());
    const form = new FormData();
    for (const [name, value] of Object.entries(request.fields ?? {})) form.append(name, value);
    for (const file of files) form.append(request.field ?? UPLOAD_FIELD, file, file.name);
    const baseUrl = typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl;

    return new Promise<T>((resolve, reject) => {
      if (request.signal?.aborted) {
        reject(new ApiError(0, 'aborted', 'The upload was cancelled.'));
        return;
      }
      const xhr = createRequest();
      const abortFromCaller = () => xhr.abort();
      const settle = (outcome: () => void) => {
        request.signal?.removeEventListener('abort', abortFromCaller);
        outcome();
      };

      xhr.open('POST', `${baseUrl}${path}`);
      xhr.withCredentials = true;
      xhr.timeout = timeoutMs;
      headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) request.onProgress?.(Math.min(1, event.loaded / event.total));
      };
      xhr.onload = () => settle(() => onLoad(xhr, path, request, resolve as (value: unknown) => void, reject));
      xhr.onerror = () => settle(() => reject(new ApiError(0, 'network', 'Could not reach the server.')));
      xhr.ontimeout = () =>
        settle(() =>
          reject(new ApiError(0, 'timeout', `The upload timed out after ${Math.round(timeoutMs / 60_000)} minutes.`)),
        );
      xhr.onabort = () => settle(() => reject(new ApiError(0, 'aborted', 'The upload was cancelled.')));
      request.signal?.addEventListener('abort', abortFromCaller);
      xhr.send(form);
    });
  };

  function onLoad(
    xhr: XMLHttpRequest,
    path: string,
    request: UploadRequestOptions,
    resolve: (value: unknown) => void,
    reject: (e: unknown) => void,
  ) {
    const text = xhr.responseText;
    if (xhr.status >= 200 && xhr.status < 300) {
      try {
        resolve(text.trim() === '' ? undefined : JSON.parse(text, reviveDates));
      } catch {
        reject(new ApiError(xhr.status, 'invalid_response', `POST ${path} returned a body that is not JSON.`));
      }
      return;
    }
    let body: unknown;
    try {
      // A proxy's HTML error page is not an error body; only a JSON answer can carry the server's message.
      const isJson = (xhr.getResponseHeader('Content-Type') ?? '').includes('json');
      body = isJson && text.trim() !== '' ? JSON.parse(text, reviveDates) : undefined;
    } catch {
      body = undefined;
    }
    if (xhr.status === 401 && (request.redirectOnUnauthorized ?? true) && redirectsOnUnauthorized(path)) {
      navigate(AUTHENTICATION_REQUIRED_URL);
    }
    reject(apiErrorFromBody(xhr.status, body, `POST ${path} failed with status ${xhr.status}.`));
  }
}

/** The app's uploader: same host, token and session headers as `api`. */
export const uploadFiles: Uploader = createUploader(apiClientOptions);
