#!/usr/bin/env bash
# fuzz.sh: build the libFuzzer targets once and run each against its seed corpus for a given time.
#
# Design note: the fuzz targets exist only when HUDRENDER_FUZZ=1 (Package.swift), so a normal
# build never links libFuzzer. One `swift build` (fuzzer + AddressSanitizer, release) produces all
# of them; each then runs on a working corpus under .fuzz/ (gitignored) seeded from the committed
# Fixtures/fuzz/<target>, so what the fuzzer learns persists between runs without touching the
# repository. Crash, leak, timeout and out-of-memory inputs land in .fuzz/crashes/<target>/; to
# reproduce one run `<scratch>/release/Fuzz<Target> <file>`, then add a regression test.
#
# Usage: Scripts/fuzz.sh [TARGET|all] [SECONDS]
#   TARGET   font | svg | png | gif | apng | storyboard | commandline | all   (default all)
#   SECONDS  time per target (default 60)
# Environment:
#   FUZZ_SCRATCH=/tmp/b-fuzz   build folder          FUZZ_NICE=19      nice level for build and runs
#   FUZZ_KEEP_GOING=1          fork mode: keep fuzzing after a finding (collects several per run)
#   FUZZ_NO_BUILD=1            reuse the existing build      FUZZ_ARGS="..." extra libFuzzer flags
# Exit status: 0 when no target found anything, 1 when some did, 2 on a usage or build error.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

ALL=(font svg png gif apng storyboard commandline)
product() { # font -> FuzzFont, commandline -> FuzzCommandLine
    case "$1" in
        font) echo FuzzFont ;; svg) echo FuzzSVG ;; png) echo FuzzPNG ;; gif) echo FuzzGIF ;;
        apng) echo FuzzAPNG ;; storyboard) echo FuzzStoryboard ;; commandline) echo FuzzCommandLine ;;
        *) return 1 ;;
    esac
}

# The storyboard and command-line fuzzers are one binary (FuzzCLI, see Package.swift) that picks
# its job from the name it runs under; the two names are symlinks made after the build.
build_product() { case "$1" in storyboard|commandline) echo FuzzCLI ;; *) product "$1" ;; esac; }

WHICH=${1:-all}
SECONDS_EACH=${2:-60}
if [[ "$WHICH" == "-h" || "$WHICH" == "--help" ]]; then sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
if [[ "$WHICH" == all ]]; then TARGETS=("${ALL[@]}")
elif product "$WHICH" >/dev/null; then TARGETS=("$WHICH")
else echo "fuzz.sh: unknown target '$WHICH'; use one of: ${ALL[*]} all" >&2; exit 2; fi
if ! [[ "$SECONDS_EACH" =~ ^[0-9]+$ ]] || (( SECONDS_EACH < 1 )); then
    echo "fuzz.sh: SECONDS must be a positive whole number, got '$SECONDS_EACH'" >&2; exit 2
fi

SCRATCH=${FUZZ_SCRATCH:-/tmp/b-fuzz}
NICE=${FUZZ_NICE:-19}
# Library targets the fuzzers link. The hudrender executable is left out on purpose: its main
# would clash with libFuzzer's, and the storyboard/command-line fuzzers compile its parsing
# sources themselves (see the fuzz block of Package.swift).
LIBS=CCodecShims,HUDRaster,HUDRasterBenchmarks,HUDText,HUDSVG,HUDMotion,HUDKit,HUDCodecs
export HUDRENDER_FUZZ=1 HUD_TARGETS=$LIBS

