#!/usr/bin/env bash
# `npm test`: build, then the four test projects in order, each timed. Stops at the first stage that fails
# and prints every stage's duration at the end either way, so a slow or broken stage is known, not guessed.
set -uo pipefail
cd "$(dirname "$0")/.."

timings=()
run_stage() {
  local name=$1
  shift
  local start=$SECONDS
  echo "==> stage ${name}: $*"
  "$@"
  local status=$?
  timings+=("$(printf '%-10s %5d s  %s' "$name" $((SECONDS - start)) "$([ $status -eq 0 ] && echo ok || echo FAILED)")")
  return $status
}

summary() {
  echo '==> npm test stage durations'
  printf '    %s\n' "${timings[@]}"
}
trap summary EXIT

run_stage build npm run build &&
  run_stage unit npm run test:unit &&
  run_stage contract npm run test:contract &&
  run_stage api npm run test:api &&
  run_stage e2e npm run test:e2e
