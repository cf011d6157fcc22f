// The chaos run's tribunal (chaos.js): a pair of parties takes cases to a sole arbitrator while the faults
// switch — the tribunal request, the administrator's appointment, the arbitrator's acceptance, the AI's draft of
// the award, the dispositive part, the constitution's bars, adoption and the signature with a second factor —
// the same calls tests/e2e/support/issued-award.ts makes. Afterwards `checkIssuedAwards` shows what a party
// would find: the award issued, the case resolved, the signed PDF byte-identical to what the issuance recorded,
// and the § 37 mail delivered to each party exactly once (docs/tribunal.md, docs/notices.md).
import { ARBITRATION_AGREEMENT } from '@ratkaisu/core';
import { Secret, TOTP } from 'otpauth';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expectCall } from './support.js';

/** The host's second-factor window in the chaos run (TOTP_WINDOW_STEPS, test runs only): fresh codes at once. */
export const CHAOS_TOTP_WINDOW_STEPS = 20;
const JOB_WAIT_MS = 240_000;

/**
 * The sole arbitrator every tribunal case seats, made before the faults start: signed up, a second factor on
 * (an arbitrator signs with one), granted the arbitrator attribute by the super-administrator. `code()` gives
 * a fresh code for each use (a code is accepted once), within the host's window.
 */
export async function chaosArbitrator(baseUrl, user, adminToken) {
  const { tfaKey } = await expectCall(baseUrl, 'GET', '/user/get-tfa-key', 200, { token: user.token });
  const totp = new TOTP({ secret: Secret.fromBase32(tfaKey), algorithm: 'SHA1', digits: 6, period: 30 });
  const stepOf = (ms) => Math.floor(ms / 30_000);
  // Each code one step after the last used, never further back than the step before now (an old step leaves
  // the host's window as the run goes on); waits for the clock only when the codes have run ahead of it.
  let lastUsed = stepOf(Date.now()) - 2;
  const code = async () => {
    while (lastUsed + 1 > stepOf(Date.now()) + CHAOS_TOTP_WINDOW_STEPS - 1) {
      await sleep((stepOf(Date.now()) + 1) * 30_000 - Date.now() + 50);
    }
    lastUsed = Math.max(stepOf(Date.now()) - 1, lastUsed + 1);
    return totp.generate({ timestamp: lastUsed * 30_000 });
  };
  await expectCall(baseUrl, 'POST', '/user/toggle-tfa', 200, { token: user.token, body: { tfaCode: await code() } });
  await expectCall(baseUrl, 'PUT', `/api/superadmin/users/${user.userId}/arbitrator`, 200, {
    token: adminToken,
    body: { arbitrator: { name: 'OTT Maija Virtanen', title: 'asianajaja' } },
  });
  return { ...user, code };
}

/**
 * A step whose effect may have landed although its answer was lost (a fault after the write, a dropped
 * connection): retried like chaos.js's `step`, and a 409 after such a failed try counts as done — the write
 * went through the first time, as a client reading the case again would find.
 */
async function writeStep(call, args, tries = 6) {
  let failedBefore = false;
  let answer;
  for (let attempt = 0; attempt < tries; attempt++) {
    answer = await call(...args);
    if (answer.status >= 200 && answer.status < 300) return true;
    if (answer.status === 409 && failedBefore) return true;
    if (answer.status !== 0 && answer.status !== 429 && answer.status < 500) {
      console.error(`  tribunal: ${args[0]} ${args[1]} answered ${answer.status} ${answer.bytes.toString('utf8')}`);
      return false;
    }
    failedBefore = true;
    await sleep(200 * (attempt + 1));
  }
  console.error(`  tribunal: ${args[0]} ${args[1]} still ${answer.status} after ${tries} tries`);
  return false;
}

/** A read retried through faults; answers the JSON or undefined. */
async function readStep(call, pathname, token, tries = 8) {
  for (let attempt = 0; attempt < tries; attempt++) {
    const answer = await call('GET', pathname, token);
    if (answer.status === 200) return answer.json();
    if (answer.status !== 0 && answer.status !== 429 && answer.status < 500) return undefined;
    await sleep(200 * (attempt + 1));
  }
  return undefined;
}

/**
 * The tribunal's cases until `deadline`: each case is opened and moved to Resolution by `openToResolution`
 * (chaos.js's steps), then taken to a signed award. A step that fails after its retries leaves the case where
 * it is and the next one starts. Each signed award is recorded with its parties for the checks.
 */
