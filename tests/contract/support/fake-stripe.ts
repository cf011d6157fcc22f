import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as the SDK sent it. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form body, keys as Stripe writes them (`line_items[0][price_data][unit_amount]`). */
  form: Record<string, string>;
}

export interface FakeStripe {
  host: string;
  port: number;
  requests: FakeStripeRequest[];
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the Stripe endpoints the adapter calls: `POST /v1/checkout/sessions` checks the secret
 * key, answers a Checkout Session built from the request, and answers a repeated Idempotency-Key with the first
 * answer, as Stripe does; `POST /v1/checkout/sessions/{id}/expire` expires an open session and answers 400 for
 * one that is not open, 404 for an unknown one, as Stripe does. Anything else is Stripe's 404 error shape.
 */
export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const byIdempotencyKey = new Map<string, unknown>();
  let sessions = 0;
  const sessionsById = new Map<string, { status: string }>();

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const idempotencyKey = header(request, 'idempotency-key');
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        authorization: header(request, 'authorization'),
        idempotencyKey,
        form,
      });
      if (header(request, 'authorization') !== `Bearer ${secretKey}`) {
        answer(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
        return;
      }
      const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (request.method === 'POST' && expiring) {
        const session = sessionsById.get(decodeURIComponent(expiring[1]!));
        if (!session) {
          answer(response, 404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' },
          });
          return;
        }
        if (session.status !== 'open') {
          answer(response, 400, {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status of open can be expired. This Checkout Session has a status of ${session.status}.`,
            },
          });
          return;
        }
        session.status = 'expired';
        answer(response, 200, session);
        return;
      }
      if (request.method !== 'POST' || url.pathname !== '/v1/checkout/sessions') {
        answer(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL.` } });
        return;
      }
      if (idempotencyKey && byIdempotencyKey.has(idempotencyKey)) {
        answer(response, 200, byIdempotencyKey.get(idempotencyKey));
        return;
      }
      sessions += 1;
      const id = `cs_test_${sessions}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: form['line_items[0][price_data][currency]'],
        client_reference_id: form.client_reference_id ?? null,
        metadata: { paymentId: form['metadata[paymentId]'] },
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      sessionsById.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      answer(response, 200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
