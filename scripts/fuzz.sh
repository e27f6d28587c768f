#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for SECONDS (default 60), one after the
# other, or all at once with FUZZ_PARALLEL=1 (one core each).
#
#   scripts/fuzz.sh 600                 # ten minutes per target
#   FUZZ_TARGETS=LayoutFuzzer scripts/fuzz.sh 60
#   scripts/fuzz.sh 0 crash-file         # replay one input (a crash reproducer) in every target
#
# Built in .build-fuzz with -sanitize=fuzzer,address: each target is a static library from the
# Fuzz package, linked here into an executable whose main is libFuzzer's. The growing corpus
# (.build-fuzz/corpus/<target>) starts from the committed seeds in Fuzz/Corpus/<target> and,
# for fonts, every file in Fonts/ and the test collection. Crashes, leaks and timeouts land in
# .build-fuzz/artifacts/<target>/; the script exits 1 if any target found one.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh

seconds=${1:-60}
replay=${2:-}
targets=${FUZZ_TARGETS:-"FontFuzzer LayoutFuzzer CatalogFuzzer RulesFuzzer ScreenFileFuzzer BoxFuzzer"}
scratch=$PWD/.build-fuzz
flags=(-sanitize=fuzzer,address)
# The C libraries are the system's, uninstrumented: they are linked as SwiftPM would link them,
# libyaml and libxml2 only into the audit's targets and libyaml into the screen files' (TypeLayout
# itself needs neither).
libraries() {
  local core=(-lfreetype -lharfbuzz -lpng16 -lfontconfig -licuuc)
  case $1 in
    CatalogFuzzer | RulesFuzzer) echo "${core[*]} -lyaml -lxml2" ;;
    ScreenFileFuzzer) echo "${core[*]} -lyaml" ;;
    *) echo "${core[*]}" ;;
  esac
}

for target in $targets; do
  # -g keeps symbols for readable stack traces; debug keeps every precondition and overflow check.
  swift build --package-path Fuzz --scratch-path "$scratch" --product "$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -g >&2
  # lld, because gold warns about every ASan helper symbol it can't export.
  # shellcheck disable=SC2046
  swiftc "$scratch/debug/lib$target.a" "${flags[@]}" $(libraries "$target") -g -use-ld=lld -o "$scratch/$target" >&2
done

if [ -n "$replay" ]; then
  status=0
  for target in $targets; do "$scratch/$target" "$replay" || status=1; done
  exit $status
fi

# Each target's options: fonts are big, so inputs may be up to 1 MiB (larger seeds, the colour
# emoji and Japanese fonts, are read truncated to that); layout inputs are a header and text;
# string files, rules and screen files are a format byte and a small file; box trees are a small program.
options() {
  case $1 in
    FontFuzzer) echo "-max_len=1048576" ;;
    LayoutFuzzer) echo "-max_len=4096 -detect_leaks=0" ;;
    CatalogFuzzer | RulesFuzzer) echo "-max_len=16384" ;;
    # The vocabulary's names as a dictionary, so mutations reach past "unknown key".
    ScreenFileFuzzer) echo "-max_len=16384 -dict=Fuzz/ScreenFileFuzzer.dict" ;;
    # A tree program: 400 boxes at most, a few bytes each; a layout taking seconds is a hang.
    BoxFuzzer) echo "-max_len=8192 -timeout=5" ;;
  esac
}
seeds() {
  case $1 in
    FontFuzzer) echo "Fuzz/Corpus/FontFuzzer Fonts Tests/TypeLayoutTests/Fixtures" ;;
    *) echo "Fuzz/Corpus/$1" ;;
  esac
}

run() {
  local target=$1
  mkdir -p "$scratch/corpus/$target" "$scratch/artifacts/$target" "Fuzz/Corpus/$target"
  # Leak checking is off for the layout target (per input, and at exit through ASAN_OPTIONS):
  # its shared glyph cache keeps colour glyphs in a multi-payload enum, whose case tag Swift
  # stores in the spare bits of the payload's pointer, so LeakSanitizer can't see that they are
  # still reachable. The font target keeps it: each input's face must be freed with it.
  local asan=""
  [ "$target" = LayoutFuzzer ] && asan="detect_leaks=0"
  # Deterministic hashing makes a crash replay with the same dictionary orders.
  # shellcheck disable=SC2046
  ASAN_OPTIONS=$asan SWIFT_DETERMINISTIC_HASHING=1 SWIFT_BACKTRACE=enable=no "$scratch/$target" \
    "$scratch/corpus/$target" $(seeds "$target") \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 $(options "$target") \
    -artifact_prefix="$scratch/artifacts/$target/" -print_final_stats=1 \
    >"$scratch/$target.log" 2>&1 || true
  local found
  found=$(find "$scratch/artifacts/$target" -type f | wc -l)
  local runs
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$scratch/$target.log" | tail -1 | grep -o '[0-9]*$' || echo "?")
  echo "$target: $runs executions in ${seconds}s, corpus $(find "$scratch/corpus/$target" -type f | wc -l) files," \
    "$found artifact(s) in .build-fuzz/artifacts/$target/ (log: .build-fuzz/$target.log)"
  [ "$found" -eq 0 ]
}

status=0
if [ "${FUZZ_PARALLEL:-0}" = 1 ]; then
  pids=()
  for target in $targets; do run "$target" & pids+=($!); done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
else
  for target in $targets; do run "$target" || status=1; done
fi
exit $status
