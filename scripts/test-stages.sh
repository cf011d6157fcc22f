#!/usr/bin/env bash
# `npm test`: build, then the test projects, each timed. The unit and contract projects run side by side, then
# the API and browser projects side by side: the API files and the browser specs each spend much of their time
# waiting on a host (a queue, a worker thread, a page), so two at once keep both cores busy where one left
# them half idle. Each side's output goes to its own log, printed whole when it ends (prefixed with its name),
# so a failure reads as it would alone. Stops after the first pair with a failure and prints every stage's
# duration at the end either way, so a slow or broken stage is known, not guessed.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
timings=()
failed=0

record() {
  local name=$1 seconds=$2 status=$3
  timings+=("$(printf '%-10s %5d s  %s' "$name" "$seconds" "$([ "$status" -eq 0 ] && echo ok || echo FAILED)")")
  [ "$status" -eq 0 ] || failed=1
}

run_stage() {
  local name=$1
  shift
  local start=$SECONDS
  echo "==> stage ${name}: $*"
  "$@"
  local status=$?
  record "$name" $((SECONDS - start)) $status
  return $status
}

# Runs two stages at once: `side_by_side NAME1 'CMD1' NAME2 'CMD2'`.
side_by_side() {
  local start=$SECONDS
  local name_a=$1 cmd_a=$2 name_b=$3 cmd_b=$4
  echo "==> stages ${name_a} and ${name_b} side by side"
  echo "    ${name_a}: ${cmd_a}"
  echo "    ${name_b}: ${cmd_b}"
  (
    s=$SECONDS
    bash -c "$cmd_a" >"$logs/$name_a.log" 2>&1
    st=$?
    echo "$st $((SECONDS - s))" >"$logs/$name_a.status"
  ) &
  local pid_a=$!
  (
    s=$SECONDS
    bash -c "$cmd_b" >"$logs/$name_b.log" 2>&1
    st=$?
    echo "$st $((SECONDS - s))" >"$logs/$name_b.status"
  ) &
  local pid_b=$!
  wait "$pid_a" "$pid_b"
  local name status seconds
  for name in "$name_a" "$name_b"; do
    read -r status seconds <"$logs/$name.status"
    echo "==> stage ${name} (${seconds} s, exit ${status}) output:"
    sed "s/^/[${name}] /" "$logs/$name.log"
    record "$name" "$seconds" "$status"
  done
  echo "==> stages ${name_a} and ${name_b} took $((SECONDS - start)) s together"
}

# The tests counted over every project's log (vitest's "Tests  N failed | N passed (N)", Playwright's
# "N passed (…)" and "N failed"), as one plain closing line.
count_tests() {
  local passed=0 failed_tests=0 skipped=0 line n
  for log in "$logs"/*.log; do
    [ -e "$log" ] || continue
    while IFS= read -r line; do
      line=$(sed 's/\x1b\[[0-9;]*m//g' <<<"$line")
      if [[ $line =~ ^[[:space:]]*Tests[[:space:]] ]]; then
        n=$(grep -oE '[0-9]+ passed' <<<"$line" | grep -oE '[0-9]+') && passed=$((passed + n))
        n=$(grep -oE '[0-9]+ failed' <<<"$line" | grep -oE '[0-9]+') && failed_tests=$((failed_tests + n))
        n=$(grep -oE '[0-9]+ skipped' <<<"$line" | grep -oE '[0-9]+') && skipped=$((skipped + n))
      elif [[ $line =~ ^[[:space:]]+([0-9]+)[[:space:]](passed|failed|skipped|flaky)([[:space:]]\(|$) ]]; then
        case ${BASH_REMATCH[2]} in
          passed) passed=$((passed + BASH_REMATCH[1])) ;;
          failed) failed_tests=$((failed_tests + BASH_REMATCH[1])) ;;
          skipped) skipped=$((skipped + BASH_REMATCH[1])) ;;
        esac
      fi
    done <"$log"
  done
  echo "Tests: ${passed} passed, ${failed_tests} failed, ${skipped} skipped"
}

# The slowest files of the vitest stages, from their JSON reports: a file that grew slow is named, not guessed.
slowest_files() {
  local name report
  for name in unit api; do
    report="$logs/$name.json"
    [ -s "$report" ] || continue
    echo "==> ${name}: $(node scripts/slowest-test-files.js --top 8 "$report")"
  done
}

summary() {
  slowest_files
  echo "==> npm test stage durations (total ${SECONDS} s)"
  printf '    %s\n' "${timings[@]}"
  count_tests
  rm -rf "$logs"
}
trap summary EXIT

run_stage build npm run build || exit 1
# Each vitest stage also writes a JSON report, for the slowest files at the end; with COVERAGE=1 it measures
# line and branch coverage too (v8) and prints its summary (docs/benchmarks.md, "The test suite").
json_report() {
  local args="--reporter=default --reporter=json --outputFile.json=$logs/$1.json"
  [ "${COVERAGE:-0}" = 1 ] && args="$args --coverage --coverage.reportsDirectory=coverage/$1"
  echo "$args"
}
side_by_side unit "npm run test:unit -- $(json_report unit)" contract 'npm run test:contract'
[ "$failed" -eq 0 ] || exit 1
# Beside the API tests the browser tests take one worker: three busy processes on two cores made a browser
# spec's timing-bound steps fail now and then (claim-generator.spec under load) and gained nothing.
side_by_side api "npm run test:api -- $(json_report api)" e2e 'E2E_WORKERS=1 npm run test:e2e'
[ "$failed" -eq 0 ] || exit 1
