/// One run of the layout over a tree: the working state of
/// ``BoxTree/layout(root:width:height:direction:)``.
///
/// Boxes are laid out recursively, a parent asking each child for its size under some
/// constraints (to find flex base sizes and cross sizes) before giving it its final size.
/// Each box remembers the answers it gave, so that asking again costs nothing: without
/// that, every level would multiply the work below it.
final class FlexLayoutPass {
    /// The tree's own arrays, shared, not copied. Layout reads each box's `LayoutStyle`, and
    /// its `LayoutEdges` where that says it needs them (never the whole `BoxStyle`).
    let layoutStyles: [LayoutStyle]
    let layoutEdges: [LayoutEdges]
    let contents: [(any MeasuredContent)?]
    /// What the pass works out once about each box and its children.
    let boxes: [LayoutBox]
    /// Every box's children, one list after another (`LayoutBox.firstChild`): one array
    /// rather than one per box, read without retaining a list at each visit.
    let childIndices: [Int]
    // The mutable arrays below skip the runtime's exclusivity checks: the pass is one
    // thread's working state, and checking each access was a tenth of a large layout's
    // instructions.

    /// Each box's border box, relative to its parent: sizes written when the box is laid out,
    /// positions when its parent places it.
    @exclusivity(unchecked) var frames: [BoxRect]
    @exclusivity(unchecked) var displayed: [Bool]
    /// Each box's first baseline from its border box's top, once the box is laid out
    /// (`baseline(of:)`).
    @exclusivity(unchecked) var baselines: [Double?]
    /// How many times a container's children were laid out: the work the remembered
    /// measurements save, counted for tests.
    @exclusivity(unchecked) private(set) var containerRuns = 0
    /// The answers each box remembers (``LayoutCache``).
    @exclusivity(unchecked) private var cache: LayoutCache

    typealias Request = LayoutCache.Request

    /// A box's place among the children lists, and what its subtree allows.
    struct LayoutBox {
        /// Where the box's children start in `childIndices`, and how many there are.
        var firstChild: Int
        var childCount: Int
        /// Whether the box lays out the same, itself and everything under it, under any
        /// fit-content limit as under none. Such a box is measured under `maxContent` where
        /// offered `atMost`, so that the limits of every ancestor above (which differ at each
        /// measuring) don't make each measurement a new one: without that, trees of
        /// fixed-size boxes 16 levels deep were measured some 40 times a box.
        ///
        /// A container reads its limit only to offer it on to its children, to resolve their
        /// percentages, to wrap its lines, to stay within it when it scrolls, and (Yoga's
        /// reading) to let a child's `flexBasis` count; the sizes it takes are its content's.
        /// So it ignores its limits when it doesn't wrap or scroll, nothing of its own or its
        /// children's is a percentage or an aspect ratio, no child has a `flexBasis`, and
        /// every child ignores its limits too.
        /// Measured content (text) wraps at its limit, so its ancestors never qualify.
        var ignoresLimits: Bool
        /// Whether a box that ignores its limits also lays out the same when offered exactly
        /// its max-content size along an axis as when offered nothing: no minimum or maximum
        /// of its own, no child that both grows and shrinks (Yoga's sole flexible child
        /// takes a base of 0 in a container of exact size), no child with a negative
        /// margin (its items can then add up to less than the size the box is clamped to,
        /// which leaves room to grow into when that size is offered exactly), and no child
        /// with a minimum or maximum (measured with an exact cross size, a box is as long as
        /// its children's unclamped flex bases: docs/flexbox.md, "Measuring with a fixed
        /// cross size"). A parent measures such a box,
        /// then lays it out at the size it found; answered from the measurement, the box's
        /// children aren't asked again under new constraints.
        var keepsContentSize: Bool
        /// Whether a box below this one has a minimum or maximum: only then can Yoga's
        /// measuring shortcut for a fixed cross size change a size under it
        /// (`Request.standsForLayout`).
        var limitsBelow: Bool
    }

