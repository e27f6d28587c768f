import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI

/// Lays a SwiftUI view out as a hosting controller does (TypeLayoutSwiftUI's `HostingScreen`) at
/// each category, renders it and checks each picture against
/// `__Goldens__/<TestFile>/<test>.<name>.<category>.png`, and its frames dump (every view's
/// frame, with its `.accessibilityIdentifier` as its `id`) exactly against
/// `<test>.<name>.<category>.layout.json` beside it, as
/// ``assertGolden(of:named:categories:device:scale:debugFrames:showsDeviceChrome:perChannelTolerance:maximumDifferingPixelFraction:settings:fileID:filePath:function:line:column:)``
/// checks a screen.
///
/// The view is laid out in the running context (`DynamicTypeContext.current`, which the
/// `.dynamicType(…)` trait sets per test) at each category.
///
/// - Parameters:
///   - view: the view, as a team writes it for SwiftUI.
///   - name: tells this assertion's references from the test's others: letters, digits, `-`
///     and `_`; unique within the test. By default the view's type name.
///   - device: the screen the view is hosted on; `Device(width:height:)` for a plain container.
///   - categories: the content size categories to render, each its own reference.
///   - language: the language its text is looked up and laid out in (a BCP 47 tag).
///   - localizedStrings: the app's strings, for `Text` made from a `LocalizedStringKey` in
///     `language`; `nil` shows the keys.
///   - scale: pixels per point: 1, 2 or 3.
///   - debugFrames: whether every view's frame is outlined in the pictures.
///   - showsDeviceChrome: whether a device preset's status bar and home indicator are drawn
///     over the pictures (`ScreenRenderer.showsDeviceChrome`, on by default as there); they
///     are never in the frames dumps.
///   - perChannelTolerance: how much any R, G, B or A value (0–255) may differ before a pixel
///     counts as differing.
///   - maximumDifferingPixelFraction: the fraction of pixels (0–1) that may differ beyond the
///     tolerance.
///   - settings: record mode and folders; by default read from the environment.
///   - fileID: the caller's file, for the location.
///   - filePath: the caller's file, whose folder holds `__Goldens__`.
///   - function: the test's name, the reference file name's first part.
///   - line: the caller's line, for the location.
///   - column: the caller's column, for the location.
/// - Returns: the layouts, one per category, so a test can check facts about them too; empty
///   if the view couldn't be laid out.
@MainActor @discardableResult
public func assertGolden<Content: View>(
    of view: Content, named name: String? = nil, device: Device, categories: [ContentSizeCategory],
    language: String? = nil, localizedStrings: LocalizedStringLookup? = nil, scale: Int = 2, debugFrames: Bool = false, showsDeviceChrome: Bool = true,
    perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0,
    settings: GoldenSettings = .current,
    fileID: String = #fileID, filePath: String = #filePath, function: String = #function,
    line: Int = #line, column: Int = #column
) -> [ScreenLayout] {
    let place = CallerPlace(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    return checkView(view, name: name, device: device, categories: categories, language: language,
                     localizedStrings: localizedStrings,
                     perChannelTolerance: perChannelTolerance, maximumDifferingPixelFraction: maximumDifferingPixelFraction,
                     settings: settings, place: place, what: "view golden") { assertion, layouts in
        try assertion.checkEach(layouts, renderer: ScreenRenderer(scale: scale, debugFrames: debugFrames, showsDeviceChrome: showsDeviceChrome))
    }
}

/// Lays a SwiftUI view out at several categories and renders them into one sheet (a captioned
/// cell per category), checked against `__Goldens__/<TestFile>/<test>.<name>.sheet.png` and
/// every category's frames dump, in order, against `<test>.<name>.sheet.layout.json`, like
/// ``assertGolden(of:named:device:categories:language:localizedStrings:scale:debugFrames:showsDeviceChrome:perChannelTolerance:maximumDifferingPixelFraction:settings:fileID:filePath:function:line:column:)``.
///
/// - Parameters:
///   - view: the view.
///   - name: tells this sheet's reference from the test's others: letters, digits, `-` and
///     `_`; unique within the test. By default the view's type name.
///   - device: the screen the view is hosted on.
///   - categories: the cells, in order; by default all twelve categories.
///   - language: the language its text is looked up and laid out in.
///   - localizedStrings: the app's strings, for `Text` made from a `LocalizedStringKey` in
///     `language`; `nil` shows the keys.
///   - columns: cells per row.
///   - scale: pixels per point: 1, 2 or 3.
///   - debugFrames: whether every view's frame is outlined.
///   - showsDeviceChrome: whether a device preset's status bar and home indicator are drawn
///     over the pictures (`ScreenRenderer.showsDeviceChrome`, on by default as there); they
///     are never in the frames dumps.
///   - perChannelTolerance: how much any R, G, B or A value (0–255) may differ before a pixel
///     counts as differing.
///   - maximumDifferingPixelFraction: the fraction of pixels (0–1) that may differ beyond the
///     tolerance.
///   - settings: record mode and folders; by default read from the environment.
///   - fileID: the caller's file, for the location.
///   - filePath: the caller's file, whose folder holds `__Goldens__`.
///   - function: the test's name, the reference file name's first part.
///   - line: the caller's line, for the location.
///   - column: the caller's column, for the location.
/// - Returns: the layouts drawn, one per category; empty if the view couldn't be laid out.
@MainActor @discardableResult
public func assertGoldenContactSheet<Content: View>(
    of view: Content, named name: String? = nil, device: Device,
    categories: [ContentSizeCategory] = ContentSizeCategory.allCases, language: String? = nil,
    localizedStrings: LocalizedStringLookup? = nil, columns: Int = 6, scale: Int = 1, debugFrames: Bool = false, showsDeviceChrome: Bool = true,
    perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0,
    settings: GoldenSettings = .current,
    fileID: String = #fileID, filePath: String = #filePath, function: String = #function,
    line: Int = #line, column: Int = #column
) -> [ScreenLayout] {
    let place = CallerPlace(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    return checkView(view, name: name, device: device, categories: categories, language: language,
                     localizedStrings: localizedStrings,
                     perChannelTolerance: perChannelTolerance, maximumDifferingPixelFraction: maximumDifferingPixelFraction,
                     settings: settings, place: place, what: "view golden sheet") { assertion, layouts in
        try assertion.checkSheet(layouts, renderer: ScreenRenderer(scale: scale, debugFrames: debugFrames, showsDeviceChrome: showsDeviceChrome), columns: columns)
    }
}

/// Where an assertion was called from.
private struct CallerPlace {
    let fileID: String, filePath: String, function: String, line: Int, column: Int
}

/// The view hosted on `device`, laid out at each category in the running context, and
/// `check`ed by the assertion the arguments make; an issue for bad arguments or a view that
/// can't be laid out.
@MainActor
private func checkView<Content: View>(
    _ view: Content, name: String?, device: Device, categories: [ContentSizeCategory], language: String?,
    localizedStrings: LocalizedStringLookup?,
    perChannelTolerance: Int, maximumDifferingPixelFraction: Double, settings: GoldenSettings, place: CallerPlace,
    what: String, check: (GoldenAssertion, [ScreenLayout]) throws -> [ScreenLayout]
) -> [ScreenLayout] {
    guard let assertion = GoldenAssertion(
        name: name ?? defaultGoldenName(Content.self), categories: categories, perChannelTolerance: perChannelTolerance,
        maximumDifferingPixelFraction: maximumDifferingPixelFraction, settings: settings, fileID: place.fileID,
        filePath: place.filePath, function: place.function, line: place.line, column: place.column)
    else { return [] }
    return assertion.run(what) {
        try check(assertion, try HostingScreen(rootView: view, device: device, typeContext: .current,
                                           localizedStrings: localizedStrings)
            .layouts(categories: categories, language: language))
    }
}

/// The view type's name up to any generic arguments (`ListCell` for `ListCell<Text>`): a name
/// a reference file can carry.
private func defaultGoldenName<Content>(_ type: Content.Type) -> String {
    String(String(describing: type).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
}
