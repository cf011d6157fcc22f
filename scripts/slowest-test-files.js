#!/usr/bin/env node
/**
 * Prints the slowest test files of one or more vitest JSON reports (`--reporter=json --outputFile.json=…`),
 * slowest first, with each file's test count: `node scripts/slowest-test-files.js [--top N] report.json…`.
 * scripts/test-stages.sh prints it after each vitest stage, so a file that grew slow is named in every CI run
 * rather than guessed at (docs/benchmarks.md, "The test suite").
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const args = process.argv.slice(2);
let top = 10;
const reports = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--top') top = Number(args[(i += 1)]);
  else reports.push(args[i]);
}
if (reports.length === 0 || !Number.isInteger(top) || top < 1) {
  console.error('usage: node scripts/slowest-test-files.js [--top N] report.json…');
  process.exit(2);
}

const files = [];
for (const report of reports) {
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8'));
  } catch (error) {
    // A stage that failed before writing its report still gets its summary from the other reports.
    console.error(`(no report in ${report}: ${error.message})`);
    continue;
  }
  for (const result of parsed.testResults ?? []) {
    files.push({
      name: relative(process.cwd(), result.name),
      seconds: Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0)) / 1000,
      tests: (result.assertionResults ?? []).length,
    });
  }
}
files.sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, file) => sum + file.seconds, 0);
console.log(`${files.length} files, ${total.toFixed(0)} s of file time; the ${Math.min(top, files.length)} slowest:`);
for (const file of files.slice(0, top)) {
  console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${String(file.tests).padStart(4)} tests  ${file.name}`);
}
