import { vi } from 'vitest';

type Listener = ((event: ProgressEvent) => void) | null;

/**
 * A stand-in for XMLHttpRequest (jsdom's would try the network): records what was sent and lets
 * the test drive progress, the answer, a network error, a time-out or an abort.
 */
export class FakeXhr {
  method = '';
  url = '';
  /** Request headers, names lower-cased. */
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  upload: { onprogress: Listener } = { onprogress: null };
  onload: Listener = null;
  onerror: Listener = null;
  ontimeout: Listener = null;
  onabort: Listener = null;
  private responseHeaders: Record<string, string> = {};
  private elapsedMs = 0;
  private settled = false;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  send(body: unknown): void {
    this.body = body;
  }

  /** Whether the page aborted the request (Cancel, leaving the page). */
  aborted = false;

  abort(): void {
    this.settled = true;
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }

  /** The names of the files sent in the `file` parts. */
  fileNames(): string[] {
    return this.body instanceof FormData ? this.body.getAll('file').map((part) => (part as File).name) : [];
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }

  respond(status: number, body?: unknown, contentType = 'application/json'): void {
    this.status = status;
    this.responseText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = { 'content-type': contentType };
    this.settled = true;
    this.onload?.(new ProgressEvent('load'));
  }

  failNetwork(): void {
    this.settled = true;
    this.onerror?.(new ProgressEvent('error'));
  }

  timeOut(): void {
    this.settled = true;
    this.ontimeout?.(new ProgressEvent('timeout'));
  }

  /** Lets time pass on the wire: as a browser does, times the request out once `timeout` (if set) has passed. */
  elapse(ms: number): void {
    this.elapsedMs += ms;
    if (!this.settled && this.timeout > 0 && this.elapsedMs >= this.timeout) this.timeOut();
  }
}

/**
 * Replaces the global XMLHttpRequest. `onSend` sees each request as it is sent and may answer it
 * (asynchronously, as a server would); the returned list holds every request made.
 */
export function installFakeXhr(onSend?: (request: FakeXhr) => void) {
  const requests: FakeXhr[] = [];
  class RecordingXhr extends FakeXhr {
    override send(body: unknown): void {
      super.send(body);
      requests.push(this);
      onSend?.(this);
    }
  }
  vi.stubGlobal('XMLHttpRequest', RecordingXhr);
  return requests;
}
