import Foundation
import SwiftUICorpus
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI
import TypeLayoutTestSupport

/// The 12 categories, xs first.
let allCategories = DynamicTypeSize.allCases.map(\.contentSizeCategory)

/// `view` on an iPhone 16 at every category, or at `categories`.
@MainActor
func layouts(of view: some View, categories: [ContentSizeCategory] = allCategories, language: String? = nil,
             device: Device = .iPhone16) throws -> [ScreenLayout] {
    let host = HostingScreen(rootView: view, device: device)
    if let language { return try categories.map { try host.layout(category: $0, language: language) } }
    return try host.layouts(categories: categories)
}

/// One corpus view and what every size of it must show.
struct CorpusCase: Sendable, CustomStringConvertible {
    let name: String
    /// Ids that are in the layout at every size.
    let ids: [String]
    /// Texts that are laid out somewhere at every size.
    let texts: [String]
    /// Content that scrolls sideways, so that nodes beyond the screen's edges are expected.
    var scrollsSideways = false
    /// Text cut to its line limit by design (a preview line, a one-line title in a bar).
    var truncatesByDesign = false
    /// A scroll view above views pinned under it: its content is laid out whole here (the README's
    /// approximations), so at the largest sizes its frames run under the pinned views (the
    /// renderer cuts it to the viewport).
    var scrollsUnderPinnedViews = false
    /// Texts that may be cut (a text field is one line that scrolls).
    var mayTruncate: [String] = []
    let make: @MainActor @Sendable () -> any View

    var description: String { name }
}

extension ScreenLayout {
    /// The frame of the node with `id`.
    func rect(_ id: String) -> CGRect? {
        self[id].map { CGRect(x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height) }
    }

    /// The first text node under the node with `id` (or the node itself).
    func textNode(under id: String) -> Node? {
        guard let index = nodes.firstIndex(where: { $0.id == id }) else { return nil }
        var inside: Set<Int> = [index]
        for position in nodes.indices where position >= index {
            if position > index {
                guard let parent = nodes[position].parent, inside.contains(parent) else { continue }
                inside.insert(position)
            }
            if nodes[position].kind == .text { return nodes[position] }
        }
        return nil
    }

    /// The text node that shows `string`, if any.
    func textNode(showing string: String) -> Node? {
        nodes.first { $0.text?.string == string }
    }

    /// Pairs of text nodes whose frames overlap by more than a point each way.
    var overlappingTexts: [(String, String)] {
        let texts = nodes.filter { $0.kind == .text }
        var pairs: [(String, String)] = []
        for (i, a) in texts.enumerated() {
            for b in texts[(i + 1)...] {
                let width = min(a.frame.x + a.frame.width, b.frame.x + b.frame.width) - max(a.frame.x, b.frame.x)
                let height = min(a.frame.y + a.frame.height, b.frame.y + b.frame.height) - max(a.frame.y, b.frame.y)
                if width > 1 && height > 1 { pairs.append((a.text?.string ?? a.path, b.text?.string ?? b.path)) }
            }
        }
        return pairs
    }

    /// Nodes that reach past the screen's left or right edge by more than half a point.
    var nodesOutsideWidth: [Node] {
        nodes.filter { $0.frame.x < -0.5 || $0.frame.x + $0.frame.width > device.width + 0.5 }
    }
}
