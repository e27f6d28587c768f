import Foundation
import SwiftUIExamples
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI

/// One of Examples/swiftui's views beside the screen file it was written from.
struct ExampleTwin: Sendable, CustomStringConvertible {
    /// The screen file's name in Examples/screens, without `.yaml`.
    let name: String
    /// The view hosted on the screen file's device, at `category`.
    let layOut: @MainActor @Sendable (ContentSizeCategory) throws -> ScreenLayout
    /// The view's `assertGoldenContactSheet`, which needs the concrete view.
    let sheet: @MainActor @Sendable (String, String) -> [ScreenLayout]

    var description: String { name }

    /// The screen file.
    func screen() throws -> Screen { try ScreenFile.read(atPath: Self.folder + "/\(name).yaml") }

    /// Examples/screens/, found from this file's place in the source tree.
    static let folder: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/SwiftUIExamplesTests/Examples.swift
        return parts.joined(separator: "/") + "/Examples/screens"
    }()

    static func twin<V: TypeLayoutSwiftUI.View>(_ name: String, _ make: @escaping @MainActor @Sendable () -> V) -> ExampleTwin {
        ExampleTwin(
            name: name,
            layOut: { category in
                let device = try ScreenFile.read(atPath: folder + "/\(name).yaml").device
                return try HostingScreen(rootView: make(), device: device, typeContext: .current).layout(category: category)
            },
            sheet: { filePath, function in
                let device = (try? ScreenFile.read(atPath: folder + "/\(name).yaml").device) ?? .iPhone16
                return viewSheet(make(), name: name, device: device, filePath: filePath, function: function)
            })
    }

    /// Every example, in Examples/screens' order.
    static let all: [ExampleTwin] = [
        twin("list-cell") { ListCell() },
        twin("card") { Card() },
        twin("button-row") { ButtonRow() },
        twin("larger-text-row") { LargerTextRow() },
        twin("tab-bar") { TabBar() },
        twin("settings") { SettingsScreen() },
    ]
}
