import TypeLayout
import TypeLayoutScreens

/// What the screen audit can find wrong with a node of a laid-out screen.
public enum ScreenRule: String, Sendable, Hashable, CaseIterable, Codable {
    /// Text needed more lines than it shows and was cut off with "…".
    case truncated
    /// A word was wider than its text's frame and was broken between letters.
    case wordBroken
    /// Text sticks out of an ancestor that hides its overflow (`overflow: hidden`), so part of it
    /// is cut off.
    case clipped
    /// A node sticks out of the screen's width: a horizontal scroll nobody meant.
    case horizontalOverflow
    /// Two nodes overlap: siblings in the flow, or two drawn nodes anywhere on the screen (text
    /// over text, text over a control) whose boxes don't contain one another.
    case overlap
    /// A button or control smaller than 44 × 44 pt, Apple's minimum tap target.
    case smallTapTarget
    /// Text set below 11 pt, the smallest Apple's text styles go.
    case smallText
    /// The content is taller than the device: information, not a failure, since screens scroll.
    case tallerThanDevice

    /// Whether the finding fails the audit: every rule but ``tallerThanDevice``.
    public var isFailure: Bool { self != .tallerThanDevice }
}

/// One thing wrong with one node of a screen in one language at one category, with what was
/// measured.
public struct ScreenFinding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The screen's name (its file, or what the caller called it).
    public var screen: String
    /// The node's id, or its path (`0.2.1`) when it has none.
    public var node: String
    /// The language the screen's text was in.
    public var language: String
    /// The category the screen was laid out at.
    public var category: ContentSizeCategory
    /// What is wrong.
    public var rule: ScreenRule
    /// The numbers measured, in points, said in a few words: "right edge 431.5 > screen 390".
    public var measured: String
    /// For an overlap or a clip, the other node (the sibling, the clipping ancestor).
    public var otherNode: String?
    /// Where the node was written, if it came from a file.
    public var sourceLocation: TextFileLocation?

    /// A finding.
    public init(screen: String, node: String, language: String, category: ContentSizeCategory, rule: ScreenRule,
                measured: String, otherNode: String? = nil, sourceLocation: TextFileLocation? = nil) {
        self.screen = screen
        self.node = node
        self.language = language
        self.category = category
        self.rule = rule
        self.measured = measured
        self.otherNode = otherNode
        self.sourceLocation = sourceLocation
    }

    /// One line: screen, node, language, category, rule and the numbers.
    public var description: String {
        "\(screen): \(node) (\(language), \(category.rawValue)): \(rule.rawValue): \(measured)"
    }
}

/// The screen audit's rules: a pure function of a laid-out screen.
public enum ScreenAudit {
    /// The smallest tap target, in points each way (Apple's Human Interface Guidelines).
    public static let minimumTapTarget = 44.0
    /// The smallest text size in points (caption 2 at the large category).
    public static let minimumTextSize = 11.0
    /// How far frames may cross before it counts: layout sums of scaled metrics aren't exact.
    public static let tolerance = 0.5

