#!/usr/bin/env bash
# Type-checking time of SwiftUI view code against plain Swift (issue 26's goal: ≤ 1.5 × per
# line). Each set is type-checked whole (`swiftc -typecheck`, debug: -Onone, the package's Swift
# 6 mode) against the modules of a debug build, `hyperfine` taking the median of alternating
# runs; the figure compared is milliseconds per 1,000 lines (non-blank lines), since the sets'
# sizes differ. Run after `swift build --build-tests` in the package root.
#
#   Benchmarks/typecheck.sh
#
# The sets: Examples/swiftui (SwiftUI views) and Tests/TypeLayoutSwiftUITests (the tests'
# views and their tests); against PositionedDocuments and TypeLayoutGallery, plain Swift of the
# same package with no result builders, type-checked the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
modules=.build/debug/Modules
test -d "$modules" || { echo "typecheck: no $modules: run swift build --build-tests first" >&2; exit 1; }
common=(-typecheck -Onone -swift-version 6 -parse-as-library -I "$modules" -I Sources/CYAML -I Sources/CFreeType -I Sources/CHarfBuzz -I Sources/CFontconfig -I Sources/CUnicode/include -I Sources/CPNG -I Sources/CDeflate -I Sources/CISAL $(pkg-config --cflags-only-I freetype2 harfbuzz | sed 's/-I/-Xcc -I/g'))
lines() { cat "$@" | grep -cv '^\s*$'; }

swiftui_examples=(Examples/swiftui/*.swift)
swiftui_tests=(Tests/TypeLayoutSwiftUITests/*.swift)
plain_documents=(Sources/PositionedDocuments/*.swift)
plain_gallery=(Sources/TypeLayoutGallery/*.swift)

declare -A cmd
cmd[swiftui-examples]="swiftc ${common[*]} -module-name SwiftUIExamples ${swiftui_examples[*]}"
cmd[swiftui-tests]="swiftc ${common[*]} -module-name TypeLayoutSwiftUITests ${swiftui_tests[*]}"
cmd[plain-documents]="swiftc ${common[*]} -module-name PositionedDocuments ${plain_documents[*]}"
cmd[plain-gallery]="swiftc ${common[*]} -module-name TypeLayoutGallery ${plain_gallery[*]}"
declare -A count=(
    [swiftui-examples]=$(lines "${swiftui_examples[@]}") [swiftui-tests]=$(lines "${swiftui_tests[@]}")
    [plain-documents]=$(lines "${plain_documents[@]}") [plain-gallery]=$(lines "${plain_gallery[@]}"))

out=$(mktemp)
hyperfine -N --warmup 1 --runs "${RUNS:-7}" --export-json "$out" \
    -n swiftui-examples "${cmd[swiftui-examples]}" -n swiftui-tests "${cmd[swiftui-tests]}" \
    -n plain-documents "${cmd[plain-documents]}" -n plain-gallery "${cmd[plain-gallery]}" >&2
python3 - "$out" "${count[swiftui-examples]}" "${count[swiftui-tests]}" "${count[plain-documents]}" "${count[plain-gallery]}" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
lines = dict(zip(["swiftui-examples", "swiftui-tests", "plain-documents", "plain-gallery"], map(int, sys.argv[2:])))
per = {}
for name, r in results.items():
    per[name] = r["median"] * 1000 / lines[name] * 1000
    print(f"{name:18} {lines[name]:5} lines  median {r['median']*1000:7.0f} ms  {per[name]:6.0f} ms per 1,000 lines")
swiftui = (results["swiftui-examples"]["median"] + results["swiftui-tests"]["median"]) / (lines["swiftui-examples"] + lines["swiftui-tests"])
plain = (results["plain-documents"]["median"] + results["plain-gallery"]["median"]) / (lines["plain-documents"] + lines["plain-gallery"])
print(f"SwiftUI / plain, per line: {swiftui / plain:.2f} (goal ≤ 1.5)")
PY
