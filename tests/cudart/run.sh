#!/bin/sh
# tests/cudart/run.sh BINDIR FILE.cu: builds FILE.cu with cuda2hlo-cc and runs it on
# $CUDA2HLO_BACKEND (default cpu); the expectations are comment lines in the file:
#   // cc-flags: FLAGS          extra cuda2hlo-cc flags (%dir: this file's folder)
#   // expect-cc-exit: N        cuda2hlo-cc's exit status (then the program is not run)
#   // runs: N                  run the program N times with one cache folder (default
#                               1); the expectations are checked on the last run
#   // expect-exit: N           the program's exit status
#   // expect-stdout: TEXT      / expect-stderr: TEXT   a substring of that stream (each
#                               such line is checked)
#   // expect-no-stderr: TEXT   a substring stderr must not hold
#   // expect-stderr-count: N RE   exactly N lines of stderr match the extended regular
#                               expression RE (each such line is checked)
#   // expect-stdout-count: N RE   the same for stdout
set -u
bin=$1 src=$2
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
field() { sed -n "s#^// $1: ##p" "$src" | head -1; }
want_cc=$(field expect-cc-exit) want=$(field expect-exit)
"$bin/cuda2hlo-cc" $(field cc-flags | sed "s#%dir#$(dirname "$src")#g") -O1 "$src" -o "$tmp/prog" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ -z "$want_cc" ] && [ $rc = 0 ]; then
  runs=$(field runs)
  for r in $(seq "${runs:-1}"); do
    CUDA2HLO_CACHE_DIR="$tmp/cache" "$tmp/prog" >"$tmp/out" 2>"$tmp/err"
    rc=$?
  done
  want_rc=${want:-0}
else
  want_rc=${want_cc:-0}
fi
ok=1
[ "$rc" = "$want_rc" ] || { echo "exit status $rc, expected $want_rc"; ok=0; }
for s in stdout stderr; do
  f=$tmp/out; [ $s = stderr ] && f=$tmp/err
  sed -n "s#^// expect-$s: ##p" "$src" > "$tmp/want"
  while IFS= read -r w; do
    grep -qF -- "$w" "$f" || { echo "$s lacks '$w'"; ok=0; }
  done < "$tmp/want"
done
for s in stdout stderr; do
  f=$tmp/out; [ $s = stderr ] && f=$tmp/err
  sed -n "s#^// expect-$s-count: ##p" "$src" > "$tmp/want"
  while IFS= read -r w; do
    n=${w%% *} text=${w#* }
    got=$(grep -cE -- "$text" "$f")
    [ "$got" = "$n" ] || { echo "$s has $got lines matching '$text', expected $n"; ok=0; }
  done < "$tmp/want"
done
w=$(field expect-no-stderr)
[ -z "$w" ] || ! grep -qF -- "$w" "$tmp/err" || { echo "stderr holds '$w'"; ok=0; }
[ $ok = 1 ] && { echo "ok: $src"; exit 0; }
echo "--- stdout"; cat "$tmp/out"; echo "--- stderr"; cat "$tmp/err"; exit 1
