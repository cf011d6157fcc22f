import { readFile, statfs } from 'node:fs/promises';
import type { DeepHealthCheck, DeepHealthCheckName, DeepHealthFinding, DeepHealthFindingCode } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { certificateValidity, fromPem } from '../../pdf/pades/certificates.js';
import type { Config } from '../../config.js';
import { setGauge, METRIC } from '../../observability/meters.js';
import { verifyAuditChain } from '../audit/verify-audit-chain.js';
import type { MailDocument } from '../outbox/mail-document.js';
import type { CertificateDocument } from '../signing/certificate-document.js';

/**
 * Each check of the deep health check (run-deep-health-check.ts): what it touches, what makes it `warn`
 * (working, needing attention soon) or `fail`. Each answers `{ status, kind, finding }` — the finding by its
 * code and figures (core DEEP_HEALTH_FINDINGS), so the admin screen words it in the reader's language; the
 * runner writes its English `detail`, times the check, bounds it and turns a throw into `fail` with the
 * error's message.
 */
export type CheckOutcome = Omit<DeepHealthCheck, 'name' | 'latencyMs' | 'detail' | 'finding'> & {
  finding: DeepHealthFinding;
};

const found = (code: DeepHealthFindingCode, params: DeepHealthFinding['params'] = {}): DeepHealthFinding => ({
  code,
  params,
});
export type HealthDeps = Pick<
  Deps,
  'config' | 'store' | 'blobs' | 'queue' | 'model' | 'mailer' | 'signingKeys' | 'clock' | 'log'
>;

/** A certificate (the CA's, the seal's, an arbitrator's) closer than this to its end is a warning. */
export const CERTIFICATE_WARNING_DAYS = 30;
/** A pending queue message older than this is a queue not being worked. */
const STUCK_MESSAGE_MS = 15 * 60_000;
const DAY_MS = 24 * 3600_000;

export const CHECKS: Record<DeepHealthCheckName, (deps: HealthDeps) => Promise<CheckOutcome>> = {
  store: async (deps) => {
    await deps.store.ping();
    await deps.store.collection('tokens').read('deep-health-report', 'deep-health-report');
    return { status: 'ok', kind: deps.store.kind, finding: found('storeAnswered') };
  },

  /** A write, a read back and a delete in 'results': a store that answers pings but refuses writes fails. */
  blobs: async (deps) => {
    const name = `health/probe-${process.pid}`;
    const body = Buffer.from(`deep health check ${deps.clock.now().toISOString()}`);
    await deps.blobs.upload('results', name, body, { contentType: 'text/plain' });
    const read = await deps.blobs.downloadBuffer('results', name);
    await deps.blobs.delete('results', name);
    if (!read?.equals(body)) return { status: 'fail', kind: deps.blobs.kind, finding: found('blobDiffers') };
    return { status: 'ok', kind: deps.blobs.kind, finding: found('blobRoundTrip') };
  },

  /** Reachable; where the queue can tell (in-process), its depth, its oldest message and its dead letters. */
  queue: async (deps) => {
    await deps.queue.ping();
    if (!deps.queue.stats) {
      return { status: 'ok', kind: deps.queue.kind, finding: found('queueBroker') };
    }
    const { pending, oldestAgeMs, deadLettered } = await deps.queue.stats();
    setGauge(METRIC.queueDepth, pending, { 'messaging.system': deps.queue.kind });
    setGauge(METRIC.queueOldestAge, Math.round(oldestAgeMs / 1000), { 'messaging.system': deps.queue.kind });
    const finding = found('queueFigures', { pending, oldestSeconds: Math.round(oldestAgeMs / 1000), deadLettered });
    const status = deadLettered > 0 || oldestAgeMs > STUCK_MESSAGE_MS ? 'warn' : 'ok';
    return { status, kind: deps.queue.kind, finding };
  },

  model: async (deps) => modelHeaderProbe(deps.config.model),

  /** The transport checked without sending, and the mails given up on (listed for administrators). */
  mail: async (deps) => {
    const failed = await deps.store
      .collection<MailDocument>('outbox')
      .count({ where: [{ field: 'status', op: '=', value: 'Failed' }] });
    setGauge(METRIC.mailsUndelivered, failed, {});
    if (deps.mailer.verify) await deps.mailer.verify();
    return {
      status: failed > 0 ? 'warn' : 'ok',
      kind: deps.mailer.kind,
      finding: found(deps.mailer.verify ? 'mailChecked' : 'mailUnchecked', { failed }),
    };
  },

  /** The signing CA's key answers (the key every arbitrator's certificate and the seal rest on). */
  signingKeys: async (deps) => {
    const key = await deps.signingKeys.publicKey(deps.config.signing.caKeyName);
    if (key.length === 0) return { status: 'fail', kind: deps.signingKeys.kind, finding: found('caKeyEmpty') };
    return { status: 'ok', kind: deps.signingKeys.kind, finding: found('caKeyAnswered') };
  },

  /** The CA's certificate and every certificate still in use, against their end of validity. */
  certificates: async (deps) => {
    const now = deps.clock.now().getTime();
    const caEnd = await caNotAfter(deps);
    const soon = new Date(now + CERTIFICATE_WARNING_DAYS * DAY_MS).toISOString();
    const expiring = (
      await deps.store.collection<CertificateDocument>('certificates').query({
        where: [{ field: 'notAfter', op: '<', value: soon }],
        limit: 100,
      })
    ).items.filter((doc) => !doc.keyDestroyedAt && doc.keyName !== deps.config.signing.caKeyName);
    const caDays = caEnd ? Math.floor((caEnd.getTime() - now) / DAY_MS) : undefined;
    if (caDays !== undefined) setGauge(METRIC.certificateDaysLeft, caDays, { 'ratkaisu.certificate': 'ca' });
    const otherDays = expiring.map((doc) => Math.floor((Date.parse(doc.notAfter) - now) / DAY_MS));
    setGauge(METRIC.certificateDaysLeft, Math.min(3650, ...otherDays), { 'ratkaisu.certificate': 'issued' });
    const figures: DeepHealthFinding['params'] =
      expiring.length > 0 ? { expiring: expiring.length, warningDays: CERTIFICATE_WARNING_DAYS } : {};
    const finding =
      caDays === undefined
        ? found(expiring.length > 0 ? 'certificatesNoCaExpiring' : 'certificatesNoCa', figures)
        : found(expiring.length > 0 ? 'certificatesCaEndsExpiring' : 'certificatesCaEnds', { caDays, ...figures });
    const expired = (caDays !== undefined && caDays < 0) || otherDays.some((days) => days < 0);
    const warn = (caDays !== undefined && caDays < CERTIFICATE_WARNING_DAYS) || expiring.length > 0;
    return { status: expired ? 'fail' : warn ? 'warn' : 'ok', kind: 'signing', finding };
  },

  auditChain: async (deps) => {
    const report = await verifyAuditChain(deps);
    const entries = report.chains.reduce((sum, chain) => sum + chain.entries, 0);
    if (!report.valid) {
      return {
        status: 'fail',
        kind: 'audit',
        finding: found('auditBroken', { chain: report.firstBreak?.chain ?? '?' }),
      };
    }
    return { status: 'ok', kind: 'audit', finding: found('auditIntact', { chains: report.chains.length, entries }) };
  },

  /** Free space where the data directory is (SQLite, Azurite, the outbox, signing keys locally; temp on Azure). */
  disk: async (deps) => {
    const stats = await statfs(deps.config.dataDir);
    const free = stats.bavail * stats.bsize;
    const freeMb = Math.floor(free / (1024 * 1024));
    const minMb = Math.floor(deps.config.health.minFreeDiskBytes / (1024 * 1024));
    return {
      status: free < deps.config.health.minFreeDiskBytes ? 'fail' : 'ok',
      kind: 'data directory',
      finding: found('diskFree', { freeMb, minMb }),
    };
  },
};