mkdir -p .fuzz
if [[ -z "${FUZZ_NO_BUILD:-}" ]]; then
    if (( ${#TARGETS[@]} == 1 )); then build_args=(--product "$(build_product "${TARGETS[0]}")"); else build_args=(); fi
    echo "== building ${TARGETS[*]} (release, fuzzer + address sanitizer) in $SCRATCH, log .fuzz/build.log"
    # SwiftPM passes `-sanitize=fuzzer -sanitize=address` in that order, and Swift 6.3's driver then
    # drops the coverage instrumentation of Swift code (only the C shim is instrumented and libFuzzer
    # fuzzes blind); asking for the coverage libFuzzer reads explicitly restores it.
    if ! nice -n "$NICE" swift build -c release --sanitize fuzzer --sanitize address \
            -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
            --scratch-path "$SCRATCH" "${build_args[@]}" >.fuzz/build.log 2>&1; then
        grep -E 'error:' .fuzz/build.log | head -20 >&2 || tail -20 .fuzz/build.log >&2
        echo "fuzz.sh: build failed (see .fuzz/build.log)" >&2; exit 2
    fi
fi
BIN="$SCRATCH/release"
if [[ -x "$BIN/FuzzCLI" ]]; then ln -sf FuzzCLI "$BIN/FuzzStoryboard"; ln -sf FuzzCLI "$BIN/FuzzCommandLine"; fi

SUMMARY=()
FOUND=0
for t in "${TARGETS[@]}"; do
    exe="$BIN/$(product "$t")"
    if [[ ! -x "$exe" ]]; then
        echo "fuzz.sh: $exe is missing (build it, or unset FUZZ_NO_BUILD)" >&2
        SUMMARY+=("$(printf '%-12s %8s %12s %8s %8s  %s' "$t" - - - - "not built")"); FOUND=1; continue
    fi
    seeds="$ROOT/Fixtures/fuzz/$t"; work="$ROOT/.fuzz/corpus/$t"; crashes="$ROOT/.fuzz/crashes/$t"
    mkdir -p "$work" "$crashes"
    [[ -d "$seeds" ]] && cp -n "$seeds"/* "$work"/ 2>/dev/null
    dict=(); [[ -f "$ROOT/Fixtures/fuzz/$t.dict" ]] && dict=(-dict="$ROOT/Fixtures/fuzz/$t.dict")
    # The documented example storyboards are seeds too (read-only: new inputs go to $work).
    extra=(); [[ $t == storyboard && -d "$ROOT/Fixtures/storyboards" ]] && extra=("$ROOT/Fixtures/storyboards")
    before=$(find "$crashes" -type f | sort)
    log="$ROOT/.fuzz/$t.log"
    mode=(); [[ -n "${FUZZ_KEEP_GOING:-}" ]] && mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    echo "== $t: ${SECONDS_EACH}s, corpus $work ($(ls "$work" | wc -l) inputs), log $log"
    # -timeout: one input taking 10 s is a hang; -rss_limit_mb: a 2 GB input is a memory bomb.
    # ASAN_OPTIONS: Swift's runtime keeps metadata caches alive on purpose; leaks are still reported.
    # SWIFT_BACKTRACE: Swift's own crash handler would inspect the dying process and trip ASan
    # itself; with it off, a Swift trap reaches libFuzzer as the deadly signal it is.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1} \
    nice -n "$NICE" "$exe" "$work" "${extra[@]}" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 "${dict[@]}" "${mode[@]}" ${FUZZ_ARGS:-} \
        >"$log" 2>&1
    status=$?
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    if [[ -z "$execs" ]]; then execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#'); fi
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
    ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
    newfiles=$(comm -13 <(echo "$before") <(find "$crashes" -type f | sort) | sed '/^$/d')
    new=$(echo -n "$newfiles" | grep -c . || true)
    note="ok"
    if (( new > 0 )) || (( status != 0 )); then
        FOUND=1
        note="FINDING (exit $status): $(grep -m1 -oE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer): [^ ]+( [^ ]+)?' "$log" || grep -m1 -E 'Fatal error|SUMMARY' "$log" || echo "see $log")"
        [[ -n "$newfiles" ]] && echo "$newfiles" | sed 's/^/    new input: /'
    fi
    SUMMARY+=("$(printf '%-12s %8s %12s %8s %8s  %s' "$t" "$SECONDS_EACH" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$note")")
    echo "${SUMMARY[-1]}"
done

echo
printf '%-12s %8s %12s %8s %8s  %s\n' target seconds executions coverage features result
printf '%s\n' "${SUMMARY[@]}"
echo "crash inputs: .fuzz/crashes/<target>/ (reproduce: $BIN/Fuzz<Target> <file>)"
exit $FOUND
