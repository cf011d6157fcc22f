import type { AuditAction } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Filter } from '../../ports/store.js';
import type { AuditDocument } from '../../records/audit-document.js';
import { DETECTION_RULES, EVIDENCE_IDS, EXPORT_ACTIONS } from './detection-rules.js';
import { openIncident, type SightingOutcome } from './open-incident.js';
import { readSignalState } from './signal-claim.js';

const PAGE = 1000;
/** Entries read per signal and run at most: far past every threshold, so a flood cannot make the sweep slow. */
const MAX_ENTRIES = 10_000;

export interface DetectionOutcome {
  opened: number;
  repeated: number;
}

/**
 * The timer's look at the audit log (every five minutes): a burst of failed or refused sign-ins, a burst of
 * refused requests, and one account making many copies of data, each against DETECTION_RULES. A signal whose
 * incident was closed counts only entries after the closing, so what was assessed does not reopen it.
 * docs/operations.md "Incidents".
 */
export async function detectIncidents(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  signal?: AbortSignal,
): Promise<DetectionOutcome> {
  const outcomes: SightingOutcome[] = [];
  outcomes.push(...(await detectBurst(deps, 'sign-in-failures')));
  if (signal?.aborted) return tally(outcomes);
  outcomes.push(...(await detectBurst(deps, 'access-refused')));
  if (signal?.aborted) return tally(outcomes);
  outcomes.push(...(await detectBulkExports(deps)));
  return tally(outcomes);
}

function tally(outcomes: SightingOutcome[]): DetectionOutcome {
  return {
    opened: outcomes.filter((o) => o.outcome === 'opened').length,
    repeated: outcomes.filter((o) => o.outcome === 'repeated').length,
  };
}

const BURSTS = {
  'sign-in-failures': { actions: ['LoginFailed'], rule: DETECTION_RULES.signInFailures },
  'access-refused': { actions: ['AccessDenied'], rule: DETECTION_RULES.accessRefused },
} as const satisfies Record<string, { actions: readonly AuditAction[]; rule: { windowMs: number; threshold: number } }>;

export type BurstSignal = keyof typeof BURSTS;

/** A burst of one kind across the service within its window: one incident, or a repeat on the open one. */
export async function detectBurst(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  kind: BurstSignal,
): Promise<SightingOutcome[]> {
  const { actions, rule } = BURSTS[kind];
  const now = deps.clock.now();
  const state = await readSignalState(deps, kind);
  const since = latest(new Date(now.getTime() - rule.windowMs).toISOString(), state.closedAt);
  const entries = await recentEntries(deps, actions, since);
  if (entries.length < rule.threshold) return [];
  const accounts = distinct(entries.map((entry) => entry.userId));
  const addresses = distinct(entries.map((entry) => entry.ipAddress));
  const counts: Record<string, number> =
    kind === 'sign-in-failures'
      ? { failedSignIns: entries.length, accounts: accounts.length, addresses: addresses.length }
      : { refusedRequests: entries.length, callers: accounts.length, addresses: addresses.length };
  return [
    await openIncident(deps, {
      signal: kind,
      signalKey: kind,
      severity: 'medium',
      evidence: {
        windowStart: since,
        windowEnd: now.toISOString(),
        counts,
        auditEntryIds: entries.slice(0, EVIDENCE_IDS).map((entry) => entry.id),
      },
      // The accounts a guesser aimed at are the ones to warn; a refused caller is the suspect, not the victim.
      affectedUserIds: kind === 'sign-in-failures' ? accounts : [],
    }),
  ];
}

/** Accounts (all, or the one named) that made DETECTION_RULES.bulkExport copies within its window. */
export async function detectBulkExports(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  actorUserId?: string,
): Promise<SightingOutcome[]> {
  const rule = DETECTION_RULES.bulkExport;
  const now = deps.clock.now();
  const since = new Date(now.getTime() - rule.windowMs).toISOString();
  const entries = await recentEntries(deps, EXPORT_ACTIONS, since, actorUserId);
  const byActor = new Map<string, AuditDocument[]>();
  for (const entry of entries) {
    if (!entry.userId) continue;
    byActor.set(entry.userId, [...(byActor.get(entry.userId) ?? []), entry]);
  }
  const outcomes: SightingOutcome[] = [];
  for (const [actor, all] of byActor) {
    if (all.length < rule.threshold) continue;
    const signalKey = `bulk-export:${actor}`;
    const state = await readSignalState(deps, signalKey);
    const own = state.closedAt ? all.filter((entry) => entry.timestamp > state.closedAt!) : all;
    if (own.length < rule.threshold) continue;
    const subjects = distinct(own.filter((entry) => entry.entityType === 'User').map((entry) => entry.entityId));
    outcomes.push(
      await openIncident(deps, {
        signal: 'bulk-export',
        signalKey,
        severity: 'high',
        evidence: {
          windowStart: own[0]!.timestamp,
          windowEnd: now.toISOString(),
          counts: {
            copies: own.length,
            personalData: own.filter((entry) => entry.action === 'ExportPersonalData').length,
            tenants: own.filter((entry) => entry.action === 'ExportTenant').length,
            aiLogs: own.filter((entry) => entry.action === 'ExportAiLog').length,
          },
          auditEntryIds: own.slice(0, EVIDENCE_IDS).map((entry) => entry.id),
          actorUserId: actor,
        },
        affectedUserIds: subjects,
      }),
    );
  }
  return outcomes;
}

/** The entries of these actions since a time, oldest first. */
async function recentEntries(
  deps: Pick<Deps, 'store'>,
  actions: readonly AuditAction[],
  since: string,
  userId?: string,
): Promise<AuditDocument[]> {
  const where: Filter[] = [
    { field: 'action', op: 'in', value: actions },
    { field: 'timestamp', op: '>', value: since },
    ...(userId ? [{ field: 'userId', op: '=' as const, value: userId }] : []),
  ];
  const entries: AuditDocument[] = [];
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<AuditDocument>('audit').query({
      where,
      orderBy: { field: 'timestamp', direction: 'asc' },
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    entries.push(...page.items);
    continuation = page.continuation;
  } while (continuation && entries.length < MAX_ENTRIES);
  return entries;
}

function distinct(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

function latest(a: string, b: string | undefined): string {
  return b && b > a ? b : a;
}
