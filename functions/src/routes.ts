import { getHealth, getMeta } from './handlers/system.js';
import type { RouteDefinition } from './http/route.js';

/**
 * Every HTTP route of the API, once (ARCHITECTURE.md rule 2). Paths are
 * exactly those of SPEC.md section 7; index.ts registers this table with the
 * Functions host and the local host serves the same table.
 *
 * Routes of SPEC.md section 7 that are not in this table yet are built by
 * their own issues (identity, cases, claim drafting, decision, administration);
 * until then they answer 404 like any unknown route.
 */
export const routes: readonly RouteDefinition[] = [
  { name: 'health', method: 'GET', path: '/health', access: 'public', body: 'none', handler: getHealth },
  { name: 'meta', method: 'GET', path: '/api/meta', access: 'public', body: 'none', handler: getMeta },
];
