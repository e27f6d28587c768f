/// One run of the layout over a tree: the working state of
/// ``BoxTree/layout(root:width:height:direction:)``.
///
/// Boxes are laid out recursively, a parent asking each child for its size under some
/// constraints (to find flex base sizes and cross sizes) before giving it its final size.
/// Each box remembers the answers it gave, so that asking again costs nothing: without
/// that, every level would multiply the work below it.
final class FlexLayoutPass {
    /// The tree's own arrays, shared, not copied.
    let styles: [BoxStyle]
    let contents: [(any MeasuredContent)?]
    let children: [[BoxID]]
    /// Each box's padding plus border in `ltr` and in `rtl`, worked out once where it doesn't
    /// depend on the containing width (no padding percentage); `nil` where it does.
    private let fixedPaddingAndBorder: [(ltr: Insets, rtl: Insets)?]
    /// Each box's margins in `ltr` and in `rtl` where no side is a percentage or `auto` (so
    /// they depend on nothing but the direction), worked out once; `nil` otherwise. A parent
    /// reads them for every child at every run.
    private let fixedMargins: [(ltr: Insets, rtl: Insets)?]
    /// Whether a box's own layout depends on its parent's inner size: only through a
    /// percentage in its padding or its minimum or maximum (its width, height and margins
    /// the parent resolves). Where it doesn't, measurements under different containing sizes
    /// are the same measurement, and are remembered as one.
    private let readsContainingSize: [Bool]
    /// Whether a box lays out the same, itself and everything under it, under any fit-content
    /// limit as under none: see `ignoresLimits(_:children:ignoring:)`. Such a box is measured
    /// under `maxContent` where offered `atMost`, so that the limits of every ancestor above
    /// (which differ at each measuring) don't make each measurement a new one: without that,
    /// trees of fixed-size boxes 16 levels deep were measured some 40 times a box.
    private let ignoresLimits: [Bool]
    /// Whether a box that ignores its limits also lays out the same when offered exactly its
    /// max-content size along an axis as when offered nothing: no minimum or maximum of its
    /// own, and no child that both grows and shrinks (Yoga's sole flexible child takes a base
    /// of 0 in a container of exact size). A parent measures such a box, then lays it out at
    /// the size it found; answered from the measurement, the box's children aren't asked
    /// again under new constraints.
    private let keepsContentSize: [Bool]
    /// Whether a box has a minimum or maximum width or height: most have none, and clamping
    /// them is then only keeping to their padding and border.
    private let hasSizeLimits: [Bool]
    /// The max-content width and height of each box in `keepsContentSize`, once known. Its
    /// size along an axis doesn't depend on what the other axis is offered.
    private var contentSizes: [(width: Double?, height: Double?)]
    /// Each box's border box, relative to its parent: sizes written when the box is laid out,
    /// positions when its parent places it.
    var frames: [BoxRect]
    var displayed: [Bool]
    /// How many times a container's children were laid out: the work the remembered
    /// measurements save, counted for tests.
    private(set) var containerRuns = 0
    /// The first answer each box gave, kept apart from the rest so that the many boxes
    /// measured under one set of constraints only allocate nothing.
    private var firstMeasurement: [Measurement?]
    private var measurements: [[Measurement]]
    private var lastLayout: [Measurement?]
    private var contentWidths: [(min: Double, max: Double)?]
    private var contentHeights: [[Double: Double]]

    /// A box's size under one set of constraints.
    struct Measurement {
        var request: Request
        var size: Size
    }

    /// Everything a box's size can depend on from outside.
    struct Request: Hashable {
        var width: AxisSpace
        var height: AxisSpace
        var containingWidth: Double?
        var containingHeight: Double?
        var direction: Direction
    }

    /// Enough remembered answers per box for the few constraints a parent asks under.
    private static let measurementsKept = 8

