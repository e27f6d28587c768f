#!/usr/bin/env bash
# Type-checking time of SwiftUI view code against plain Swift (issue 26's goal: at most 1.5 ×
# for the same number of lines). Result builders can make the type checker explode; this is how
# we see it.
#
#   swift build --build-tests          # in the package root: the modules the sets import
#   Benchmarks/typecheck.sh [RUNS]     # RUNS alternating runs of each set, 7 by default
#
# The SwiftUI set, three modules, each type-checked as it is built (`swiftc -typecheck`, debug:
# -Onone, Swift 6 mode) against the debug build's modules:
#   - Examples/swiftui with the example app (SwiftUIExamples): view code;
#   - Tests/SwiftUICorpus (SwiftUICorpus): the tests' views, 34 files in the patterns of real apps;
#   - Tests/TypeLayoutSwiftUITests: the unit tests, views built inline inside #expect/#require.
# The plain set: as many non-blank lines of ordinary Swift (structs, enums, methods with loops,
# switches, closures over arrays and dictionaries, string interpolation; no result builders),
# generated here from a fixed pattern, in a twin module of the same lines and files for each,
# type-checked the same way. hyperfine takes the medians; the figures compared are per line:
# the view code (examples and corpus) over its twins, and all three over theirs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
runs=${1:-7}
modules=.build/debug/Modules
test -d "$modules" || { echo "typecheck: no $modules: run swift build --build-tests first" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "typecheck: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The C modules the Swift modules were built against, as swift build passes them.
cflags=(-Xcc -I -Xcc Sources/CUnicode/include -Xcc -I -Xcc Tests/CHermeticFonts/include)
for map in Sources/C*/module.modulemap Tests/C*/module.modulemap .build/debug/*.build/module.modulemap; do
    [ -f "$map" ] && cflags+=(-Xcc "-fmodule-map-file=$map")
done
for include in $(pkg-config --cflags-only-I freetype2 harfbuzz libpng fontconfig yaml-0.1 libxml-2.0 | tr ' ' '\n' | sort -u); do
    cflags+=(-Xcc "$include")
done
common=(-typecheck -Onone -swift-version 6 -parse-as-library -I "$modules" "${cflags[@]}")

examples=(Examples/swiftui/*.swift Examples/swiftui/SettingsApp/*.swift)
corpus=(Tests/SwiftUICorpus/*.swift)
tests=(Tests/TypeLayoutSwiftUITests/*.swift)
lines() { cat "$@" | grep -cv '^[[:space:]]*$'; }

# The plain corpus: one unit of ordinary code after another, each with names of its own, until
# a module has as many non-blank lines as its SwiftUI twin, in as many files; each file imports
# Foundation, as the view files do through TypeLayoutSwiftUI.
plain_module() {  # FOLDER LINES FILES
    python3 - "$@" <<'PY'
import os, sys
folder, wanted, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(folder)
unit = '''struct Order{n}: Equatable {{
    var id: Int
    var title: String
    var quantities: [String: Int]
    var prices: [Double]
    var isExpress = false

    var total: Double {{ prices.reduce(0, +) * (isExpress ? 1.2 : 1) }}

    func summary(currency: String) -> String {{
        let count = quantities.values.reduce(0, +)
        return "\\(title) (#\\(id)): \\(count) items, \\(currency) \\(total)"
    }}

    mutating func add(_ item: String, price: Double, count: Int = 1) {{
        quantities[item, default: 0] += count
        prices.append(price * Double(count))
    }}

    func cheapest(limit: Int) -> [Double] {{
        Array(prices.filter {{ $0 > 0 }}.sorted().prefix(limit))
    }}
}}

enum Status{n}: String, CaseIterable {{
    case pending, shipped, delivered, returned

    var label: String {{
        switch self {{
        case .pending: return "Waiting"
        case .shipped: return "On its way"
        case .delivered: return "Here"
        case .returned: return "Sent back"
        }}
    }}
}}

func report{n}(_ orders: [Order{n}], status: Status{n}) -> [String] {{
    var lines: [String] = []
    for (index, order) in orders.enumerated() where order.total > 10 {{
        let marker = index.isMultiple(of: 2) ? "*" : "-"
        lines.append("\\(marker) \\(order.summary(currency: "EUR")) [\\(status.label)]")
    }}
    let grouped = Dictionary(grouping: orders, by: {{ $0.isExpress }})
    let express = grouped[true]?.map(\\.id).sorted() ?? []
    if !express.isEmpty {{
        lines.append("express: " + express.map(String.init).joined(separator: ", "))
    }}
    return lines
}}
'''
unit_lines = sum(1 for line in unit.format(n=0).splitlines() if line.strip())
units = max(1, round((wanted - files) / unit_lines))
for f in range(files):
    with open(f"{folder}/Plain{f}.swift", "w") as out:
        out.write("import Foundation\n\n")
        for n in range(f, units, files):
            out.write(unit.format(n=n) + "\n")
PY
}
plain_module "$work/plain-examples" "$(lines "${examples[@]}")" "${#examples[@]}"
plain_module "$work/plain-corpus" "$(lines "${corpus[@]}")" "${#corpus[@]}"
plain_module "$work/plain-tests" "$(lines "${tests[@]}")" "${#tests[@]}"
plain_examples=("$work"/plain-examples/*.swift)
plain_corpus=("$work"/plain-corpus/*.swift)
plain_tests=("$work"/plain-tests/*.swift)

json="$work/times.json"
hyperfine -N --warmup 1 --runs "$runs" --export-json "$json" \
    -n swiftui-examples "swiftc ${common[*]} -module-name SwiftUIExamples ${examples[*]}" \
    -n swiftui-corpus "swiftc ${common[*]} -module-name SwiftUICorpus ${corpus[*]}" \
    -n swiftui-tests "swiftc ${common[*]} -module-name TypeLayoutSwiftUITests ${tests[*]}" \
    -n plain-examples "swiftc ${common[*]} -module-name PlainExamples ${plain_examples[*]}" \
    -n plain-corpus "swiftc ${common[*]} -module-name PlainCorpus ${plain_corpus[*]}" \
    -n plain-tests "swiftc ${common[*]} -module-name PlainTests ${plain_tests[*]}" >&2
python3 - "$json" "$(lines "${examples[@]}")" "$(lines "${corpus[@]}")" "$(lines "${tests[@]}")" \
    "$(lines "${plain_examples[@]}")" "$(lines "${plain_corpus[@]}")" "$(lines "${plain_tests[@]}")" <<'PY'
import json, sys
median = {r["command"]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
names = ["examples", "corpus", "tests"]
lines = dict(zip([f"swiftui-{n}" for n in names] + [f"plain-{n}" for n in names], map(int, sys.argv[2:8])))
titles = {"examples": "Examples/swiftui (with the example app)", "corpus": "Tests/SwiftUICorpus (the tests' views)",
          "tests": "Tests/TypeLayoutSwiftUITests (unit tests)"}
def ratio(group):
    swiftui = sum(median[f"swiftui-{n}"] for n in group) / sum(lines[f"swiftui-{n}"] for n in group)
    plain = sum(median[f"plain-{n}"] for n in group) / sum(lines[f"plain-{n}"] for n in group)
    return swiftui / plain
print("| Module | Non-blank lines | Median type-check (ms) | Plain twin (ms) | SwiftUI / plain, per line |")
print("| --- | ---: | ---: | ---: | ---: |")
for n in names:
    print(f"| {titles[n]} | {lines['swiftui-' + n]} | {median['swiftui-' + n]*1000:.0f} | "
          f"{median['plain-' + n]*1000:.0f} | {ratio([n]):.2f} × |")
print(f"\nView code (examples and corpus) / plain, per line: {ratio(['examples', 'corpus']):.2f} × (goal ≤ 1.5 ×)")
print(f"All three modules / plain, per line: {ratio(names):.2f} ×")
PY
