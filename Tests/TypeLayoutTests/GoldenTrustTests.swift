import Foundation
import Testing
import TypeLayout
import TypeLayoutGallery
import TypeLayoutRendering
@testable import TypeLayoutTesting
import TypeLayoutTestSupport

/// Issue 29: goldens a team can trust. References are named after the suite as well as the
/// test; failures are titled with the golden and its differing pixels; artifacts live in the
/// package, are cleared when a golden passes, and `report-goldens` shows the last run's.
@Suite(.temporaryFolders) struct GoldenTrustTests {
    typealias Sandbox = GoldenHarnessTests.Sandbox
    static let facts = GoldenHarnessTests.facts

    func image(_ changed: Bool = false) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: 10 * 10 * 4)
        if changed { pixels.replaceSubrange(0..<8, with: [0, 0, 0, 255, 0, 0, 0, 255]) }
        return try RGBAImage(width: 10, height: 10, pixels: pixels)
    }

    /// Same test name in two suites: two files, not one that each suite overwrites.
    @Test func referenceNamesIncludeTheSuite() throws {
        #expect(GoldenReference.currentSuite == "GoldenTrustTests")
        let sandbox = try Sandbox()
        let spec = LabelSpec("Hello", font: try Font(path: BundledFonts.gillSansStandIn, pointSize: 17), width: 100)
        withKnownIssue {
            assertGolden(of: spec, named: "hello", categories: [.large], settings: sandbox.settings(.missing, versions: .running))
        }
        #expect(FileManager.default.fileExists(atPath: sandbox.goldens + "/GoldenTrustTests/GoldenTrustTests.referenceNamesIncludeTheSuite.hello.l.png"))
        let one = GoldenReference(filePath: "/p/T/LabelTests.swift", function: "title()", name: "a", variant: "l", suite: "Large")
        let other = GoldenReference(filePath: "/p/T/LabelTests.swift", function: "title()", name: "a", variant: "l", suite: "Accessibility")
        #expect(one.imagePath == "/p/T/__Goldens__/LabelTests/Large.title.a.l.png")
        #expect(one.imagePath != other.imagePath)
    }

    @Suite struct Nested {
        @Test func nestedSuitesAreJoinedByDots() {
            #expect(GoldenReference.currentSuite == "GoldenTrustTests.Nested")
        }
    }

    @Test func aFailedGoldensIssueIsTitledWithItsNameAndDifferingPixels() throws {
        let sandbox = try Sandbox()
        _ = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        let result = GoldenVerifier.verify(try image(true), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.never))
        #expect(result.title == "golden SampleTests/sample.dot.l: 2 pixels differ")
        // Through the assertion: the issue is a caught error whose description is the title.
        let spec = LabelSpec("Hello", font: try Font(path: BundledFonts.gillSansStandIn, pointSize: 17), width: 100)
        let settings = sandbox.settings(.missing, versions: .running)
        withKnownIssue { assertGolden(of: spec, named: "title", categories: [.large], settings: settings) }
        let other = LabelSpec("Hallo", font: try Font(path: BundledFonts.gillSansStandIn, pointSize: 17), width: 100)
        withKnownIssue {
            assertGolden(of: other, named: "title", categories: [.large], settings: sandbox.settings(.never, versions: .running))
        } matching: { issue in
            guard case let .errorCaught(error) = issue.kind else { return false }
            let title = "\(error)"
            return title.hasPrefix("golden GoldenTrustTests/GoldenTrustTests.aFailedGoldensIssueIsTitledWithItsNameAndDifferingPixels.title.l: ")
                && title.contains(" pixels differ") && issue.comments.contains { $0.rawValue.contains("doesn't match its reference") }
        }
    }

    @Test func artifactsAreClearedWhenTheGoldenPasses() throws {
        let sandbox = try Sandbox()
        _ = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        let failed = GoldenVerifier.verify(try image(true), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.never))
        #expect(failed.artifactPaths.count == 5 && failed.artifactPaths.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        let note = sandbox.artifacts + "/SampleTests/" + GoldenFailureNote.fileName(baseName: "sample.dot.l")
        #expect(FileManager.default.fileExists(atPath: note))
        let passed = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.never))
        #expect(passed.passed)
        #expect(!failed.artifactPaths.contains { FileManager.default.fileExists(atPath: $0) })
        #expect(!FileManager.default.fileExists(atPath: note))
        #expect(try GoldenFailureGallery.gallery(artifactsDirectory: sandbox.artifacts).groups.isEmpty)
    }

    @Test func artifactsDefaultToThePackagesBuildFolder() throws {
        let root = try TestPaths.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/AppTests/__Goldens__"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        let settings = GoldenSettings(recordMode: .never)
        #expect(settings.artifactsDirectory(forGoldensIn: root.path + "/Tests/AppTests/__Goldens__")
                == root.path + "/.build/typelayout-golden-artifacts")
        #expect(GoldenSettings(recordMode: .never, artifactsDirectory: "/ci/a").artifactsDirectory(forGoldensIn: root.path) == "/ci/a")
    }

    /// Notes of an earlier run left beside this run's are not shown.
    @Test func reportGoldensShowsTheLastRunOnly() throws {
        let folder = try TestPaths.temporaryDirectory().appendingPathComponent("artifacts/SampleTests")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (base, run) in [("old.a.l", "000000000000001-7"), ("new.a.l", "000000000000002-9")] {
            try Data(try PNGCodec.encode(try image())).write(to: folder.appendingPathComponent(base + ".actual.png"))
            try JSONEncoder().encode(GoldenFailureNote(outcome: "mismatched", reasons: ["pixels differ"], message: "m", run: run))
                .write(to: folder.appendingPathComponent(GoldenFailureNote.fileName(baseName: base)))
        }
        let gallery = try GoldenFailureGallery.gallery(artifactsDirectory: folder.deletingLastPathComponent().path)
        #expect(gallery.groups.map(\.title) == ["SampleTests/new.a"])
        #expect(GoldenRun.current.count > 16 && GoldenRun.current < "999999999999999")
    }
}