    init(tree: BoxTree) {
        styles = tree.styles
        contents = tree.contents
        children = tree.childLists
        // One pass over the styles, each read once while it is in cache, rather than a pass a
        // property over styles of 792 bytes each (10,000 boxes' are larger than the caches).
        let (styles, contents, children) = (styles, contents, children)
        var readsContainingSize = [Bool](), ignoresLimits = [Bool](), hasSizeLimits = [Bool]()
        var keepsContentSize = [Bool](), fixedPaddingAndBorder = [(ltr: Insets, rtl: Insets)?]()
        var fixedMargins = [(ltr: Insets, rtl: Insets)?]()
        readsContainingSize.reserveCapacity(tree.count)
        ignoresLimits.reserveCapacity(tree.count)
        hasSizeLimits.reserveCapacity(tree.count)
        keepsContentSize.reserveCapacity(tree.count)
        fixedPaddingAndBorder.reserveCapacity(tree.count)
        fixedMargins.reserveCapacity(tree.count)
        for box in 0..<tree.count {
            let style = styles[box]
            readsContainingSize.append(style.padding.hasPercentage || style.minWidth.isPercentage
                || style.maxWidth.isPercentage || style.minHeight.isPercentage || style.maxHeight.isPercentage)
            let limited = style.minWidth != .auto || style.maxWidth != .auto || style.minHeight != .auto
                || style.maxHeight != .auto
            hasSizeLimits.append(limited)
            // Children are added before their parents, so each child's answer is known first.
            let ignoring = contents[box] == nil
                && Self.ignoresLimits(style, children: children[box], ignoring: ignoresLimits, styles: styles)
            ignoresLimits.append(ignoring)
            keepsContentSize.append(ignoring && !limited && !children[box].contains {
                styles[$0.index].flexGrow != 0 && styles[$0.index].flexShrink != 0
            })
            fixedPaddingAndBorder.append(style.padding.hasPercentage ? nil : (
                style.paddingAndBorder(direction: .ltr, containingWidth: nil),
                style.paddingAndBorder(direction: .rtl, containingWidth: nil)))
            fixedMargins.append(style.margin.hasPercentageOrAuto ? nil : (
                style.margin.resolved(direction: .ltr, reference: nil), style.margin.resolved(direction: .rtl, reference: nil)))
        }
        (self.readsContainingSize, self.ignoresLimits, self.hasSizeLimits) = (readsContainingSize, ignoresLimits, hasSizeLimits)
        (self.keepsContentSize, self.fixedPaddingAndBorder) = (keepsContentSize, fixedPaddingAndBorder)
        self.fixedMargins = fixedMargins
        contentSizes = Array(repeating: (nil, nil), count: tree.count)
        frames = Array(repeating: BoxRect(x: 0, y: 0, width: 0, height: 0), count: tree.count)
        displayed = Array(repeating: true, count: tree.count)
        firstMeasurement = Array(repeating: nil, count: tree.count)
        measurements = Array(repeating: [], count: tree.count)
        lastLayout = Array(repeating: nil, count: tree.count)
        contentWidths = Array(repeating: nil, count: tree.count)
        contentHeights = Array(repeating: [:], count: tree.count)
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
        offersMaximum: Bool = true
    ) -> Size {
        // Fields read one by one: a whole style is large to copy, and this runs per measure.
        let ownDirection = styles[box].direction
        let direction = ownDirection == .inherit ? parentDirection : ownDirection
        // The box's maximum narrows what it is offered (content then wraps within it),
        // except where `offersMaximum` is false: Yoga measures an absolute child without
        // it and only clamps the result, so its text keeps its unwrapped height.
        var width = offersMaximum
            ? width.constrained(toMaximum: styles[box].maxWidth.resolved(against: containingWidth)) : width
        var height = offersMaximum
            ? height.constrained(toMaximum: styles[box].maxHeight.resolved(against: containingHeight)) : height
        // The ratio decides an axis only when the other is settled and this one is not; as
        // in Yoga, only a parent applies it, so a root's ratio has no effect.
        if appliesAspectRatio, let ratio = styles[box].aspectRatio, ratio > 0 {
            if width.mode == .exact, height.mode != .exact {
                height = .exact(width.size / ratio)
            } else if height.mode == .exact, width.mode != .exact {
                width = .exact(height.size * ratio)
            }
        }
        if ignoresLimits[box] {
            if width.mode == .atMost { width = .maxContent }
            if height.mode == .atMost { height = .maxContent }
        }
        // Exact on both axes, a measurement is answered below without looking inside.
        if keepsContentSize[box], performLayout || width.mode != .exact || height.mode != .exact {
            if width.mode == .exact, width.size == contentSizes[box].width { width = .maxContent }
            if height.mode == .exact, height.size == contentSizes[box].height { height = .maxContent }
        }
        let readsContainingSize = readsContainingSize[box]
        let request = Request(
            width: width, height: height, containingWidth: readsContainingSize ? containingWidth : nil,
            containingHeight: readsContainingSize ? containingHeight : nil, direction: direction)

        if performLayout, let last = lastLayout[box], last.request == request {
            return last.size
        }
        if !performLayout, width.mode == .exact, height.mode == .exact {
            // Offered an exact size on both axes, every box (leaf or container) is that size
            // within its own limits: no need to look inside. Parents ask this of every
            // stretched child, and answering it by laying the child out doubled the work at
            // every level.
            return Size(width: clampedSize(box, .horizontal, width.size, request: request),
                        height: clampedSize(box, .vertical, height.size, request: request))
        }
        if !performLayout {
            if let first = firstMeasurement[box], first.request == request { return first.size }
            if let known = measurements[box].first(where: { $0.request == request }) { return known.size }
        }

        let size: Size
        if contents[box] != nil {
            size = measureLeaf(box, request: request)
        } else if children[box].isEmpty {
            size = Size(
                width: clampedSize(box, .horizontal, width.mode == .exact ? width.size : 0, request: request),
                height: clampedSize(box, .vertical, height.mode == .exact ? height.size : 0, request: request))
        } else {
            containerRuns += 1
            var container = FlexContainerLayout(pass: self, box: box, request: request, performLayout: performLayout)
            size = container.run()
        }
        if keepsContentSize[box] {
            if width.mode == .maxContent { contentSizes[box].width = size.width }
            if height.mode == .maxContent { contentSizes[box].height = size.height }
        }

        if performLayout {
            lastLayout[box] = Measurement(request: request, size: size)
            frames[box].width = size.width
            frames[box].height = size.height
        } else {
            if firstMeasurement[box] == nil {
                firstMeasurement[box] = Measurement(request: request, size: size)
            } else {
                if measurements[box].count == Self.measurementsKept - 1 { measurements[box].removeFirst() }
                measurements[box].append(Measurement(request: request, size: size))
            }
        }
        return size
    }

