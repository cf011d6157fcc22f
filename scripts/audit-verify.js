#!/usr/bin/env node
// `npm run audit:verify`: walks every audit chain in the configured store (the same
// settings as `npm start`: DATA_DIR for the local SQLite file, COSMOS_* for Cosmos DB)
// and reports the first broken link of each. Exit code 0: intact; 1: broken; 2: could not check.
import { existsSync } from 'node:fs';
import { createCosmosStore } from '../functions/dist/adapters/store/cosmos-store.js';
import { createSqliteStore } from '../functions/dist/adapters/store/sqlite-store.js';
import { ConfigError, loadConfig } from '../functions/dist/config.js';
import { systemClock } from '../functions/dist/ports/clock.js';
import { verifyAuditChain } from '../functions/dist/services/audit/verify-audit-chain.js';

const json = process.argv.includes('--json');

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Cannot verify the audit log. ${error.message}`);
    process.exit(2);
  }
  throw error;
}

// Only the store is needed, so only the store is opened (the composition root would also start on blobs).
if (config.store.kind === 'sqlite' && !existsSync(config.store.file)) {
  console.error(`Cannot verify the audit log: there is no store at ${config.store.file} (set DATA_DIR).`);
  process.exit(2);
}
const store =
  config.store.kind === 'cosmos'
    ? await createCosmosStore({ ...config.store, clock: systemClock })
    : createSqliteStore({ file: config.store.file, clock: systemClock });

let report;
try {
  report = await verifyAuditChain({ store, clock: systemClock });
} catch (error) {
  console.error(`Cannot verify the audit log: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
} finally {
  await store.close();
}

if (json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const where = config.store.kind === 'cosmos' ? `Cosmos DB database ${config.store.database}` : config.store.file;
  console.log(`Audit log in ${where}, checked ${report.checkedAt}`);
  if (report.chains.length === 0) console.log('  No chained entries yet.');
  for (const chain of report.chains) {
    const state = chain.valid ? `${chain.entries} entries, intact` : `BROKEN after ${chain.entries} entries in order`;
    console.log(`  chain ${chain.chain}: ${state}, head ${chain.headHash || '-'}`);
    if (chain.firstBreak) {
      const at = chain.firstBreak.entryId ? `entry ${chain.firstBreak.entryId}` : 'the end of the chain';
      console.log(
        `    first broken link at ${at} (position ${chain.firstBreak.seq ?? '?'}): ${chain.firstBreak.reason}`,
      );
    }
  }
  if (report.unchainedEntries > 0) {
    console.log(`  ${report.unchainedEntries} entries were written before the log was chained and cannot be verified.`);
  }
  console.log(report.valid ? 'The audit log is intact.' : 'The audit log has been tampered with.');
}
process.exit(report.valid ? 0 : 1);
