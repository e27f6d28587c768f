// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

// `#Preview` for TypeLayout: a package of its own, apart from TypeLayout's, so that only teams
// who want the macro build swift-syntax (its clean debug build with the macro: 354 s of CPU,
// about 3 minutes on 2 idle cores; 13 minutes on the shared machine it was measured on), and
// TypeLayout's own `swift build --build-tests` never does.
let package = Package(
    name: "TypeLayoutPreviews",
    platforms: [.macOS(.v13)],
    products: [
        // `#Preview("name") { … }` as SwiftUI spells it; with TypeLayoutSwiftUI's `Preview`
        // and `PreviewProvider`, and the runner, re-exported.
        .library(name: "TypeLayoutPreviews", targets: ["TypeLayoutPreviews"]),
    ],
    dependencies: [
        .package(name: "TypeLayout", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    ],
    targets: [
        .macro(
            name: "TypeLayoutPreviewsMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]),
        .target(
            name: "TypeLayoutPreviews",
            dependencies: [
                "TypeLayoutPreviewsMacros",
                .product(name: "TypeLayoutSwiftUI", package: "TypeLayout"),
                .product(name: "TypeLayoutPreviewRunner", package: "TypeLayout"),
            ]),
        // Previews written with the macro, found in the test program and rendered by the
        // runner; one of them traps, in a child process.
        .testTarget(
            name: "TypeLayoutPreviewsTests",
            dependencies: [
                "TypeLayoutPreviews", "TypeLayoutPreviewsMacros",
                .product(name: "TypeLayoutTesting", package: "TypeLayout"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ],
            exclude: ["__Goldens__"]),
    ],
    swiftLanguageModes: [.v6]
)
