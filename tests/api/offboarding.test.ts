import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  tenantHasFinishedCasesRefusal,
  tenantHasOpenCasesRefusal,
  type ApiErrorBody,
  type DeletionCertificateView,
} from '@ratkaisu/core';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { writeFinishedCase, type FinishedCase } from './support/finished-case.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';
import { seedTenant } from './support/seed-tenant.js';

/**
 * Tenant offboarding, the DPA's delete-or-return (docs/data-lifecycle.md): a tenant with open cases cannot be
 * deleted (the refusal names them); a SuperAdmin exports a large tenant as one streamed ZIP whose manifest's
 * hashes match every file, with the server's memory bounded however large the tenant; the deletion removes the
 * cases' data and answers a certificate of deletion as a PDF.
 */

const clock = new MovableClock();
const api = apiClient(() => host, clock);
const { call, json } = api;
let superAdmin: SignedInUser;
const work = mkdtempSync(path.join(tmpdir(), 'ratkaisu-offboarding-'));

const host = useTestHost({}, { clock });
beforeAll(async () => {
  superAdmin = await api.signedInUser({ email: uniqueEmail('off-sa'), roles: ['User', 'SuperAdmin'] });
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
});

async function newTenant(name: string): Promise<string> {
  const id = await seedTenant(host, { name });
  return id;
}

