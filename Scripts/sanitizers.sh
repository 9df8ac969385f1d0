#!/usr/bin/env bash
# sanitizers.sh: the test suite under AddressSanitizer and UndefinedBehaviorSanitizer.
#
# Design note: debug builds of the pixel loops are 10-50x slower, so the suite runs as CI runs it
# (release with -enable-testing, so @testable imports work) with the sanitizer added; each sanitizer
# gets its own scratch folder so switching between them does not rebuild everything. ASan catches
# out-of-bounds and use-after-free in the C shims (libpng/giflib callbacks, setjmp paths) and in
# Swift's unsafe-pointer loops; UBSan checks the C code only (swiftc has no -sanitize=undefined on
# Linux, and Swift traps on overflow by itself). Any sanitizer report fails the run (halt_on_error),
# and the summary says which target failed.
#
# Usage: Scripts/sanitizers.sh [address|undefined|all] [TEST_TARGET ...]
#   (default: all sanitizers, every test target; e.g. `Scripts/sanitizers.sh address HUDCodecsTests`)
# Environment: SAN_SCRATCH=/tmp/b-san (suffix -address/-undefined is added), SAN_NICE=19,
#   SAN_FILTER=regex (passed to swift test --filter), SAN_ASAN_SKIP=regex (tests skipped under ASan).
# Exit status: 0 when every run passed, 1 otherwise, 2 on a usage error.
set -uo pipefail
cd "$(dirname "$0")/.."

WHICH=${1:-all}
shift || true
case "$WHICH" in
    address|undefined) SANITIZERS=("$WHICH") ;;
    all) SANITIZERS=(address undefined) ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "sanitizers.sh: unknown sanitizer '$WHICH'; use address, undefined or all" >&2; exit 2 ;;
esac

# Test targets and the library targets each needs (Package.swift's dependency lists).
deps_of() {
    case "$1" in
        HUDRasterTests) echo HUDRaster,HUDRasterBenchmarks,HUDCodecs,CCodecShims,HUDSnapshotTesting ;;
        HUDTextTests) echo HUDRaster,HUDText ;;
        HUDSVGTests) echo HUDRaster,HUDSVG,HUDCodecs,CCodecShims ;;
        HUDMotionTests) echo HUDMotion ;;
        HUDCodecsTests) echo HUDRaster,HUDCodecs,CCodecShims ;;
        HUDKitTests) echo HUDRaster,HUDText,HUDMotion,HUDSVG,HUDKit,HUDCodecs,CCodecShims,HUDSnapshotTesting ;;
        HUDSnapshotTestingTests) echo HUDRaster,HUDCodecs,CCodecShims,HUDSnapshotTesting ;;
        hudrenderTests) echo HUDRaster,HUDRasterBenchmarks,HUDText,HUDMotion,HUDSVG,HUDKit,HUDCodecs,CCodecShims,hudrender ;;
        *) return 1 ;;
    esac
}
TESTS=("$@")
if (( ${#TESTS[@]} == 0 )); then
    for d in Tests/*/; do
        t=$(basename "$d")
        if deps_of "$t" >/dev/null && ls "$d" | grep -q '\.swift$'; then TESTS+=("$t"); fi
    done
fi
targets=""
for t in "${TESTS[@]}"; do
    d=$(deps_of "$t") || { echo "sanitizers.sh: unknown test target '$t'" >&2; exit 2; }
    targets="$targets,$t,$d"
done
export HUD_TARGETS=${targets#,}

NICE=${SAN_NICE:-19}
SCRATCH=${SAN_SCRATCH:-/tmp/b-san}
filter=(); [[ -n "${SAN_FILTER:-}" ]] && filter=(--filter "$SAN_FILTER")
# ASan triples stack frames by design, so a test that proves rendering fits a 512 KiB thread stack
# (true without ASan) cannot hold under it; it is skipped there only.
ASAN_SKIP=${SAN_ASAN_SKIP:-testDeepestDocumentRendersOnASmallStack}
mkdir -p .fuzz
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=0:strict_string_checks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
RESULTS=()
FAILED=0
for san in "${SANITIZERS[@]}"; do
    log=".fuzz/sanitizer-$san.log"
    echo "== $san: ${TESTS[*]} (release, -enable-testing), log $log"
    start=$(date +%s)
    if [[ $san == undefined ]]; then
        # Swift on Linux has no -sanitize=undefined (Swift code traps on overflow and bounds by
        # itself); UBSan instruments the C shims, and clang links its runtime as the linker driver.
        flags=(-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
               -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)
    else
        flags=(--sanitize "$san")
        [[ -n "$ASAN_SKIP" ]] && flags+=(--skip "$ASAN_SKIP")
    fi
    nice -n "$NICE" swift test -c release -Xswiftc -enable-testing "${flags[@]}" \
        --scratch-path "$SCRATCH-$san" "${filter[@]}" >"$log" 2>&1
    status=$?
    secs=$(( $(date +%s) - start ))
    reports=$(grep -cE 'ERROR: AddressSanitizer|runtime error:' "$log")
    xctest=$(grep -E 'Executed [0-9]+ tests' "$log" | tail -1 | sed 's/^ *//')
    swtest=$(grep -E 'Test run with [0-9]+ tests?' "$log" | tail -1 | sed 's/^.*Test run/Test run/')
    if (( status == 0 && reports == 0 )); then note="passed"; else note="FAILED (exit $status, $reports sanitizer reports)"; FAILED=1; fi
    RESULTS+=("$san: $note in ${secs}s; XCTest: ${xctest:-none}; Swift Testing: ${swtest:-none}")
    if (( status != 0 || reports != 0 )); then
        grep -E -A12 'ERROR: AddressSanitizer|runtime error:' "$log" | head -60
        grep -E 'error:|failed|Fatal error' "$log" | head -20
    fi
done
echo
printf '%s\n' "${RESULTS[@]}"
exit $FAILED
