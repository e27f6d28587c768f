import Foundation
import Testing
import TypeLayout

/// Lays out a label at each category and checks the layouts' descriptions (lines, runs, glyphs,
/// sizes: `LayoutDescription`) exactly against
/// `__Goldens__/<TestFile>/<test>.<name>.dump.layout.json`: a text golden, as Pango and libraqm
/// test their layouts, which fails loudly and reads as a diff where a pixel tolerance would hide
/// a changed break or glyph.
///
/// The reference is written as `TYPELAYOUT_RECORD` says (see ``GoldenRecordMode``); a written
/// reference always fails, so it is looked at before it is committed.
///
/// - Parameters:
///   - spec: the label and its paragraph style (scale, padding and background are unused).
///   - name: tells this dump from the test's other references: letters, digits, `-` and `_`.
///   - categories: the categories to lay out, all in the one reference file.
///   - settings: record mode and folders; by default read from the environment.
///   - fileID: the caller's file, for the issue's location.
///   - filePath: the caller's file, whose folder holds `__Goldens__`.
///   - function: the test's name, the reference file name's first part.
///   - line: the caller's line, for the issue's location.
///   - column: the caller's column, for the issue's location.
/// - Returns: the layouts, so a test can check facts about them too; empty if the label
///   couldn't be laid out.
@discardableResult
public func assertLayoutDump(
    of spec: LabelSpec, named name: String, categories: [ContentSizeCategory], settings: GoldenSettings = .current,
    fileID: String = #fileID, filePath: String = #filePath, function: String = #function,
    line: Int = #line, column: Int = #column
) -> [TextLayout] {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard GoldenReference.isValidName(name), !categories.isEmpty else {
        Issue.record("layout dump '\(name)' needs a name of letters, digits, '-' and '_', and categories", sourceLocation: location)
        return []
    }
    let reference = GoldenReference(goldensDirectory: settings.goldensDirectory, filePath: filePath, function: function,
                                    name: name, variant: "dump", suite: GoldenReference.currentSuite)
    do {
        let layouts = try spec.layouts(at: categories)
        let actual = layouts.map(LayoutDescription.init)
        let differences: [String]
        if let data = FileManager.default.contents(atPath: reference.factsPath) {
            do {
                differences = LayoutDescription.differences(from: try LayoutSidecar.decode(data).layouts, to: actual)
            } catch {
                differences = ["the reference can't be read (\(error))"]
            }
            guard !differences.isEmpty else { return layouts }
        } else {
            differences = []
        }
        let missing = !FileManager.default.fileExists(atPath: reference.factsPath)
        let rewrites = settings.recordMode != .never && (missing || settings.recordMode != .missing)
        var message = missing ? "no layout dump at \(reference.factsPath)" : "layout dump \(reference.factsPath) differs: "
            + differences.joined(separator: "; ")
        if rewrites {
            try FileManager.default.createDirectory(atPath: reference.directory, withIntermediateDirectories: true)
            try LayoutSidecar(layouts: actual).encoded().write(to: URL(fileURLWithPath: reference.factsPath), options: .atomic)
            message += "; written anew: look at it before committing"
        }
        Issue.record(Comment(rawValue: message), sourceLocation: location)
        return layouts
    } catch {
        Issue.record(error, "Can't lay out layout dump '\(name)'", sourceLocation: location)
        return []
    }
}
