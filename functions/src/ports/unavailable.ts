/**
 * A dependency (the store, Blob Storage, the queue, mail, the model) did not answer or refused for now; the
 * same request may pass if tried again shortly. The HTTP layer answers it as a 503 with Retry-After
 * (http/responses.ts) rather than as an unexpected error: the request was sound, the service was not ready.
 */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: 'store' | 'blobs' | 'queue' | 'mail' | 'model',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DependencyUnavailableError';
  }
}
