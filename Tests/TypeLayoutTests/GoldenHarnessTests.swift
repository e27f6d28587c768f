import Foundation
import Testing
import TypeLayout
import TypeLayoutGallery
import TypeLayoutTesting
import TypeLayoutRendering
import TypeLayoutTestSupport

/// Tests of the golden-image harness itself: comparison, difference images, record modes and
/// version notes. References go to temporary folders, never into the repository.
@Suite(.temporaryFolders) struct GoldenHarnessTests {
    static let recordedVersions = RenderingLibraryVersions(freeType: "2.12.1", harfBuzz: "6.0.0")
    static let otherVersions = RenderingLibraryVersions(freeType: "2.13.2", harfBuzz: "8.3.0")
    static let facts = [description(lines: ["one", "two"], height: 5, truncated: false, size: 17)]

    /// A layout description made by hand: lines 10 pt wide, 2.5 pt apart.
    static func description(lines: [String], height: Double, truncated: Bool, size: Double) -> LayoutDescription {
        LayoutDescription(
            category: .large, wrapWidth: 10, size: .init(width: 10, height: height), isTruncated: truncated,
            runs: [.init(utf16Range: [0, 6], face: "A.ttf (A Regular)", pointSize: size, direction: "ltr")],
            lines: lines.enumerated().map { .init(text: $1, utf16Range: [0, 3], width: 10, baseline: 2.5 * Double($0 + 1)) })
    }

