import TypeLayout
import TypeLayoutScreens

/// The six example screens of Examples/screens/, read from their files. (Their Swift twins are
/// Examples/swiftui's views, compared with the files in SwiftUIExamplesTests.)
enum ExampleScreens {
    /// Examples/screens/, found from this file's place in the source tree.
    static let folder: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/TypeLayoutScreensTests/ExampleScreens.swift
        return parts.joined(separator: "/") + "/Examples/screens"
    }()

    /// The example files' names, without `.yaml`, in the order of the issue.
    static let names = ["larger-text-row", "list-cell", "card", "button-row", "tab-bar", "settings"]

    /// The example called `name`, read from its file.
    static func screen(_ name: String) throws -> Screen {
        try ScreenFile.read(atPath: folder + "/\(name).yaml")
    }

    /// The 41-node settings screen on iPhone SE.
    static var settings: Screen {
        get throws { try screen("settings") }
    }
}