async function caNotAfter(deps: HealthDeps): Promise<Date | undefined> {
  const { signing } = deps.config;
  if (signing.caCertificateFile)
    return certificateValidity(fromPem(await readFile(signing.caCertificateFile, 'utf8'))).notAfter;
  const ca = await deps.store
    .collection<CertificateDocument>('certificates')
    .read(signing.caKeyName, signing.caKeyName);
  return ca ? new Date(ca.notAfter) : undefined;
}

/**
 * The model endpoint by a request that generates nothing: a GET of its model list (OpenAI-compatible) or of
 * the deployment's models (Azure OpenAI), with the credentials when a key is set. A connection failure, a 5xx,
 * or a refused key fails; any other answer shows the endpoint there (without a key — a managed identity — a
 * 401 is the expected answer to an unsigned request).
 */
async function modelHeaderProbe(model: Config['model']): Promise<CheckOutcome> {
  if (model.kind === 'offline') return { status: 'ok', kind: 'offline', finding: found('modelOffline') };
  const url =
    model.kind === 'azure-openai'
      ? `${model.endpoint.replace(/\/+$/, '')}/openai/models?api-version=${encodeURIComponent(model.apiVersion)}`
      : `${model.baseURL.replace(/\/+$/, '')}/models`;
  const headers: Record<string, string> = {};
  if (model.apiKey) {
    if (model.kind === 'azure-openai') headers['api-key'] = model.apiKey;
    else headers.authorization = `Bearer ${model.apiKey}`;
  }
  const response = await fetch(url, { method: 'GET', headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  await response.body?.cancel();
  const refused = (response.status === 401 || response.status === 403) && model.apiKey !== undefined;
  const status = response.status >= 500 || refused ? 'fail' : 'ok';
  return {
    status,
    kind: model.kind,
    finding: found(refused ? 'modelKeyRefused' : 'modelAnswered', { httpStatus: response.status }),
  };
}

export const PROBE_TIMEOUT_MS = 10_000;
