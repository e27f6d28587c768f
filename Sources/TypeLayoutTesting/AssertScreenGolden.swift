import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutRendering

/// Lays out a screen at each category, renders it (TypeLayoutScreens' `ScreenRenderer`) and
/// checks each picture against `__Goldens__/<TestFile>/<test>.<name>.<category>.png`, and its
/// frames dump (`ScreenLayout.framesJSON()`: every node's frame, text's lines, truncation and
/// sizes) exactly against `<test>.<name>.<category>.layout.json` beside it, as
/// ``assertGolden(of:named:categories:perChannelTolerance:maximumDifferingPixelFraction:settings:fileID:filePath:function:line:column:)``
/// checks a label.
///
/// The screen is laid out in the running context (`DynamicTypeContext.current`, which the
/// `.dynamicType(…)` trait sets per test) at each category.
///
/// - Parameters:
///   - screen: the screen.
///   - name: tells this assertion's references from the test's others: letters, digits, `-`
///     and `_`; unique within the test.
///   - categories: the content size categories to render, each its own reference.
///   - device: a device to lay the screen out on instead of its own.
///   - scale: pixels per point: 1, 2 or 3.
///   - debugFrames: whether every node's frame is outlined in the pictures.
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
///   if the screen couldn't be laid out.
@discardableResult
public func assertGolden(
    of screen: Screen, named name: String, categories: [ContentSizeCategory], device: Device? = nil,
    scale: Int = 2, debugFrames: Bool = false, showsDeviceChrome: Bool = true,
    perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0,
    settings: GoldenSettings = .current,
    fileID: String = #fileID, filePath: String = #filePath, function: String = #function,
    line: Int = #line, column: Int = #column
) -> [ScreenLayout] {
    guard let assertion = GoldenAssertion(
        name: name, categories: categories, perChannelTolerance: perChannelTolerance,
        maximumDifferingPixelFraction: maximumDifferingPixelFraction, settings: settings,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    else { return [] }
    return assertion.run("screen golden") {
        try assertion.checkEach(try screenLayouts(screen, device: device, categories: categories),
                                renderer: ScreenRenderer(scale: scale, debugFrames: debugFrames, showsDeviceChrome: showsDeviceChrome))
    }
}

/// Lays out a screen at several categories and renders them into one sheet (TypeLayoutScreens'
/// `ScreenSheet`: a captioned cell per category), checked against
/// `__Goldens__/<TestFile>/<test>.<name>.sheet.png` and the frames dumps of every category, in
/// order, against `<test>.<name>.sheet.layout.json`, like
/// ``assertGolden(of:named:categories:device:scale:debugFrames:showsDeviceChrome:perChannelTolerance:maximumDifferingPixelFraction:settings:fileID:filePath:function:line:column:)``.
///
/// - Parameters:
///   - screen: the screen.
///   - name: tells this sheet's reference from the test's others: letters, digits, `-` and
///     `_`; unique within the test.
///   - categories: the cells, in order; by default all twelve categories.
///   - device: a device to lay the screen out on instead of its own.
///   - columns: cells per row.
///   - scale: pixels per point: 1, 2 or 3.
///   - debugFrames: whether every node's frame is outlined.
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
/// - Returns: the layouts drawn, one per category; empty if the screen couldn't be laid out.
@discardableResult
public func assertGoldenContactSheet(
    of screen: Screen, named name: String, categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
    device: Device? = nil, columns: Int = 6, scale: Int = 1, debugFrames: Bool = false, showsDeviceChrome: Bool = true,
    perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0,
    settings: GoldenSettings = .current,
    fileID: String = #fileID, filePath: String = #filePath, function: String = #function,
    line: Int = #line, column: Int = #column
) -> [ScreenLayout] {
    guard let assertion = GoldenAssertion(
        name: name, categories: categories, perChannelTolerance: perChannelTolerance,
        maximumDifferingPixelFraction: maximumDifferingPixelFraction, settings: settings,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    else { return [] }
    return assertion.run("screen golden sheet") {
        try assertion.checkSheet(try screenLayouts(screen, device: device, categories: categories),
                                 renderer: ScreenRenderer(scale: scale, debugFrames: debugFrames, showsDeviceChrome: showsDeviceChrome), columns: columns)
    }
}

/// The screen on `device` (else its own) laid out at each category in the running context.
private func screenLayouts(_ screen: Screen, device: Device?, categories: [ContentSizeCategory]) throws -> [ScreenLayout] {
    var screen = screen
    if let device { screen.device = device }
    return try screen.layouts(at: categories, in: .current)
}

extension GoldenAssertion {
    /// Renders each layout and checks it, with its frames dump, against the reference named
    /// by its category; returns `layouts`. Shared by screens and SwiftUI views.
    func checkEach(_ layouts: [ScreenLayout], renderer: ScreenRenderer) throws -> [ScreenLayout] {
        for layout in layouts {
            check(try renderer.render(layout), facts: .screenFrames(layout.framesJSON()), variant: layout.category.shortName)
        }
        return layouts
    }

    /// Renders the layouts into one sheet and checks it, with every category's frames dump,
    /// against the reference `sheet`; returns `layouts`.
    func checkSheet(_ layouts: [ScreenLayout], renderer: ScreenRenderer, columns: Int) throws -> [ScreenLayout] {
        let sheet = try ScreenSheet(renderer: renderer, columns: columns).render(layouts)
        check(sheet, facts: .screenFrames(ScreenLayout.framesJSON(layouts)), variant: "sheet")
        return layouts
    }
}