    /// A pass over `tree`; `cachesAnswers` false makes it remember nothing (for the test
    /// that the cache never changes a frame).
    init(tree: BoxTree, cachesAnswers: Bool = true) {
        (layoutStyles, layoutEdges, contents) = (tree.layoutStyles, tree.layoutEdges, tree.contents)
        var boxes = [LayoutBox](), childIndices = [Int]()
        boxes.reserveCapacity(tree.count)
        childIndices.reserveCapacity(max(0, tree.count - 1))
        for box in 0..<tree.count {
            let firstChild = childIndices.count
            for child in tree.childLists[box] { childIndices.append(child.index) }
            // Children are added before their parents, so each child's facts are known first.
            var childrenIgnoreLimits = true, childGrowsAndShrinks = false, childHasNegativeMargin = false,
                childHasSizeLimits = false, limitsBelow = false
            for position in firstChild..<childIndices.count {
                let child = childIndices[position]
                childrenIgnoreLimits = childrenIgnoreLimits && boxes[child].ignoresLimits
                    && layoutStyles[child].flexBasis == .auto
                childHasNegativeMargin = childHasNegativeMargin || layoutStyles[child].hasNegativeMargin
                childHasSizeLimits = childHasSizeLimits || layoutStyles[child].hasSizeLimits
                limitsBelow = limitsBelow || layoutStyles[child].hasSizeLimits || boxes[child].limitsBelow
                childGrowsAndShrinks = childGrowsAndShrinks
                    || (layoutStyles[child].flexGrow != 0 && layoutStyles[child].flexShrink != 0)
            }
            let ignoresLimits = !layoutStyles[box].hasContent && layoutStyles[box].flexWrap == .nowrap
                && layoutStyles[box].overflow != .scroll && !layoutStyles[box].hasPercentageOrRatio
                && childrenIgnoreLimits
            boxes.append(LayoutBox(
                firstChild: firstChild, childCount: childIndices.count - firstChild, ignoresLimits: ignoresLimits,
                keepsContentSize: ignoresLimits && !layoutStyles[box].hasSizeLimits && !childGrowsAndShrinks
                    && !childHasNegativeMargin && !childHasSizeLimits,
                limitsBelow: limitsBelow))
        }
        (self.boxes, self.childIndices) = (boxes, childIndices)
        frames = Array(repeating: BoxRect(x: 0, y: 0, width: 0, height: 0), count: tree.count)
        displayed = Array(repeating: true, count: tree.count)
        baselines = Array(repeating: nil, count: tree.count)
        cache = LayoutCache(count: tree.count, isEnabled: cachesAnswers)
    }

    /// Where the children of `box` are in `childIndices`.
    func childPositions(of box: Int) -> Range<Int> {
        boxes[box].firstChild..<(boxes[box].firstChild + boxes[box].childCount)
    }

    /// Sizes `box` under the given constraints and, if `performLayout`, positions its
    /// descendants and records its size in `frames`.
    ///
    /// `containingWidth` and `containingHeight` are the parent's inner size, which the box's
    /// percentages refer to (`nil` where unknown).
    @discardableResult
    func layout(
        _ box: Int, width: AxisSpace, height: AxisSpace,
        containingWidth: Double?, containingHeight: Double?,
        parentDirection: Direction, performLayout: Bool, appliesAspectRatio: Bool = true,
        offersMaximum: Bool = true, standsForLayout: Bool = false, unclipped: Bool = false
    ) -> Size {
        // Fields read one at a time: a copy of the whole record is a call to memcpy.
        let direction = layoutStyles[box].direction == .inherit ? parentDirection : layoutStyles[box].direction
        // The box's maximum narrows what it is offered (content then wraps within it),
        // except where `offersMaximum` is false: Yoga measures an absolute child without
        // it and only clamps the result, so its text keeps its unwrapped height.
        var width = offersMaximum && layoutStyles[box].hasSizeLimits
            ? width.constrained(toMaximum: layoutStyles[box].maxWidth.resolved(against: containingWidth)) : width
        var height = offersMaximum && layoutStyles[box].hasSizeLimits
            ? height.constrained(toMaximum: layoutStyles[box].maxHeight.resolved(against: containingHeight)) : height
        // The ratio decides an axis only when the other is settled and this one is not; as
        // in Yoga, only a parent applies it, so a root's ratio has no effect.
        if appliesAspectRatio, let ratio = layoutStyles[box].aspectRatio, ratio > 0 {
            if width.mode == .exact, height.mode != .exact {
                height = .exact(width.size / ratio)
            } else if height.mode == .exact, width.mode != .exact {
                width = .exact(height.size * ratio)
            }
        }
        let offered = (width: width, height: height)
        if boxes[box].ignoresLimits {
            if width.mode != .exact { width = .maxContent }
            if height.mode != .exact { height = .maxContent }
        }
        // Exact on both axes, a measurement is answered below without looking inside.
        if boxes[box].keepsContentSize, performLayout || width.mode != .exact || height.mode != .exact {
            if width.mode == .exact, width.size == cache.contentWidth(box) { width = .maxContent }
            if height.mode == .exact, height.size == cache.contentHeight(box) { height = .maxContent }
        }
        let readsContainingSize = layoutStyles[box].readsContainingSize
        let request = Request(
            width: width, height: height, containingWidth: readsContainingSize ? containingWidth : nil,
            containingHeight: readsContainingSize ? containingHeight : nil, direction: direction,
            standsForLayout: standsForLayout && !performLayout && boxes[box].childCount > 0
                && (boxes[box].limitsBelow || offered.width.isAtMostNothing || offered.height.isAtMostNothing),
            unclipped: unclipped && layoutStyles[box].overflow == .scroll)

        if performLayout, let size = cache.finalLayout(box, request) { return size }
        // `standsForLayout`: the measurement stands for one that Yoga makes as a layout (of
        // an item it won't stretch, in a container it lays out), where it takes neither this
        // shortcut nor a container's "Measuring with a fixed cross size".
        let fixesZero = !layoutStyles[box].hasContent && !standsForLayout
        if !performLayout, offered.width.fixesMeasuredSize(zero: fixesZero),
           offered.height.fixesMeasuredSize(zero: fixesZero) {
            // Offered an exact size on both axes, every box (leaf or container) is that size
            // within its own limits: no need to look inside. Parents ask this of every
            // stretched child, and answering it by laying the child out doubled the work at
            // every level. Yoga answers a container offered at most nothing (on an axis not
            // exact) the same way, as 0 within its limits (docs/flexbox.md, "Measuring into
            // no space").
            return Size(width: clampedSize(box, .horizontal, offered.width.size, request: request),
                        height: clampedSize(box, .vertical, offered.height.size, request: request))
        }
        if !performLayout, let size = cache.measurement(box, request) { return size }

        let size: Size
        if layoutStyles[box].hasContent {
            size = measureLeaf(box, request: request)
        } else if boxes[box].childCount == 0 {
            size = Size(
                width: clampedSize(box, .horizontal, width.mode == .exact ? width.size : 0, request: request),
                height: clampedSize(box, .vertical, height.mode == .exact ? height.size : 0, request: request))
        } else {
            containerRuns += 1
            var container = FlexContainerLayout(pass: self, box: box, request: request, performLayout: performLayout)
            size = container.run()
        }
        if boxes[box].keepsContentSize {
            cache.storeContentSize(
                box, width: width.mode == .maxContent ? size.width : nil,
                height: height.mode == .maxContent ? size.height : nil)
        }

        if performLayout {
            cache.storeFinalLayout(box, request, size)
            frames[box].width = size.width
            frames[box].height = size.height
            if layoutStyles[box].hasContent { baselines[box] = leafBaseline(box, size: size, request: request) }
        } else {
            cache.storeMeasurement(box, request, size)
        }
        return size
    }

