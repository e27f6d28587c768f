/// The layout of one flex container's children: CSS Flexible Box Layout Level 1, §9, step
/// by step, with React Native's defaults and Yoga's reading where the spec leaves room
/// (noted where it happens). docs/flexbox.md states the contract: each place the engine
/// follows Yoga rather than the spec, and the few where it doesn't, by the names its
/// sections give them.
struct FlexContainerLayout {
    typealias Request = FlexLayoutPass.Request

    /// One in-flow child and what the algorithm has found out about it so far.
    struct Item {
        let box: Int
        let margin: Insets
        let autoMargin: (mainStart: Bool, mainEnd: Bool, crossStart: Bool, crossEnd: Bool)
        let alignment: AlignItems
        let flexGrow: Double
        let flexShrink: Double
        let minimumMain: Double?
        let maximumMain: Double?
        let paddingAndBorderMain: Double
        let paddingAndBorderCross: Double
        var flexBase = 0.0
        var hypotheticalMain = 0.0
        var targetMain = 0.0
        var cross = 0.0
        /// The cross-axis constraint `cross` was measured under; as in Yoga, an item that
        /// isn't stretched is laid out under it again, so that its own children see the
        /// same (possibly unfixed) cross size.
        var crossSpace = AxisSpace.maxContent
        /// The cross size Yoga measures while flexing, which its lines' total (the space
        /// `alignContent` shares out, and the container's content size) comes from; in a
        /// wrapping container it can differ from `cross`, the size the item's line is then
        /// made of.
        var flexCross = 0.0
        /// Whether a stretched item was laid out within its line's flexing size
        /// (`remeasureStretchedItems`, under `crossSpace`), which Yoga keeps when it fills the line.
        var fitsFlexLine = false
    }

    /// A run of items sharing one main-axis line.
    struct Line {
        var items: Range<Int>
        var cross = 0.0
        var crossOffset = 0.0
        /// The space `alignContent` puts after the line (`space-*`), which Yoga's stretched
        /// items take as well.
        var spaceAfter = 0.0
        /// The line's size from its items' `flexCross`, which Yoga sums for the lines' total.
        var flexCross = 0.0
    }

    let pass: FlexLayoutPass
    let box: Int
    /// What the container was offered; a wrapping one whose items overflow a fit-content
    /// main size takes that size exactly (`run`).
    var request: Request
    let performLayout: Bool
    /// The container's alignment and overflow, from its `LayoutStyle`.
    let justifyContent: JustifyContent
    let alignItems: AlignItems
    let alignContent: AlignContent
    let overflow: Overflow
    let mainAxis: Axis
    let crossAxis: Axis
    /// The edge the first item sits against: left for `row` in `ltr`, right for `row` in
    /// `rtl` and for `row-reverse` in `ltr`, top for `column`, bottom for `column-reverse`.
    let mainStart: PhysicalEdge
    /// The edge the first line (and `flex-start` items) sit against; `wrap-reverse` flips it.
    let crossStart: PhysicalEdge
    let paddingAndBorder: Insets
    /// The inner size children's percentages refer to: the offered size less padding and
    /// border, within this box's own minimum and maximum (`nil` where nothing is offered).
    let innerWidth: Double?
    let innerHeight: Double?
    let isSingleLine: Bool
    var items: [Item] = []
    var lines: [Line] = []
    var absoluteChildren: [Int] = []
    /// Whether the container is a row whose items, or some of them, align by baseline
    /// (Yoga's baseline layout: its lines are sized and its items placed by baselines).
    var isBaselineLayout = false
    /// Whether the items' flex base sizes, margins and gaps add up to more than a known
    /// inner main size: Yoga's test for whether its flexing pass may stretch items across
    /// a wrapping container's whole cross size.
    var mainAxisOverflows = false

