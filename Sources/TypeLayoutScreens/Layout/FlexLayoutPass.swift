/// One run of the layout over a tree: the working state of
/// ``BoxTree/layout(root:width:height:direction:)``.
///
/// Boxes are laid out recursively, a parent asking each child for its size under some
/// constraints (to find flex base sizes and cross sizes) before giving it its final size.
/// Each box remembers the answers it gave, so that asking again costs nothing: without
/// that, every level would multiply the work below it.
final class FlexLayoutPass {
    let boxes: [BoxTree.Box]
    /// Each box's border box, relative to its parent: sizes written when the box is laid out,
    /// positions when its parent places it.
    var frames: [BoxRect]
    var displayed: [Bool]
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
        boxes = tree.boxes
        frames = Array(repeating: BoxRect(x: 0, y: 0, width: 0, height: 0), count: tree.boxes.count)
        displayed = Array(repeating: true, count: tree.boxes.count)
        measurements = Array(repeating: [], count: tree.boxes.count)
        lastLayout = Array(repeating: nil, count: tree.boxes.count)
        contentWidths = Array(repeating: nil, count: tree.boxes.count)
        contentHeights = Array(repeating: [:], count: tree.boxes.count)
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
        let style = boxes[box].style
        let direction = style.direction == .inherit ? parentDirection : style.direction
        // The box's maximum narrows what it is offered (content then wraps within it),
        // except where `offersMaximum` is false: Yoga measures an absolute child without
        // it and only clamps the result, so its text keeps its unwrapped height.
        var width = offersMaximum
            ? width.constrained(toMaximum: style.maxWidth.resolved(against: containingWidth)) : width
        var height = offersMaximum
            ? height.constrained(toMaximum: style.maxHeight.resolved(against: containingHeight)) : height
        // The ratio decides an axis only when the other is settled and this one is not; as
        // in Yoga, only a parent applies it, so a root's ratio has no effect.
        if appliesAspectRatio, let ratio = style.aspectRatio, ratio > 0 {
            if width.mode == .exact, height.mode != .exact {
                height = .exact(width.size / ratio)
            } else if height.mode == .exact, width.mode != .exact {
                width = .exact(height.size * ratio)
            }
        }
        let request = Request(
            width: width, height: height, containingWidth: containingWidth,
            containingHeight: containingHeight, direction: direction)

        if performLayout, let last = lastLayout[box], last.request == request {
            return last.size
        }
        if !performLayout, let known = measurements[box].first(where: { $0.request == request }) {
            return known.size
        }

        let size: Size
        if boxes[box].content != nil {
            size = measureLeaf(box, request: request)
        } else if boxes[box].children.isEmpty {
            size = Size(
                width: clampedSize(box, .horizontal, width.mode == .exact ? width.size : 0, request: request),
                height: clampedSize(box, .vertical, height.mode == .exact ? height.size : 0, request: request))
        } else {
            var container = FlexContainerLayout(pass: self, box: box, request: request, performLayout: performLayout)
            size = container.run()
        }

        if performLayout {
            lastLayout[box] = Measurement(request: request, size: size)
            frames[box].width = size.width
            frames[box].height = size.height
        } else {
            if measurements[box].count == Self.measurementsKept { measurements[box].removeFirst() }
            measurements[box].append(Measurement(request: request, size: size))
        }
        return size
    }

    /// A box's border-box size along `axis`: `proposed` clamped by its `min…`/`max…` and
    /// never below its padding and border.
    func clampedSize(_ box: Int, _ axis: Axis, _ proposed: Double, request: Request) -> Double {
        let style = boxes[box].style
        let horizontal = axis == .horizontal
        let reference = horizontal ? request.containingWidth : request.containingHeight
        let minimum = (horizontal ? style.minWidth : style.minHeight).resolved(against: reference)
        let maximum = (horizontal ? style.maxWidth : style.maxHeight).resolved(against: reference)
        return clamp(proposed, minimum: minimum, maximum: maximum,
                     paddingAndBorder: paddingAndBorder(box, request: request).sum(axis))
    }

    /// Padding plus border per side; padding percentages are of the containing width.
    func paddingAndBorder(_ box: Int, request: Request) -> Insets {
        boxes[box].style.paddingAndBorder(direction: request.direction, containingWidth: request.containingWidth)
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
        let content = boxes[box].content!
        let range = (min: content.minContentWidth, max: max(content.minContentWidth, content.maxContentWidth))
        contentWidths[box] = range
        return range
    }

    private func contentHeight(_ box: Int, atWidth width: Double) -> Double {
        if let known = contentHeights[box][width] { return known }
        let height = boxes[box].content!.height(atWidth: width)
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
            pending.append(contentsOf: boxes[next].children.map(\.index))
        }
    }
}

extension BoxStyle {
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
