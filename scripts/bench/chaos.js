// The chaos run (`npm run bench -- chaos [--seconds N | --quick]`): the local host under many connections while
// simulated parties open cases, upload PDFs, move phases and generate decisions with the offline model, with
// faults on the store, Blob Storage, the queue, mail and the model switched on and off on a schedule (the host's
// control channel, docs/settings.md FAULTS_SWITCHABLE). Then, with the faults off and the sweeps run, it checks
// what a user would notice: every upload the client was told succeeded downloads byte-identical, no job stuck or
// done twice, no chapter written twice, every mail sent or listed as failed (none sent twice), every issued
// award delivered, the audit chain verifies. It prints requests, faults injected by kind, client-visible errors
// by status and data lost, and fails (exit 1) when a check fails. docs/benchmarks.md "Chaos run".
import autocannon from 'autocannon';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { client, step, tally } from './chaos-client.js';
import { checkStore, sentMessageIds } from './chaos-state.js';
import {
  CHAOS_TOTP_WINDOW_STEPS,
  chaosArbitrator,
  checkIssuedAwards,
  downloadSignedAwards,
  playTribunalCases,
} from './chaos-tribunal.js';
import { finnishPdf } from './finnish-pdf.js';
import { expectCall, freshDataDir, hostEnv, signedUpUser, startChild, stopChild } from './support.js';

const DEFAULT_SECONDS = 180;
const QUICK_SECONDS = 60;
const TERMINAL = new Set(['Completed', 'Failed', 'Deleted']);
// A job's lease is 30 s (services/jobs/job-document.ts): a run cut short by a stall is re-claimed after it.
const SETTLE_MS = 120_000;

/**
 * The schedule: each step holds for an equal share of the run, then the next plan replaces it. Errors, latency
 * and stalls on every port, alone and together, with quiet steps between so cases also move ahead.
 */
const SCHEDULE = [
  { name: 'quiet', plan: [] },
  { name: 'store errors', plan: [{ port: 'store', kind: 'error', rate: 0.05 }] },
  {
    name: 'slow blobs, failing uploads',
    plan: [
      { port: 'blobs', kind: 'latency', ms: 300, rate: 0.5 },
      { port: 'blobs', kind: 'error', rate: 0.2, methods: ['upload', 'uploadStream'] },
    ],
  },
  { name: 'mail server refuses', plan: [{ port: 'mail', kind: 'error', rate: 1 }] },
  {
    name: 'queue refuses, model fails',
    plan: [
      { port: 'queue', kind: 'error', rate: 0.3, methods: ['send'] },
      { port: 'model', kind: 'error', rate: 0.3 },
    ],
  },
  { name: 'quiet', plan: [] },
  {
    name: 'store stalls, slow model',
    plan: [
      { port: 'store', kind: 'stall', ms: 2_000, rate: 0.01 },
      { port: 'model', kind: 'latency', ms: 1_000, rate: 0.5 },
    ],
  },
  {
    name: 'everything at once',
    plan: [
      { port: 'store', kind: 'error', rate: 0.02 },
      { port: 'blobs', kind: 'error', rate: 0.1 },
      { port: 'queue', kind: 'error', rate: 0.1, methods: ['send'] },
      { port: 'mail', kind: 'error', rate: 0.5 },
      { port: 'model', kind: 'stall', ms: 3_000, rate: 0.2 },
    ],
  },
];

/** `--seconds N` or `--quick` from the options run.js passes on. */
function runSeconds(options) {
  if (options.seconds !== undefined) {
    const seconds = Number(options.seconds);
    if (!Number.isFinite(seconds) || seconds < 10)
      throw new Error(`--seconds must be 10 or more, not ${options.seconds}`);
    return seconds;
  }
  return options.quick ? QUICK_SECONDS : DEFAULT_SECONDS;
}