    init(pass: FlexLayoutPass, box: Int, request: Request, performLayout: Bool) {
        self.pass = pass
        self.box = box
        self.request = request
        self.performLayout = performLayout
        let styles = pass.layoutStyles
        let (flexDirection, flexWrap) = (styles[box].flexDirection, styles[box].flexWrap)
        (justifyContent, alignItems, alignContent, overflow) =
            (styles[box].justifyContent, styles[box].alignItems, styles[box].alignContent, styles[box].overflow)
        let rightToLeft = request.direction == .rtl
        mainAxis = flexDirection.isRow ? .horizontal : .vertical
        crossAxis = mainAxis.other
        if flexDirection.isRow {
            mainStart = (flexDirection == .row) != rightToLeft ? .left : .right
            crossStart = flexWrap == .wrapReverse ? .bottom : .top
        } else {
            mainStart = flexDirection == .column ? .top : .bottom
            let start: PhysicalEdge = rightToLeft ? .right : .left
            crossStart = flexWrap == .wrapReverse ? start.opposite : start
        }
        paddingAndBorder = pass.paddingAndBorder(box, request: request)
        isSingleLine = flexWrap == .nowrap
        mainGap = styles[box].gap(along: mainAxis)
        crossGap = styles[box].gap(along: crossAxis)
        innerWidth = Self.innerSize(.horizontal, pass: pass, box: box, request: request, paddingAndBorder: paddingAndBorder)
        innerHeight = Self.innerSize(.vertical, pass: pass, box: box, request: request, paddingAndBorder: paddingAndBorder)
    }

    private static func innerSize(
        _ axis: Axis, pass: FlexLayoutPass, box: Int, request: Request, paddingAndBorder: Insets
    ) -> Double? {
        guard let limit = space(axis, request).limit else { return nil }
        return max(0, pass.clampedSize(box, axis, limit, request: request) - paddingAndBorder.sum(axis))
    }

    static func space(_ axis: Axis, _ request: Request) -> AxisSpace {
        axis == .horizontal ? request.width : request.height
    }

    func inner(_ axis: Axis) -> Double? { axis == .horizontal ? innerWidth : innerHeight }

    /// Whether Yoga lays this container out here rather than only measuring it: then it
    /// takes none of its measuring shortcuts (`Request.standsForLayout`).
    var laysOut: Bool { performLayout || request.standsForLayout }

    let mainGap: Double
    let crossGap: Double

    mutating func run() -> Size {
        determineFlexBaseSizes()
        isBaselineLayout = mainAxis == .horizontal && (alignItems == .baseline
            || items.contains { pass.layoutStyles[$0.box].alignSelf == .baseline })
        if Self.space(mainAxis, request).mode != .maxContent, let innerMain = inner(mainAxis) {
            let gaps = mainGap * Double(max(0, items.count - 1))
            let total = items.reduce(gaps) {
                $0 + $1.flexBase + $1.margin.sum(mainAxis)
            }
            mainAxisOverflows = total > innerMain
            // Yoga's rule (docs/flexbox.md, "Wrapping containers"): a wrapping container
            // offered at most some main size, whose items' outer flex bases overflow it,
            // takes that size exactly: its lines flex into it and it is that long.
            if !isSingleLine, mainAxisOverflows, Self.space(mainAxis, request).mode == .atMost {
                let limit = Self.space(mainAxis, request).size
                if mainAxis == .horizontal { request.width = .exact(limit) } else { request.height = .exact(limit) }
            }
        }
        collectIntoLines()
        for line in lines.indices { resolveFlexibleLengths(lines[line]) }
        determineHypotheticalCrossSizes()
        var size = Size.zero
        size[mainAxis] = containerMainSize()
        calculateLineCrossSizes()
        size[crossAxis] = containerCrossSize()
        guard performLayout else { return size }

        let innerCross = size[crossAxis] - paddingAndBorder.sum(crossAxis)
        if isSingleLine, !lines.isEmpty { (lines[0].cross, lines[0].flexCross) = (innerCross, innerCross) }
        stretchLines(innerCross: innerCross)
        alignLines(innerCross: innerCross)
        placeItems(in: size)
        layOutAbsoluteChildren(in: size)
        return size
    }

    // MARK: §9.2 Line length determination

