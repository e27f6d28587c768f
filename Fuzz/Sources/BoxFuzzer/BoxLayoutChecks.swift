// What every box layout must satisfy, checked only where CSS (Flexbox §9, CSS 2.1 §10.3.7
// and §10.6.4 for absolute boxes) guarantees it. Flexbox lets children overflow their
// container (items that can't shrink, negative margins, relative offsets, `center` with
// negative free space), so "inside the parent" is asserted only in the cases below, and only
// with the style values that make it certain (points, not percentages whose reference the
// check would have to redo).
//
// 1. Every frame is finite and its size non-negative.
// 2. A box under `display: none` is not displayed and has a zero frame at its parent's
//    origin; every other box is displayed.
// 3. min/max in points: a size is at least its minimum and at most its maximum (the minimum
//    wins when they cross; padding and border are a floor above both).
// 4. An absolute box with both insets of an axis in points, an auto size, no min/max and no
//    margins on that axis fills its parent's padding box less the insets (§10.3.7, §10.6.4).
// 5. In a single-line container, in-flow items with no negative margins and no relative
//    offsets follow each other along the main axis without overlapping, at least `gap`
//    apart (§9.5: items are placed one after the other; negative free space only moves them).
// 6. In a single-line container, a stretched item (auto cross size, no cross min/max, no
//    aspect ratio, no auto cross margins) fills the line's cross size, which is the
//    container's inner cross size (§9.4 steps 11 and 15), starting at its cross-start margin.
import TypeLayoutScreens

struct BoxLayoutChecks {
    let tree: BoxTree
    let layout: BoxLayout
    let rootDirection: Direction

    /// Each box's resolved direction (its own, or inherited from the root's).
    private var directions: [BoxID: Direction] = [:]

    init(tree: BoxTree, layout: BoxLayout, rootDirection: Direction) {
        self.tree = tree
        self.layout = layout
        self.rootDirection = rootDirection
        for frame in layout.frames {
            let inherited = frame.parent.flatMap { directions[$0] } ?? (rootDirection == .inherit ? .ltr : rootDirection)
            let own = tree.style(of: frame.box).direction
            directions[frame.box] = own == .inherit ? inherited : own
        }
    }

    func run() {
        var hidden: Set<BoxID> = []
        for frame in layout.frames {
            let rect = frame.frame
            let absolute = frame.absoluteFrame
            for value in [rect.x, rect.y, rect.width, rect.height, absolute.x, absolute.y] {
                precondition(value.isFinite, "box \(frame.box) has a non-finite frame \(rect) (absolute \(absolute))")
            }
            precondition(rect.width >= 0 && rect.height >= 0, "box \(frame.box) has a negative size \(rect)")
            let style = tree.style(of: frame.box)
            let isHidden = style.display == .none || frame.parent.map { hidden.contains($0) } ?? false
            precondition(frame.isDisplayed != isHidden, "box \(frame.box) isDisplayed \(frame.isDisplayed), hidden \(isHidden)")
            if isHidden {
                hidden.insert(frame.box)
                precondition(rect == BoxRect(x: 0, y: 0, width: 0, height: 0), "hidden box \(frame.box) at \(rect)")
                continue
            }
            checkMinimumAndMaximum(frame)
            if !tree.children(of: frame.box).isEmpty {
                checkAbsoluteChildren(of: frame)
                if style.flexWrap == .nowrap { checkSingleLine(frame) }
            }
        }
    }

    // MARK: Helpers

    private static func close(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
    }

    private static func atLeast(_ a: Double, _ b: Double) -> Bool { a >= b || close(a, b) }

    private static func points(_ dimension: Dimension?) -> Double? {
        switch dimension {
        case .points(let value): value
        case nil: 0
        case .auto, .percent: nil
        }
    }

    /// Padding (negative counts as zero) plus border per side, when every padding is in points.
    private func paddingAndBorder(_ box: BoxID) -> [PhysicalEdge: Double]? {
        let style = tree.style(of: box)
        let direction = directions[box]!
        var sides: [PhysicalEdge: Double] = [:]
        for edge in PhysicalEdge.allCases {
            guard let padding = Self.points(style.padding.value(for: edge, direction: direction)) else { return nil }
            sides[edge] = max(0, padding) + max(0, style.borderWidth.value(for: edge, direction: direction) ?? 0)
        }
        return sides
    }

    private static func size(_ rect: BoxRect, horizontal: Bool) -> Double { horizontal ? rect.width : rect.height }
    private static func origin(_ rect: BoxRect, horizontal: Bool) -> Double { horizontal ? rect.x : rect.y }

    // MARK: 3. min/max

    private func checkMinimumAndMaximum(_ frame: BoxFrame) {
        let style = tree.style(of: frame.box)
        let floors = paddingAndBorder(frame.box)
        for horizontal in [true, false] {
            let size = Self.size(frame.frame, horizontal: horizontal)
            let minimum = (horizontal ? style.minWidth : style.minHeight)
            let maximum = (horizontal ? style.maxWidth : style.maxHeight)
            if case .points(let low) = minimum {
                precondition(Self.atLeast(size, low), "box \(frame.box): size \(size) under its minimum \(low)")
            }
            // A percentage minimum wins over the maximum too, by an amount this doesn't redo.
            if case .points(let high) = maximum, let floors, let low = minimum == .auto ? 0 : Self.points(minimum) {
                let floor = horizontal ? floors[.left]! + floors[.right]! : floors[.top]! + floors[.bottom]!
                let ceiling = max(high, floor, low)
                precondition(Self.atLeast(ceiling, size), "box \(frame.box): size \(size) over its maximum \(high)")
            }
        }
    }

    // MARK: 4. Absolute children

