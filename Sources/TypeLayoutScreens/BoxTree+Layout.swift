import TypeLayout

extension BoxTree {
    /// The deepest nesting ``layout(root:width:height:direction:)`` accepts. Layout recurses
    /// a few calls a level; a tree deeper than `inlineDepth` runs on a thread of its own with
    /// `layoutStackBytes` of stack, which this keeps it well inside (debug builds included).
    public static let maximumDepth = 1_000

    /// The largest magnitude of a style number, and of the viewport, that layout takes.
    /// Sums and products of lengths stay exact to well under a point below it (a billion
    /// points is a thousand times a scrolling list of 100,000 rows); past it, a flex basis of
    /// 10³⁰⁰ swallows every length added to it, and a shrink factor times such a basis
    /// overflows to infinity.
    public static let maximumMagnitude = 1e9

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
    ///   ``BoxLayoutError/valueTooLarge(box:property:limit:)`` for one beyond
    ///   ``maximumMagnitude``, ``BoxLayoutError/invalidViewport(width:height:)`` for a
    ///   viewport side that is negative, not finite or beyond ``maximumMagnitude``,
    ///   ``BoxLayoutError/unknownBox(_:)`` for a root not in the tree.
    public func layout(
        root: BoxID, width: Double? = nil, height: Double? = nil, direction: Direction = .ltr
    ) throws -> BoxLayout {
        try layoutAndPass(root: root, width: width, height: height, direction: direction).layout
    }

    /// The layout and the pass that made it, whose counts tests read; `cachesAnswers` false
    /// lays out without ``LayoutCache``.
    func layoutAndPass(
        root: BoxID, width: Double?, height: Double?, direction: Direction, cachesAnswers: Bool = true
    ) throws -> (layout: BoxLayout, pass: FlexLayoutPass) {
        guard styles.indices.contains(root.index) else { throw BoxLayoutError.unknownBox(root) }
        for side in [width, height] {
            if let side, !(0...Self.maximumMagnitude).contains(side) {
                throw BoxLayoutError.invalidViewport(width: width, height: height)
            }
        }
        let order = try documentOrder(from: root)
        let pass = FlexLayoutPass(tree: self, cachesAnswers: cachesAnswers)
        // A thread of its own only for deep trees: a screen's few dozen levels fit any thread's
        // stack, and a thread per layout would cost more than laying out a cell.
        if order.lazy.map(\.depth).max() ?? 0 <= Self.inlineDepth {
            layOut(root: root, width: width, height: height, direction: direction, in: pass)
        } else {
            runOnNewThread(stackSize: Self.layoutStackBytes) {
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
            if !layoutStyles[next.index].isWithinMaximumMagnitude,
               let (property, value) = styles[next.index].firstNumberOutOfRange(limit: Self.maximumMagnitude) {
                throw value.isFinite
                    ? BoxLayoutError.valueTooLarge(box: next, property: property, limit: Self.maximumMagnitude)
                    : BoxLayoutError.nonFiniteValue(box: next, property: property)
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
    /// The first number, named by its property, that is NaN, infinite or beyond `limit` in
    /// magnitude, which layout would spread to every frame.
    func firstNumberOutOfRange(limit: Double) -> (property: String, value: Double)? {
        // Almost every style is in range throughout: say so without building the named lists.
        if isWithinThroughout(limit) { return nil }
        var numbers: [(String, Double?)] = []
        let dimensions: [(String, Dimension)] = [
            ("flexBasis", flexBasis), ("width", width), ("height", height), ("minWidth", minWidth),
            ("maxWidth", maxWidth), ("minHeight", minHeight), ("maxHeight", maxHeight),
        ]
        for (name, dimension) in dimensions { numbers.append((name, dimension.number)) }
        let edges: [(String, Edges<Dimension>)] = [("padding", padding), ("margin", margin), ("inset", inset)]
        for (name, edge) in edges {
            for value in [edge.all, edge.top, edge.right, edge.bottom, edge.left, edge.start, edge.end,
                          edge.horizontal, edge.vertical] {
                numbers.append((name, value?.number))
            }
        }
        let border = borderWidth
        for value in [border.all, border.top, border.right, border.bottom, border.left, border.start,
                      border.end, border.horizontal, border.vertical] {
            numbers.append(("borderWidth", value))
        }
        numbers += [
            ("flexGrow", flexGrow), ("flexShrink", flexShrink), ("gap", gap), ("rowGap", rowGap),
            ("columnGap", columnGap), ("aspectRatio", aspectRatio), ("borderRadius", borderRadius),
        ]
        for case let (name, value?) in numbers where !(abs(value) <= limit) { return (name, value) }
        return nil
    }
}

extension BoxStyle {
    /// Whether every number of the style is within `limit` in magnitude (so finite), checked
    /// without allocating.
    func isWithinThroughout(_ limit: Double) -> Bool {
        flexBasis.isWithin(limit) && width.isWithin(limit) && height.isWithin(limit) && minWidth.isWithin(limit)
            && maxWidth.isWithin(limit) && minHeight.isWithin(limit) && maxHeight.isWithin(limit)
            && padding.isEveryValueWithin(limit) && margin.isEveryValueWithin(limit) && inset.isEveryValueWithin(limit)
            && borderWidth.isEveryValueWithin(limit)
            && flexGrow.isWithin(limit) && flexShrink.isWithin(limit) && (gap ?? 0).isWithin(limit)
            && (rowGap ?? 0).isWithin(limit) && (columnGap ?? 0).isWithin(limit) && (aspectRatio ?? 0).isWithin(limit)
            && borderRadius.isWithin(limit)
    }
}

/// A value whose number may be NaN, infinite or too large for layout.
protocol MagnitudeCheckable {
    /// Whether the number's magnitude is at most `limit` (false for NaN).
    func isWithin(_ limit: Double) -> Bool
}

extension Double: MagnitudeCheckable {
    func isWithin(_ limit: Double) -> Bool { abs(self) <= limit }
}

extension Dimension: MagnitudeCheckable {
    func isWithin(_ limit: Double) -> Bool { number.map { abs($0) <= limit } ?? true }

    /// The number of points or percent, `nil` for `auto`.
    var number: Double? {
        switch self {
        case .points(let value), .percent(let value): value
        case .auto: nil
        }
    }
}

extension Edges where Value: MagnitudeCheckable {
    /// Whether every edge set is within `limit`; unset edges are.
    func isEveryValueWithin(_ limit: Double) -> Bool {
        func within(_ value: Value?) -> Bool { value?.isWithin(limit) ?? true }
        return within(all) && within(top) && within(right) && within(bottom) && within(left) && within(start)
            && within(end) && within(horizontal) && within(vertical)
    }
}