    /// A box's border-box size along `axis`: `proposed` clamped by its `min…`/`max…` and
    /// never below its padding and border.
    func clampedSize(_ box: Int, _ axis: Axis, _ proposed: Double, request: Request) -> Double {
        if !layoutStyles[box].hasSizeLimits { return max(proposed, paddingAndBorder(box, request: request).sum(axis)) }
        let reference = axis == .horizontal ? request.containingWidth : request.containingHeight
        let minimum = layoutStyles[box].minimumSize(axis).resolved(against: reference)
        let maximum = layoutStyles[box].maximumSize(axis).resolved(against: reference)
        return clamp(proposed, minimum: minimum, maximum: maximum,
                     paddingAndBorder: paddingAndBorder(box, request: request).sum(axis))
    }

    /// Padding plus border per side; padding percentages are of the containing width.
    func paddingAndBorder(_ box: Int, request: Request) -> Insets {
        if layoutStyles[box].hasFixedPaddingAndBorder {
            return request.direction == .rtl
                ? layoutStyles[box].paddingAndBorderRTL : layoutStyles[box].paddingAndBorderLTR
        }
        return edges(box)!.paddingAndBorder(direction: request.direction, containingWidth: request.containingWidth)
    }

    /// The edges of `box` as written, for a box that needs them (``LayoutStyle/needsEdges``).
    func edges(_ box: Int) -> LayoutEdges? {
        let index = layoutStyles[box].edges
        return index < 0 ? nil : layoutEdges[index]
    }

    /// The margins of `box` in `direction` when they depend on nothing else (no percentage,
    /// no `auto`).
    func fixedMargins(_ box: Int, direction: Direction) -> Insets? {
        guard layoutStyles[box].hasFixedMargins else { return nil }
        return direction == .rtl ? layoutStyles[box].marginRTL : layoutStyles[box].marginLTR
    }

