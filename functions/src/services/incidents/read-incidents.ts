import { type IncidentDetail, type IncidentList, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { Stored } from '../../ports/store.js';
import { incidentDetail, incidentSummary, type IncidentDocument } from './incident-document.js';

/** How many incidents the list shows, newest first. */
const LIST_LIMIT = 200;

/** `GET /api/superadmin/incidents`: newest first, each with the time left to its notification deadline. */
export async function listIncidents(deps: Pick<Deps, 'store' | 'clock'>): Promise<IncidentList> {
  const page = await deps.store.collection<IncidentDocument>('incidents').query({
    where: [{ field: 'kind', op: '=', value: 'incident' }],
    orderBy: { field: 'detectedAt', direction: 'desc' },
    limit: LIST_LIMIT,
  });
  const now = deps.clock.now();
  return { items: page.items.map((doc) => incidentSummary(doc, now)) };
}

/** `GET /api/superadmin/incidents/{id}`. */
export async function getIncident(deps: Pick<Deps, 'store' | 'clock'>, id: string): Promise<IncidentDetail> {
  return incidentDetail(await readIncident(deps, id), deps.clock.now());
}

export async function readIncident(deps: Pick<Deps, 'store'>, id: string): Promise<Stored<IncidentDocument>> {
  const doc = await deps.store.collection<IncidentDocument>('incidents').read(id, id);
  if (!doc) throw new NotFoundError(refusal('incidents.notFound'));
  return doc;
}