    /// Everything wrong with `layout`, node by node in document order (the screen-wide
    /// ``ScreenRule/tallerThanDevice`` last).
    ///
    /// - Text: ``ScreenRule/truncated``; ``ScreenRule/wordBroken`` (not for a one-line text that
    ///   truncates, where the long word is the truncation's one cause); ``ScreenRule/clipped`` by
    ///   the nearest node with `overflow: hidden`, the text's own or an ancestor, whose padding
    ///   box doesn't hold the text's lines (from the leftmost line's start to the rightmost
    ///   line's end, the text's whole height); ``ScreenRule/smallText``.
    /// - ``ScreenRule/horizontalOverflow``: the outermost nodes past the screen's left or right
    ///   edge, not counting those inside a container that clips or scrolls (a horizontal
    ///   carousel is meant to be wider).
    /// - ``ScreenRule/overlap``: two nodes whose frames cross by more than ``tolerance`` both
    ///   ways, neither box containing the other nor one inside the other in the tree, that are
    ///   siblings or both drawn (text, an image, a control, a background), wherever they are in
    ///   the tree: a text spilling over a navigation title is found. Nodes with `position:
    ///   absolute` and what they hold are overlays on purpose (a badge, a ZStack) and skipped,
    ///   as are empty frames, two plain backgrounds that aren't siblings, and two nodes on either
    ///   side of a scroll view's viewport (`ScreenLayout.Node.scrollsContent`): content passes
    ///   under views fixed over a scroll view by design, and content drawn whole past a form's
    ///   end is scrolled into view in the app, not hidden under the tab bar. Found by a sweep
    ///   over the frames sorted by their left edge.
    /// - ``ScreenRule/smallTapTarget``: nodes with a `ScreenRole` smaller than 44 × 44 pt.
    public static func findings(in layout: ScreenLayout, screen: String, language: String) -> [ScreenFinding] {
        let nodes = layout.nodes
        var found: [ScreenFinding] = []
        func finding(_ index: Int, _ rule: ScreenRule, _ measured: String, other: Int? = nil) -> ScreenFinding {
            ScreenFinding(screen: screen, node: name(nodes[index]), language: language, category: layout.category, rule: rule,
                          measured: measured, otherNode: other.map { name(nodes[$0]) }, sourceLocation: nodes[index].sourceLocation)
        }
        let overlapping = overlaps(in: nodes)

        for (index, node) in nodes.enumerated() {
            if let text = node.text, !text.string.isEmpty {
                let size = text.pointSize
                if text.isTruncated {
                    found.append(finding(index, .truncated, "\(lines(text.lines.count)) shown at \(points(size)) pt in \(points(node.contentFrame.width)) pt"))
                }
                if text.hasBrokenWord && !(text.isTruncated && text.lines.count == 1) {
                    found.append(finding(index, .wordBroken, "a word wider than \(points(node.contentFrame.width)) pt at \(points(size)) pt"))
                }
                let ink = inkRect(text, in: node.contentFrame)
                if let clip = clippingBox(of: index, ink: ink, in: nodes) {
                    let box = paddingBox(clip.index, in: nodes)
                    found.append(finding(index, .clipped, "\(clip.overflow) past \(name(nodes[clip.index]))'s padding box \(rect(box))"
                        + " (text \(rect(ink)))", other: clip.index == index ? nil : clip.index))
                }
                if size > 0 && size < minimumTextSize - 1e-9 {
                    found.append(finding(index, .smallText, "\(points(size)) pt < \(points(minimumTextSize)) pt"))
                }
            }
            if let overflow = horizontalOverflow(node.frame, width: layout.device.width),
               !hasClippingOrScrollingAncestor(index, in: nodes),
               node.parent.map({ horizontalOverflow(nodes[$0].frame, width: layout.device.width) == nil }) ?? true {
                found.append(finding(index, .horizontalOverflow, overflow))
            }
            if node.role != nil, node.frame.width < minimumTapTarget - 1e-9 || node.frame.height < minimumTapTarget - 1e-9 {
                found.append(finding(index, .smallTapTarget,
                                     "\(points(node.frame.width)) × \(points(node.frame.height)) pt < \(points(minimumTapTarget)) × \(points(minimumTapTarget)) pt"))
            }
            // Each pair once, reported on the later node.
            for (other, crossing) in overlapping[index] ?? [] {
                found.append(finding(index, .overlap, "overlaps by \(points(crossing.width)) × \(points(crossing.height)) pt", other: other))
            }
        }
        let content = layout.nodes.map { $0.frame.y + $0.frame.height }.max() ?? 0
        if content > layout.device.height + tolerance, !nodes.isEmpty {
            found.append(finding(0, .tallerThanDevice, "content \(points(content)) pt tall > device \(points(layout.device.height)) pt"))
        }
        return found
    }

