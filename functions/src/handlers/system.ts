import type { HttpResponseInit } from '@azure/functions';
import { json, ok } from '../http/responses.js';
import type { RouteCall } from '../http/route.js';
import { checkHealth } from '../services/system/check-health.js';
import { productVersion } from '../version.js';

/** GET /health — each dependency's state; 503 when any is down, so load balancers notice. */
export async function getHealth({ deps }: RouteCall): Promise<HttpResponseInit> {
  const health = await checkHealth(deps);
  return json(health.status === 'ok' ? 200 : 503, health);
}

/**
 * GET /api/meta — what the SPA needs to know about this deployment before
 * sign-in: version, environment, which sign-in paths exist, which model serves.
 */
export async function getMeta({ deps }: RouteCall): Promise<HttpResponseInit> {
  const { config } = deps;
  return ok({
    name: 'Ratkaisu',
    version: productVersion,
    environment: config.environment,
    model: deps.model.kind,
    // The most file bytes one upload to a case may carry (MAX_UPLOAD_BYTES), shown beside the drop zones.
    uploads: { maxUploadBytes: config.limits.maxUploadBytes },
    signIn: {
      local: true,
      entra: config.entra
        ? { clientId: config.entra.clientId, authority: config.entra.authority, scope: config.entra.apiScope ?? null }
        : null,
    },
  });
}
