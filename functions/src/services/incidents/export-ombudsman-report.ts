import type { IncidentDetail, OmbudsmanReport } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { incidentDetail } from './incident-document.js';
import { readIncident } from './read-incidents.js';

export interface OmbudsmanExport {
  incidentId: string;
  detectedAt: string;
  deadlineAt: string;
  status: IncidentDetail['status'];
  report: OmbudsmanReport;
}

const LABELS: Record<keyof OmbudsmanReport, string> = {
  natureOfBreach: 'Nature of the personal data breach',
  dataSubjectCategories: 'Categories of data subjects concerned',
  approxDataSubjects: 'Approximate number of data subjects concerned',
  recordCategories: 'Categories of personal data records concerned',
  approxRecords: 'Approximate number of personal data records concerned',
  likelyConsequences: 'Likely consequences of the breach',
  measuresTaken: 'Measures taken or proposed to address the breach and mitigate its effects',
  contactPoint: 'Contact point (data protection officer or other)',
};

/**
 * `GET /api/superadmin/incidents/{id}/ombudsman?format=json|text`: the data the notification to the Data
 * Protection Ombudsman asks for (GDPR art. 33(3)), to paste into the Ombudsman's form or attach.
 */
export async function exportOmbudsmanReport(
  deps: Pick<Deps, 'store' | 'clock'>,
  id: string,
): Promise<{ json: OmbudsmanExport; text: string }> {
  const incident = incidentDetail(await readIncident(deps, id), deps.clock.now());
  const json: OmbudsmanExport = {
    incidentId: incident.id,
    detectedAt: incident.detectedAt,
    deadlineAt: incident.deadlineAt,
    status: incident.status,
    report: incident.ombudsman,
  };
  const lines = [
    'Notification of a personal data breach (GDPR art. 33)',
    `Incident: ${incident.id}`,
    `Detected: ${incident.detectedAt}`,
    `Notification due by: ${incident.deadlineAt}`,
    '',
    ...(Object.keys(LABELS) as (keyof OmbudsmanReport)[]).flatMap((key) => [
      `${LABELS[key]}:`,
      String(incident.ombudsman[key]) || '—',
      '',
    ]),
  ];
  return { json, text: lines.join('\n') };
}
