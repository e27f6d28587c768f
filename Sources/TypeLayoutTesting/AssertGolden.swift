import Foundation
import Testing
import TypeLayout
import TypeLayoutRendering

/// Renders a label at each category and checks each rendering against its reference image,
/// `__Goldens__/<TestFile>/<test>.<name>.<category>.png` beside the test file (category by
/// its short name: `xs`, `l`, `ax5`), and its layout facts (line count, line texts, used size,
/// truncation, run sizes) exactly against `<test>.<name>.<category>.layout.json` beside it.
///
/// Each failing category is reported as a Swift Testing issue at the caller's line, with the
/// numbers and the paths of the reference, actual and difference images written to the
/// artifacts folder (`TYPELAYOUT_ARTIFACTS`); those images are also attached to the test.
/// References are written as `TYPELAYOUT_RECORD` says (see ``GoldenRecordMode``); a written
/// reference always fails, so it is looked at before it is committed.
///
/// The tolerances are strict by default; loosen them only with a comment saying why.
///
/// - Parameters:
///   - spec: the label and how to draw it.
///   - name: tells this assertion's references from the test's others: letters, digits, `-`
///     and `_`; unique within the test.
///   - categories: the content size categories to render, each its own reference.
///   - perChannelTolerance: how much any R, G, B or A value (0–255) may differ before a pixel
///     counts as differing.
///   - maximumDifferingPixelFraction: the fraction of pixels (0–1) that may differ beyond the
///     tolerance.
///   - settings: record mode and folders; by default read from the environment.
///   - fileID: the caller's file, for the issue's location.
///   - filePath: the caller's file, whose folder holds `__Goldens__`.
///   - function: the test's name, the reference file name's first part.
///   - line: the caller's line, for the issue's location.
///   - column: the caller's column, for the issue's location.
/// - Returns: the layouts rendered, one per category, so a test can check facts about them
///   too; empty if the label couldn't be laid out.
@discardableResult
public func assertGolden(
    of spec: LabelSpec, named name: String, categories: [ContentSizeCategory],
    perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0,
    settings: GoldenSettings = .current,
    fileID: String = #fileID, filePath: String = #filePath, function: String = #function,
    line: Int = #line, column: Int = #column
) -> [TextLayout] {
    guard let assertion = GoldenAssertion(
        name: name, categories: categories, perChannelTolerance: perChannelTolerance,
        maximumDifferingPixelFraction: maximumDifferingPixelFraction, settings: settings,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    else { return [] }
    return assertion.run("golden") {
        let layouts = try spec.layouts(at: categories)
        for layout in layouts {
            assertion.check(try spec.render(layout), facts: .layouts([LayoutDescription(layout)]), variant: layout.category.shortName)
        }
        return layouts
    }
}

/// Renders a label at several categories into one contact sheet (a captioned cell per
/// category, see TypeLayout's `ContactSheet`) and checks it against
/// `__Goldens__/<TestFile>/<test>.<name>.sheet.png` and the facts of every layout against
/// `<test>.<name>.sheet.layout.json`, like
/// ``assertGolden(of:named:categories:perChannelTolerance:maximumDifferingPixelFraction:settings:fileID:filePath:function:line:column:)``.
///
/// One picture shows a reviewer the whole Dynamic Type range at once.
///
/// - Parameters:
///   - spec: the label and how to draw it; the sheet uses its scale, padding and background.
///   - name: tells this sheet's reference from the test's others: letters, digits, `-` and
///     `_`; unique within the test.
///   - categories: the cells, in order; by default all twelve categories.
///   - columns: cells per row.
///   - perChannelTolerance: how much any R, G, B or A value (0–255) may differ before a pixel
///     counts as differing.
///   - maximumDifferingPixelFraction: the fraction of pixels (0–1) that may differ beyond the
///     tolerance.
///   - settings: record mode and folders; by default read from the environment.
///   - fileID: the caller's file, for the issue's location.
///   - filePath: the caller's file, whose folder holds `__Goldens__`.
///   - function: the test's name, the reference file name's first part.
///   - line: the caller's line, for the issue's location.
///   - column: the caller's column, for the issue's location.
/// - Returns: the layouts drawn, one per category; empty if the label couldn't be laid out.
@discardableResult
public func assertGoldenContactSheet(
    of spec: LabelSpec, named name: String, categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
    columns: Int = 4, perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0,
    settings: GoldenSettings = .current,
    fileID: String = #fileID, filePath: String = #filePath, function: String = #function,
    line: Int = #line, column: Int = #column
) -> [TextLayout] {
    guard let assertion = GoldenAssertion(
        name: name, categories: categories, perChannelTolerance: perChannelTolerance,
        maximumDifferingPixelFraction: maximumDifferingPixelFraction, settings: settings,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    else { return [] }
    return assertion.run("golden contact sheet") {
        let layouts = try spec.layouts(at: categories)
        let sheet = try ContactSheet(columns: columns, scale: spec.scale, padding: spec.padding, background: spec.background)
            .render(layouts)
        assertion.check(sheet, facts: .layouts(layouts.map(LayoutDescription.init)), variant: "sheet")
        return layouts
    }
}

/// One golden assertion's checked arguments, and how it verifies and reports each picture.
struct GoldenAssertion {
    let name: String
    let perChannelTolerance: Int
    let maximumDifferingPixelFraction: Double
    let settings: GoldenSettings
    let filePath: String
    let function: String
    let location: SourceLocation

    /// The assertion, or `nil` once an issue is recorded for each mistake in the arguments.
    init?(
        name: String, categories: [ContentSizeCategory], perChannelTolerance: Int, maximumDifferingPixelFraction: Double,
        settings: GoldenSettings, fileID: String, filePath: String, function: String, line: Int, column: Int
    ) {
        location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard checkArguments(name: name, categories: categories, perChannelTolerance: perChannelTolerance,
                             maximumDifferingPixelFraction: maximumDifferingPixelFraction, settings: settings, at: location)
        else { return nil }
        self.name = name
        self.perChannelTolerance = perChannelTolerance
        self.maximumDifferingPixelFraction = maximumDifferingPixelFraction
        self.settings = settings
        self.filePath = filePath
        self.function = function
    }

    /// Checks `image` and `facts` against the reference `<test>.<name>.<variant>`; a failure
    /// becomes an issue.
    func check(_ image: RGBAImage, facts: GoldenFacts, variant: String) {
        let reference = GoldenReference(goldensDirectory: settings.goldensDirectory, filePath: filePath, function: function,
                                        name: name, variant: variant, suite: GoldenReference.currentSuite)
        report(GoldenVerifier.verify(image, sidecar: facts, against: reference, perChannelTolerance: perChannelTolerance,
                                     maximumDifferingPixelFraction: maximumDifferingPixelFraction, settings: settings),
               at: location)
    }

    /// What `body` returns, or, if it throws, nothing and an issue "Can't render <what> '<name>'".
    func run<Layout>(_ what: String, _ body: () throws -> [Layout]) -> [Layout] {
        do {
            return try body()
        } catch {
            Issue.record(error, "Can't render \(what) '\(name)'", sourceLocation: location)
            return []
        }
    }
}

/// Records an issue for each mistake in the arguments or the environment; `false` if the
/// assertion can't go on.
private func checkArguments(
    name: String, categories: [ContentSizeCategory], perChannelTolerance: Int, maximumDifferingPixelFraction: Double,
    settings: GoldenSettings, at location: SourceLocation
) -> Bool {
    for problem in settings.problems {
        Issue.record(Comment(rawValue: problem), sourceLocation: location)
    }
    var problems: [String] = []
    if !GoldenReference.isValidName(name) {
        problems.append("golden name '\(name)' must be letters, digits, '-' and '_' (it becomes part of a file name)")
    }
    if categories.isEmpty {
        problems.append("golden '\(name)' has no categories to render")
    }
    if Set(categories).count != categories.count {
        problems.append("golden '\(name)' lists a category twice: \(categories.map(\.shortName))")
    }
    if !(0...255).contains(perChannelTolerance) {
        problems.append("perChannelTolerance must be 0 to 255, got \(perChannelTolerance)")
    }
    if !(maximumDifferingPixelFraction >= 0 && maximumDifferingPixelFraction <= 1) {
        problems.append("maximumDifferingPixelFraction must be 0 to 1, got \(maximumDifferingPixelFraction)")
    }
    for problem in problems {
        Issue.record(Comment(rawValue: problem), sourceLocation: location)
    }
    return problems.isEmpty
}

/// A failed golden as the issue's title: the golden's name and what failed, in a test
/// report's one line ("Caught error: …"), the full message below it as the comment.
struct GoldenFailure: Error, CustomStringConvertible {
    let description: String
}

/// Turns a failed check into an issue titled with the golden and its differing-pixel count,
/// with its images attached to the test.
private func report(_ result: GoldenResult, at location: SourceLocation) {
    guard !result.passed else { return }
    Issue.record(GoldenFailure(description: result.title), Comment(rawValue: result.message), sourceLocation: location)
    for path in result.artifactPaths where path.hasSuffix(".png") {
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        Attachment.record([UInt8](data), named: URL(fileURLWithPath: path).lastPathComponent, sourceLocation: location)
    }
}
