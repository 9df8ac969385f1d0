#!/usr/bin/env bash
# bench_cli.sh: wall time of the mission's example, `hudrender --style balloon --out hud.gif`,
# in a release build. Uses hyperfine when it is installed, else a loop timed with `date +%s.%N`
# (median of RUNS). Performance is measured here, never in unit tests.
#
#   Scripts/bench_cli.sh            # builds release if needed, 10 runs
#   RUNS=20 HUDRENDER_BIN=/path/to/hudrender Scripts/bench_cli.sh
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-10}
bin=${HUDRENDER_BIN:-}
if [ -z "$bin" ]; then
  swift build -c release --static-swift-stdlib --product hudrender >&2
  bin="$(swift build -c release --show-bin-path)/hudrender"
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cmd=("$bin" --style balloon --out "$out/hud.gif")

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
"${cmd[@]}"   # warm-up (page cache, fonts)
echo "output: $(stat -c %s "$out/hud.gif") bytes"

if command -v hyperfine >/dev/null; then
  hyperfine --warmup 1 --runs "$runs" "${cmd[*]}"
  exit 0
fi

times=()
for _ in $(seq "$runs"); do
  start=$(date +%s.%N)
  "${cmd[@]}"
  end=$(date +%s.%N)
  times+=("$(echo "$end - $start" | bc -l)")
done
printf '%s\n' "${times[@]}" | sort -n | awk -v runs="$runs" '
  { t[NR] = $1; sum += $1 }
  END {
    median = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
    printf "hudrender --style balloon --out hud.gif: median %.3f s, min %.3f s, max %.3f s, mean %.3f s (%d runs)\n", median, t[1], t[NR], sum / NR, runs
    if (median >= 2.0) { print "above the 2 s target" > "/dev/stderr" }
  }'