/**
 * The AI's draft of the award, generated for the arbitrator without waiting for the parties' answers to the
 * summary of claims; a job that fails (a model fault) is started again, up to three times. Answers the
 * award's id, or undefined.
 */
async function draftAward(call, base, arbitrator) {
  for (let run = 0; run < 3; run++) {
    let started;
    for (let attempt = 0; attempt < 6; attempt++) {
      started = await call('POST', `${base}/generatedecision`, arbitrator.token, {
        proceedWithoutConfirmation: 'Asianosaiset eivät vastanneet yhteenvetoon.',
      });
      if (started.status !== 0 && started.status !== 429 && started.status < 500) break;
      await sleep(200 * (attempt + 1));
    }
    if (started.status !== 202) {
      console.error(`  tribunal: generating in ${base} answered ${started.status} ${started.bytes.toString('utf8')}`);
      return undefined;
    }
    const { jobId, attachmentId } = started.json().data;
    const waitUntil = Date.now() + JOB_WAIT_MS;
    let status;
    while (Date.now() < waitUntil) {
      status = (await readStep(call, `/api/dispute/job/${jobId}/status`, arbitrator.token))?.status;
      if (status === 'Completed' || status === 'Failed') break;
      await sleep(1_000);
    }
    if (status === 'Completed') return attachmentId;
    console.error(`  tribunal: the draft's job ${jobId} in ${base} ended ${status ?? 'unread'}`);
  }
  return undefined;
}

export async function playTribunalCases(call, { pair, arbitrator, adminToken, openToResolution }, deadline, record) {
  for (let index = 0; Date.now() < deadline; index++) {
    const disputeId = await openToResolution(index);
    if (!disputeId) continue;
    const base = `/api/dispute/${disputeId}`;
    const { claimant, respondent } = pair;
    if (!(await writeStep(call, ['POST', `${base}/tribunal/request`, claimant.token, { size: 1 }]))) continue;
    const appoint = [
      'POST',
      `/api/admin/tribunal/${disputeId}/appoint`,
      adminToken,
      { arbitratorIds: [arbitrator.userId] },
    ];
    if (!(await writeStep(call, appoint))) continue;
    const accept = ['POST', `${base}/tribunal/respond`, arbitrator.token, { accept: true, statement: 'none' }];
    if (!(await writeStep(call, accept))) continue;
    const awardId = await draftAward(call, base, arbitrator);
    if (!awardId) continue;
    const draft = (await readStep(call, `${base}/award/${awardId}`, arbitrator.token))?.data;
    if (!draft) continue;
    const save = {
      baseVersion: draft.version,
      chapters: draft.chapters,
      dispositive: {
        orders: [
          {
            kind: 'payment',
            debtor: 'respondent',
            creditor: 'claimant',
            amountCents: 1_240_000,
            text: 'Sopimussakko.',
            references: [],
          },
        ],
      },
    };
    if (!(await writeStep(call, ['PUT', `${base}/award/${awardId}`, arbitrator.token, save]))) continue;
    let cleared = true;
    for (const party of [claimant, respondent]) {
      const agreement = ['POST', `${base}/agreement`, party.token, { version: ARBITRATION_AGREEMENT.version }];
      cleared &&= await writeStep(call, agreement);
      cleared &&= await writeStep(call, ['POST', `${base}/tribunal/waive-challenge`, party.token]);
    }
    if (!cleared) continue;
    const jurisdiction = {
      text: 'Sopimuksen välityslauseke ja palvelun välityssopimus ohjaavat riidan tähän menettelyyn.',
    };
    if (!(await writeStep(call, ['POST', `${base}/tribunal/jurisdiction`, arbitrator.token, jurisdiction]))) continue;
    const adopt = [
      'POST',
      `${base}/award/${awardId}/adopt`,
      arbitrator.token,
      { version: draft.version + 1, confirmMismatches: true },
    ];
    if (!(await writeStep(call, adopt))) continue;
    const adopted = (await readStep(call, `${base}/award/${awardId}`, arbitrator.token))?.data;
    if (!adopted?.pdfSha256) continue;
    // The signature: a fresh second-factor code on each try (a code is accepted once).
    let signed = false;
    for (let attempt = 0; attempt < 6 && !signed; attempt++) {
      const answer = await call('POST', `${base}/award/${awardId}/sign`, arbitrator.token, {
        password: arbitrator.password,
        code: await arbitrator.code(),
        pdfSha256: adopted.pdfSha256,
      });
      if (answer.status === 200) signed = true;
      else if (answer.status === 0 || answer.status === 429 || answer.status >= 500) await sleep(200 * (attempt + 1));
      else break;
    }
    // A signature whose answer was lost may still have landed: the award's record says.
    const after = (await readStep(call, `${base}/award/${awardId}`, arbitrator.token))?.data;
    if (after?.status !== 'Issued') {
      console.error(`  tribunal: award ${awardId} of case ${disputeId} not issued (${after?.status ?? 'unread'})`);
      continue;
    }
    record.awards.push({ disputeId, awardId, claimant, respondent });
  }
}

