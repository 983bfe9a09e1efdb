#!/usr/bin/env bash
# Runs a command, then prints its wall time and the CPU-seconds the whole machine spent meanwhile (from
# /proc/stat). A browser test's cost is mostly in the browsers and servers it starts, which `time` on the
# command does not count; on an otherwise idle machine the machine's figure is the test's.
# Usage: bash scripts/machine-cpu.sh npx vitest run test/browser/webkit-entry.test.ts
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 command [args...]" >&2; exit 2; }
busy() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
ticks=$(getconf CLK_TCK)
start_busy=$(busy)
start=$(date +%s.%N)
status=0
"$@" || status=$?
end=$(date +%s.%N)
end_busy=$(busy)
awk -v s="$start" -v e="$end" -v c="$(( end_busy - start_busy ))" -v t="$ticks" \
  'BEGIN { printf "wall %.1f s, machine CPU %.1f s\n", e - s, c / t }' >&2
exit "$status"
