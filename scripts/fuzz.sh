#!/usr/bin/env bash
# Builds the fuzz targets of Fuzz/ with libFuzzer and AddressSanitizer and runs each in turn
# (one process, one job: the machines are shared) for SECONDS seconds, on its corpus
# Fuzz/Corpus/<target>/ (seeded with real texts and statuses), saving crashing, hanging and
# out-of-memory inputs under Fuzz/Crashes/. Prints the executions each target ran.
#
#   scripts/fuzz.sh [SECONDS] [TARGET ...]     default: 60 seconds, every target
#   FUZZ_FLAGS="-max_len=65536" scripts/fuzz.sh 600 fuzz-measure   (more libFuzzer flags)
#
# Exit status: 0 when no target crashed, 1 when one did (its input is in Fuzz/Crashes/).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
all=(fuzz-measure fuzz-status fuzz-cache)
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=("${all[@]}")
for target in "${targets[@]}"; do
    [[ " ${all[*]} " == *" $target "* ]] || { echo "Error: unknown target '$target' (known: ${all[*]})" >&2; exit 64; }
done

scripts/ensure-deps.sh

# SwiftPM gives every executable its own `main` (it would hide libFuzzer's), so the targets
# call libFuzzer's LLVMFuzzerRunDriver from theirs. -sanitize=fuzzer links the runtime
# (libclang_rt.fuzzer) and instruments the Swift code for coverage; the C shims get the same
# instrumentation through -Xcc. A scratch path of its own keeps this build apart from the
# plain one (which replays files instead of fuzzing).
scratch=Fuzz/.build/fuzzer
echo "== building ${targets[*]} (release, -sanitize=fuzzer,address, the stages' internal checks on)"
# SwiftPM keeps the build plan of a package depended on by path: a source file added to the
# root package since the last build is missing from it ("cannot find … in scope"). A new plan
# costs a second; the build itself stays incremental.
rm -f "$scratch/release.yaml"
swift build -c release --package-path Fuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -DFEEDLAYOUT_INTERNAL_CHECKS
bin=$(swift build -c release --package-path Fuzz --scratch-path "$scratch" --show-bin-path)

logs=Fuzz/.build/logs
mkdir -p "$logs" Fuzz/Crashes
status=0
summary=()
for target in "${targets[@]}"; do
    corpus=Fuzz/Corpus/$target
    mkdir -p "$corpus"
    case $target in
        fuzz-measure) max_len=4096 ;;
        fuzz-status) max_len=16384 ;;
        fuzz-cache) max_len=2048 ;;
    esac
    log=$logs/$target-$(date +%Y%m%d-%H%M%S).log
    echo "== $target for ${seconds}s (corpus $corpus, log $log)"
    # Swift's runtime keeps metadata caches for the life of the process: not leaks. Swift's
    # own crash backtracer reads memory AddressSanitizer flags (a false report after the real
    # one): libFuzzer and ASan print the stack themselves.
    started=$SECONDS
    set +e
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1} SWIFT_BACKTRACE=enable=no \
        "$bin/$target" "$corpus" \
        -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len="$max_len" \
        -artifact_prefix="Fuzz/Crashes/$target-" -print_final_stats=1 ${FUZZ_FLAGS:-} >"$log" 2>&1
    code=$?
    set -e
    elapsed=$((SECONDS - started))
    # The final statistics; a run that crashed has none: its last status line counts.
    executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
    if [[ -z $executions ]]; then
        executions=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
    fi
    artifacts=$(grep -oE "Fuzz/Crashes/$target-[a-z-]+[0-9a-f]+" "$log" | sort -u | tr '\n' ' ' || true)
    if [[ $code -ne 0 ]]; then
        status=1
        echo "   $target stopped with status $code: ${artifacts:-see $log}"
        grep -m 3 -E "Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY" "$log" | sed 's/^/   /' || true
    fi
    summary+=("$target: ${executions:-0} executions in ${elapsed}s, corpus $(ls "$corpus" | wc -l) inputs, exit status $code${artifacts:+, saved $artifacts}")
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
