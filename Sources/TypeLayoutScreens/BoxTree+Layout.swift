extension BoxTree {
    /// The deepest nesting ``layout(root:width:height:direction:)`` accepts. Layout recurses
    /// a few calls a level; a tree deeper than `inlineDepth` runs on a thread of its own with
    /// `layoutStackBytes` of stack, which this keeps it well inside (debug builds included).
    public static let maximumDepth = 1_000

    /// The stack layout runs on: address space reserved, touched only as deep as the tree.
    static let layoutStackBytes = 512 << 20

    /// The deepest tree laid out on the caller's thread (Swift Testing's threads held 500
    /// levels in a debug build before they overflowed; this leaves room for the caller's frames).
    static let inlineDepth = 64

    /// Lays out the subtree under `root` in a viewport of `width` × `height` points.
    ///
    /// A root without its own `width` (or `height`) takes the viewport's; `nil` lets the
    /// content decide. The root sits at (0, 0).
    ///
    /// - Throws: ``BoxLayoutError/treeTooDeep(depth:limit:)`` past ``maximumDepth`` levels,
    ///   ``BoxLayoutError/nonFiniteValue(box:property:)`` for a NaN or infinite style number,
    ///   ``BoxLayoutError/unknownBox(_:)`` for a root not in the tree.
    public func layout(
        root: BoxID, width: Double? = nil, height: Double? = nil, direction: Direction = .ltr
    ) throws -> BoxLayout {
        try layoutAndPass(root: root, width: width, height: height, direction: direction).layout
    }

    /// The layout and the pass that made it, whose counts tests read.
    func layoutAndPass(
        root: BoxID, width: Double?, height: Double?, direction: Direction
    ) throws -> (layout: BoxLayout, pass: FlexLayoutPass) {
        guard styles.indices.contains(root.index) else { throw BoxLayoutError.unknownBox(root) }
        let order = try documentOrder(from: root)
        let pass = FlexLayoutPass(tree: self)
        // A thread of its own only for deep trees: a screen's few dozen levels fit any thread's
        // stack, and a thread per layout would cost more than laying out a cell.
        if order.lazy.map(\.depth).max() ?? 0 <= Self.inlineDepth {
            layOut(root: root, width: width, height: height, direction: direction, in: pass)
        } else {
            onLargeStack(bytes: Self.layoutStackBytes) {
                layOut(root: root, width: width, height: height, direction: direction, in: pass)
            }
        }
        return (makeLayout(pass: pass, order: order), pass)
    }

    private func layOut(root: BoxID, width: Double?, height: Double?, direction: Direction, in pass: FlexLayoutPass) {
        let style = styles[root.index]
        let rootDirection = direction == .inherit ? Direction.ltr : direction
        if style.display == .none {
            pass.hideSubtree(root.index)
        } else {
            let viewport = [Axis.horizontal: width, .vertical: height]
            var spaces: [Axis: AxisSpace] = [:]
            for axis in [Axis.horizontal, .vertical] {
                let margins = style.margin.resolved(direction: rootDirection, reference: width).sum(axis)
                if let size = style.size(axis).resolved(against: viewport[axis] ?? nil) {
                    spaces[axis] = .exact(size)
                } else if let maximum = style.maximumSize(axis).resolved(against: viewport[axis] ?? nil) {
                    spaces[axis] = .atMost(maximum)
                } else if let available = viewport[axis] ?? nil {
                    spaces[axis] = .exact(available - margins)
                } else {
                    spaces[axis] = .maxContent
                }
            }
            pass.layout(
                root.index, width: spaces[.horizontal]!, height: spaces[.vertical]!,
                containingWidth: width, containingHeight: height,
                parentDirection: rootDirection, performLayout: true, appliesAspectRatio: false)
            let margin = style.margin.resolved(direction: rootDirection, reference: width)
            pass.frames[root.index].x = margin.left
            pass.frames[root.index].y = margin.top
        }
    }

    /// The boxes under `root`, a parent before its children, found without recursion;
    /// checks depth and style numbers on the way.
    private func documentOrder(from root: BoxID) throws -> [(box: BoxID, depth: Int)] {
        var order: [(box: BoxID, depth: Int)] = []
        var pending = [(box: root, depth: 1)]
        while let (next, depth) = pending.popLast() {
            guard depth <= Self.maximumDepth else {
                throw BoxLayoutError.treeTooDeep(depth: depth, limit: Self.maximumDepth)
            }
            if let property = styles[next.index].firstNonFiniteProperty {
                throw BoxLayoutError.nonFiniteValue(box: next, property: property)
            }
            order.append((next, depth))
            for child in childLists[next.index].reversed() { pending.append((child, depth + 1)) }
        }
        return order
    }

    private func makeLayout(pass: FlexLayoutPass, order: [(box: BoxID, depth: Int)]) -> BoxLayout {
        var frames: [BoxFrame] = []
        frames.reserveCapacity(order.count)
        // By box index; a parent comes before its children, so its origin is always set.
        var absoluteOrigins = Array(repeating: (x: 0.0, y: 0.0), count: count)
        for (box, _) in order {
            let relative = pass.frames[box.index]
            let parent = frames.isEmpty ? nil : parents[box.index]
            let parentOrigin = parent.map { absoluteOrigins[$0.index] } ?? (x: 0, y: 0)
            let origin = (x: parentOrigin.x + relative.x, y: parentOrigin.y + relative.y)
            absoluteOrigins[box.index] = origin
            frames.append(BoxFrame(
                box: box, parent: parent, frame: relative,
                absoluteFrame: BoxRect(x: origin.x, y: origin.y, width: relative.width, height: relative.height),
                isDisplayed: pass.displayed[box.index]))
        }
        return BoxLayout(frames: frames)
    }
}

