import { type IncidentDetail, refusal } from '@ratkaisu/core';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { changeRecord } from '../../records/change-record.js';
import type { AuditAction } from '../../records/audit-document.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { incidentDetail, type IncidentDocument } from './incident-document.js';

/**
 * The one way the administrators' steps change an incident: a conditional write of `change` (which may refuse
 * with a domain error), then the step's audit entry. Answers the incident as written.
 */
export async function changeIncident(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  caller: Caller,
  client: ClientInfo,
  id: string,
  audit: { action: AuditAction; details: (doc: IncidentDocument) => string },
  change: (current: IncidentDocument) => IncidentDocument | undefined,
): Promise<IncidentDetail> {
  const result = await changeRecord(deps.store.collection<IncidentDocument>('incidents'), { pk: id, id }, change);
  if (result.outcome === 'missing') throw new NotFoundError(refusal('incidents.notFound'));
  if (result.outcome === 'written') {
    await recordCallerAction(deps, caller, client, {
      action: audit.action,
      entityType: 'Incident',
      entityId: id,
      details: audit.details(result.record),
    });
  }
  return incidentDetail(result.record, deps.clock.now());
}