/** Every answer the simulated parties got, by status (0: the connection failed). */
function newCase(respondentEmail, index) {
  return {
    id: randomUUID(),
    name: `Kaaosajon riita ${index}`,
    description: 'Palkit saapuivat kuusi viikkoa myöhässä, ja osa oli vaurioitunut kuljetuksessa.',
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
 * One pair of parties playing cases until `deadline`: open, the claimant's file, to Response, the respondent's
 * answer, to ClaimantLetter1 and Resolution, then the decision. A step that still fails after its retries
 * leaves that case where it is (as a user would give up) and the pair opens the next one.
 */
async function playCases(call, pair, files, deadline, record) {
  for (let index = 0; Date.now() < deadline; index++) {
    const disputeId = await openToResolution(call, pair, files, index, record);
    if (!disputeId) continue;
    const started = await step(
      call,
      ['POST', `/api/dispute/${disputeId}/generatedecision`, pair.claimant.token, {}],
      202,
    );
    if (started.status === 202) record.jobs.push({ ...started.json().data, disputeId, token: pair.claimant.token });
  }
}

/**
 * One case opened and moved to Resolution: the claimant's file, to Response, the respondent's answer, to
 * ClaimantLetter1 and Resolution. Answers its id, or undefined when a step still failed after its retries.
 */
async function openToResolution(call, pair, files, index, record) {
  const input = newCase(pair.respondent.email, index);
  const opened = await step(call, ['POST', '/api/dispute', pair.claimant.token, input], 201);
  if (opened.status !== 201) return undefined;
  record.cases.push(input.id);
  const upload = async (token, file) => {
    const phases = await step(call, ['GET', `/api/dispute/${input.id}/phases`, token], 200);
    if (phases.status !== 200) return false;
    const active = phases.json().at(-1);
    const form = new FormData();
    form.append('file', new Blob([file.bytes], { type: 'application/pdf' }), file.name);
    const answer = await step(call, ['POST', `/${input.id}/phases/${active.id}/attachments`, token, form], 201);
    if (answer.status !== 201) return false;
    for (const added of answer.json()) {
      record.uploads.push({ disputeId: input.id, phaseId: active.id, fileId: added.id, token, sha256: file.sha256 });
    }
    return true;
  };
  const advance = (token, phase) => step(call, ['POST', `/api/dispute/${input.id}/phase/${phase}`, token], 200);
  if (!(await upload(pair.claimant.token, files[index % files.length]))) return undefined;
  if ((await advance(pair.claimant.token, 'Response')).status !== 200) return undefined;
  if (!(await upload(pair.respondent.token, files[(index + 1) % files.length]))) return undefined;
  if ((await advance(pair.respondent.token, 'ClaimantLetter1')).status !== 200) return undefined;
  if ((await advance(pair.claimant.token, 'Resolution')).status !== 200) return undefined;
  return input.id;
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function benchChaos(options = {}) {
  const seconds = runSeconds(options);
  const quick = seconds <= QUICK_SECONDS;
  const pairsCount = quick ? 3 : 5;
  const connections = quick ? 50 : 100;
  const dataDir = freshDataDir();
  const env = hostEnv(dataDir, {
    FAULTS_SWITCHABLE: 'true',
    TOTP_WINDOW_STEPS: String(CHAOS_TOTP_WINDOW_STEPS),
    // Every party and the arbitrator sign up from this one address (13 accounts in the longer runs).
    ACCOUNT_REQUESTS_PER_HOUR: '100',
  });
  const host = await startChild(['scripts/local-host.js'], env, { ipc: true });
  const baseUrl = `http://127.0.0.1:${host.port}`;
  const counts = tally();
  const call = client(baseUrl, counts);
  const failures = [];
  let stopped = false;
  try {
    const files = await Promise.all(
      [1, 2].map(async (pages) => {
        const bytes = readFileSync(await finnishPdf(pages));
        return { name: `Liite ${pages}.pdf`, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
      }),
    );
    const pairs = [];
    for (let index = 0; index < pairsCount; index++) {
      pairs.push({
        claimant: await signedUpUser(baseUrl, dataDir, `chaosc${index}`),
        respondent: await signedUpUser(baseUrl, dataDir, `chaosr${index}`),
      });
    }
    // The tribunal's pair and its sole arbitrator (a second factor on, the attribute granted) before the faults.
    const admin = await expectCall(baseUrl, 'POST', '/user/login', 200, {
      body: { username: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    });
    const tribunal = {
      pair: {
        claimant: await signedUpUser(baseUrl, dataDir, 'chaostc'),
        respondent: await signedUpUser(baseUrl, dataDir, 'chaostr'),
      },
      arbitrator: await chaosArbitrator(baseUrl, await signedUpUser(baseUrl, dataDir, 'chaosa'), admin.token),
      adminToken: admin.token,
    };
    // The dashboard's and the case page's reads, for the first pair's cases, alongside the parties' work.
    const first = await expectCall(baseUrl, 'POST', '/api/dispute', 201, {
      token: pairs[0].claimant.token,
      body: newCase(pairs[0].respondent.email, -1),
    });
    const headers = { authorization: `Bearer ${pairs[0].claimant.token}` };
    const readPaths = [
      '/api/dispute',
      '/api/dispute/activephases',
      '/user/check-auth',
      `/api/dispute/${first.id}`,
      `/api/dispute/${first.id}/phases`,
    ];

    console.log(
      `\nChaos run: ${seconds} s, ${connections} reading connections, ${pairsCount} pairs of parties, ` +
        `${SCHEDULE.length} fault steps of ${Math.round(seconds / SCHEDULE.length)} s`,
    );
    const deadline = Date.now() + seconds * 1000;
    const record = { cases: [], uploads: [], jobs: [], awards: [] };
    const start = deadline - seconds * 1000;
    const stepMs = (seconds * 1000) / SCHEDULE.length;
    const schedule = (async () => {
      for (const [index, entry] of SCHEDULE.entries()) {
        if (Date.now() >= deadline) break;
        await host.request({ command: 'faults', plan: entry.plan });
        console.log(`  ${Math.round((deadline - Date.now()) / 1000)} s left: ${entry.name}`);
        await sleep(Math.max(0, Math.min(start + (index + 1) * stepMs, deadline) - Date.now()));
      }
    })();
    const [reads] = await Promise.all([
      load({
        url: baseUrl,
        connections,
        duration: seconds,
        timeout: 30,
        requests: readPaths.map((pathname) => ({ method: 'GET', path: pathname, headers })),
      }),
      ...pairs.map((pair) => playCases(call, pair, files, deadline, record)),
      playTribunalCases(
        call,
        {
          ...tribunal,
          openToResolution: (index) => openToResolution(call, tribunal.pair, files, index, record),
        },
        deadline,
        record,
      ),
      schedule,
    ]);

    // Faults off; then what a user would find once the service has caught up.
    await host.request({ command: 'faults', plan: [] });
    const injected = (await host.request({ command: 'faultCounts' })).injected;
    // Until every job has ended and every mail has gone or been given up, or the settling time is over: the
    // sweeps run every 2 s instead of every minute, and a mail's retries keep their back-off (1, 2, 4… minutes).
    const settleBy = Date.now() + (quick ? SETTLE_MS : 2 * SETTLE_MS);
    let unfinished = record.jobs;
    let sweptAt;
    for (;;) {
      sweptAt = new Date().toISOString();
      await host.request({ command: 'runTimers', names: ['sweepStaleJobs', 'sendDueMails', 'sweepIssuances'] });
      const statuses = await Promise.all(
        unfinished.map(async (job) => {
          const answer = await call('GET', `/api/dispute/job/${job.jobId}/status`, job.token);
          return answer.status === 200 ? answer.json().status : undefined;
        }),
      );
      unfinished = unfinished.filter((_job, index) => !TERMINAL.has(statuses[index]));
      const { open } = await host.request({ command: 'openMails' });
      if ((unfinished.length === 0 && open === 0) || Date.now() >= settleBy) break;
      await sleep(2_000);
    }

    let lostUploads = 0;
    for (const upload of record.uploads) {
      const answer = await step(
        call,
        [
          'GET',
          `/api/dispute/${upload.disputeId}/phases/${upload.phaseId}/attachment/${upload.fileId}/download`,
          upload.token,
        ],
        200,
      );
      const sha256 = createHash('sha256').update(answer.bytes).digest('hex');
      if (answer.status !== 200 || sha256 !== upload.sha256) {
        lostUploads += 1;
        console.error(
          `  upload ${upload.fileId} of case ${upload.disputeId}: ${answer.status}, ${sha256.slice(0, 12)}`,
        );
      }
    }

    const awardDownloads = await downloadSignedAwards(call, record.awards);

    await stopChild(host);
    stopped = true;
    const state = await checkStore(dataDir, env);

    const jobsById = new Map(state.jobs.map((job) => [job.id, job]));
    const stuck = state.jobs.filter((job) => !TERMINAL.has(job.status));
    const outcomes = {};
    for (const job of record.jobs) {
      const status = jobsById.get(job.jobId)?.status ?? 'missing';
      outcomes[status] = (outcomes[status] ?? 0) + 1;
    }
    const chaptersTwice = state.jobs.filter((job) => {
      const indexes = (job.checkpoints ?? []).map((checkpoint) => checkpoint.index);
      return new Set(indexes).size !== indexes.length;
    });
    // A job done twice leaves two decisions: each decision job has one attachment in its case, named by the job.
    const decisionsTwice = [];
    for (const dispute of state.disputes) {
      const seen = new Map();
      for (const attachment of dispute.phases.flatMap((phase) => phase.attachments ?? [])) {
        if (!attachment.jobId) continue;
        seen.set(attachment.jobId, (seen.get(attachment.jobId) ?? 0) + 1);
      }
      for (const [jobId, times] of seen) if (times > 1) decisionsTwice.push(jobId);
    }
    const mailsByStatus = {};
    for (const mail of state.mails) mailsByStatus[mail.status] = (mailsByStatus[mail.status] ?? 0) + 1;
    // The last sweep ran with the faults off: a mail that was due then and is still open was neither sent nor
    // kept for a later attempt (a retry after its back-off, or after the lease of an attempt whose outcome
    // could not be recorded).
    const open = state.mails.filter((mail) => mail.status === 'Pending' || mail.status === 'Sending');
    const lostMails = open.filter((mail) => mail.nextAttemptAt <= sweptAt);
    const awaitingRetry = open.filter((mail) => mail.nextAttemptAt > sweptAt);
    for (const mail of lostMails) {
      console.error(
        `  mail ${mail.id} (${mail.purpose}): ${mail.status}, ${mail.attempts} attempts, due ${mail.nextAttemptAt}, ` +
          `swept ${sweptAt}, last error ${mail.lastError ?? '–'}`,
      );
    }
    const messageIds = sentMessageIds(dataDir);
    const mailsTwice = messageIds.length - new Set(messageIds).size;
    // Handed to the transport (its Message-ID is the mail's id) but still open: the sweep would send it again.
    const sentIds = new Set(messageIds.map((messageId) => messageId.replace(/^<|@.*$/g, '')));
    const sentUnrecorded = open.filter((mail) => sentIds.has(mail.id));
    const undelivered = state.awards.filter((award) => (award.issuanceSteps ?? []).length > 0);
    const awardChecks = checkIssuedAwards(record.awards, awardDownloads, state, messageIds, sweptAt);

    const requests = counts.requests + reads.requests.total;
    const errorsByStatus = { ...counts.byStatus };
    for (const [status, stats] of Object.entries(reads.statusCodeStats ?? {})) {
      errorsByStatus[status] = (errorsByStatus[status] ?? 0) + stats.count;
    }
    errorsByStatus.connection = (errorsByStatus[0] ?? 0) + reads.errors;
    delete errorsByStatus[0];
    const clientErrors = Object.fromEntries(
      Object.entries(errorsByStatus).filter(([status, count]) => count > 0 && !/^[23]\d\d$/.test(status)),
    );

    console.log(`\nChaos run figures (${seconds} s)`);
    console.table({
      requests: { value: requests },
      'reads (case routes) req/s': { value: Math.round(reads.requests.average) },
      'reads p99 ms': { value: reads.latency.p99 },
      'cases opened': { value: record.cases.length },
      'uploads answered 201': { value: record.uploads.length },
      'decisions started': { value: record.jobs.length },
      'tribunal awards signed': { value: record.awards.length },
      'mails recorded': { value: state.mails.length },
    });
    console.log('Faults injected by kind:', injected);
    console.log('Client-visible errors by status:', clientErrors);
    console.log('Decision jobs by outcome:', outcomes);
    console.log(
      'Mails by status:',
      mailsByStatus,
      `(${awaitingRetry.length} open, their next attempt due after the settling time)`,
    );
    const lost = lostUploads + lostMails.length;
    console.log(
      `Data lost: ${lost} (uploads not downloadable byte-identical ${lostUploads}, mails neither sent, failed nor waiting ${lostMails.length})`,
    );

    const check = (ok, text) => {
      console.log(`${ok ? 'check passed' : 'CHECK FAILED'}  ${text}`);
      if (!ok) failures.push(text);
    };
    check(lostUploads === 0, `every upload answered 201 downloads byte-identical (${record.uploads.length})`);
    check(stuck.length === 0, `no job stuck (${stuck.map((job) => `${job.id} ${job.status}`).join(', ') || 'none'})`);
    check(decisionsTwice.length === 0, `no decision job done twice (${decisionsTwice.join(', ') || 'none'})`);
    check(
      chaptersTwice.length === 0,
      `no chapter written twice (${chaptersTwice.map((job) => job.id).join(', ') || 'none'})`,
    );
    check(
      lostMails.length === 0,
      `every mail sent, listed as failed or kept for its next attempt (${lostMails.length} not)`,
    );
    check(mailsTwice === 0, `no mail sent twice (${mailsTwice})`);
    check(
      sentUnrecorded.length === 0,
      `no mail sent but left open to be sent again (${sentUnrecorded.map((mail) => mail.id).join(', ') || 'none'})`,
    );
    check(undelivered.length === 0, `every issued award delivered (${state.awards.length} issued)`);
    check(record.awards.length > 0, `a tribunal award signed while the faults switched (${record.awards.length})`);
    for (const problem of awardChecks.problems) console.error(`  ${problem}`);
    check(
      awardChecks.problems.length === 0,
      `each signed award issued, its case resolved, its PDF byte-identical to the issuance's record, its § 37 ` +
        `mail sent to each party exactly once (${awardChecks.problems.length} problems, ` +
        `${awardChecks.waiting} mails kept for their next attempt)`,
    );
    check(
      state.audit.valid,
      `the audit chain verifies (${state.audit.chains.length} chains${state.audit.firstBreak ? `, first break ${JSON.stringify(state.audit.firstBreak)}` : ''})`,
    );
  } finally {
    if (!stopped) await stopChild(host);
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) throw new Error(`chaos: ${failures.length} check(s) failed: ${failures.join('; ')}`);
}
