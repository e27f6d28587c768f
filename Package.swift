// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "TypeLayout",
    products: [
        // The text engine: fonts, Dynamic Type, shaping, line breaking, rasterizing. Links
        // FreeType, HarfBuzz, ICU and fontconfig only.
        .library(name: "TypeLayout", targets: ["TypeLayout"]),
        // Pictures of laid-out text: PNG reading and writing, contact and comparison sheets.
        .library(name: "TypeLayoutRendering", targets: ["TypeLayoutRendering"]),
        // Golden-image assertions for Swift Testing, for this package's tests and its users'.
        .library(name: "TypeLayoutTesting", targets: ["TypeLayoutTesting"]),
        // The localized-string audit: catalog parsers, rules, the checker, its reports.
        .library(name: "TypeLayoutAudit", targets: ["TypeLayoutAudit"]),
        .executable(name: "render-cli", targets: ["render-cli"]),
        // Flexbox box layout with React Native's style names and defaults, for screens.
        .library(name: "TypeLayoutScreens", targets: ["TypeLayoutScreens"]),
        // The review gallery: a self-contained HTML report of audit findings and golden failures.
        .library(name: "TypeLayoutGallery", targets: ["TypeLayoutGallery"]),
        // SwiftUI's view API and layout rules on Linux: a team's own view code, with its import
        // changed, laid out into the ScreenLayout that TypeLayoutScreens draws and audits.
        .library(name: "TypeLayoutSwiftUI", targets: ["TypeLayoutSwiftUI"]),
        // swift-snapshot-testing strategies for SwiftUI views: `assertSnapshot(of: view,
        // as: .typeLayout(device:category:))` on Linux.
        .library(name: "TypeLayoutSnapshotTesting", targets: ["TypeLayoutSnapshotTesting"]),
        // Previews as the checks: renders every preview at the 12 sizes in every language of the
        // catalogs, audits them and writes the review gallery; each preview in a child process.
        .library(name: "TypeLayoutPreviewRunner", targets: ["TypeLayoutPreviewRunner"]),
        // Examples/swiftui as a library only so that the benchmark package (Benchmarks/) can lay
        // the same views out; not an API.
        .library(name: "SwiftUIExamples", targets: ["SwiftUIExamples"]),
        // Tests/SwiftUICorpus as a library only so that the benchmark package's 50-preview
        // command (Benchmarks/previews-50) can preview the same views; not an API.
        .library(name: "SwiftUICorpus", targets: ["SwiftUICorpus"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only a command plugin (`swift package generate-documentation`, scripts/docs.sh):
        // nothing of it is built by `swift build` or `swift test`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Only its SnapshotTesting target is built (it depends on nothing); swift-syntax is
        // resolved for its InlineSnapshotTesting target but never compiled here.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // C libraries, each touched by exactly one Swift file in TypeLayout, PositionedDocuments
        // or TypeLayoutAudit.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // PNG writing compresses with libdeflate (whole-buffer deflate: about half zlib's
        // instructions on the label's sheet); libpng only reads.
        .systemLibrary(
            name: "CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        // Only the tests link zlib, to check our Adler-32 combining against zlib's own.
        .systemLibrary(
            name: "CZlib", path: "Tests/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // Large RGB images (the screen sheet) deflate through ISA-L's igzip: a tenth of zlib's
        // time on the screen sheet's rows for 7 % more bytes (BENCHMARKS.md).
        .systemLibrary(
            name: "CISAL", pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        // The audit's YAML rules and .stringsdict XML, read with the C libraries directly:
        // Yams and Foundation's XMLParser would link all of Foundation into render-cli.
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        // ICU is wrapped in C so that no ICU header reaches Swift (it clashes with
        // Foundation's own _FoundationICU module, and its symbols carry version suffixes).
        .target(
            name: "CUnicode",
            linkerSettings: [.linkedLibrary("icuuc")]),
        .target(
            name: "TypeLayout",
            dependencies: ["CFreeType", "CHarfBuzz", "CUnicode", "CFontconfig"]),
        // The compressors and libpng, apart from the text engine: a library user who only lays
        // text out links none of them.
        .target(
            name: "TypeLayoutRendering",
            dependencies: ["TypeLayout", "CPNG", "CDeflate", "CISAL"]),
        // JSON and YAML read into one tree that keeps every value's line and column, for the
        // audit's rules and catalogs and for screen files. Its own module so that TypeLayout
        // links no libyaml; LibYAML.swift is the one file that touches CYAML.
        .target(
            name: "PositionedDocuments",
            dependencies: ["CYAML"]),
        // A module of its own so that the layout library links neither libxml2 nor libyaml.
        .target(
            name: "TypeLayoutAudit",
            dependencies: [
                "TypeLayout", "TypeLayoutRendering", "TypeLayoutScreens", "TypeLayoutGallery", "PositionedDocuments", "CXML2",
            ]),
        .target(
            name: "TypeLayoutGallery",
            dependencies: ["TypeLayout", "TypeLayoutRendering"]),
        .target(
            name: "TypeLayoutTesting",
            // TypeLayoutSwiftUI for assertGolden(of: some View): one small module with no
            // package or C library of its own, on the modules this one already takes.
            dependencies: ["TypeLayout", "TypeLayoutRendering", "TypeLayoutScreens", "TypeLayoutGallery", "TypeLayoutSwiftUI"]),
        .target(
            name: "TypeLayoutSnapshotTesting",
            dependencies: [
                "TypeLayout", "TypeLayoutRendering", "TypeLayoutScreens", "TypeLayoutSwiftUI", "TypeLayoutTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        // Examples/screens rewritten as plain SwiftUI: built against TypeLayoutSwiftUI here,
        // against SwiftUI on iOS.
        .target(
            name: "SwiftUIExamples",
            dependencies: ["TypeLayoutSwiftUI"],
            path: "Examples/swiftui",
            // The example app's catalog is read by its preview command and tests, not bundled.
            exclude: ["README.md", "SettingsApp/Localizable.xcstrings"]),
        // The example settings app's preview command (issue 27), as a team writes its own:
        // `swift run settings-app-previews --catalogs Examples/swiftui/SettingsApp/Localizable.xcstrings --report out/app`.
        .executableTarget(
            name: "settings-app-previews",
            dependencies: ["SwiftUIExamples", "TypeLayoutPreviewRunner", "TypeLayoutSwiftUI"],
            path: "Examples/settings-app-previews"),
        // Issue 27's corpus: view files of our own in the patterns real apps use (settings, forms,
        // rows, cards, onboarding, profiles, tab bars, flow layouts, adaptive stacks), built here
        // against TypeLayoutSwiftUI and unchanged against SwiftUI on iOS.
        .target(
            name: "SwiftUICorpus",
            dependencies: ["TypeLayoutSwiftUI"],
            path: "Tests/SwiftUICorpus"),
        .executableTarget(
            name: "render-cli",
            dependencies: [
                "TypeLayout", "TypeLayoutRendering", "TypeLayoutAudit", "TypeLayoutScreens", "PositionedDocuments",
                "TypeLayoutGallery",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .target(
            name: "TypeLayoutScreens",
            dependencies: ["TypeLayout", "TypeLayoutRendering", "PositionedDocuments"]),
        // Foundation only for CGFloat, CGSize, CGPoint and CGRect, which SwiftUI's API is written in.
        // CPreviewSection: the bounds of the section where #Preview places its records.
        .target(
            name: "TypeLayoutSwiftUI",
            // TypeLayoutRendering for the PNG reader (Image("name")); TypeLayoutScreens links it already.
            dependencies: ["TypeLayout", "TypeLayoutRendering", "TypeLayoutScreens", "CPreviewSection"]),
        // Two linker-made symbols, read by Previews/Preview.swift only.
        .target(name: "CPreviewSection"),
        .target(
            name: "TypeLayoutPreviewRunner",
            dependencies: ["TypeLayout", "TypeLayoutScreens", "TypeLayoutSwiftUI", "TypeLayoutAudit", "TypeLayoutGallery"]),
        // A preview program as a team writes one, with previews that trap and throw, run by
        // TypeLayoutPreviewRunnerTests as a separate process.
        .executableTarget(
            name: "preview-fixture",
            dependencies: ["TypeLayoutPreviewRunner", "TypeLayoutSwiftUI"],
            path: "Tests/PreviewFixture"),
        .testTarget(
            name: "TypeLayoutPreviewRunnerTests",
            dependencies: ["TypeLayoutPreviewRunner", "TypeLayoutSwiftUI", "TypeLayout", "TypeLayoutTestSupport"]),
        // Test processes only: names Tests/fonts.conf as fontconfig's configuration as the
        // process loads, so that fallback to system fonts sees the same fonts on every machine.
        .target(
            name: "CHermeticFonts",
            path: "Tests/CHermeticFonts"),
        // What the test targets share: fixture paths, temporary folders, the render-cli runner.
        .target(
            name: "TypeLayoutTestSupport",
            dependencies: ["TypeLayout", "CHermeticFonts"],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "TypeLayoutScreensTests",
            dependencies: ["TypeLayoutScreens", "TypeLayout", "TypeLayoutRendering", "TypeLayoutTesting", "TypeLayoutTestSupport"],
            // The differential test's trees and Yoga's frames, and the goldens, read from the
            // source tree.
            exclude: ["Fixtures", "__Goldens__"]),
        .testTarget(
            name: "TypeLayoutTests",
            dependencies: ["TypeLayout", "TypeLayoutRendering", "TypeLayoutTesting", "TypeLayoutGallery", "TypeLayoutTestSupport"],
            // Read from the source tree (#filePath), not bundled.
            exclude: ["Fixtures", "__Goldens__"]),
        .testTarget(
            name: "TypeLayoutSwiftUITests",
            dependencies: ["TypeLayoutSwiftUI", "TypeLayout", "TypeLayoutRendering", "TypeLayoutScreens", "TypeLayoutTestSupport"]),
        // The SwiftUI module used as a team uses it: view goldens, the examples at 12 sizes
        // against their screen files, the audit over views.
        .testTarget(
            name: "SwiftUIExamplesTests",
            dependencies: [
                "SwiftUIExamples", "TypeLayoutSwiftUI", "TypeLayout", "TypeLayoutScreens", "TypeLayoutTesting",
                "TypeLayoutAudit", "TypeLayoutTestSupport",
            ],
            exclude: ["__Goldens__"]),
        // Each corpus view laid out at the 12 sizes with a check of its own.
        .testTarget(
            name: "SwiftUICorpusTests",
            dependencies: ["SwiftUICorpus", "TypeLayoutSwiftUI", "TypeLayout", "TypeLayoutScreens", "TypeLayoutTestSupport"]),
        .testTarget(
            name: "TypeLayoutSnapshotTestingTests",
            dependencies: [
                "TypeLayoutSnapshotTesting", "SwiftUIExamples", "TypeLayoutSwiftUI", "TypeLayoutScreens", "TypeLayoutRendering",
                "TypeLayout", "TypeLayoutTestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "TypeLayoutRenderingTests",
            dependencies: ["TypeLayoutRendering", "TypeLayout", "TypeLayoutTestSupport", "CZlib"]),
        // render-cli run as a user runs it, as a separate process.
        .testTarget(
            name: "RenderCLITests",
            dependencies: ["TypeLayout", "TypeLayoutRendering", "TypeLayoutTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TypeLayoutAuditTests",
            dependencies: [
                "TypeLayoutAudit", "TypeLayout", "TypeLayoutRendering", "TypeLayoutScreens", "PositionedDocuments",
                "TypeLayoutGallery", "TypeLayoutTestSupport",
            ],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