    /// Step 3: each item's flex base size and hypothetical main size. Absolute and
    /// `display: none` children are set aside here.
    mutating func determineFlexBaseSizes() {
        let soleFlexibleChild = soleFlexibleChild()
        let children = pass.childPositions(of: box)
        items.reserveCapacity(children.count)
        for position in children {
            let child = pass.childIndices[position]
            if pass.layoutStyles[child].display == .none {
                if performLayout { pass.hideSubtree(child) }
                continue
            }
            if performLayout { pass.displayed[child] = true }
            if pass.layoutStyles[child].position == .absolute {
                absoluteChildren.append(child)
                continue
            }
            var item = makeItem(child)
            // As in Yoga, the base is at least the item's padding and border, except the sole
            // flexible child's 0; the hypothetical size is the base within the item's min and
            // max only, so that child flexes from 0 (docs/flexbox.md, "Flexible lengths").
            item.flexBase = child == soleFlexibleChild ? 0 : max(flexBaseSize(item), item.paddingAndBorderMain)
            item.hypotheticalMain = clamp(
                item.flexBase, minimum: item.minimumMain, maximum: item.maximumMain, paddingAndBorder: 0)
            items.append(item)
        }
    }

    /// Yoga's shortcut: in a container of definite main size, when exactly one child can
    /// flex and it can both grow and shrink, its flex base size is 0 rather than its
    /// content's, since it is going to take whatever space the others leave. §9.7 gives it
    /// the same size, but our copy of Yoga's two-pass shrinking (below) would not: a child
    /// that hits its floor in the first pass gets a share again in the second, and only a
    /// base of 0 keeps it at the floor, as in Yoga and CSS. Absolute children don't count;
    /// as in Yoga, `display: none` ones do.
    func soleFlexibleChild() -> Int? {
        guard Self.space(mainAxis, request).mode == .exact else { return nil }
        var sole: Int?
        for position in pass.childPositions(of: box) {
            let child = pass.childIndices[position]
            let (position, grow, shrink) = (pass.layoutStyles[child].position, pass.layoutStyles[child].flexGrow,
                                           pass.layoutStyles[child].flexShrink)
            guard position != .absolute, grow != 0 || shrink != 0 else { continue }
            if sole != nil || grow == 0 || shrink == 0 { return nil }
            sole = child
        }
        return sole
    }

    func makeItem(_ child: Int) -> Item {
        // Fields read one by one: a copy of the whole record is a call to memcpy.
        let ownDirection = pass.layoutStyles[child].direction
        let direction = ownDirection == .inherit ? request.direction : ownDirection
        let childRequest = Request(
            width: .maxContent, height: .maxContent, containingWidth: innerWidth,
            containingHeight: innerHeight, direction: direction)
        // As in Yoga, a child's own direction decides which sides its start and end margins
        // are (its offsets follow this box's direction: see `place`); which of them is `auto`
        // Yoga reads in this box's direction (flexStartMarginIsAuto gets the owner's).
        let outer = direction
        let mainReference = inner(mainAxis)
        let childInsets = pass.paddingAndBorder(child, request: childRequest)
        let fixedMargin = pass.fixedMargins(child, direction: outer)
        return Item(
            box: child,
            margin: fixedMargin ?? pass.edges(child)!.margin.resolved(direction: outer, reference: innerWidth),
            autoMargin: fixedMargin != nil ? (false, false, false, false) : autoMargins(of: child, direction: request.direction),
            alignment: pass.layoutStyles[child].alignSelf.resolved(parent: alignItems),
            flexGrow: pass.layoutStyles[child].flexGrow, flexShrink: pass.layoutStyles[child].flexShrink,
            minimumMain: pass.layoutStyles[child].minimumSize(mainAxis).resolved(against: mainReference),
            maximumMain: pass.layoutStyles[child].maximumSize(mainAxis).resolved(against: mainReference),
            paddingAndBorderMain: childInsets.sum(mainAxis), paddingAndBorderCross: childInsets.sum(crossAxis))
    }

    /// Which of a child's margins are `auto`: main start, main end, cross start, cross end.
    func autoMargins(of child: Int, direction: Direction) -> (Bool, Bool, Bool, Bool) {
        let margins = pass.edges(child)!.margin
        return (margins.isAuto(mainStart, direction: direction), margins.isAuto(mainStart.opposite, direction: direction),
                margins.isAuto(crossStart, direction: direction),
                margins.isAuto(crossStart.opposite, direction: direction))
    }