    /// A `width` × `height` image of `fill`, with some pixels set to other colours.
    func image(_ width: Int = 10, _ height: Int = 10, fill: Color = .white, set changes: [(x: Int, y: Int, color: Color)] = []) throws -> RGBAImage {
        var pixels = [UInt8]()
        for _ in 0..<(width * height) { pixels += [fill.red, fill.green, fill.blue, fill.alpha] }
        for change in changes {
            let i = (change.y * width + change.x) * 4
            pixels.replaceSubrange(i..<(i + 4), with: [change.color.red, change.color.green, change.color.blue, change.color.alpha])
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A temporary folder with a goldens folder and an artifacts folder inside.
    struct Sandbox {
        let root: URL
        var goldens: String { root.appendingPathComponent("__Goldens__").path }
        var artifacts: String { root.appendingPathComponent("artifacts").path }

        init() throws { root = try TestPaths.temporaryDirectory() }

        func settings(_ mode: GoldenRecordMode, versions: RenderingLibraryVersions = GoldenHarnessTests.recordedVersions) -> GoldenSettings {
            GoldenSettings(recordMode: mode, goldensDirectory: goldens, artifactsDirectory: artifacts, runningVersions: versions)
        }

        var reference: GoldenReference {
            GoldenReference(goldensDirectory: goldens, filePath: "/anywhere/SampleTests.swift", function: "sample()", name: "dot", variant: "l")
        }
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    // MARK: Comparison

    @Test func identicalImagesMatchAtTheStrictDefaults() throws {
        let comparison = ImageComparison(reference: try image(), actual: try image())
        #expect(comparison.differingPixelCount == 0)
        #expect(comparison.largestChannelDelta == 0)
        #expect(comparison.matches(maximumDifferingPixelFraction: 0))
    }

    @Test func perChannelToleranceCountsOnlyLargerDeltas() throws {
        let reference = try image(fill: Color(red: 100, green: 100, blue: 100))
        let actual = try image(fill: Color(red: 100, green: 100, blue: 100), set: [(3, 4, Color(red: 100, green: 103, blue: 99))])
        let strict = ImageComparison(reference: reference, actual: actual)
        #expect(strict.differingPixelCount == 1 && strict.largestChannelDelta == 3)
        #expect(!strict.matches(maximumDifferingPixelFraction: 0))
        let below = ImageComparison(reference: reference, actual: actual, perChannelTolerance: 2)
        #expect(below.differingPixelCount == 1)
        let at = ImageComparison(reference: reference, actual: actual, perChannelTolerance: 3)
        #expect(at.differingPixelCount == 0 && at.largestChannelDelta == 3)
        #expect(at.matches(maximumDifferingPixelFraction: 0))
    }

    @Test func alphaCountsAsAChannel() throws {
        let comparison = ImageComparison(reference: try image(fill: .clear), actual: try image(fill: .clear, set: [(0, 0, Color(red: 0, green: 0, blue: 0, alpha: 9))]))
        #expect(comparison.differingPixelCount == 1 && comparison.largestChannelDelta == 9)
    }

    @Test func differingPixelFractionIsAnUpperBound() throws {
        let actual = try image(set: [(0, 0, .black), (9, 9, .black)])  // 2 of 100 pixels
        let comparison = ImageComparison(reference: try image(), actual: actual)
        #expect(comparison.differingPixelCount == 2 && comparison.pixelCount == 100)
        #expect(comparison.matches(maximumDifferingPixelFraction: 0.02))
        #expect(!comparison.matches(maximumDifferingPixelFraction: 0.019))
        #expect(!comparison.matches(maximumDifferingPixelFraction: 0))
    }

    @Test func differentSizesNeverMatch() throws {
        let comparison = ImageComparison(reference: try image(10, 10), actual: try image(10, 11))
        #expect(!comparison.sizesMatch)
        // The row only the actual image has differs; the shared pixels don't.
        #expect(comparison.differingPixelCount == 10 && comparison.pixelCount == 110)
        #expect(!comparison.matches(maximumDifferingPixelFraction: 1))
    }

    @Test func differenceImageMarksChangesOverADimmedReference() throws {
        let grey = Color(red: 100, green: 100, blue: 100)
        let reference = try image(4, 2, set: [(0, 0, .black), (1, 0, .black), (2, 0, grey), (3, 0, .clear)])
        let actual = try image(4, 3, set: [(0, 0, .black), (1, 0, .white), (2, 0, Color(red: 102, green: 100, blue: 100)), (3, 0, .clear)])
        let difference = try ImageComparison.differenceImage(reference: reference, actual: actual, perChannelTolerance: 2)
        #expect(difference.width == 4 && difference.height == 3)
        // Unchanged: the reference at a quarter of its contrast, opaque; transparent is flattened onto white.
        #expect(difference.pixel(x: 0, y: 0) == Color(red: 192, green: 192, blue: 192))
        #expect(difference.pixel(x: 3, y: 0) == .white)
        #expect(difference.pixel(x: 0, y: 1) == .white)
        // Changed beyond the tolerance, within it, and only in one image.
        #expect(difference.pixel(x: 1, y: 0) == ImageComparison.beyondToleranceColor)
        #expect(difference.pixel(x: 2, y: 0) == ImageComparison.withinToleranceColor)
        #expect((0..<4).allSatisfy { difference.pixel(x: $0, y: 2) == ImageComparison.beyondToleranceColor })
    }

    @Test func layoutFactDifferencesNameWhatChanged() {
        var changed = Self.facts
        changed[0] = Self.description(lines: ["one", "tw", "o"], height: 7.5, truncated: true, size: 18)
        changed[0].lines[0].glyphs = [.init(glyphID: 7, cluster: 0, x: 0, y: 2.5, face: 0, pointSize: 18)]
        let differences = LayoutDescription.differences(from: Self.facts, to: changed)
        #expect(differences == [
            "line count was 2, now 3",
            "line 1 glyph count was 0, now 1",
            "line 2 was \"two\", now \"tw\"",
            "line 3 was absent, now \"o\"",
            "used size was 10.0 × 5.0 pt, now 10.0 × 7.5 pt",
            "truncated was false, now true",
            "run point sizes were [17.0], now [18.0]",
        ])
        #expect(LayoutDescription.differences(from: Self.facts, to: Self.facts).isEmpty)
    }

    // MARK: Record modes

    @Test func missingModeRecordsAFailureThenMatches() throws {
        let sandbox = try Sandbox()
        let picture = try image(set: [(5, 5, .black)])
        let first = GoldenVerifier.verify(picture, facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        #expect(first.outcome == .recorded && !first.passed)
        #expect(first.message.contains("Recorded a new reference") && first.message.contains(sandbox.reference.imagePath))
        #expect(try PNGCodec.read(contentsOf: sandbox.reference.imagePath) == picture)
        #expect(exists(sandbox.reference.factsPath))
        #expect(sandbox.reference.imagePath.hasSuffix("__Goldens__/SampleTests/sample.dot.l.png"))
        let second = GoldenVerifier.verify(picture, facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        #expect(second.outcome == .matched && second.passed && second.message.isEmpty)
    }

    @Test func aMismatchLeavesTheReferenceAndWritesArtifacts() throws {
        let sandbox = try Sandbox()
        let picture = try image(set: [(5, 5, .black)])
        _ = GoldenVerifier.verify(picture, facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        let recorded = try Data(contentsOf: URL(fileURLWithPath: sandbox.reference.imagePath))
        for mode in [GoldenRecordMode.missing, .never] {
            let result = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(mode))
            #expect(result.outcome == .mismatched)
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.reference.imagePath)) == recorded)
            #expect(result.message.contains("pixels differing: 1 of 100"))
            #expect(result.message.contains("largest channel delta 255"))
            let base = sandbox.artifacts + "/SampleTests/sample.dot.l"
            let expected = [".reference.png", ".actual.png", ".difference.png", ".reference.layout.json", ".actual.layout.json"].map { base + $0 }
            #expect(result.artifactPaths == expected)
            for path in expected {
                #expect(exists(path))
                #expect(result.message.contains(path))
            }
            #expect(try PNGCodec.read(contentsOf: base + ".difference.png").pixel(x: 5, y: 5) == ImageComparison.beyondToleranceColor)
        }
    }

