// Upload: a 20 MB PDF through the local host's upload route
// (POST /{disputeId}/phases/{phaseId}/attachments, multipart, for a signed-in
// claimant of a real case) against the same bytes streamed straight into the
// blob adapter the host uses, against an Azurite started the same way. Both
// run in child processes; this process is only the client.
//
// Reported: the throughput ratio (MiB/s through the host ÷ MiB/s straight to
// the blobs, median of alternating rounds) and the host's peak memory growth
// during an upload as a multiple of the file size (goal: under 1.5×, judged on
// the worst round). Memory is measured by the probe preloaded into both
// children (memory-probe.js): after a warm-up upload, each round collects
// garbage, takes the RSS as the base, uploads, then reads the kernel's peak RSS
// since the base. The baseline's growth is shown beside it: the blob SDK itself
// buffers the blocks in flight (UPLOAD_BLOCK_BYTES in azure-blobs.ts), which no
// route can avoid.
import { MAX_FILES_PER_PHASE, UPLOAD_FIELD } from '@ratkaisu/core';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { samplePdf } from './sample-pdf.js';
import {
  envNumber,
  expectCall,
  freshDataDir,
  goalLine,
  hostEnv,
  median,
  root,
  signedUpUser,
  startChild,
  stopChild,
} from './support.js';

const ROUNDS = envNumber('BENCH_UPLOAD_ROUNDS', 5);
const GOAL_MEMORY_MULTIPLE = 1.5;
const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
const MB = 1024 * 1024;

const probedNode = (script) => [
  '--expose-gc',
  '--import',
  pathToFileURL(`${root}scripts/bench/memory-probe.js`).href,
  script,
];

/** Runs `upload` between arming the child's memory probe and reading its peak. */
async function withPeakMemory(child, upload) {
  const armed = await child.request({ probe: 'arm' });
  const result = await upload();
  const { peak } = await child.request({ probe: 'peak' });
  return { ...result, growth: peak - armed.rss, method: armed.method, gc: armed.gc };
}

/**
 * One multipart request with one `file` part, as a browser's FormData sends it.
 * The body is written from memory with an exact Content-Length, so the client
 * costs next to nothing and the host sees an ordinary upload.
 */
