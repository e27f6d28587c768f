import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI

/// A golden test of every preview in one line: each preview's sheet of `categories` checked as
/// ``assertGoldenContactSheet(of:named:device:categories:language:localizedStrings:columns:scale:debugFrames:showsDeviceChrome:perChannelTolerance:maximumDifferingPixelFraction:settings:fileID:filePath:function:line:column:)``
/// checks a view, against `__Goldens__/<TestFile>/<test>.<preview>.sheet.png` and its frames dump.
///
/// ```swift
/// @Test @MainActor func previews() {
///     assertPreviewGoldens(module: "App")      // every #Preview of the App module
/// }
/// ```
///
/// A preview's reference is named by its display name (`#Preview("Settings")` → `Settings`,
/// a provider → its type name, an unnamed `#Preview` → `File.swift:12`), every character other
/// than an ASCII letter, digit, `-` or `_` made `-`; two previews of one name are told apart by a
/// number (`Settings-2`). No preview at all is an issue, so that a list that came out empty
/// (the module's name mistyped) doesn't pass silently. A preview that traps stops the test
/// process, as any trap in a test does: the preview command (`PreviewCommand`) runs each in a
/// child process instead.
///
/// - Parameters:
///   - previews: the previews; by default every `#Preview` linked into the test program
///     (`Preview.registered`). Add providers with `Preview(MyView_Previews.self)`.
///   - module: only previews written in this module (`Preview.module`: a `#Preview`'s
///     `#fileID`'s first part, a provider's type's module wherever it is registered).
///   - device: the screen the previews are hosted on.
///   - categories: the cells of each sheet, in order; by default all twelve.
///   - language: the language their text is looked up and laid out in.
///   - localizedStrings: the app's strings (its catalogs, read by the caller: TypeLayoutAudit's
///     `ScreenStrings` reads them), for `Text` made from a `LocalizedStringKey`; `nil` shows the
///     keys.
///   - scale: pixels per point: 1, 2 or 3.
///   - showsDeviceChrome: whether a device preset's status bar and home indicator are drawn
///     over the pictures (`ScreenRenderer.showsDeviceChrome`, on by default as there); they
///     are never in the frames dumps.
///   - settings: record mode and folders; by default read from the environment.
///   - fileID: the caller's file, for the issue's location.
///   - filePath: the caller's file, whose folder holds `__Goldens__`.
///   - function: the test's name, the reference file name's first part.
///   - line: the caller's line, for the issue's location.
///   - column: the caller's column, for the issue's location.
/// - Returns: the reference names checked, in order.
@MainActor @discardableResult
public func assertPreviewGoldens(
    _ previews: [Preview]? = nil, module: String? = nil, device: Device = .iPhone16,
    categories: [ContentSizeCategory] = ContentSizeCategory.allCases, language: String? = nil,
    localizedStrings: LocalizedStringLookup? = nil, scale: Int = 1, showsDeviceChrome: Bool = true,
    settings: GoldenSettings = .current,
    fileID: String = #fileID, filePath: String = #filePath, function: String = #function,
    line: Int = #line, column: Int = #column
) -> [String] {
    let all: [Preview] = previews ?? Preview.registered
    let chosen = all.filter { (preview: Preview) -> Bool in module == nil || preview.module == module }
    guard !chosen.isEmpty else {
        Issue.record("no previews to check\(module.map { " in the module \($0)" } ?? "")",
                     sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return []
    }
    var names: [String] = []
    for preview in chosen {
        let base = String(preview.displayName.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
        var name = base, number = 2
        while names.contains(name) {
            name = "\(base)-\(number)"
            number += 1
        }
        names.append(name)
        assertGoldenContactSheet(of: preview.makeView(), named: name, device: device, categories: categories, language: language,
                                 localizedStrings: localizedStrings,
                                 scale: scale, showsDeviceChrome: showsDeviceChrome, settings: settings, fileID: fileID, filePath: filePath, function: function,
                                 line: line, column: column)
    }
    return names
}