    private func checkAbsoluteChildren(of parent: BoxFrame) {
        let parentStyle = tree.style(of: parent.box)
        let parentDirection = directions[parent.box]!
        for child in tree.children(of: parent.box) {
            let style = tree.style(of: child)
            guard style.position == .absolute, style.display != .none, let frame = layout[child]?.frame,
                  style.inset.start == nil, style.inset.end == nil, let floors = paddingAndBorder(child) else { continue }
            for horizontal in [true, false] {
                let (start, end): (PhysicalEdge, PhysicalEdge) = horizontal ? (.left, .right) : (.top, .bottom)
                let direction = directions[child]!
                guard case .points(let startInset) = style.inset.value(for: start, direction: parentDirection),
                      case .points(let endInset) = style.inset.value(for: end, direction: parentDirection),
                      (horizontal ? style.width : style.height) == .auto,
                      (horizontal ? style.minWidth : style.minHeight) == .auto,
                      (horizontal ? style.maxWidth : style.maxHeight) == .auto,
                      Self.points(style.margin.value(for: start, direction: direction)) == 0,
                      Self.points(style.margin.value(for: end, direction: direction)) == 0 else { continue }
                let borderStart = max(0, parentStyle.borderWidth.value(for: start, direction: parentDirection) ?? 0)
                let borderEnd = max(0, parentStyle.borderWidth.value(for: end, direction: parentDirection) ?? 0)
                let available = Self.size(parent.frame, horizontal: horizontal) - borderStart - borderEnd - startInset - endInset
                guard available >= floors[start]! + floors[end]! else { continue }
                let size = Self.size(frame, horizontal: horizontal)
                let origin = Self.origin(frame, horizontal: horizontal)
                precondition(Self.close(size, available), "absolute box \(child): size \(size), its insets leave \(available)")
                precondition(Self.close(origin, borderStart + startInset), "absolute box \(child) at \(origin), not at its inset")
            }
        }
    }

    // MARK: 5, 6. Single-line containers

    private func checkSingleLine(_ container: BoxFrame) {
        let style = tree.style(of: container.box)
        let direction = directions[container.box]!
        let row = style.flexDirection == .row || style.flexDirection == .rowReverse
        let reverse = style.flexDirection == .rowReverse || style.flexDirection == .columnReverse
        // Whether items run towards smaller coordinates (right to left, or bottom to top).
        let backwards = row ? reverse != (direction == .rtl) : reverse
        let gap = max(0, (row ? style.columnGap : style.rowGap) ?? style.gap ?? 0)
        let items = tree.children(of: container.box).filter {
            let child = tree.style(of: $0)
            return child.position == .relative && child.display != .none
        }
        let containerFloors = paddingAndBorder(container.box)
        var previous: (end: Double, ok: Bool)?
        for item in items {
            let itemStyle = tree.style(of: item)
            let itemDirection = directions[item]!
            let frame = layout[item]!.frame
            let noOffsets = PhysicalEdge.allCases.allSatisfy { itemStyle.inset.value(for: $0, direction: direction) == nil }
            let mainEdges: [PhysicalEdge] = row ? [.left, .right] : [.top, .bottom]
            let crossEdges: [PhysicalEdge] = row ? [.top, .bottom] : [.left, .right]
            let marginsNonNegative = mainEdges.allSatisfy {
                switch itemStyle.margin.value(for: $0, direction: itemDirection) {
                case nil, .auto: true
                case .points(let value), .percent(let value): value >= 0
                }
            }
            // 5: one after the other along the main axis.
            let ok = noOffsets && marginsNonNegative
            let start = Self.origin(frame, horizontal: row)
            let end = start + Self.size(frame, horizontal: row)
            if let previous, previous.ok, ok {
                if backwards {
                    precondition(Self.atLeast(previous.end - gap, end), "item \(item) overlaps the one before it (backwards)")
                } else {
                    precondition(Self.atLeast(start, previous.end + gap), "item \(item) overlaps the one before it")
                }
            }
            previous = (backwards ? start : end, ok)

            // 6: stretched across the line.
            let alignment = itemStyle.alignSelf == .auto ? style.alignItems.rawValue : itemStyle.alignSelf.rawValue
            let crossMargins = crossEdges.map { Self.points(itemStyle.margin.value(for: $0, direction: itemDirection)) }
            guard noOffsets, alignment == AlignItems.stretch.rawValue, itemStyle.aspectRatio == nil,
                  (row ? itemStyle.height : itemStyle.width) == .auto,
                  (row ? itemStyle.minHeight : itemStyle.minWidth) == .auto,
                  (row ? itemStyle.maxHeight : itemStyle.maxWidth) == .auto,
                  let containerFloors, let itemFloors = paddingAndBorder(item),
                  let marginStart = crossMargins[0], let marginEnd = crossMargins[1] else { continue }
            let inner = Self.size(container.frame, horizontal: !row) - containerFloors[crossEdges[0]]! - containerFloors[crossEdges[1]]!
            let expected = max(inner - marginStart - marginEnd, itemFloors[crossEdges[0]]! + itemFloors[crossEdges[1]]!)
            let crossSize = Self.size(frame, horizontal: !row)
            precondition(Self.close(crossSize, expected), "stretched item \(item): cross size \(crossSize), its line is \(expected)")
            // A row's cross start is the top; a column's is the left, or the right in rtl.
            let crossOrigin = Self.origin(frame, horizontal: !row)
            let expectedOrigin = !row && direction == .rtl
                ? Self.size(container.frame, horizontal: true) - containerFloors[.right]! - marginEnd - crossSize
                : containerFloors[crossEdges[0]]! + marginStart
            precondition(Self.close(crossOrigin, expectedOrigin), "stretched item \(item) at \(crossOrigin), expected \(expectedOrigin)")
        }
    }
}
