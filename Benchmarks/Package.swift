// swift-tools-version:6.1
// The TypeLayout benchmark suite (ordo-one/benchmark). A package of its own so that the main
// package's `swift build` / `swift test` never builds the harness.
//
//   cd Benchmarks && swift package benchmark            # the suite
//   Benchmarks/compare.sh                               # against Pango, hb-view and the C floor
//
// See ../BENCHMARKS.md for what each figure means and the latest results.
import PackageDescription

let package = Package(
    name: "TypeLayoutBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // The MallocInterposer trait alone: the harness's default traits also ask for a runtime
        // interposer package that is not available here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "TypeLayout", path: ".."),
    ],
    targets: [
        // The labels shared by the suite and the in-process timer.
        .target(
            name: "BenchCorpus",
            dependencies: [
                .product(name: "TypeLayout", package: "TypeLayout"),
                .product(name: "TypeLayoutScreens", package: "TypeLayout"),
            ]),
        // The suite.
        .executableTarget(
            name: "TypeLayoutBenchmarks",
            dependencies: [
                "BenchCorpus",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TypeLayout", package: "TypeLayout"),
                .product(name: "TypeLayoutAudit", package: "TypeLayout"),
                .product(name: "TypeLayoutScreens", package: "TypeLayout"),
            ],
            path: "Benchmarks/TypeLayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        // compare.sh's in-process timer: the same loop-and-median method as floor/floor.c and
        // pango/pango-relayout.c, so their figures can be divided. Needs no harness.
        .executableTarget(
            name: "typelayout-inprocess",
            dependencies: [
                "BenchCorpus", .product(name: "TypeLayout", package: "TypeLayout"),
                .product(name: "TypeLayoutScreens", package: "TypeLayout"),
                .product(name: "TypeLayoutRendering", package: "TypeLayout"),
                // Issue 26's stages: Examples/swiftui laid out by the SwiftUI module.
                .product(name: "TypeLayoutSwiftUI", package: "TypeLayout"),
                .product(name: "SwiftUIExamples", package: "TypeLayout"),
                // Issue 27's stage: the example app's previews run as its preview command runs them.
                .product(name: "TypeLayoutPreviewRunner", package: "TypeLayout"),
            ]),
        // Issue 27's large case: 50 previews × 12 sizes × 10 languages through the preview
        // command, run by previews-50/run.sh (BENCHMARKS.md, "The example app").
        .executableTarget(
            name: "previews-50",
            dependencies: [
                .product(name: "TypeLayout", package: "TypeLayout"),
                .product(name: "TypeLayoutSwiftUI", package: "TypeLayout"),
                .product(name: "TypeLayoutPreviewRunner", package: "TypeLayout"),
                .product(name: "SwiftUIExamples", package: "TypeLayout"),
                .product(name: "SwiftUICorpus", package: "TypeLayout"),
            ]),
    ]
)
