import { randomUUID } from 'node:crypto';
import {
  INCIDENT_STATUSES,
  INCIDENT_TRANSITIONS,
  type IncidentDetail,
  type OmbudsmanReport,
  refusal,
} from '@ratkaisu/core';
import { z } from 'zod';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { ConflictError, ValidationError } from '../../errors.js';
import { changeIncident } from './change-incident.js';

type StepDeps = Pick<Deps, 'store' | 'clock' | 'log'>;

export const incidentNoteSchema = z.object({ text: z.string().trim().min(1).max(4000) }).strict();

/** `POST /api/superadmin/incidents/{id}/notes`: a note of assessment or decision, appended with its author and time. */
export async function addIncidentNote(
  deps: StepDeps,
  caller: Caller,
  client: ClientInfo,
  id: string,
  input: unknown,
): Promise<IncidentDetail> {
  const { text } = incidentNoteSchema.parse(input);
  const note = {
    id: randomUUID(),
    at: deps.clock.now().toISOString(),
    authorId: caller.userId,
    authorEmail: caller.email,
    text,
  };
  return changeIncident(
    deps,
    caller,
    client,
    id,
    { action: 'AnnotateIncident', details: (doc) => `Note ${note.id} added (${doc.notes.length} in all)` },
    (current) => ({ ...current, notes: [...current.notes, note] }),
  );
}

export const incidentStatusSchema = z
  .object({ status: z.enum(INCIDENT_STATUSES), reason: z.string().trim().max(2000).optional() })
  .strict();

/**
 * `POST /api/superadmin/incidents/{id}/status`: open → assessed → notified, or closed as not a breach (with
 * a reason) from any status but closed (INCIDENT_TRANSITIONS). Another move is a 409.
 */
export async function changeIncidentStatus(
  deps: StepDeps,
  caller: Caller,
  client: ClientInfo,
  id: string,
  input: unknown,
): Promise<IncidentDetail> {
  const { status, reason } = incidentStatusSchema.parse(input);
  if (status === 'closed' && !reason) {
    const required = refusal('incidents.reasonRequired');
    throw new ValidationError(required, { reason: required });
  }
  const at = deps.clock.now().toISOString();
  return changeIncident(
    deps,
    caller,
    client,
    id,
    {
      action: 'ChangeIncidentStatus',
      details: (doc) => `Status ${doc.statusHistory.at(-1)!.from} → ${status}${reason ? `: ${reason}` : ''}`,
    },
    (current) => {
      if (!INCIDENT_TRANSITIONS[current.status].includes(status)) {
        throw new ConflictError(refusal('incidents.transitionRefused', { from: current.status, to: status }));
      }
      return {
        ...current,
        status,
        ...(status === 'closed' ? { closedReason: reason } : {}),
        statusHistory: [
          ...current.statusHistory,
          { at, byUserId: caller.userId, from: current.status, to: status, ...(reason ? { reason } : {}) },
        ],
      };
    },
  );
}

const text = (max: number) => z.string().trim().max(max);
export const ombudsmanReportSchema = z
  .object({
    natureOfBreach: text(4000),
    dataSubjectCategories: text(2000),
    approxDataSubjects: z.number().int().min(0).max(100_000_000),
    recordCategories: text(2000),
    approxRecords: z.number().int().min(0).max(1_000_000_000),
    likelyConsequences: text(4000),
    measuresTaken: text(4000),
    contactPoint: text(1000),
  })
  .strict() satisfies z.ZodType<OmbudsmanReport>;

/** `PUT /api/superadmin/incidents/{id}/ombudsman`: the administrator's edit of the prefilled notification. */
export async function updateOmbudsmanReport(
  deps: StepDeps,
  caller: Caller,
  client: ClientInfo,
  id: string,
  input: unknown,
): Promise<IncidentDetail> {
  const ombudsman = ombudsmanReportSchema.parse(input);
  return changeIncident(
    deps,
    caller,
    client,
    id,
    { action: 'UpdateIncidentReport', details: () => 'The notification to the Data Protection Ombudsman was edited' },
    (current) => ({ ...current, ombudsman }),
  );
}
