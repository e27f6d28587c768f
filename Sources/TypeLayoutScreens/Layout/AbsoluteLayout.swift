extension FlexContainerLayout {
    /// Children with `position: absolute` (docs/flexbox.md, "Absolute children"), once the
    /// container's size is known: sized and
    /// placed against its padding box by their insets; along an axis with neither inset set,
    /// placed where `justifyContent` (main axis) or `alignSelf` (cross axis) would put a
    /// sole item.
    mutating func layOutAbsoluteChildren(in container: Size) {
        let border = pass.edges(box)?.borderWidth.resolved(direction: request.direction) ?? Insets()
        let paddingBox = Size(
            width: container.width - border.sum(.horizontal), height: container.height - border.sum(.vertical))
        let direction = request.direction
        for child in absoluteChildren {
            // An absolute child always has its edges (`LayoutStyle.needsEdges`).
            let childEdges = pass.edges(child)!
            let margin = childEdges.margin.resolved(direction: direction, reference: paddingBox.width)
            var insets: [PhysicalEdge: Double] = [:]
            for edge in PhysicalEdge.allCases {
                let reference = edge == .left || edge == .right ? paddingBox.width : paddingBox.height
                insets[edge] = childEdges.inset.value(for: edge, direction: direction)?.resolved(against: reference)
            }
            var spaces: [Axis: AxisSpace] = [:]
            for axis in [Axis.horizontal, .vertical] {
                let (start, end): (PhysicalEdge, PhysicalEdge) = axis == .horizontal ? (.left, .right) : (.top, .bottom)
                if let size = pass.layoutStyles[child].size(axis).resolved(against: paddingBox[axis]) {
                    spaces[axis] = .exact(size)
                } else if let startInset = insets[start], let endInset = insets[end] {
                    spaces[axis] = .exact(paddingBox[axis] - startInset - endInset - margin.sum(axis))
                } else if axis == .horizontal, mainAxis == .vertical, request.width.mode != .maxContent,
                          paddingBox.width > 0 {
                    // Yoga's reading: content-sized, and text wraps within a column
                    // container's known width (less the child's margins); otherwise
                    // unconstrained.
                    spaces[axis] = .atMost(paddingBox.width - margin.sum(.horizontal))
                } else {
                    spaces[axis] = .maxContent
                }
            }
            // As in Yoga, a child sized by its content is measured first and then laid out
            // at exactly that size, so that its own children see a fixed size (a stretched
            // grandchild's aspect ratio, a percentage) rather than a content-sized one.
            let measured = pass.layout(
                child, width: spaces[.horizontal]!, height: spaces[.vertical]!,
                containingWidth: paddingBox.width, containingHeight: paddingBox.height,
                parentDirection: request.direction, performLayout: false, offersMaximum: false)
            let size = pass.layout(
                child, width: .exact(measured.width), height: .exact(measured.height),
                containingWidth: paddingBox.width, containingHeight: paddingBox.height,
                parentDirection: request.direction, performLayout: true)
            var origin = Size.zero
            for axis in [Axis.horizontal, .vertical] {
                // Over-constrained, the inline-start inset wins: the right one in rtl (CSS 2.1
                // §10.3.7, and Yoga; docs/flexbox.md, "Absolute children").
                let edges: [PhysicalEdge] = axis == .vertical ? [.top, .bottom]
                    : direction == .rtl ? [.right, .left] : [.left, .right]
                if let edge = edges.first(where: { insets[$0] != nil }), let inset = insets[edge] {
                    let fromEdge = border[edge] + inset + margin[edge]
                    origin[axis] = edge.isOrigin ? fromEdge : container[axis] - fromEdge - size[axis]
                } else {
                    origin[axis] = staticPosition(
                        axis, alignSelf: pass.layoutStyles[child].alignSelf, size: size[axis], margin: margin, container: container)
                }
            }
            pass.frames[child].x = origin.width
            pass.frames[child].y = origin.height
        }
    }

    /// Where an absolute child with no inset along `axis` goes: as the container's only
    /// item would be aligned, within its content box.
    private func staticPosition(
        _ axis: Axis, alignSelf: AlignSelf, size: Double, margin: Insets, container: Size
    ) -> Double {
        let inner = container[axis] - paddingAndBorder.sum(axis)
        let free = inner - size - margin.sum(axis)
        let start = axis == mainAxis ? mainStart : crossStart
        let offset: Double
        if axis == mainAxis {
            // A sole item: `space-around` and `space-evenly` centre it even when it overflows.
            switch justifyContent {
            case .flexStart, .spaceBetween: offset = 0
            case .center, .spaceAround, .spaceEvenly: offset = free / 2
            case .flexEnd: offset = free
            }
        } else {
            switch alignSelf.resolved(parent: alignItems) {
            case .flexStart, .stretch, .baseline: offset = 0
            case .center: offset = free / 2
            case .flexEnd: offset = free
            }
        }
        let fromStart = paddingAndBorder[start] + margin[start] + offset
        return start.isOrigin ? fromStart : container[axis] - fromStart - size
    }
}
