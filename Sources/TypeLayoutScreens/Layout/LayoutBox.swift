/// What a layout pass reads of one box, made once a pass: the style fields layout uses, its
/// padding, border and margins resolved where they depend only on the direction, and the
/// facts the pass works out about the box and its children.
///
/// About 300 bytes where a `BoxStyle` is 792: a 10,000-box list read its styles in place at
/// every visit, and walked far more memory than the caches hold (issue 18).
struct LayoutBox {
    let flexGrow: Double
    let flexShrink: Double
    let flexBasis: Dimension
    let width: Dimension
    let height: Dimension
    let minWidth: Dimension
    let maxWidth: Dimension
    let minHeight: Dimension
    let maxHeight: Dimension
    let aspectRatio: Double?
    /// `BoxStyle.gap(along:)` for each axis.
    let horizontalGap: Double
    let verticalGap: Double
    /// Padding plus border in each direction; meaningful when `hasFixedPaddingAndBorder`.
    let paddingAndBorderLTR: Insets
    let paddingAndBorderRTL: Insets
    /// Margins in each direction; meaningful when `hasFixedMargins`.
    let marginLTR: Insets
    let marginRTL: Insets
    /// Where the box's children start in the pass's `childIndices`, and how many there are.
    let firstChild: Int
    let childCount: Int
    let flexDirection: FlexDirection
    let justifyContent: JustifyContent
    let alignItems: AlignItems
    let alignSelf: AlignSelf
    let alignContent: AlignContent
    let flexWrap: FlexWrap
    let position: PositionType
    let display: Display
    let overflow: Overflow
    let direction: Direction
    /// Whether the box is a leaf measured by its content.
    let hasContent: Bool
    /// Whether no padding is a percentage, so that padding and border depend on the direction
    /// alone.
    let hasFixedPaddingAndBorder: Bool
    /// Whether no margin is a percentage or `auto`.
    let hasFixedMargins: Bool
    /// Whether any inset (`top`, `left`, `start` …) is set.
    let hasInset: Bool
    /// Whether the box has a minimum or maximum width or height: most have none, and clamping
    /// them is then only keeping to their padding and border.
    let hasSizeLimits: Bool
    /// Whether the box's own layout depends on its parent's inner size: only through a
    /// percentage in its padding or its minimum or maximum (its width, height and margins
    /// the parent resolves). Where it doesn't, measurements under different containing sizes
    /// are the same measurement, and are remembered as one.
    let readsContainingSize: Bool
    /// Whether the box lays out the same, itself and everything under it, under any
    /// fit-content limit as under none (see `init`). Such a box is
    /// measured under `maxContent` where offered `atMost`, so that the limits of every
    /// ancestor above (which differ at each measuring) don't make each measurement a new
    /// one: without that, trees of fixed-size boxes 16 levels deep were measured some 40
    /// times a box.
    let ignoresLimits: Bool
    /// Whether a box that ignores its limits also lays out the same when offered exactly its
    /// max-content size along an axis as when offered nothing: no minimum or maximum of its
    /// own, and no child that both grows and shrinks (Yoga's sole flexible child takes a base
    /// of 0 in a container of exact size). A parent measures such a box, then lays it out at
    /// the size it found; answered from the measurement, the box's children aren't asked
    /// again under new constraints.
    let keepsContentSize: Bool

    /// The record of a box with `style`, whose children are `children` in the pass's
    /// `childIndices`; `childrenIgnoreLimits` if every child ignores its limits and has no
    /// `flexBasis`, `childGrowsAndShrinks` if some child both grows and shrinks.
    init(
        _ style: BoxStyle, hasContent: Bool, children: Range<Int>, childrenIgnoreLimits: Bool,
        childGrowsAndShrinks: Bool
    ) {
        (flexGrow, flexShrink, flexBasis) = (style.flexGrow, style.flexShrink, style.flexBasis)
        (width, height, aspectRatio) = (style.width, style.height, style.aspectRatio)
        (minWidth, maxWidth, minHeight, maxHeight) = (style.minWidth, style.maxWidth, style.minHeight, style.maxHeight)
        (horizontalGap, verticalGap) = (style.gap(along: .horizontal), style.gap(along: .vertical))
        (firstChild, childCount) = (children.lowerBound, children.count)
        (flexDirection, justifyContent, alignItems) = (style.flexDirection, style.justifyContent, style.alignItems)
        (alignSelf, alignContent, flexWrap) = (style.alignSelf, style.alignContent, style.flexWrap)
        (position, display, overflow, direction) = (style.position, style.display, style.overflow, style.direction)
        self.hasContent = hasContent
        hasFixedPaddingAndBorder = !style.padding.hasPercentage
        if hasFixedPaddingAndBorder {
            paddingAndBorderLTR = style.paddingAndBorder(direction: .ltr, containingWidth: nil)
            paddingAndBorderRTL = style.paddingAndBorder(direction: .rtl, containingWidth: nil)
        } else {
            (paddingAndBorderLTR, paddingAndBorderRTL) = (Insets(), Insets())
        }
        hasFixedMargins = !style.margin.hasPercentageOrAuto
        if hasFixedMargins {
            marginLTR = style.margin.resolved(direction: .ltr, reference: nil)
            marginRTL = style.margin.resolved(direction: .rtl, reference: nil)
        } else {
            (marginLTR, marginRTL) = (Insets(), Insets())
        }
        hasInset = !style.inset.isUnset
        hasSizeLimits = style.minWidth != .auto || style.maxWidth != .auto || style.minHeight != .auto
            || style.maxHeight != .auto
        readsContainingSize = style.padding.hasPercentage || style.minWidth.isPercentage || style.maxWidth.isPercentage
            || style.minHeight.isPercentage || style.maxHeight.isPercentage
        // A container reads its limit only to offer it on to its children, to resolve their
        // percentages, to wrap its lines and (Yoga's reading) to let a child's `flexBasis`
        // count; the sizes it takes are its content's. So it ignores its limits when it
        // doesn't wrap, nothing of its own or its children's is a percentage or an aspect
        // ratio, no child has a `flexBasis`, and every child ignores its limits too. Measured
        // content (text) wraps at its limit, so its ancestors never qualify.
        ignoresLimits = !hasContent && style.flexWrap == .nowrap && !style.hasPercentageOrRatio && childrenIgnoreLimits
        keepsContentSize = ignoresLimits && !hasSizeLimits && !childGrowsAndShrinks
    }

    /// `width` or `height`.
    func size(_ axis: Axis) -> Dimension { axis == .horizontal ? width : height }

    /// `minWidth` or `minHeight`.
    func minimumSize(_ axis: Axis) -> Dimension { axis == .horizontal ? minWidth : minHeight }

    /// `maxWidth` or `maxHeight`.
    func maximumSize(_ axis: Axis) -> Dimension { axis == .horizontal ? maxWidth : maxHeight }

    /// The space between neighbours side by side along `axis`.
    func gap(along axis: Axis) -> Double { axis == .horizontal ? horizontalGap : verticalGap }
}