    /// Whether a box with no measured content lays out the same under a fit-content limit of
    /// any size as under none, given which of the boxes before it do.
    ///
    /// A container reads its limit only to offer it on to its children, to resolve their
    /// percentages, to wrap its lines and (Yoga's reading) to let a child's `flexBasis` count;
    /// the sizes it takes are its content's. So it ignores its limits when it doesn't wrap,
    /// nothing of its own or its children's is a percentage or an aspect ratio, no child has
    /// a `flexBasis`, and every child ignores its limits too. Measured content (text) wraps
    /// at its limit, so its ancestors never qualify.
    private static func ignoresLimits(
        _ style: BoxStyle, children: [BoxID], ignoring ignoresLimits: [Bool], styles: [BoxStyle]
    ) -> Bool {
        guard style.flexWrap == .nowrap, !style.hasPercentageOrRatio else { return false }
        return children.allSatisfy { child in
            ignoresLimits[child.index] && styles[child.index].flexBasis == .auto
        }
    }

    /// A box's border-box size along `axis`: `proposed` clamped by its `min…`/`max…` and
    /// never below its padding and border.
    func clampedSize(_ box: Int, _ axis: Axis, _ proposed: Double, request: Request) -> Double {
        if !hasSizeLimits[box] { return max(proposed, paddingAndBorder(box, request: request).sum(axis)) }
        let horizontal = axis == .horizontal
        let reference = horizontal ? request.containingWidth : request.containingHeight
        let minimum = (horizontal ? styles[box].minWidth : styles[box].minHeight).resolved(against: reference)
        let maximum = (horizontal ? styles[box].maxWidth : styles[box].maxHeight).resolved(against: reference)
        return clamp(proposed, minimum: minimum, maximum: maximum,
                     paddingAndBorder: paddingAndBorder(box, request: request).sum(axis))
    }

    /// Padding plus border per side; padding percentages are of the containing width.
    func paddingAndBorder(_ box: Int, request: Request) -> Insets {
        if let fixed = fixedPaddingAndBorder[box] { return request.direction == .rtl ? fixed.rtl : fixed.ltr }
        return styles[box].paddingAndBorder(direction: request.direction, containingWidth: request.containingWidth)
    }

    /// The margins of `box` in `direction` when they depend on nothing else (no percentage,
    /// no `auto`).
    func fixedMargins(_ box: Int, direction: Direction) -> Insets? {
        fixedMargins[box].map { direction == .rtl ? $0.rtl : $0.ltr }
    }

    /// A measured leaf's size: content widths are CSS's fit-content rule over the
    /// content's min- and max-content widths, and the height is the content's at that
    /// width.
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
        case .atMost: innerWidth = min(widths.max, max(widths.min, width.size - insets.sum(.horizontal)))
        case .maxContent: innerWidth = widths.max
        }
        let usedWidth = width.mode == .exact ? width.size : innerWidth + insets.sum(.horizontal)
        let usedHeight = height.mode == .exact
            ? height.size : contentHeight(box, atWidth: innerWidth) + insets.sum(.vertical)
        return Size(width: clampedSize(box, .horizontal, usedWidth, request: request),
                    height: clampedSize(box, .vertical, usedHeight, request: request))
    }

    private func contentWidthRange(_ box: Int) -> (min: Double, max: Double) {
        if let known = contentWidths[box] { return known }
        let content = contents[box]!
        let range = (min: content.minContentWidth, max: max(content.minContentWidth, content.maxContentWidth))
        contentWidths[box] = range
        return range
    }

    private func contentHeight(_ box: Int, atWidth width: Double) -> Double {
        if let known = contentHeights[box][width] { return known }
        let height = contents[box]!.height(atWidth: width)
        contentHeights[box][width] = height
        return height
    }

    /// Gives `box` and everything under it zero frames at the parent's origin, the result of
    /// `display: none`.
    func hideSubtree(_ box: Int) {
        var pending = [box]
        while let next = pending.popLast() {
            frames[next] = BoxRect(x: 0, y: 0, width: 0, height: 0)
            displayed[next] = false
            lastLayout[next] = nil
            pending.append(contentsOf: children[next].map(\.index))
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

    /// Padding plus border per side, in a resolved direction; padding percentages are of the
    /// containing box's inner width.
    func paddingAndBorder(direction: Direction, containingWidth: Double?) -> Insets {
        padding.resolved(direction: direction, reference: containingWidth).clampedAtZero
            + borderWidth.resolved(direction: direction)
    }
}

extension Insets {
    /// Negative padding has no meaning in CSS; it counts as zero.
    var clampedAtZero: Insets {
        Insets(top: max(0, top), right: max(0, right), bottom: max(0, bottom), left: max(0, left))
    }
}