    /// The node's id, or its path.
    static func name(_ node: ScreenLayout.Node) -> String { node.id ?? node.path }

    private static func points(_ value: Double) -> String { value.formatted(maxFractionDigits: 1) }

    private static func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }

    private static func rect(_ box: BoxRect) -> String {
        "x \(points(box.x))…\(points(box.x + box.width)), y \(points(box.y))…\(points(box.y + box.height))"
    }

    /// The border box less the borders: what `overflow: hidden` clips to.
    static func paddingBox(_ index: Int, in nodes: [ScreenLayout.Node]) -> BoxRect {
        let node = nodes[index]
        // `start`/`end` borders follow the nearest direction set, left to right by default.
        var direction = Direction.ltr
        var current: Int? = index
        while let at = current {
            if nodes[at].style.direction != .inherit {
                direction = nodes[at].style.direction
                break
            }
            current = nodes[at].parent
        }
        func border(_ edge: PhysicalEdge) -> Double { node.style.borderWidth.value(for: edge, direction: direction) ?? 0 }
        return BoxRect(x: node.frame.x + border(.left), y: node.frame.y + border(.top),
                       width: max(0, node.frame.width - border(.left) - border(.right)),
                       height: max(0, node.frame.height - border(.top) - border(.bottom)))
    }

    /// Where a text's lines are: from the leftmost line's start to the rightmost line's end
    /// (alignment moves them), the text's whole height, from the content frame's corner; the
    /// text may be taller than a frame of fixed height.
    static func inkRect(_ text: TextLayout, in content: BoxRect) -> BoxRect {
        let left = text.lines.map(\.x).min() ?? 0
        let right = text.lines.map { $0.x + $0.width }.max() ?? 0
        return BoxRect(x: content.x + left, y: content.y, width: max(0, right - left), height: text.size.height)
    }

    /// The nearest node, the text's own or an ancestor, with `overflow: hidden` whose padding
    /// box doesn't hold `frame`, and by how much the frame sticks out.
    private static func clippingBox(of index: Int, ink frame: BoxRect, in nodes: [ScreenLayout.Node]) -> (index: Int, overflow: String)? {
        var current: Int? = index
        while let ancestor = current {
            if nodes[ancestor].style.overflow == .hidden {
                let box = paddingBox(ancestor, in: nodes)
                let sides = [
                    ("left", box.x - frame.x), ("right", frame.x + frame.width - box.x - box.width),
                    ("top", box.y - frame.y), ("bottom", frame.y + frame.height - box.y - box.height),
                ].filter { $0.1 > tolerance }
                if !sides.isEmpty {
                    return (ancestor, sides.map { "\(points($0.1)) pt \($0.0)" }.joined(separator: ", "))
                }
            }
            current = nodes[ancestor].parent
        }
        return nil
    }

    private static func hasClippingOrScrollingAncestor(_ index: Int, in nodes: [ScreenLayout.Node]) -> Bool {
        var current = nodes[index].parent
        while let ancestor = current {
            if nodes[ancestor].style.overflow != .visible { return true }
            current = nodes[ancestor].parent
        }
        return false
    }

    private static func horizontalOverflow(_ frame: BoxRect, width: Double) -> String? {
        var sides: [String] = []
        if frame.x < -tolerance { sides.append("left edge \(points(frame.x)) < 0") }
        if frame.x + frame.width > width + tolerance { sides.append("right edge \(points(frame.x + frame.width)) > screen \(points(width))") }
        return sides.isEmpty ? nil : sides.joined(separator: ", ")
    }

    /// Overlapping pairs by their later node, each with the earlier nodes it overlaps (in
    /// document order) and by how much: a sweep over the frames sorted by their left edge
    /// keeps the nodes whose right edge is still ahead, so only frames that cross in x are
    /// compared (n log n plus the pairs that cross, not every pair).
    static func overlaps(in nodes: [ScreenLayout.Node]) -> [Int: [(other: Int, crossing: (width: Double, height: Double))]] {
        var overlay = [Bool](repeating: false, count: nodes.count)
        var depth = [Int](repeating: 0, count: nodes.count)
        // The innermost scroll viewport each node is inside: in a tree, the same innermost one
        // means the same viewports all the way out.
        var scroller = [Int?](repeating: nil, count: nodes.count)
        for (index, node) in nodes.enumerated() {
            // Parents come before their children in document order.
            overlay[index] = node.style.position == .absolute || node.parent.map { overlay[$0] } ?? false
            depth[index] = node.parent.map { depth[$0] + 1 } ?? 0
            if let parent = node.parent { scroller[index] = nodes[parent].scrollsContent ? parent : scroller[parent] }
        }
        /// Whether a scroll viewport holds one node of the pair and not the other: a view fixed
        /// over a scroll view (a tab bar, a pinned button) has the content pass under it by
        /// design, and scrolling moves it away (content drawn whole past a form's end is not
        /// under the tab bar in the app).
        func splitByScrolling(_ a: Int, _ b: Int) -> Bool { scroller[a] != scroller[b] }
        func hasContent(_ node: ScreenLayout.Node) -> Bool {
            (node.text.map { !$0.string.isEmpty } ?? false) || node.kind == .image || node.role != nil
        }
        func isDrawn(_ node: ScreenLayout.Node) -> Bool {
            hasContent(node) || (node.style.backgroundColor.map { $0.alpha > 0 } ?? false)
        }
        func isAncestor(_ ancestor: Int, of index: Int) -> Bool {
            var current = nodes[index].parent
            while let at = current, depth[at] >= depth[ancestor] {
                if at == ancestor { return true }
                current = nodes[at].parent
            }
            return false
        }
        func contains(_ outer: BoxRect, _ inner: BoxRect) -> Bool {
            inner.x >= outer.x - tolerance && inner.y >= outer.y - tolerance
                && inner.x + inner.width <= outer.x + outer.width + tolerance && inner.y + inner.height <= outer.y + outer.height + tolerance
        }
        let drawn = nodes.map(isDrawn), content = nodes.map(hasContent)
        let candidates = nodes.indices.filter { !overlay[$0] && nodes[$0].frame.width > 0 && nodes[$0].frame.height > 0 }
            .sorted { nodes[$0].frame.x < nodes[$1].frame.x }
        var active: [Int] = []
        var found: [Int: [(other: Int, crossing: (width: Double, height: Double))]] = [:]
        for index in candidates {
            let frame = nodes[index].frame
            active.removeAll { nodes[$0].frame.x + nodes[$0].frame.width <= frame.x + tolerance }
            for other in active {
                let (a, b) = (min(index, other), max(index, other))
                // Away from each other in the tree, two plain backgrounds (a bar's, a layer
                // behind the content) may cross: only text, images and controls collide.
                guard nodes[a].parent == nodes[b].parent || (drawn[a] && drawn[b] && (content[a] || content[b])),
                      !splitByScrolling(a, b) else { continue }
                let crossing = intersection(nodes[a].frame, nodes[b].frame)
                guard crossing.width > tolerance && crossing.height > tolerance,
                      !contains(nodes[a].frame, nodes[b].frame), !contains(nodes[b].frame, nodes[a].frame),
                      !isAncestor(a, of: b) else { continue }
                found[b, default: []].append((a, crossing))
            }
            active.append(index)
        }
        for key in found.keys { found[key]!.sort { $0.other < $1.other } }
        return found
    }

    private static func intersection(_ a: BoxRect, _ b: BoxRect) -> (width: Double, height: Double) {
        (min(a.x + a.width, b.x + b.width) - max(a.x, b.x), min(a.y + a.height, b.y + b.height) - max(a.y, b.y))
    }
}
