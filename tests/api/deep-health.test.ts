import { randomUUID } from 'node:crypto';
import type { DeepHealthCheckName, DeepHealthReport } from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { CertificateDocument } from '../../functions/src/services/signing/certificate-document.js';
import { timers } from '../../functions/src/timers.js';
import { seedSignedInUser } from './support/seed-user.js';
import type { TestHost } from './support/start-host.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The deep health check (docs/operations.md#the-deep-health-check): every dependency exercised, the last
 * report kept for super-administrators, a failing dependency named with what failed, `/health` untouched.
 */

const clock: Clock = { now: () => new Date() };

async function superAdminOf(host: TestHost): Promise<string> {
  const admin = await seedSignedInUser(host, clock, {
    email: `root-${randomUUID().slice(0, 8)}@example.fi`,
    roles: ['SuperAdmin'],
  });
  return admin.token;
}

async function call(host: TestHost, method: string, path: string, token: string): Promise<Response> {
  return host.fetch(path, { method, headers: { authorization: `Bearer ${token}` } });
}

const statusOf = (report: DeepHealthReport) =>
  Object.fromEntries(report.checks.map((check) => [check.name, check.status])) as Record<DeepHealthCheckName, string>;

describe('the deep health check on a healthy host', () => {
  let token: string;

  const host = useTestHost();
  beforeAll(async () => {
    token = await superAdminOf(host);
  });

  it('is kept for super-administrators only: nothing before the first run, then the last report', async () => {
    const before = (await (await call(host, 'GET', '/api/superadmin/health', token)).json()) as DeepHealthReport;
    expect(before).toEqual({ status: 'ok', checkedAt: null, checks: [] });

    // The timer's own handler, as the Functions host runs it every five minutes.
    const timer = timers.find((one) => one.name === 'deepHealthCheck')!;
    await timer.handler(host.deps, new AbortController().signal);

    const after = await call(host, 'GET', '/api/superadmin/health', token);
    expect(after.status).toBe(200);
    const report = (await after.json()) as DeepHealthReport;
    expect(report.status).toBe('ok');
    expect(report.checkedAt).not.toBeNull();
    expect(statusOf(report)).toEqual({
      store: 'ok',
      blobs: 'ok',
      queue: 'ok',
      model: 'ok',
      mail: 'ok',
      signingKeys: 'ok',
      certificates: 'ok',
      auditChain: 'ok',
      disk: 'ok',
    });
    expect(report.checks.find((check) => check.name === 'blobs')).toMatchObject({ kind: 'azurite' });
    expect(report.checks.find((check) => check.name === 'queue')!.detail).toMatch(
      /^\d+ pending, oldest \d+ s, 0 dead-lettered$/,
    );
    // Each finding also by code and figures, which the admin screen words in the reader's language.
    expect(report.checks.find((check) => check.name === 'queue')!.finding).toEqual({
      code: 'queueFigures',
      params: { pending: expect.any(Number), oldestSeconds: expect.any(Number), deadLettered: 0 },
    });
    expect(report.checks.find((check) => check.name === 'store')!.finding).toEqual({
      code: 'storeAnswered',
      params: {},
    });
    // The probe blob is gone again.
    expect(await host.deps.blobs.properties('results', `health/probe-${process.pid}`)).toBeUndefined();

    const user = await seedSignedInUser(host, clock, { email: `user-${randomUUID().slice(0, 8)}@example.fi` });
    expect((await call(host, 'GET', '/api/superadmin/health', user.token)).status).toBe(403);
    expect((await call(host, 'POST', '/api/superadmin/health/run', user.token)).status).toBe(403);
  });

  it('warns of a signing CA that ends within 30 days', async () => {
    const certificates = host.deps.store.collection<CertificateDocument>('certificates');
    const caName = host.deps.config.signing.caKeyName;
    const ca = (await certificates.read(caName, caName))!;
    await certificates.replace({ ...ca, notAfter: new Date(Date.now() + 10 * 24 * 3600_000).toISOString() });

    const report = (await (await call(host, 'POST', '/api/superadmin/health/run', token)).json()) as DeepHealthReport;
    expect(report.status).toBe('warn');
    expect(report.checks.find((check) => check.name === 'certificates')).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/^the CA ends in (9|10) days$/),
      finding: {
        code: 'certificatesCaEnds',
        params: { caDays: expect.any(Number) },
      },
    });
  });
});

describe('the deep health check with failing dependencies', () => {
  let token: string;

  const host = useTestHost({
    // Nothing listens on the discard port: the model endpoint cannot be reached.
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    OPENAI_MODEL: 'm',
    // More free space than any disk has.
    HEALTH_MIN_FREE_DISK_MB: '10000000',
    // A mail server that is not there.
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '9',
  });
  beforeAll(async () => {
    token = await superAdminOf(host);
  });

  it('names each failing dependency and what failed, keeps the report, and leaves /health as it was', async () => {
    const run = await call(host, 'POST', '/api/superadmin/health/run', token);
    expect(run.status).toBe(200);
    const report = (await run.json()) as DeepHealthReport;
    expect(report.status).toBe('fail');
    const byName = Object.fromEntries(report.checks.map((check) => [check.name, check]));
    expect(byName.model).toMatchObject({ status: 'fail', kind: 'model' });
    expect(byName.disk).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/MB free \(at least 10000000 MB wanted\)$/),
    });
    expect(byName.mail).toMatchObject({ status: 'fail' });
    expect(byName.mail!.detail).toMatch(/ECONNREFUSED|connect/i);
    // A thrown error is a finding of its own, the dependency's message its figure.
    expect(byName.mail!.finding).toEqual({
      code: 'checkFailed',
      params: { error: expect.stringMatching(/ECONNREFUSED|connect/i) },
    });
    expect(byName.disk!.finding).toMatchObject({ code: 'diskFree', params: { minMb: 10000000 } });
    // The rest still answered.
    expect(byName.store!.status).toBe('ok');
    expect(byName.blobs!.status).toBe('ok');
    expect(byName.signingKeys!.status).toBe('ok');

    const kept = (await (await call(host, 'GET', '/api/superadmin/health', token)).json()) as DeepHealthReport;
    expect(kept).toEqual(report);

    // /health stays the cheap probe it was: its own shape, none of the deep checks.
    const health = (await (await host.fetch('/health')).json()) as Record<string, unknown>;
    expect(health).not.toHaveProperty('checks');
    expect(health).toHaveProperty('dependencies');
  });
});