/**
 * After the settling, with the host still up: the signed PDF as each party of each signed award downloads it
 * (status and SHA-256), for `checkIssuedAwards`.
 */
export async function downloadSignedAwards(call, signed) {
  const downloads = [];
  for (const { disputeId, awardId, claimant, respondent } of signed) {
    for (const party of [claimant, respondent]) {
      const phases = await readStep(call, `/api/dispute/${disputeId}/phases`, party.token);
      const resolution = phases?.find((phase) => phase.type === 'Resolution');
      const download = resolution
        ? await call(
            'GET',
            `/api/dispute/${disputeId}/phases/${resolution.id}/attachment/${awardId}/download`,
            party.token,
          )
        : undefined;
      downloads.push({
        disputeId,
        awardId,
        status: download?.status,
        sha256: download ? createHash('sha256').update(download.bytes).digest('hex') : '',
      });
    }
  }
  return downloads;
}

/**
 * What a party would find of each award signed in the run — issued, the case resolved, the signed PDF each
 * party downloaded byte-identical to the SHA-256 the issuance recorded — and for every issued award in the
 * store, each party's § 37 mail recorded once per address, sent, and written to the outbox exactly once; or,
 * still open after the settling, kept for its next attempt (counted in `waiting`). Answers the problems found,
 * one line each, and the mails waiting.
 */
export function checkIssuedAwards(signed, downloads, state, messageIds, sweptAt) {
  const problems = [];
  let waiting = 0;
  const awardsById = new Map(state.awards.map((award) => [award.id, award]));
  const disputesById = new Map(state.disputes.map((dispute) => [dispute.id, dispute]));
  for (const { disputeId, awardId } of signed) {
    const issued = awardsById.get(awardId);
    if (!issued) {
      problems.push(`award ${awardId}: not Issued in the store`);
      continue;
    }
    if (disputesById.get(disputeId)?.status !== 'Resolved')
      problems.push(`case ${disputeId}: ${disputesById.get(disputeId)?.status} after its award was issued`);
    for (const download of downloads.filter((each) => each.awardId === awardId)) {
      if (download.status !== 200 || download.sha256 !== issued.pdfSha256)
        problems.push(
          `award ${awardId}: a party downloads ${download.status} ${download.sha256.slice(0, 12)}, ` +
            `issued ${issued.pdfSha256?.slice(0, 12)}`,
        );
    }
  }
  const written = new Map();
  for (const messageId of messageIds) {
    const id = messageId.replace(/^<|@.*$/g, '');
    written.set(id, (written.get(id) ?? 0) + 1);
  }
  // The awards the § 37 mail is owed for: those signed in the run and any other the store has delivery mails of
  // (an AI decision completes as Issued without one until both parties accept it).
  const signedIds = new Set(signed.map((award) => award.awardId));
  const delivered = state.awards.filter((award) => signedIds.has(award.id) || (award.deliveryMails ?? []).length > 0);
  for (const award of delivered) {
    const mails = state.mails.filter(
      (mail) => mail.purpose === 'tribunalDelivered' && mail.followUp?.params?.awardId === award.id,
    );
    for (const side of ['claimant', 'respondent']) {
      const ofSide = mails.filter((mail) => mail.followUp.params.side === side);
      if (ofSide.length === 0) problems.push(`award ${award.id}: no § 37 mail to the ${side}`);
      const addresses = ofSide.map((mail) => mail.followUp.params.email.toLowerCase());
      if (new Set(addresses).size !== addresses.length) problems.push(`award ${award.id}: the ${side} recorded twice`);
      for (const mail of ofSide) {
        const times = written.get(mail.id) ?? 0;
        const open = mail.status === 'Pending' || mail.status === 'Sending';
        if (open && mail.nextAttemptAt > sweptAt && times === 0) waiting += 1;
        else if (mail.status !== 'Sent') problems.push(`award ${award.id}: the ${side}'s § 37 mail ${mail.status}`);
        else if (times !== 1) problems.push(`award ${award.id}: the ${side}'s § 37 mail written ${times} times`);
      }
    }
  }
  return { problems, waiting };
}
