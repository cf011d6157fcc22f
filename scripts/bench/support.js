// What the benchmarks share: child processes, the local host's settings, a
// signed-in user made through the API, and the statistics.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts `node …args` in the repository root and resolves once it prints the
 * port it listens on. With `ipc`, the child gets an IPC channel (for the memory
 * probe or commands) and `request` sends a message and waits for the answer.
 */
export function startChild(args, env, { ipc = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
    // A benchmark that crashes must not leave its servers running (the host would keep its Azurite too).
    const killOnExit = () => child.kill('SIGTERM');
    process.once('exit', killOnExit);
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = /listening (\d+)|running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        resolve({
          child,
          port: Number(match[1] ?? match[2]),
          request: (message) => request(child, message),
          forget: () => process.off('exit', killOnExit),
        });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      process.off('exit', killOnExit);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

// One request at a time per child: answers carry no correlation id.
function request(child, message) {
  return new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`the child exited with ${code} before answering`));
    child.once('exit', onExit);
    child.once('message', (answer) => {
      child.off('exit', onExit);
      if (answer?.error) reject(new Error(answer.error));
      else resolve(answer);
    });
    child.send(message, (error) => {
      if (error) {
        child.off('exit', onExit);
        reject(error);
      }
    });
  });
}

export async function stopChild({ child, forget }) {
  forget();
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export function freshDataDir() {
  return mkdtempSync(path.join(tmpdir(), 'ratkaisu-bench-'));
}

/**
 * The local host as `npm start` runs it (scripts/local-host.js), on a free port
 * with a fresh data directory. RATKAISU_ENV=test keeps Azurite in memory: the
 * benchmarks compare against baselines that use the same Azurite mode.
 */
export function hostEnv(dataDir, extra = {}) {
  return {
    PORT: '0',
    DATA_DIR: dataDir,
    RATKAISU_ENV: 'test',
    AZURITE_BLOB_PORT: '0',
    LOG_LEVEL: 'error',
    ADMIN_EMAIL: 'bench@ratkaisu.local',
    ADMIN_PASSWORD: 'bench-password',
    ...extra,
  };
}

async function call(baseUrl, method, pathname, { token, body } = {}) {
  const response = await fetch(baseUrl + pathname, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Calls the API and fails loudly unless it answers `status`. */
export async function expectCall(baseUrl, method, pathname, status, options) {
  const answer = await call(baseUrl, method, pathname, options);
  if (answer.status !== status) {
    throw new Error(
      `${method} ${pathname} answered ${answer.status}, expected ${status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body;
}

/** The newest link to `route` in the outbox mails to `to` (quoted-printable decoded). */
function linkInOutbox(dataDir, to, route) {
  const outbox = path.join(dataDir, 'outbox');
  const mails = existsSync(outbox)
    ? readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map((name) =>
          readFileSync(path.join(outbox, name), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_match, hex) => String.fromCharCode(parseInt(hex, 16))),
        )
        .filter((raw) => raw.includes(`To: ${to}`))
    : [];
  const match = new RegExp(`https?://[^\\s"<>]+${route}\\?[A-Za-z0-9_%.=&-]+`).exec(mails.at(-1) ?? '');
  if (!match) throw new Error(`No ${route} link was mailed to ${to} (outbox ${outbox}).`);
  return new URL(match[0]);
}

/**
 * A user as a real one arrives: registered, confirmed through the link mailed
 * to the outbox, signed in. Answers the bearer token, id and email.
 */
export async function signedUpUser(baseUrl, dataDir, prefix) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const email = `${username}@example.fi`;
  const password = 'bench password 1';
  await expectCall(baseUrl, 'POST', '/user/register', 201, {
    body: { username, email, password, agreedTerms: true },
  });
  const link = linkInOutbox(dataDir, email, '/confirm-email');
  const userId = link.searchParams.get('userId');
  await expectCall(baseUrl, 'POST', '/user/confirm-email', 200, {
    body: { userId, token: link.searchParams.get('token') },
  });
  const { token } = await expectCall(baseUrl, 'POST', '/user/login', 200, { body: { username, password } });
  return { token, userId, email, password };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function envNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}".`);
  return value;
}

export function goalLine(met, text) {
  return `${met ? 'goal met ' : 'BELOW GOAL'}  ${text}`;
}

/** A case as the dashboard's form opens it (its claim phase active); answers its id. */
export async function openBenchCase(baseUrl, token, index) {
  const id = randomUUID();
  await expectCall(baseUrl, 'POST', '/api/dispute', 201, {
    token,
    body: {
      id,
      name: `Teräspalkkien viivästynyt toimitus ${index}`,
      description: 'Palkit saapuivat kuusi viikkoa myöhässä, ja osa oli vaurioitunut kuljetuksessa.',
      claimant: {
        name: 'Rakennus Oy',
        identificationNumber: '1234567-8',
        email: 'claims@rakennus.fi',
        address: 'Katu 1',
      },
      respondent: {
        name: 'Teräs Oy',
        identificationNumber: '8765432-1',
        email: `respondent-${randomUUID().slice(0, 8)}@example.fi`,
        address: 'Tie 2',
      },
    },
  });
  return id;
}
