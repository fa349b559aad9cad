#!/usr/bin/env bash
# fuzz/run.sh BIN_DIR SECONDS|ci [HARNESS...]: runs each harness (default: parse run npy
# frontend) for SECONDS on a working copy of its seed corpus (fuzz/seeds/NAME), one after
# another. A finding is saved as BIN_DIR/../fuzz-out/NAME/crash-* and fails the run.
# `ci` instead of SECONDS: a reproducible run, the same on every machine: a fresh working
# corpus, -seed=1 and a fixed number of inputs per harness (about 60 s each on a 2-core
# machine; the table below), so a CI result can be replayed exactly.
# Closing line: `N passed, N failed`.
set -u
bin=$1; secs=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$bin/.." && pwd)/fuzz-out
harnesses=${*:-parse run npy frontend}
passed=0; failed=0
ci_runs() { case $1 in parse) echo 300000 ;; run) echo 300000 ;; npy) echo 5000000 ;; frontend) echo 600 ;; esac; }
for h in $harnesses; do
  if [ "$secs" = ci ]; then
    rm -rf "$out/$h/corpus"; limit="-seed=1 -runs=$(ci_runs "$h")"
  else
    limit="-max_total_time=$secs"
  fi
  mkdir -p "$out/$h/corpus"
  log="$out/$h/log.txt"
  # -timeout: one input taking 30 s is a finding (a hang); rss: 2 GiB
  # shellcheck disable=SC2086
  "$bin/fuzz_$h" $limit -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$out/$h/" "$out/$h/corpus" "$here/seeds/$h" >"$log" 2>&1
  rc=$?
  # replaying the seeds one by one ends in a normal exit, where LeakSanitizer checks
  if [ $rc -eq 0 ]; then
    "$bin/fuzz_$h" -runs=1 "$here/seeds/$h"/* >>"$log" 2>&1
    rc=$?
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  if [ $rc -eq 0 ]; then
    passed=$((passed + 1)); echo "PASS fuzz_$h: ${runs:-?} inputs ($([ "$secs" = ci ] && echo "ci: -seed=1" || echo "in ${secs}s")), no finding"
  else
    failed=$((failed + 1)); echo "FAIL fuzz_$h (exit $rc): $(grep -m1 -E 'ERROR|SUMMARY|deadly|timeout' "$log")"
    echo "  log: $log"; ls "$out/$h"/crash-* "$out/$h"/timeout-* "$out/$h"/leak-* "$out/$h"/oom-* 2>/dev/null | sed 's/^/  /'
  fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