/** V8's collector, reached without a command-line flag: the flag set at run time, the function from a fresh context. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const parties = () => ({ claimantEmail: uniqueEmail('off-c'), respondentEmail: uniqueEmail('off-r') });

interface ZipEntry {
  name: string;
  sha256: string;
  size: number;
}

/** Every entry of a ZIP file with the SHA-256 of its content, read back with yauzl. */
function readZip(file: string): Promise<{ entries: ZipEntry[]; manifest: unknown }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: ZipEntry[] = [];
      let manifest: unknown;
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const hash = createHash('sha256');
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            hash.update(chunk);
            size += chunk.length;
            if (entry.fileName === 'manifest.json') chunks.push(chunk);
          });
          stream.on('end', () => {
            entries.push({ name: entry.fileName, sha256: hash.digest('hex'), size });
            if (entry.fileName === 'manifest.json') manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve({ entries, manifest }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('tenant offboarding', () => {
  it('refuses to delete a tenant with open cases, naming them; deletes one without cases as before', async () => {
    const busy = await newTenant('Busy Oy');
    const open = await writeFinishedCase(host, clock, { tenantId: busy, ...parties(), open: true });
    await writeFinishedCase(host, clock, { tenantId: busy, ...parties() });
    const refused = await json<ApiErrorBody>(
      await call('DELETE', `/api/superadmin/tenants/${busy}`, superAdmin.token),
      409,
    );
    expect(refused.code).toBe('tenant_has_open_cases');
    expect(refused.message).toBe(tenantHasOpenCasesRefusal([open.dispute.caseNumber!]).message);
    expect(refused.fields?.cases).toBe(open.dispute.caseNumber);
    const offboard = await json<ApiErrorBody>(
      await call('POST', `/api/superadmin/tenants/${busy}/offboard`, superAdmin.token, { confirm: 'Busy Oy' }),
      409,
    );
    expect(offboard.code).toBe('tenant_has_open_cases');
    expect(await host.deps.store.collection('tenants').read(busy, busy)).toBeDefined();

    const finishedOnly = await newTenant('Finished Oy');
    await writeFinishedCase(host, clock, { tenantId: finishedOnly, ...parties() });
    const sent = await json<ApiErrorBody>(
      await call('DELETE', `/api/superadmin/tenants/${finishedOnly}`, superAdmin.token),
      409,
    );
    expect(sent.message).toBe(tenantHasFinishedCasesRefusal(1).message);

    const empty = await newTenant('Empty Oy');
    expect((await call('DELETE', `/api/superadmin/tenants/${empty}`, superAdmin.token)).status).toBe(204);
    expect(await host.deps.store.collection('tenants').read(empty, empty)).toBeUndefined();
  });

  it('exports a large tenant as a streamed ZIP with bounded memory, every hash as the manifest says, then deletes it with a certificate', async () => {
    const name = 'Suuri Asiakas Oy';
    const tenantId = await newTenant(name);
    const other = await writeFinishedCase(host, clock, { tenantId: await newTenant('Muu Oy'), ...parties() });
    const cases: FinishedCase[] = [];
    const CASES = 30;
    const DOCUMENT_BYTES = 1024 * 1024;
    for (let index = 0; index < CASES; index++) {
      cases.push(
        await writeFinishedCase(host, clock, { tenantId, ...parties(), documents: 3, documentBytes: DOCUMENT_BYTES }),
      );
    }
    const admin = await api.signedInUser({
      email: uniqueEmail('off-admin'),
      roles: ['User', 'Admin'],
      tenantId: 'default',
    });
    expect((await call('GET', `/api/superadmin/tenants/${tenantId}/export`, admin.token)).status).toBe(403);

    // The download, with the memory the process retains measured after a collection every 16 MiB received: what
    // the server holds while it streams the whole tenant (garbage not yet collected would only add noise). V8 frees
    // the backing stores of collected buffers on a later turn, so the collection runs again after one: measured
    // straight after a single one, buffers already garbage still counted, up to 35 MiB of them.
    const retained = async () => {
      collectGarbage();
      await new Promise<void>((resolve) => setImmediate(resolve));
      collectGarbage();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    const baseline = await retained();
    let peak = baseline;
    let nextSample = 0;
    const response = await call('GET', `/api/superadmin/tenants/${tenantId}/export`, superAdmin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const zipFile = path.join(work, 'export.zip');
    const out = createWriteStream(zipFile);
    const zipHash = createHash('sha256');
    let received = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      received += chunk.length;
      zipHash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      if (received >= nextSample) {
        peak = Math.max(peak, await retained());
        nextSample = received + 16 * 1024 * 1024;
      }
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
    const documentBytes = CASES * 3 * DOCUMENT_BYTES;
    expect(received).toBeGreaterThan(documentBytes);
    // Streamed: the growth stays a fraction of what went through (the whole is over 90 MiB).
    expect(peak - baseline).toBeLessThan(32 * 1024 * 1024);

    const { entries, manifest } = await readZip(zipFile);
    const listed = (manifest as { files: { path: string; sha256: string; size: number; what: string }[] }).files;
    expect(entries.at(-1)!.name).toBe('manifest.json');
    for (const file of listed) {
      const entry = entries.find((candidate) => candidate.name === file.path);
      expect(entry, file.path).toBeDefined();
      expect(entry!.sha256, file.path).toBe(file.sha256);
      expect(entry!.size).toBe(file.size);
      expect(file.what).not.toBe('');
    }
    expect(listed.length).toBe(entries.length - 1);
    const hashes = new Set(entries.map((entry) => entry.sha256));
    for (const fixture of cases) {
      for (const blob of fixture.blobs.filter((candidate) => candidate.container !== 'results')) {
        expect(hashes.has(blob.sha256), `${blob.container}/${blob.name}`).toBe(true);
      }
      expect(entries.some((entry) => entry.name === `cases/${fixture.dispute.caseNumber}/case.json`)).toBe(true);
    }
    expect(entries.some((entry) => entry.name.includes(other.dispute.caseNumber!))).toBe(false);
    for (const blob of other.blobs) expect(hashes.has(blob.sha256), `${blob.container}/${blob.name}`).toBe(false);
    expect(entries.some((entry) => entry.name === 'audit/entries.jsonl')).toBe(true);

    // Deleted, with the tenant's name typed again; a certificate of deletion answers.
    expect(
      (await call('POST', `/api/superadmin/tenants/${tenantId}/offboard`, superAdmin.token, { confirm: 'Wrong' }))
        .status,
    ).toBe(400);
    const certificate = await json<DeletionCertificateView>(
      await call('POST', `/api/superadmin/tenants/${tenantId}/offboard`, superAdmin.token, { confirm: name }),
      200,
    );
    expect(certificate).toMatchObject({ tenantId, tenantName: name, cases: CASES, deletedBy: superAdmin.user.email });
    expect(certificate.bytes).toBeGreaterThanOrEqual(documentBytes);
    expect(await host.deps.store.collection('tenants').read(tenantId, tenantId)).toBeUndefined();
    for (const fixture of cases) {
      expect(await host.deps.store.collection('disputes').read(fixture.dispute.id, fixture.dispute.id)).toBeUndefined();
      for (const blob of fixture.blobs)
        expect(await host.deps.blobs.properties(blob.container, blob.name)).toBeUndefined();
    }
    for (const blob of other.blobs) expect(await host.deps.blobs.properties(blob.container, blob.name)).toBeDefined();

    const pdf = await call('GET', `/api/superadmin/deletion-certificates/${certificate.id}`, superAdmin.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const pdfFile = path.join(work, 'certificate.pdf');
    writeFileSync(pdfFile, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Certificate of deletion');
    expect(text).toContain(name);
    expect(text).toContain(zipHash.digest('hex'));
    expect(text).toContain(cases[0]!.dispute.caseNumber!);
    if (process.env.CERTIFICATE_PNG)
      execFileSync('pdftoppm', ['-png', '-r', '60', pdfFile, process.env.CERTIFICATE_PNG]);
  }, 180_000);
});
