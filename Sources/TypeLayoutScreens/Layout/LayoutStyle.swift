/// What layout reads of a box: its style's fields that layout uses, padding, border and
/// margins resolved where they depend only on the direction, facts about them, and whether
/// the box has measured content. ``BoxTree`` makes one as each box is added (as Yoga keeps a
/// compact style in each node), so that a layout neither reads the 792 bytes of a `BoxStyle`
/// (most of it painting, and edges written the long way) nor works these out again: a
/// 10,000-box list that read its styles in place at every visit walked far more memory than
/// the caches hold (issue 18).
struct LayoutStyle {
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
    /// Whether the box is a leaf measured by its content.
    let hasContent: Bool
    /// Whether any length is a percentage, or an aspect ratio is set.
    let hasPercentageOrRatio: Bool
    /// Whether every number of the style is within ``BoxTree/maximumMagnitude``: layout
    /// looks for the one that isn't only where this is false.
    let isWithinMaximumMagnitude: Bool
    /// Where the box's ``LayoutEdges`` are in `BoxTree.layoutEdges`, -1 for a box that needs
    /// none (`needsEdges`).
    var edges = -1

    /// Whether layout needs the box's edges as written: a margin that is a percentage or
    /// `auto`, padding that is a percentage, an inset, a border, or absolute position.
    var needsEdges: Bool { !hasFixedMargins || !hasFixedPaddingAndBorder || hasInset || hasBorder || position == .absolute }
    /// Whether any border width is set.
    let hasBorder: Bool
    /// Whether a margin is a negative number of points.
    let hasNegativeMargin: Bool

    /// The fields of `style` that layout reads, for a box with or without measured content.
    init(_ style: BoxStyle, hasContent: Bool) {
        self.hasContent = hasContent
        (flexGrow, flexShrink, flexBasis) = (style.flexGrow, style.flexShrink, style.flexBasis)
        (width, height, aspectRatio) = (style.width, style.height, style.aspectRatio)
        (minWidth, maxWidth, minHeight, maxHeight) = (style.minWidth, style.maxWidth, style.minHeight, style.maxHeight)
        (horizontalGap, verticalGap) = (style.gap(along: .horizontal), style.gap(along: .vertical))
        (flexDirection, justifyContent, alignItems) = (style.flexDirection, style.justifyContent, style.alignItems)
        (alignSelf, alignContent, flexWrap) = (style.alignSelf, style.alignContent, style.flexWrap)
        (position, display, overflow, direction) = (style.position, style.display, style.overflow, style.direction)
        hasFixedPaddingAndBorder = !style.padding.hasPercentage
        if hasFixedPaddingAndBorder {
            let edges = LayoutEdges(style)
            paddingAndBorderLTR = edges.paddingAndBorder(direction: .ltr, containingWidth: nil)
            paddingAndBorderRTL = edges.paddingAndBorder(direction: .rtl, containingWidth: nil)
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
        hasBorder = !style.borderWidth.isUnset
        hasNegativeMargin = min(marginLTR.top, marginLTR.right, marginLTR.bottom, marginLTR.left) < 0
        hasSizeLimits = style.minWidth != .auto || style.maxWidth != .auto || style.minHeight != .auto
            || style.maxHeight != .auto
        readsContainingSize = style.padding.hasPercentage || style.minWidth.isPercentage || style.maxWidth.isPercentage
            || style.minHeight.isPercentage || style.maxHeight.isPercentage
        hasPercentageOrRatio = style.hasPercentageOrRatio
        isWithinMaximumMagnitude = style.isWithinThroughout(BoxTree.maximumMagnitude)
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

/// The edges of a box as written, for the few boxes whose layout needs more than
/// ``LayoutStyle`` holds (``LayoutStyle/needsEdges``): kept apart, so that every other box's
/// `LayoutStyle` stays small.
struct LayoutEdges {
    let margin: Edges<Dimension>
    let padding: Edges<Dimension>
    let inset: Edges<Dimension>
    let borderWidth: Edges<Double>

    init(_ style: BoxStyle) {
        (margin, padding, inset, borderWidth) = (style.margin, style.padding, style.inset, style.borderWidth)
    }

    /// Padding plus border per side, in a resolved direction; padding percentages are of the
    /// containing box's inner width, and negative padding counts as zero.
    func paddingAndBorder(direction: Direction, containingWidth: Double?) -> Insets {
        padding.resolved(direction: direction, reference: containingWidth).clampedAtZero
            + borderWidth.resolved(direction: direction)
    }
}

extension BoxStyle {
    /// Padding plus border per side, by ``LayoutEdges``'s rule.
    func paddingAndBorder(direction: Direction, containingWidth: Double?) -> Insets {
        LayoutEdges(self).paddingAndBorder(direction: direction, containingWidth: containingWidth)
    }
}