extension BoxStyle {
    /// The name of the first number that is NaN or infinite, which layout would spread.
    var firstNonFiniteProperty: String? {
        // Almost every style is finite throughout: say so without building the named lists.
        if isFiniteThroughout { return nil }
        let dimensions: [(String, Dimension)] = [
            ("flexBasis", flexBasis), ("width", width), ("height", height), ("minWidth", minWidth),
            ("maxWidth", maxWidth), ("minHeight", minHeight), ("maxHeight", maxHeight),
        ]
        if let (name, _) = dimensions.first(where: { !$0.1.isFinite }) { return name }
        let edges: [(String, Edges<Dimension>)] = [("padding", padding), ("margin", margin), ("inset", inset)]
        if let (name, _) = edges.first(where: { !$0.1.isEveryValueFinite }) { return name }
        let numbers: [(String, Double?)] = [
            ("flexGrow", flexGrow), ("flexShrink", flexShrink), ("gap", gap), ("rowGap", rowGap),
            ("columnGap", columnGap), ("aspectRatio", aspectRatio), ("borderRadius", borderRadius),
        ]
        if let (name, _) = numbers.first(where: { !($0.1?.isFinite ?? true) }) { return name }
        return borderWidth.isEveryValueFinite ? nil : "borderWidth"
    }
}

extension BoxStyle {
    /// Whether every number of the style is finite, checked without allocating.
    private var isFiniteThroughout: Bool {
        flexBasis.isFinite && width.isFinite && height.isFinite && minWidth.isFinite && maxWidth.isFinite
            && minHeight.isFinite && maxHeight.isFinite
            && padding.isEveryValueFinite && margin.isEveryValueFinite && inset.isEveryValueFinite
            && borderWidth.isEveryValueFinite
            && flexGrow.isFinite && flexShrink.isFinite && (gap ?? 0).isFinite && (rowGap ?? 0).isFinite
            && (columnGap ?? 0).isFinite && (aspectRatio ?? 0).isFinite && borderRadius.isFinite
    }
}

/// A value that may be NaN or infinite.
protocol FiniteCheckable {
    var isFinite: Bool { get }
}

extension Double: FiniteCheckable {}

extension Dimension: FiniteCheckable {
    /// False for a number that is NaN or infinite.
    var isFinite: Bool {
        switch self {
        case .points(let value), .percent(let value): value.isFinite
        case .auto: true
        }
    }
}

extension Edges where Value: FiniteCheckable {
    /// Whether every edge set is finite; unset edges are.
    var isEveryValueFinite: Bool {
        func finite(_ value: Value?) -> Bool { value?.isFinite ?? true }
        return finite(all) && finite(top) && finite(right) && finite(bottom) && finite(left) && finite(start)
            && finite(end) && finite(horizontal) && finite(vertical)
    }
}
