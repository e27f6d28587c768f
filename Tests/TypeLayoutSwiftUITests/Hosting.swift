import Foundation
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI
import TypeLayoutTestSupport

// The one test file that imports TypeLayoutScreens: its screen builders share SwiftUI's names
// (VStack, Text), so the files that write views import only TypeLayoutSwiftUI.

/// The 12 categories, extraSmall first.
let allCategories = DynamicTypeSize.allCases.map(\.contentSizeCategory)

/// `view` laid out in a plain container of `width` × `height` points (no safe area).
@MainActor
func layOut<V: TypeLayoutSwiftUI.View>(
    _ view: V, width: Double = 390, height: Double = 844, category: ContentSizeCategory = .large, language: String? = nil
) throws -> ScreenLayout {
    try HostingScreen(rootView: view, device: Device(width: width, height: height)).layout(category: category, language: language)
}

/// `view` laid out on a device with a safe area.
@MainActor
func layOutWithSafeArea<V: TypeLayoutSwiftUI.View>(_ view: V, category: ContentSizeCategory = .large) throws -> ScreenLayout {
    let device = Device(width: 390, height: 844, safeArea: (top: 47, left: 0, bottom: 34, right: 0))
    return try HostingScreen(rootView: view, device: device).layout(category: category)
}

extension ScreenLayout {
    /// The frame of the node with `id`, as a rectangle.
    func rect(_ id: String) -> CGRect? {
        guard let node = self[id] else { return nil }
        return CGRect(x: node.frame.x, y: node.frame.y, width: node.frame.width, height: node.frame.height)
    }

    /// The text layout of the node with `id` (a text node, or the first text node under it).
    func textLayout(_ id: String) -> TextLayout? {
        guard let index = nodes.firstIndex(where: { $0.id == id }) else { return nil }
        if let text = nodes[index].text { return text }
        var inside: Set<Int> = [index]
        for position in nodes.indices where position > index {
            guard let parent = nodes[position].parent, inside.contains(parent) else { continue }
            inside.insert(position)
            if let text = nodes[position].text { return text }
        }
        return nil
    }

    /// The frame of the first text node under the node with `id` (or the node itself).
    func textRect(_ id: String) -> CGRect? {
        guard let index = nodes.firstIndex(where: { $0.id == id }) else { return nil }
        var inside: Set<Int> = [index]
        for position in nodes.indices where position >= index {
            if position > index {
                guard let parent = nodes[position].parent, inside.contains(parent) else { continue }
                inside.insert(position)
            }
            if nodes[position].kind == .text {
                let frame = nodes[position].frame
                return CGRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            }
        }
        return nil
    }

    /// The frames of the nodes of exactly `size`, in drawing order.
    func frames(of size: CGSize) -> [CGRect] {
        nodes.map { CGRect(x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height) }
            .filter { abs($0.width - size.width) < 0.01 && abs($0.height - size.height) < 0.01 }
    }

    /// The frames of the text nodes, top to bottom.
    var textFrames: [CGRect] {
        nodes.filter { $0.kind == .text }.map { CGRect(x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height) }
    }

    /// The frames of the hairlines drawn (a third of a point thick), top to bottom.
    var hairlines: [CGRect] {
        nodes.filter { $0.style.backgroundColor != nil }
            .map { CGRect(x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height) }
            .filter { abs($0.height - 1.0 / 3.0) < 0.01 && $0.width > 1 }
    }

    /// Whether the node with `id` has descendants in the layout.
    func hasChildren(_ id: String) -> Bool {
        guard let index = nodes.firstIndex(where: { $0.id == id }) else { return false }
        return nodes.contains { $0.parent == index }
    }
}

/// Whether two lengths are equal to a hundredth of a point.
func close(_ a: CGFloat?, _ b: CGFloat?, within tolerance: CGFloat = 0.01) -> Bool {
    guard let a, let b else { return false }
    return abs(a - b) <= tolerance
}

/// `view` laid out in `language` with the app's strings `strings` (key → language → value).
@MainActor
func layOut<V: TypeLayoutSwiftUI.View>(_ view: V, language: String, strings: [String: [String: String]]) throws -> ScreenLayout {
    let host = HostingScreen(rootView: view, device: Device(width: 390, height: 844), localizedStrings: { key, language in
        strings[key]?[language]
    })
    return try host.layout(language: language)
}

/// All that a screen layout of `view` holds at each of `categories` on a screen `width` points
/// wide (no safe area): the frames dump, and each node's paint, which the dump leaves out.
@MainActor
func screenDump<V: TypeLayoutSwiftUI.View>(
    _ view: V, width: Double, categories: [ContentSizeCategory], language: String? = nil
) throws -> String {
    let layouts = try HostingScreen(rootView: view, device: Device(width: width, height: 844))
        .layouts(categories: categories, language: language)
    let paint = layouts.flatMap { layout in layout.nodes.map { "\($0.path) \($0.kind) \($0.style)" } }
    return ScreenLayout.framesJSON(layouts) + "\n" + paint.joined(separator: "\n")
}
