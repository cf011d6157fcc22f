// The chaos run's client side (scripts/bench/chaos.js): requests counted by the status they got (0 for a dropped
// connection), and a step tried again as a client would while the faults are on.
import { setTimeout as sleep } from 'node:timers/promises';

/** Counts the answers by status: the run's figure of client-visible errors. */
export function tally() {
  const byStatus = {};
  let requests = 0;
  return {
    byStatus,
    count(status) {
      requests += 1;
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    },
    get requests() {
      return requests;
    },
  };
}

export function client(baseUrl, counts) {
  return async function call(method, pathname, token, body) {
    const isForm = body instanceof FormData;
    try {
      const response = await fetch(baseUrl + pathname, {
        method,
        headers: {
          ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(60_000),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      counts.count(response.status);
      return { status: response.status, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
    } catch {
      counts.count(0);
      return { status: 0, bytes: Buffer.alloc(0), json: () => undefined };
    }
  };
}

/**
 * A step as a client does it under faults: tried again after a refusal the service says may pass (5xx, 429 or a
 * dropped connection), up to `tries`; answers the last response. A 4xx other than 429 is final.
 */
export async function step(call, args, expected, tries = 6) {
  let answer;
  for (let attempt = 0; attempt < tries; attempt++) {
    answer = await call(...args);
    if (answer.status === expected) return answer;
    if (answer.status !== 0 && answer.status !== 429 && answer.status < 500) return answer;
    await sleep(200 * (attempt + 1));
  }
  return answer;
}
