#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer, each built in its own folder
# (.build-asan, .build-tsan) so the normal build is untouched.
#
#   scripts/sanitize.sh                      # both sanitizers, whole suite
#   scripts/sanitize.sh thread               # one of address | thread
#   scripts/sanitize.sh thread --filter X    # further arguments go to swift test
#   scripts/sanitize.sh concurrency          # ThreadSanitizer over the concurrency tests only (CI)
#
# render-cli is built with the same sanitizer, so the CLI tests run it instrumented too.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh

which=${1:-all}
[ $# -gt 0 ] && shift

# Leak checking is off: Swift keeps an enum's case tag in the spare bits of its payload's
# pointer, so LeakSanitizer can't follow a cached glyph image stored as `.color(bitmap)` and
# reports memory that is still reachable (a ten-line program with one such enum in a global
# shows it). Memory errors (overflows, use after free, double free) are all still reported.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:halt_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# A report fails the run (exit 66) instead of only printing, in the test process and in every
# render-cli it starts. No suppressions: the library locks with pthread mutexes, which
# ThreadSanitizer understands (see Sources/TypeLayout/Lock.swift).
export TSAN_OPTIONS="halt_on_error=1:exitcode=66${TSAN_OPTIONS:+:$TSAN_OPTIONS}"

run() {
  local sanitizer=$1 scratch=$2
  shift 2
  echo "== swift test --sanitize=$sanitizer $*" >&2
  local start=$SECONDS
  # lld, because gold prints a warning for every ASan helper symbol it can't export.
  local link=()
  [ "$sanitizer" = address ] && link=(-Xswiftc -use-ld=lld)
  swift build --build-tests --sanitize="$sanitizer" "${link[@]}" --scratch-path "$scratch" >&2
  local built=$SECONDS
  swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "$@"
  echo "== $sanitizer: built in $((built - start)) s, tested in $((SECONDS - built)) s" >&2
}

# Every test that runs tasks at once: shared caches, the shared category, analysis.
concurrency='concurrentLinesAgree|asyncStreamDeliversChanges|safeFromManyTasksAtOnce|eightTasksAtOnceEqualSerialLayouts'
concurrency+='|concurrentRendersShareTheCacheAndAgree|StressTests|categoryChangesWhileLayoutsRun|AuditReaderConcurrencyTests'
concurrency+='|ScreenStressTests'
# The audit's chunks laid out on workers while the report of the last one is written.
concurrency+='|AuditPipelineTests'
# The PNG bands drawn and compressed on several threads (ZlibStream).
concurrency+='|aPictureDrawnInBandsDecodesToThePixelsDrawnWhole|aSheetWrittenInBandsHasThePixelsOfTheWholeSheet'
concurrency+='|aSheetsGlyphRowsMeasuredOnTwoThreadsGiveTheSameFile'
# A large image's parts encoded on two threads (SplitEncoding), a sheet's captions warmed on one.
concurrency+='|anImageEncodedInPartsDecodesToThePixelsOfTheOneThreadEncode|aSheetRenderedWhileItsCaptionsWarmIsTheSheetWithout'
# A sheet's glyphs rasterized on a second thread while the first draws (SheetCells.CellWarming).
concurrency+='|SheetCellsTests'

case $which in
  address) run address .build-asan "$@" ;;
  thread) run thread .build-tsan "$@" ;;
  concurrency) run thread .build-tsan --filter "$concurrency" "$@" ;;
  all)
    run address .build-asan "$@"
    run thread .build-tsan "$@"
    ;;
  *) echo "usage: scripts/sanitize.sh [address|thread|concurrency|all] [swift test arguments]" >&2; exit 2 ;;
esac