    @Test func aMismatchLeavesANoteForTheReviewGallery() throws {
        let sandbox = try Sandbox()
        _ = GoldenVerifier.verify(try image(set: [(5, 5, .black)]), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        let result = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.never))
        let note = try JSONDecoder().decode(GoldenFailureNote.self, from: Data(contentsOf: URL(fileURLWithPath:
            sandbox.artifacts + "/SampleTests/" + GoldenFailureNote.fileName(baseName: "sample.dot.l"))))
        #expect(note.outcome == "mismatched" && note.reasons == ["pixels differ"] && note.message == result.message)
        let gallery = try GoldenFailureGallery.gallery(artifactsDirectory: sandbox.artifacts)
        #expect(gallery.groups.map(\.title) == ["SampleTests/sample.dot"])
        #expect(gallery.groups.first?.findings.first?.pictures.map(\.label) == ["reference", "actual", "difference"])
    }

    @Test func neverModeWritesNoReference() throws {
        let sandbox = try Sandbox()
        let result = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.never))
        #expect(result.outcome == .missing && !result.passed)
        #expect(result.message.contains("TYPELAYOUT_RECORD=never records nothing"))
        #expect(!exists(sandbox.goldens))
        // The rendering is still saved where CI can pick it up.
        #expect(result.artifactPaths.contains(sandbox.artifacts + "/SampleTests/sample.dot.l.actual.png"))
    }

    @Test func aReferenceWithoutItsFactsCountsAsMissing() throws {
        let sandbox = try Sandbox()
        _ = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        try FileManager.default.removeItem(atPath: sandbox.reference.factsPath)
        let never = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.never))
        #expect(never.outcome == .missing && never.message.contains(sandbox.reference.factsPath))
        let missing = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        #expect(missing.outcome == .recorded && exists(sandbox.reference.factsPath))
    }

    @Test func failedModeRewritesOnlyWhatFails() throws {
        let sandbox = try Sandbox()
        let original = try image()
        _ = GoldenVerifier.verify(original, facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.failed))
        let slightlyOff = try image(set: [(1, 1, Color(red: 252, green: 255, blue: 255))])
        let within = GoldenVerifier.verify(slightlyOff, facts: Self.facts, against: sandbox.reference,
                                           perChannelTolerance: 3, settings: sandbox.settings(.failed))
        #expect(within.outcome == .matched)
        #expect(try PNGCodec.read(contentsOf: sandbox.reference.imagePath) == original)
        let beyond = GoldenVerifier.verify(slightlyOff, facts: Self.facts, against: sandbox.reference,
                                           perChannelTolerance: 2, settings: sandbox.settings(.failed))
        #expect(beyond.outcome == .updated && !beyond.passed)
        #expect(beyond.message.contains("Re-recorded"))
        #expect(try PNGCodec.read(contentsOf: sandbox.reference.imagePath) == slightlyOff)
    }

    @Test func allModeRewritesAnyChangeAndPassesWhatIsUnchanged() throws {
        let sandbox = try Sandbox()
        let original = try image()
        _ = GoldenVerifier.verify(original, facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        let same = GoldenVerifier.verify(original, facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.all))
        #expect(same.outcome == .matched)
        let slightlyOff = try image(set: [(1, 1, Color(red: 254, green: 255, blue: 255))])
        let changed = GoldenVerifier.verify(slightlyOff, facts: Self.facts, against: sandbox.reference,
                                            perChannelTolerance: 10, settings: sandbox.settings(.all))
        #expect(changed.outcome == .updated && changed.message.contains("within the tolerance"))
        #expect(try PNGCodec.read(contentsOf: sandbox.reference.imagePath) == slightlyOff)
    }

    @Test func aPixelToleranceCannotHideAChangedLineBreak() throws {
        let sandbox = try Sandbox()
        _ = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        var rebroken = Self.facts
        rebroken[0] = Self.description(lines: ["one two"], height: 5, truncated: false, size: 17)
        let result = GoldenVerifier.verify(try image(), facts: rebroken, against: sandbox.reference, perChannelTolerance: 255,
                                           maximumDifferingPixelFraction: 1, settings: sandbox.settings(.missing))
        #expect(result.outcome == .mismatched)
        #expect(result.comparison?.differingPixelCount == 0)
        #expect(result.layoutDifferences.contains("line 1 was \"one\", now \"one two\""))
        #expect(result.message.contains("layout: line count was 2, now 1"))
    }

    @Test func anUnreadableReferenceFailsUnlessRewriting() throws {
        let sandbox = try Sandbox()
        _ = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: sandbox.reference.imagePath))
        let never = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.never))
        #expect(never.outcome == .error && never.message.contains("not a PNG"))
        let failed = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.failed))
        #expect(failed.outcome == .updated)
        #expect(try PNGCodec.read(contentsOf: sandbox.reference.imagePath) == image())
    }

    // MARK: Library versions

    @Test func recordingWritesTheVersions() throws {
        let sandbox = try Sandbox()
        _ = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        let text = try String(contentsOfFile: sandbox.reference.versionsPath, encoding: .utf8)
        #expect(text.contains("FreeType 2.12.1\nHarfBuzz 6.0.0\n"))
        #expect(RenderingLibraryVersions(fileContents: text) == Self.recordedVersions)
        #expect(sandbox.reference.versionsPath == sandbox.goldens + "/VERSIONS.txt")
    }

    @Test func aFailureNamesDifferentLibraryVersions() throws {
        let sandbox = try Sandbox()
        _ = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        let changed = try image(set: [(0, 0, .black)])
        let elsewhere = GoldenVerifier.verify(changed, facts: Self.facts, against: sandbox.reference,
                                              settings: sandbox.settings(.never, versions: Self.otherVersions))
        #expect(elsewhere.message.contains(
            "Library versions differ: the goldens were recorded with FreeType 2.12.1, HarfBuzz 6.0.0, this run uses FreeType 2.13.2, HarfBuzz 8.3.0"))
        let here = GoldenVerifier.verify(changed, facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.never))
        #expect(here.outcome == .mismatched && !here.message.contains("versions"))
        // Without a VERSIONS.txt the versions are unknown, and the message says so.
        try FileManager.default.removeItem(atPath: sandbox.reference.versionsPath)
        let unknown = GoldenVerifier.verify(changed, facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.never))
        #expect(unknown.message.contains("library versions these goldens were recorded with are unknown"))
    }

    @Test func recordingWithOtherVersionsSaysTheOtherGoldensAreOlder() throws {
        let sandbox = try Sandbox()
        _ = GoldenVerifier.verify(try image(), facts: Self.facts, against: sandbox.reference, settings: sandbox.settings(.missing))
        let another = GoldenReference(goldensDirectory: sandbox.goldens, filePath: "/anywhere/SampleTests.swift", function: "other()", name: "dot", variant: "l")
        let result = GoldenVerifier.verify(try image(), facts: Self.facts, against: another,
                                           settings: sandbox.settings(.missing, versions: Self.otherVersions))
        #expect(result.outcome == .recorded)
        #expect(result.message.contains("re-record them all (TYPELAYOUT_RECORD=all)"))
        #expect(RenderingLibraryVersions(fileContents: try String(contentsOfFile: another.versionsPath, encoding: .utf8)) == Self.otherVersions)
    }

    // MARK: Settings and names

    @Test func settingsComeFromTheEnvironment() {
        #expect(GoldenSettings(environment: [:]).recordMode == .missing)
        #expect(GoldenSettings(environment: ["TYPELAYOUT_RECORD": ""]).recordMode == .missing)
        for mode in GoldenRecordMode.allCases {
            #expect(GoldenSettings(environment: ["TYPELAYOUT_RECORD": mode.rawValue.uppercased()]).recordMode == mode)
        }
        let typo = GoldenSettings(environment: ["TYPELAYOUT_RECORD": "yes"])
        #expect(typo.recordMode == .never)
        #expect(typo.problems == ["TYPELAYOUT_RECORD=\"yes\" is not a record mode (missing, all, failed, never); recording nothing"])
        #expect(GoldenSettings(environment: ["TYPELAYOUT_ARTIFACTS": "/ci/artifacts"]).artifactsDirectory == "/ci/artifacts")
        #expect(GoldenSettings(environment: [:]).artifactsDirectory == nil)
        #expect(GoldenSettings(environment: [:]).goldensDirectory == nil)
    }

    @Test func referencesAreNamedAfterFileTestNameAndVariant() {
        #expect(GoldenReference.testName(fromFunction: "halLabel(scaling:)") == "halLabel")
        #expect(GoldenReference.testName(fromFunction: "fontTheme()") == "fontTheme")
        let reference = GoldenReference(filePath: "/p/Tests/AppTests/LabelTests.swift", function: "title(mode:)", name: "apple", variant: "ax5")
        #expect(reference.imagePath == "/p/Tests/AppTests/__Goldens__/LabelTests/title.apple.ax5.png")
        #expect(reference.factsPath == "/p/Tests/AppTests/__Goldens__/LabelTests/title.apple.ax5.layout.json")
        #expect(reference.versionsPath == "/p/Tests/AppTests/__Goldens__/VERSIONS.txt")
        #expect(GoldenReference.isValidName("zwj_and-skin2"))
        #expect(!GoldenReference.isValidName("a.b") && !GoldenReference.isValidName("a/b") && !GoldenReference.isValidName(""))
    }

    // MARK: The assertions, end to end

    @Test func assertGoldenRecordsAnIssueAtTheCallerThenPasses() throws {
        let sandbox = try Sandbox()
        let spec = LabelSpec("Hello", font: try Font(path: BundledFonts.gillSansStandIn, pointSize: 17), width: 100)
        let settings = sandbox.settings(.missing, versions: .running)
        let line = #line + 2
        withKnownIssue {
            assertGolden(of: spec, named: "hello", categories: [.large, .accessibilityMedium], settings: settings)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.contains { $0.rawValue.contains("Recorded a new reference") }
        }
        let directory = sandbox.goldens + "/GoldenHarnessTests/"
        #expect(exists(directory + "GoldenHarnessTests.assertGoldenRecordsAnIssueAtTheCallerThenPasses.hello.l.png"))
        #expect(exists(directory + "GoldenHarnessTests.assertGoldenRecordsAnIssueAtTheCallerThenPasses.hello.ax1.layout.json"))
        // Recorded and unchanged: no issue this time.
        let layouts = assertGolden(of: spec, named: "hello", categories: [.large, .accessibilityMedium], settings: settings)
        #expect(layouts.map(\.category) == [.large, .accessibilityMedium])
    }

    @Test func assertGoldenContactSheetIsOneFile() throws {
        let sandbox = try Sandbox()
        let font = try FontMetrics(forTextStyle: .body, scalingMode: .apple).scaledFont(
            for: Font(path: BundledFonts.gillSansStandIn, pointSize: 17), compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
        let settings = sandbox.settings(.missing, versions: .running)
        withKnownIssue {
            assertGoldenContactSheet(of: LabelSpec("Hello", font: font, width: 100), named: "hello",
                                     categories: [.extraSmall, .large], settings: settings)
        }
        let base = sandbox.goldens + "/GoldenHarnessTests/GoldenHarnessTests.assertGoldenContactSheetIsOneFile.hello.sheet"
        #expect(exists(base + ".png"))
        let facts = try String(contentsOfFile: base + ".layout.json", encoding: .utf8)
        #expect(facts.contains("\"category\" : \"extraSmall\"") && facts.contains("\"category\" : \"large\""))
    }

    @Test func badArgumentsAreIssuesNotCrashes() throws {
        let sandbox = try Sandbox()
        let spec = LabelSpec("Hello", font: try Font(path: BundledFonts.gillSansStandIn, pointSize: 17), width: 100)
        let settings = sandbox.settings(.missing)
        withKnownIssue {
            assertGolden(of: spec, named: "two.parts", categories: [.large], settings: settings)
        } matching: { $0.comments.contains { $0.rawValue.contains("letters, digits") } }
        withKnownIssue {
            assertGolden(of: spec, named: "ok", categories: [.large], maximumDifferingPixelFraction: 2, settings: settings)
        } matching: { $0.comments.contains { $0.rawValue.contains("maximumDifferingPixelFraction must be 0 to 1") } }
        withKnownIssue {
            assertGolden(of: spec, named: "ok", categories: [.large, .large], settings: settings)
        } matching: { $0.comments.contains { $0.rawValue.contains("lists a category twice") } }
        #expect(!exists(sandbox.goldens))
    }
}
