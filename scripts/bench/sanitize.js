// Sanitize: sanitizeText (core/dist) on a long adversarial input — unclosed tag starts, quotes and markup that
// reassembles itself after each removal — against a benign case text of the same length in the same run.
// Goal: the adversarial input takes under 2 s (it once took minutes: the claim core/src/text/sanitize-text.test.ts
// used to time), and the ratio shows how far from linear it is.
import { performance } from 'node:perf_hooks';
import { sanitizeText } from '../../core/dist/index.js';
import { envNumber, goalLine, median } from './support.js';

const ROUNDS = envNumber('BENCH_ROUNDS', 5);
const GOAL_MS = 2000;

function timed(input) {
  const samples = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    sanitizeText(input);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

export async function benchSanitize() {
  const adversarial = '<a'.repeat(2500) + '"'.repeat(10) + '<scr<script>ipt>'.repeat(300);
  const sentence = 'Vastaaja on laiminlyönyt maksun (summa < 5 000 €) ja sopimuksen 3 kohdan mukaiset velvoitteet. ';
  const benign = sentence.repeat(Math.ceil(adversarial.length / sentence.length)).slice(0, adversarial.length);
  const benignMs = timed(benign);
  const adversarialMs = timed(adversarial);
  console.log(`\nsanitize: ${adversarial.length} characters, median of ${ROUNDS}`);
  console.log(`  benign case text   ${benignMs.toFixed(1)} ms`);
  console.log(`  adversarial input  ${adversarialMs.toFixed(1)} ms (${(adversarialMs / benignMs).toFixed(1)}× benign)`);
  console.log(goalLine(adversarialMs < GOAL_MS, `adversarial input under ${GOAL_MS} ms`));
}