    /// §9.2 step 3 A–E (docs/flexbox.md, "Flex base size"): `flexBasis`, else the main size,
    /// else the content's size. Yoga's
    /// reading of E: the item is measured within the container's inner size on both axes
    /// (unless the container scrolls along that axis), and stretched across it when the
    /// container's cross size is definite.
    func flexBaseSize(_ item: Item) -> Double {
        let mainReference = inner(mainAxis)
        // Yoga's reading of A: a `flexBasis` counts only in a container of known main size.
        if mainReference != nil, let basis = pass.layoutStyles[item.box].flexBasis.resolved(against: mainReference) {
            return basis
        }
        if let size = pass.layoutStyles[item.box].size(mainAxis).resolved(against: mainReference) { return size }
        var spaces = Size.zero
        func space(_ axis: Axis) -> AxisSpace {
            if let size = pass.layoutStyles[item.box].size(axis).resolved(against: inner(axis)) {
                return .exact(size)
            } else if let limit = inner(axis), !(axis == mainAxis && overflow == .scroll) {
                return .atMost(limit - item.margin.sum(axis))
            } else {
                return .maxContent
            }
        }
        var modes = (main: space(mainAxis), cross: space(crossAxis))
        // Yoga stretches an item for its flex base size even with an auto cross margin
        // (docs/flexbox.md, "Flex base size"): only its final cross size honours the margin.
        let stretchesForBase = Self.space(crossAxis, request).mode == .exact && item.alignment == .stretch
            && pass.layoutStyles[item.box].size(crossAxis).resolved(against: inner(crossAxis)) == nil
        if stretchesForBase, let cross = inner(crossAxis), modes.cross.mode != .exact {
            modes.cross = .exact(cross - item.margin.sum(crossAxis))
        }
        spaces = pass.layout(
            item.box, width: mainAxis == .horizontal ? modes.main : modes.cross,
            height: mainAxis == .horizontal ? modes.cross : modes.main,
            containingWidth: innerWidth, containingHeight: innerHeight,
            parentDirection: request.direction, performLayout: false)
        return spaces[mainAxis]
    }

    /// Whether the item takes the container's definite cross size before lines exist.
    func stretchesAcrossContainer(_ item: Item) -> Bool {
        Self.space(crossAxis, request).mode == .exact && stretchApplies(item)
    }

    /// Whether `alignSelf: stretch` may set the item's cross size: not when the size is
    /// set, nor with an auto cross margin (§9.4 step 11).
    func stretchApplies(_ item: Item) -> Bool {
        item.alignment == .stretch && (!hasAutoCrossMargin(item) || !isSingleLine)
            && pass.layoutStyles[item.box].size(crossAxis).resolved(against: inner(crossAxis)) == nil
    }

    /// Auto margins across the line; Yoga honours them only in single-line containers.
    func hasAutoCrossMargin(_ item: Item) -> Bool {
        item.autoMargin.crossStart || item.autoMargin.crossEnd
    }

    /// Whether the item's final cross size is its line's: stretch applies, and (as in Yoga)
    /// in a single-line container no aspect ratio derives the cross size from the main size
    /// instead.
    func isStretched(_ item: Item) -> Bool {
        stretchApplies(item) && (!isSingleLine || pass.layoutStyles[item.box].aspectRatio == nil)
    }

    /// Step 5: items into lines, a new line when the next would overflow the container's
    /// inner main size (only when wrapping, and only when that size is known).
    mutating func collectIntoLines() {
        let limit = isSingleLine ? nil : inner(mainAxis)
        var start = 0
        var used = 0.0
        for (index, item) in items.enumerated() {
            let outer = item.hypotheticalMain + item.margin.sum(mainAxis)
            if let limit, index > start, used + mainGap + outer > limit {
                lines.append(Line(items: start..<index))
                start = index
                used = outer
            } else {
                used += (index > start ? mainGap : 0) + outer
            }
        }
        if start < items.count || lines.isEmpty { lines.append(Line(items: start..<items.count)) }
    }

    // MARK: §9.7 Resolving flexible lengths

    /// The inner main size a line's items flex into: the container's when definite;
    /// otherwise (as in Yoga, even under a fit-content limit) the items' own sizes, within
    /// the container's min and max, so that nothing grows or shrinks but to meet those.
    func flexSpace(consumed: Double) -> Double {
        if Self.space(mainAxis, request).mode == .exact, let innerMain = inner(mainAxis) { return innerMain }
        let padding = paddingAndBorder.sum(mainAxis)
        let reference = mainAxis == .horizontal ? request.containingWidth : request.containingHeight
        let minimum = pass.layoutStyles[box].minimumSize(mainAxis).resolved(against: reference)
        let maximum = pass.layoutStyles[box].maximumSize(mainAxis).resolved(against: reference)
        if let minimum, consumed < minimum - padding {
            return minimum - padding
        }
        if let maximum, consumed > maximum - padding {
            return maximum - padding
        }
        return consumed
    }

