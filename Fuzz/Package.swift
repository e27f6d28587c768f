// swift-tools-version:6.1
// libFuzzer targets for TypeLayout, built and run by scripts/fuzz.sh.
//
// A package of its own so that fuzzer flags never reach TypeLayout's manifest (unsafeFlags there
// would stop anyone from depending on it). Each target is a static library holding the
// `LLVMFuzzerTestOneInput` entry point and no `main`: SwiftPM renames an executable target's
// entry point to `<target>_main`, which libFuzzer's `main` can't call, so the script links each
// library into a fuzzer with `swiftc -sanitize=fuzzer,address` itself.
import PackageDescription

/// A path dependency's package identity is its folder's name, which differs between checkouts
/// (`TypeLayout`, a worktree's name…), so it is read from where this manifest is.
let typeLayoutPackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "TypeLayout").lowercased()
let typeLayout = Target.Dependency.product(name: "TypeLayout", package: typeLayoutPackage)
let typeLayoutAudit = Target.Dependency.product(name: "TypeLayoutAudit", package: typeLayoutPackage)
let typeLayoutScreens = Target.Dependency.product(name: "TypeLayoutScreens", package: typeLayoutPackage)

let package = Package(
    name: "TypeLayoutFuzz",
    products: [
        .library(name: "FontFuzzer", type: .static, targets: ["FontFuzzer"]),
        .library(name: "LayoutFuzzer", type: .static, targets: ["LayoutFuzzer"]),
        .library(name: "CatalogFuzzer", type: .static, targets: ["CatalogFuzzer"]),
        .library(name: "RulesFuzzer", type: .static, targets: ["RulesFuzzer"]),
        .library(name: "BoxFuzzer", type: .static, targets: ["BoxFuzzer"]),
        .library(name: "ScreenFileFuzzer", type: .static, targets: ["ScreenFileFuzzer"]),
    ],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        .target(name: "FontFuzzer", dependencies: [typeLayout]),
        .target(name: "LayoutFuzzer", dependencies: [typeLayout]),
        .target(name: "CatalogFuzzer", dependencies: [typeLayoutAudit]),
        .target(name: "RulesFuzzer", dependencies: [typeLayoutAudit]),
        .target(name: "BoxFuzzer", dependencies: [typeLayoutScreens]),
        .target(name: "ScreenFileFuzzer", dependencies: [typeLayoutScreens]),
    ],
    swiftLanguageModes: [.v6]
)