function postMultipart(url, token, fileName, bytes) {
  const boundary = `----ratkaisu-bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_FIELD}"; filename="${fileName}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answered = false;
    const req = httpRequest(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + bytes.length + tail.length,
        },
      },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode, text }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      // A host that refuses early (no such route, too large) answers and closes while the body is still
      // being written: the answer, when it arrives, says more than the broken pipe.
      setTimeout(() => {
        if (!answered) reject(new Error(`the upload request failed before any answer: ${error.message}`));
      }, 500);
    });
    req.write(head);
    req.write(bytes);
    req.end(tail);
  });
}

function newCase(respondentEmail) {
  return {
    id: randomUUID(),
    name: 'Upload benchmark',
    description: 'A case whose Claim phase receives the benchmark uploads.',
    claimant: {
      name: 'Rakennus Oy',
      identificationNumber: '1234567-8',
      email: 'claims@rakennus.fi',
      address: 'Katu 1',
    },
    respondent: { name: 'Teräs Oy', identificationNumber: '8765432-1', email: respondentEmail, address: 'Tie 2' },
  };
}

/**
 * The host side of the benchmark: a claimant with a case whose active phase
 * takes the uploads. Each upload has a name of its own (duplicates are refused)
 * and is deleted afterwards, so Azurite (in memory) does not fill up; should
 * deleting fail, a fresh case is opened before the phase reaches its file limit.
 */
async function hostUploader(baseUrl, dataDir) {
  const user = await signedUpUser(baseUrl, dataDir, 'uploader');
  let target;
  let filesInPhase = 0;
  let deleteWarning;
  const openCase = async () => {
    const dispute = await expectCall(baseUrl, 'POST', '/api/dispute', 201, {
      token: user.token,
      body: newCase(`respondent-${randomUUID().slice(0, 8)}@example.fi`),
    });
    target = `${baseUrl}/${dispute.id}/phases/${dispute.activePhaseId}/attachments`;
    filesInPhase = 0;
  };
  await openCase();
  // A small refused upload first: a missing route then reads as such, not as a broken pipe halfway
  // through 20 MB (a host that answers early closes the connection, and the reset loses its answer).
  const probe = await postMultipart(target, user.token, 'not-a-pdf.txt', Buffer.from('plain text, not a PDF'));
  if (probe.status !== 400) {
    throw new Error(`the upload route is not ready: a non-PDF answered ${probe.status} ${probe.text.slice(0, 300)}`);
  }
  let count = 0;
  return {
    async upload(bytes) {
      if (filesInPhase >= MAX_FILES_PER_PHASE) await openCase();
      count += 1;
      const answer = await postMultipart(target, user.token, `exhibit-${count}-${Date.now()}.pdf`, bytes);
      if (answer.status !== 201) {
        throw new Error(`The upload route answered ${answer.status}: ${answer.text.slice(0, 500)}`);
      }
      filesInPhase += 1;
      const [attachment] = JSON.parse(answer.text);
      if (attachment?.size !== undefined && attachment.size !== bytes.length) {
        throw new Error(`The host stored ${attachment.size} bytes of a ${bytes.length}-byte file.`);
      }
      return { ms: answer.ms, attachmentId: attachment?.id };
    },
    async remove(attachmentId) {
      const response = await fetch(`${baseUrl}/api/dispute/attachments/${attachmentId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${user.token}` },
      });
      if (response.status === 204) {
        filesInPhase -= 1;
      } else if (!deleteWarning) {
        deleteWarning = `DELETE /api/dispute/attachments/{id} answered ${response.status}; uploads are kept instead`;
        console.warn(`  ${deleteWarning}`);
      }
      await response.body?.cancel();
    },
  };
}

export async function benchUpload() {
  const file = await samplePdf();
  const bytes = readFileSync(file);
  const dataDir = freshDataDir();
  const children = [];
  const rounds = [];
  let firstHost;
  try {
    const host = await startChild(
      probedNode('scripts/local-host.js'),
      hostEnv(dataDir, { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) }),
      { ipc: true },
    );
    children.push(host);
    const blobs = await startChild(probedNode('scripts/bench/blob-uploader.js'), {}, { ipc: true });
    children.push(blobs);
    const uploader = await hostUploader(`http://127.0.0.1:${host.port}`, dataDir);

    let blobCount = 0;
    const straightToBlobs = async () => {
      const name = `bench/${++blobCount}-${randomUUID()}`;
      const measured = await withPeakMemory(blobs, () => blobs.request({ upload: { file, name } }));
      if (measured.size !== bytes.length) throw new Error(`The blob holds ${measured.size} of ${bytes.length} bytes.`);
      await blobs.request({ remove: name });
      return measured;
    };
    const throughHost = async () => {
      const measured = await withPeakMemory(host, () => uploader.upload(bytes));
      await uploader.remove(measured.attachmentId);
      return measured;
    };

    // Warm-up: code paths compiled, pools and clients created; the host's first upload is also reported.
    await straightToBlobs();
    firstHost = await throughHost();
    for (let round = 0; round < ROUNDS; round++) {
      const baseline = await straightToBlobs();
      const measured = await throughHost();
      rounds.push({ baseline, measured, ratio: baseline.ms / measured.ms });
    }
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const size = bytes.length;
  const mbPerS = (ms) => size / MB / (ms / 1000);
  const multiple = (growth) => growth / size;
  const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
  const { baseline, measured, ratio } = byRatio[Math.floor(byRatio.length / 2)];
  const hostMultiples = rounds.map((round) => multiple(round.measured.growth));
  const baselineMultiples = rounds.map((round) => multiple(round.baseline.growth));
  const worstHost = Math.max(...hostMultiples);

  console.log(
    `\nUpload: ${(size / MB).toFixed(1)} MiB PDF through POST /{disputeId}/phases/{phaseId}/attachments ` +
      `vs straight to the blob adapter (Azurite in memory), median of ${ROUNDS} alternating rounds after a warm-up\n`,
  );
  console.table([
    {
      'baseline MiB/s': +mbPerS(baseline.ms).toFixed(1),
      'host MiB/s': +mbPerS(measured.ms).toFixed(1),
      'throughput ratio': +ratio.toFixed(2),
      'ratio range': `${byRatio[0].ratio.toFixed(2)}–${byRatio[byRatio.length - 1].ratio.toFixed(2)}`,
      'host ms': Math.round(measured.ms),
      'baseline ms': Math.round(baseline.ms),
    },
  ]);
  console.log(
    `Peak memory growth during an upload, × file size (${measured.method}, gc ${measured.gc ? 'on' : 'off'}):`,
  );
  console.table([
    {
      process: 'host',
      median: +median(hostMultiples).toFixed(2),
      max: +worstHost.toFixed(2),
      'first upload': +multiple(firstHost.growth).toFixed(2),
      'max MiB': +(Math.max(...rounds.map((round) => round.measured.growth)) / MB).toFixed(1),
    },
    {
      process: 'blob adapter alone',
      median: +median(baselineMultiples).toFixed(2),
      max: +Math.max(...baselineMultiples).toFixed(2),
      'first upload': '',
      'max MiB': +(Math.max(...rounds.map((round) => round.baseline.growth)) / MB).toFixed(1),
    },
  ]);
  console.log(
    goalLine(
      worstHost < GOAL_MEMORY_MULTIPLE,
      `upload: the host's peak memory grew at most ${worstHost.toFixed(2)}× the file size (goal < ${GOAL_MEMORY_MULTIPLE}×)`,
    ),
  );
  console.log(`            upload: ${ratio.toFixed(2)} of the throughput straight to the blobs (no goal set)`);
}

const PARALLEL_UPLOADS = 10;
const PARALLEL_ROUNDS = envNumber('BENCH_PARALLEL_ROUNDS', 5);

/**
 * Parallel uploads: PARALLEL_UPLOADS uploads of the 20 MiB PDF at once
 * through the local host's upload route, as a small Functions instance would
 * take a burst of them. Each round arms the host's memory probe, starts every
 * upload at the same moment, waits for all the answers and reads the kernel's
 * peak RSS since the arming; the growth divided by the number of uploads, as a
 * multiple of one file, is what one upload costs (goal: under 1.5× in every
 * round). Everything the host does meanwhile counts: the blob SDK's blocks in
 * flight, pdf.js checking each stored file, and the text read-ahead
 * (OCR_AT_UPLOAD) that starts after each answer, one file at a time.
 */
export async function benchParallelUpload() {
  const file = await samplePdf();
  const bytes = readFileSync(file);
  const dataDir = freshDataDir();
  let host;
  const rounds = [];
  try {
    host = await startChild(
      probedNode('scripts/local-host.js'),
      hostEnv(dataDir, { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) }),
      { ipc: true },
    );
    const uploader = await hostUploader(`http://127.0.0.1:${host.port}`, dataDir);
    const burst = async () => {
      const measured = await withPeakMemory(host, async () => {
        const started = performance.now();
        const answers = await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, () => uploader.upload(bytes)));
        return { ms: performance.now() - started, answers };
      });
      for (const answer of measured.answers) await uploader.remove(answer.attachmentId);
      return measured;
    };
    // Warm-up: code compiled, pools and PDF threads started, as on an instance that has served before.
    await burst();
    for (let round = 0; round < PARALLEL_ROUNDS; round++) rounds.push(await burst());
  } finally {
    if (host) await stopChild(host);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const size = bytes.length;
  const perUpload = rounds.map((round) => round.growth / PARALLEL_UPLOADS / size);
  const worst = Math.max(...perUpload);
  console.log(
    `\nParallel uploads: ${PARALLEL_UPLOADS} × ${(size / MB).toFixed(1)} MiB PDF at once through ` +
      `POST /{disputeId}/phases/{phaseId}/attachments, ${PARALLEL_ROUNDS} rounds after a warm-up\n`,
  );
  console.table(
    rounds.map((round, index) => ({
      round: index + 1,
      'peak growth MiB': +(round.growth / MB).toFixed(1),
      'per upload × file': +perUpload[index].toFixed(2),
      'all answered s': +(round.ms / 1000).toFixed(1),
    })),
  );
  console.log(
    `Per upload, × file size (${rounds[0].method}, gc ${rounds[0].gc ? 'on' : 'off'}): ` +
      `median ${median(perUpload).toFixed(2)}, max ${worst.toFixed(2)}`,
  );
  console.log(
    goalLine(
      worst < GOAL_MEMORY_MULTIPLE,
      `upload-parallel: ${PARALLEL_UPLOADS} uploads at once grew the host's peak memory by at most ` +
        `${worst.toFixed(2)}× the file size per upload (goal < ${GOAL_MEMORY_MULTIPLE}× in every round)`,
    ),
  );
}