    /// Step 6, §9.7, as Yoga does it (docs/flexbox.md, "Flexible lengths"): where §9.7 loops, freezing items that hit their
    /// min or max until none does, Yoga makes two passes. The first shares the free space
    /// out and takes the items that hit a limit out of the sharing, with what they took; the
    /// second shares what is left among the rest and clamps every item. The two agree unless
    /// a limit moves the share of an item that did not hit one.
    mutating func resolveFlexibleLengths(_ line: Line) {
        let range = line.items
        guard !range.isEmpty else { return }
        let gaps = mainGap * Double(range.count - 1)
        let margins = range.reduce(0) { $0 + items[$1].margin.sum(mainAxis) }
        let consumed = range.reduce(gaps + margins) { $0 + items[$1].hypotheticalMain }
        var freeSpace = flexSpace(consumed: consumed) - consumed
        var totalGrow = 0.0
        var totalScaledShrink = 0.0
        for index in range {
            totalGrow += max(0, items[index].flexGrow)
            totalScaledShrink += max(0, items[index].flexShrink) * items[index].flexBase
        }
        // Grow factors summing to less than 1 share out only that fraction of the space.
        if totalGrow > 0, totalGrow < 1 { totalGrow = 1 }

        // First pass: items whose share would break a limit leave the sharing.
        var taken = 0.0
        for index in range {
            let item = items[index]
            let base = item.hypotheticalMain
            if freeSpace < 0, item.flexShrink > 0, base > 0, totalScaledShrink > 0 {
                let scaled = item.flexShrink * base
                let proposed = base + freeSpace / totalScaledShrink * scaled
                let clamped = clampMain(item, proposed)
                if clamped != proposed {
                    taken += clamped - base
                    totalScaledShrink -= item.flexShrink * item.flexBase
                }
            } else if freeSpace > 0, item.flexGrow > 0, totalGrow > 0 {
                let proposed = base + freeSpace / totalGrow * item.flexGrow
                let clamped = clampMain(item, proposed)
                if clamped != proposed {
                    taken += clamped - base
                    totalGrow -= item.flexGrow
                }
            }
        }
        freeSpace -= taken

        // Second pass: every flexible item takes its share of what is left, clamped.
        for index in range {
            let item = items[index]
            let base = item.hypotheticalMain
            var target = base
            if freeSpace < 0, item.flexShrink > 0, base > 0 {
                let scaled = item.flexShrink * base
                target = clampMain(item, totalScaledShrink == 0
                    ? base - scaled : base + freeSpace / totalScaledShrink * scaled)
            } else if freeSpace > 0, item.flexGrow > 0 {
                target = clampMain(item, totalGrow > 0
                    ? base + freeSpace / totalGrow * item.flexGrow : .infinity)
            }
            items[index].targetMain = target.isFinite ? target : base
        }
    }

    func clampMain(_ item: Item, _ size: Double) -> Double {
        clamp(size, minimum: item.minimumMain, maximum: item.maximumMain, paddingAndBorder: item.paddingAndBorderMain)
    }

    // MARK: §9.4 Cross size determination