    /// A measured leaf's size: content widths are CSS's fit-content rule over the
    /// content's min- and max-content widths (for content limited to the available width,
    /// a screen's text, the max-content width capped by the space offered, as React Native
    /// measures text), and the height is the content's at that width.
    private func measureLeaf(_ box: Int, request: Request) -> Size {
        let insets = paddingAndBorder(box, request: request)
        let (width, height) = (request.width, request.height)
        if width.mode == .exact, height.mode == .exact {
            return Size(width: clampedSize(box, .horizontal, width.size, request: request),
                        height: clampedSize(box, .vertical, height.size, request: request))
        }
        let widths = contentWidthRange(box)
        let innerWidth: Double
        switch width.mode {
        case .exact: innerWidth = max(0, width.size - insets.sum(.horizontal))
        case .atMost:
            let available = width.size - insets.sum(.horizontal)
            innerWidth = contents[box]!.isLimitedToAvailableWidth
                ? max(0, min(widths.max, available)) : min(widths.max, max(widths.min, available))
        case .maxContent: innerWidth = widths.max
        }
        let usedWidth = width.mode == .exact ? width.size : innerWidth + insets.sum(.horizontal)
        let usedHeight = height.mode == .exact
            ? height.size : contentHeight(box, atWidth: innerWidth) + insets.sum(.vertical)
        return Size(width: clampedSize(box, .horizontal, usedWidth, request: request),
                    height: clampedSize(box, .vertical, usedHeight, request: request))
    }

    private func contentWidthRange(_ box: Int) -> (min: Double, max: Double) {
        cache.contentWidthRange(box, of: contents[box]!)
    }

    private func contentHeight(_ box: Int, atWidth width: Double) -> Double {
        cache.contentHeight(box, of: contents[box]!, atWidth: width)
    }

    /// The first baseline of a box laid out at `size`, from its top: its first text line's
    /// for measured content, the one its container found (`FlexContainerLayout`'s baseline
    /// child) for a box laid out before at this size, else its bottom edge (React Native's
    /// rule for a view without text; docs/flexbox.md, "Baseline alignment").
    func baseline(of box: Int, size: Size, request: Request? = nil) -> Double {
        if layoutStyles[box].hasContent, let request { return leafBaseline(box, size: size, request: request) }
        if let known = baselines[box], frames[box].width == size.width, frames[box].height == size.height {
            return known
        }
        // Only measured at this size, a container's baseline is Yoga's reading of its last
        // layout: its first item's baseline (one aligned by baseline in a row, if any) plus
        // that item's position then (0 before any); docs/flexbox.md, "Baseline alignment".
        if let child = firstBaselineChild(of: box) {
            let childRequest = Request(
                width: .maxContent, height: .maxContent, containingWidth: nil, containingHeight: nil,
                direction: request?.direction ?? .ltr)
            let childSize = Size(width: frames[child].width, height: frames[child].height)
            return baseline(of: child, size: childSize, request: childRequest) + frames[child].y
        }
        return size.height
    }

    /// The child whose baseline is a container's: its first in-flow child aligned by
    /// baseline, else its first in-flow child (Yoga's `calculateBaseline`).
    private func firstBaselineChild(of box: Int) -> Int? {
        var first: Int?
        for position in childPositions(of: box) {
            let child = childIndices[position]
            guard layoutStyles[child].position != .absolute, layoutStyles[child].display != .none else { continue }
            if layoutStyles[child].alignSelf.resolved(parent: layoutStyles[box].alignItems) == .baseline {
                return child
            }
            if first == nil { first = child }
        }
        return first
    }

    private func leafBaseline(_ box: Int, size: Size, request: Request) -> Double {
        let insets = paddingAndBorder(box, request: request)
        let innerWidth = max(0, size.width - insets.sum(.horizontal))
        guard let first = contents[box]!.firstBaseline(atWidth: innerWidth) else { return size.height }
        return insets.top + first
    }

    /// Gives `box` and everything under it zero frames at the parent's origin, the result of
    /// `display: none`.
    func hideSubtree(_ box: Int) {
        var pending = [box]
        while let next = pending.popLast() {
            frames[next] = BoxRect(x: 0, y: 0, width: 0, height: 0)
            displayed[next] = false
            baselines[next] = nil
            cache.forgetFinalLayout(next)
            pending.append(contentsOf: childPositions(of: next).map { childIndices[$0] })
        }
    }
}

extension BoxStyle {
    /// Whether any length is a percentage, or an aspect ratio is set: what makes a box's size
    /// depend on its parent's size rather than on its content alone.
    var hasPercentageOrRatio: Bool {
        // Spelled out rather than a list of the dimensions: asked once a box per layout.
        aspectRatio != nil || padding.hasPercentage || margin.hasPercentage || inset.hasPercentage
            || flexBasis.isPercentage || width.isPercentage || height.isPercentage || minWidth.isPercentage
            || maxWidth.isPercentage || minHeight.isPercentage || maxHeight.isPercentage
    }
}

extension Insets {
    /// Negative padding has no meaning in CSS; it counts as zero.
    var clampedAtZero: Insets {
        Insets(top: max(0, top), right: max(0, right), bottom: max(0, bottom), left: max(0, left))
    }
}
