/**
 * The administration panel's query keys, all under `admin`. The directory (tenants and users) is one scope: a
 * renamed or deactivated tenant shows in the users' rows too, so a change to either fetches both again.
 */
const adminScope = ['admin'] as const;
const directoryScope = [...adminScope, 'directory'] as const;
const incidentsScope = [...adminScope, 'incidents'] as const;

export const adminKeys = {
  directory: directoryScope,
  tenants: [...directoryScope, 'tenants'] as const,
  users: [...directoryScope, 'users'] as const,
  /** The incidents' list and each incident's detail: a change to one shows in the list too. */
  incidents: incidentsScope,
  incidentList: [...incidentsScope, 'list'] as const,
  incident: (id: string) => [...incidentsScope, 'detail', id] as const,
  aiOversight: (tenantId: string, month: string) => [...adminScope, 'ai-oversight', tenantId, month] as const,
  modelCapacity: [...adminScope, 'model-capacity'] as const,
  deepHealth: [...adminScope, 'deep-health'] as const,
  evaluations: [...adminScope, 'evaluations'] as const,
  /** The requested tribunals with the arbitrators to pick from, and the open challenges: a decided challenge
   * reopens a seat, so a change to either fetches both. */
  appointments: [...adminScope, 'appointments'] as const,
  tribunalRequests: [...adminScope, 'appointments', 'requests'] as const,
  challenges: [...adminScope, 'appointments', 'challenges'] as const,
  failedMails: [...adminScope, 'failed-mails'] as const,
};