    /// Step 7: each item laid out at its main size, its cross size fitting the container's
    /// inner cross size (or taking it, when a single line stretches it, as Yoga does).
    mutating func determineHypotheticalCrossSizes() {
        for index in items.indices {
            let item = items[index]
            let crossSize = pass.layoutStyles[item.box].size(crossAxis)
            let crossSpace: AxisSpace
            if case .percent = crossSize, Self.space(crossAxis, request).mode != .exact {
                // Yoga's "loose percentage measurement", which React Native screens show: a
                // percentage cross size in a container whose own cross size is not yet fixed
                // is measured as max-content and kept, where CSS would resolve it against
                // the container's final size. We follow Yoga, as React Native is Yoga. Its
                // children are still offered the percentage's size (`maxContent(within:)`).
                crossSpace = .maxContent(within: crossSize.resolved(against: inner(crossAxis)))
            } else if let size = crossSize.resolved(against: inner(crossAxis)) {
                crossSpace = .exact(size)
            } else if isSingleLine, stretchesAcrossContainer(item), isStretched(item), let cross = inner(crossAxis) {
                crossSpace = .exact(cross - item.margin.sum(crossAxis))
            } else if !isSingleLine, isStretched(item), !hasAutoCrossMargin(item) {
                // Yoga's reading: a stretched item's line is as wide as its max-content.
                // One with an auto cross margin is measured like an unstretched item (Yoga
                // stretches it only once its line is sized).
                crossSpace = .maxContent
            } else if let cross = inner(crossAxis) {
                crossSpace = .atMost(cross - item.margin.sum(crossAxis))
            } else {
                crossSpace = .maxContent
            }
            // In a multi-line container a stretched item's ratio gives way to its line (Yoga).
            let ratioApplies = isSingleLine || !isStretched(item)
            items[index].crossSpace = crossSpace
            // Yoga lays an item it won't stretch out here (when laying out, not measuring).
            items[index].cross = measure(
                item, main: item.targetMain, cross: crossSpace, performLayout: false,
                appliesAspectRatio: ratioApplies, standsForLayout: laysOut && !isStretched(item))[crossAxis]
            items[index].flexCross = items[index].cross
            if !isSingleLine, isStretched(item), !hasAutoCrossMargin(item) {
                // While flexing, Yoga measures a stretched item across the container's
                // definite cross size when everything fits on one line (else within it);
                // the lines' total comes from that. Only then is the item measured again
                // at its max-content size, which its line's own size comes from (or, under
                // `alignContent: stretch`, stretched to the line).
                // An item with a ratio is measured by it here, whatever it is offered (Yoga
                // derives the cross size of every ratio item from its flexed main size);
                // only its line gives way to its max-content size.
                let hasRatio = pass.layoutStyles[item.box].aspectRatio != nil
                let flexSpace: AxisSpace
                if hasRatio {
                    flexSpace = .maxContent
                } else if stretchesAcrossContainer(item), !mainAxisOverflows, let cross = inner(crossAxis) {
                    flexSpace = .exact(cross - item.margin.sum(crossAxis))
                } else if let cross = inner(crossAxis) {
                    flexSpace = .atMost(cross - item.margin.sum(crossAxis))
                } else {
                    flexSpace = .maxContent
                }
                items[index].flexCross = measure(
                    item, main: item.targetMain, cross: flexSpace, performLayout: false)[crossAxis]
                if alignContent == .stretch { items[index].cross = items[index].flexCross }
            }
        }
    }

    func measure(
        _ item: Item, main: Double, cross: AxisSpace, performLayout: Bool, appliesAspectRatio: Bool = true,
        standsForLayout: Bool = false, unclipped: Bool = false
    ) -> Size {
        let mainSpace = AxisSpace.exact(main)
        return pass.layout(
            item.box,
            width: mainAxis == .horizontal ? mainSpace : cross,
            height: mainAxis == .horizontal ? cross : mainSpace,
            containingWidth: innerWidth, containingHeight: innerHeight,
            parentDirection: request.direction, performLayout: performLayout,
            appliesAspectRatio: appliesAspectRatio, standsForLayout: standsForLayout, unclipped: unclipped)
    }

    /// Step 4, deferred until the lines are flexed: the container's main size is the
    /// offered one when definite, else its longest line's.
    func containerMainSize() -> Double {
        let space = Self.space(mainAxis, request)
        if space.mode == .exact { return pass.clampedSize(box, mainAxis, space.size, request: request) }
        // The longest may be negative (negative margins); no lines is 0.
        var longest = lines.isEmpty ? 0 : -Double.infinity
        // Yoga's measuring shortcut (docs/flexbox.md, "Measuring with a fixed cross size"):
        // asked only for its size, with its cross size fixed, a container skips flexing and
        // is as long as its items' flex bases, which no min or max has clamped.
        let skipsFlexing = !laysOut && Self.space(crossAxis, request).mode == .exact
        for line in lines {
            longest = max(longest, skipsFlexing ? flexBases(of: line) : usedMain(of: line, laidOut: true))
        }
        // A wrapping container fills at most its limit, as Yoga does, even when one item
        // alone is longer.
        if !isSingleLine, space.mode == .atMost, let limit = inner(mainAxis) { longest = min(longest, limit) }
        // Yoga keeps a scroll container within its main-axis limit only where its lines could
        // grow into it: it grows itself and an item of its last line grows.
        let growsIntoLimit = pass.layoutStyles[box].flexGrow != 0
            && lines.last.map { line in line.items.contains { items[$0].flexGrow > 0 } } == true
        return growsIntoLimit ? contentSize(mainAxis, longest)
            : pass.clampedSize(box, mainAxis, longest + paddingAndBorder.sum(mainAxis), request: request)
    }

