#!/usr/bin/env node
// Starts the embedded local stack: `npm start` builds first, then runs this.
import { ConfigError, loadConfig } from '../functions/dist/config.js';
import { controlledFaultSwitch, listenForControl } from '../functions/dist/local/control-channel.js';
import { startLocalHost } from '../functions/dist/local/host.js';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Ratkaisu cannot start. ${error.message}`);
    process.exit(1);
  }
  throw error;
}

// Started by a parent with an IPC channel (the chaos run) and not in production: faults switchable at run time.
const faultSwitch = controlledFaultSwitch(config, process);
let host;
try {
  host = await startLocalHost(config, faultSwitch ? { faultSwitch } : {});
} catch (error) {
  console.error(`Ratkaisu cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const lines = [
  '',
  `  Ratkaisu is running at ${host.url}`,
  `  data: ${config.dataDir}  store: ${host.deps.store.kind}  blobs: ${host.deps.blobs.kind}  queue: ${host.deps.queue.kind}  model: ${host.deps.model.kind}  mail: ${host.deps.mailer.kind}`,
];
if (host.firstAdmin.created) {
  lines.push(`  A super-administrator was created. Sign in at ${host.url}/login as ${host.firstAdmin.userName}`);
  if (host.firstAdmin.generatedPassword) {
    lines.push(
      `  with the password ${host.firstAdmin.generatedPassword}  (shown once; set ADMIN_PASSWORD to choose it)`,
    );
  } else {
    lines.push('  with the password from ADMIN_PASSWORD.');
  }
} else {
  lines.push(`  Sign in at ${host.url}/login`);
}
if (host.deps.mailer.kind === 'outbox') lines.push(`  Outgoing mail is written to ${config.dataDir}/outbox`);
lines.push('  Press Ctrl+C to stop.', '');
console.log(lines.join('\n'));

if (faultSwitch) listenForControl(process, host.deps, faultSwitch);

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n  ${signal}: finishing requests and stopping…`);
  try {
    await host.close();
    process.exit(0);
  } catch (error) {
    console.error('Shutdown failed:', error);
    process.exit(1);
  }
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
