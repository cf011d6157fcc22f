import type { EvaluationsView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { recordEvaluation } from '../../functions/src/services/evaluations/record-evaluation.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * GET /api/superadmin/evaluations: the last evaluation scorecard of each deployment and prompt version, as
 * `npm run eval -- --publish` keeps it in the store (docs/eval.md) — for a SuperAdmin only.
 */
const api = apiClient(() => host);
const { call, json } = api;

const host = useTestHost();

describe('GET /api/superadmin/evaluations', () => {
  it('lists the published scorecards for a SuperAdmin and refuses a tenant Admin', async () => {
    await recordEvaluation(host.deps, {
      deployment: 'offline',
      baseUrl: null,
      promptVersion: 'b421d882c146',
      startedAt: '2026-11-28T10:00:00.000Z',
      selection: 'smoke',
      cases: 3,
      failed: [],
      metrics: [{ name: 'citationPrecision', mean: 1, threshold: 0.9, gated: true }],
    });
    const superAdmin = await api.signedInUser({ email: uniqueEmail('eval-super'), roles: ['User', 'SuperAdmin'] });
    const view = await json<EvaluationsView>(await call('GET', '/api/superadmin/evaluations', superAdmin.token), 200);
    expect(view.evaluations).toEqual([
      expect.objectContaining({ deployment: 'offline', promptVersion: 'b421d882c146', cases: 3, failed: [] }),
    ]);

    const admin = await api.signedInUser({ email: uniqueEmail('eval-admin'), roles: ['User', 'Admin'] });
    expect((await call('GET', '/api/superadmin/evaluations', admin.token)).status).toBe(403);
  });
});