    /// A line's outer flex base sizes and gaps: its length in Yoga's measuring shortcut.
    func flexBases(of line: Line) -> Double {
        let gaps = mainGap * Double(max(0, line.items.count - 1))
        return line.items.reduce(gaps) {
            $0 + items[$1].flexBase + items[$1].margin.sum(mainAxis)
        }
    }

    /// A line's outer target main sizes and gaps, what `justifyContent` shares the rest out
    /// from; `laidOut`, the sizes the items take when laid out at those targets (at least
    /// their padding and border), which the line is then as long as (Yoga's reading).
    func usedMain(of line: Line, laidOut: Bool = false) -> Double {
        let gaps = mainGap * Double(max(0, line.items.count - 1))
        return line.items.reduce(gaps) {
            $0 + (laidOut ? max(items[$1].targetMain, items[$1].paddingAndBorderMain) : items[$1].targetMain)
                + items[$1].margin.sum(mainAxis)
        }
    }

    /// Step 8: a single line in a container of definite cross size is that size; otherwise
    /// each line is as tall as its tallest item's outer cross size.
    mutating func calculateLineCrossSizes() {
        let crossDefinite = Self.space(crossAxis, request).mode == .exact
        for line in lines.indices {
            if isSingleLine, crossDefinite, let cross = inner(crossAxis) {
                lines[line].cross = cross
                lines[line].flexCross = cross
            } else {
                // Negative margins can make the largest negative; an empty line is 0.
                let empty = lines[line].items.isEmpty
                var (cross, flexCross) = empty ? (0.0, 0.0) : (-Double.infinity, -Double.infinity)
                if performLayout, !isSingleLine, alignContent != .stretch, !isBaselineLayout {
                    remeasureStretchedItems(in: lines[line])
                }
                for index in lines[line].items {
                    let margins = items[index].margin.sum(crossAxis)
                    cross = max(cross, items[index].cross + margins)
                    flexCross = max(flexCross, items[index].flexCross + margins)
                }
                if isBaselineLayout {
                    // Yoga sizes a baseline layout's line for its container's content from
                    // every item's ascent and descent, and places its items in the line
                    // its baseline-aligned items make.
                    let measured = lines[line].items.map { index in
                        (items[index], Size(width: items[index].targetMain, height: items[index].cross))
                    }
                    cross = lineBaselineMetrics(measured).height
                    flexCross = lineBaselineMetrics(measured, allItems: true).height
                }
                (lines[line].cross, lines[line].flexCross) = (cross, flexCross)
            }
        }
    }

    /// Step 15: the container's cross size, the offered one when definite, else its lines'.
    func containerCrossSize() -> Double {
        let space = Self.space(crossAxis, request)
        if space.mode == .exact { return pass.clampedSize(box, crossAxis, space.size, request: request) }
        let gaps = crossGap * Double(max(0, lines.count - 1))
        let content = lines.reduce(gaps) { $0 + $1.flexCross }
        return contentSize(crossAxis, content)
    }

    /// The container's size along `axis` (its cross axis) from its content's (`inner`), within
    /// its limits; a scroll container offered at most some size is at most that size (Yoga's
    /// reading; docs/flexbox.md, "Cross sizes").
    func contentSize(_ axis: Axis, _ inner: Double) -> Double {
        let size = pass.clampedSize(box, axis, inner + paddingAndBorder.sum(axis), request: request)
        guard overflow == .scroll, !request.unclipped, Self.space(axis, request).mode == .atMost,
              let limit = self.inner(axis) else {
            return size
        }
        return max(min(limit + paddingAndBorder.sum(axis), size), paddingAndBorder.sum(axis))
    }
}
