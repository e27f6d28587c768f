import TypeLayout

extension ScreenLayout {
    /// Every node's frame as JSON, the layout dump that `render-cli screen --json` prints and
    /// golden sidecars compare exactly.
    ///
    /// The document has the `category` (its raw value), the `device` (`name`, `width`,
    /// `height`) and the `nodes` in document order, each with its `id` (when the screen gives
    /// one), `path`, `kind` (`box`, `text`, `image`) and frame (`x`, `y`, `width`, `height` in
    /// points from the screen's top-left corner), and for text its line count (`lines`),
    /// whether it was `truncated`, the distinct `pointSizes` its runs use, its whole `text`
    /// and each line's text as shown (`lineTexts`, an ellipsis included), so that a changed
    /// string shows in the sidecar and not only in the pixels. Keys are
    /// sorted and numbers rounded to hundredths of a point, so equal layouts give equal text.
    public func framesJSON() -> String {
        let document = FramesDocument(
            category: category.rawValue,
            device: .init(name: device.name, width: hundredths(device.width), height: hundredths(device.height)),
            nodes: nodes.map(FramesDocument.Node.init))
        // Only a non-finite number fails to encode, and every frame number is finite.
        return (try? ReviewableJSON.string(document)) ?? "{}"
    }
}

/// The frames dump's shape; optional fields are left out when absent.
private struct FramesDocument: Encodable {
    struct Device: Encodable {
        let name: String
        let width: Double
        let height: Double
    }

    struct Node: Encodable {
        let id: String?
        let path: String
        let kind: String
        let x: Double
        let y: Double
        let width: Double
        let height: Double
        let lines: Int?
        let truncated: Bool?
        let pointSizes: [Double]?
        let text: String?
        let lineTexts: [String]?

        init(_ node: ScreenLayout.Node) {
            id = node.id
            path = node.path
            kind = node.kind.rawValue
            x = hundredths(node.frame.x)
            y = hundredths(node.frame.y)
            width = hundredths(node.frame.width)
            height = hundredths(node.frame.height)
            lines = node.text?.lines.count
            truncated = node.text?.isTruncated
            text = node.text?.string
            lineTexts = node.text.map { LayoutDescription($0).lines.map(\.text) }
            pointSizes = node.text.map { text in
                var sizes: [Double] = []
                for run in LayoutDescription(text).runs where !sizes.contains(hundredths(run.pointSize)) {
                    sizes.append(hundredths(run.pointSize))
                }
                return sizes
            }
        }
    }

    let category: String
    let device: Device
    let nodes: [Node]
}

/// Rounded to hundredths, with no negative zero to print as `-0`.
private func hundredths(_ value: Double) -> Double {
    (value * 100).rounded() / 100 + 0
}
