// The last steps of a flex container's layout: each line's items justified along the main
// axis and aligned across it (baseline alignment included), laid out at their final sizes
// and placed, with relative offsets applied.

extension FlexContainerLayout {
    // MARK: §9.4 Lines in a wrapping container

    /// Yoga's reading (docs/flexbox.md, "Wrapping containers"): unless `alignContent` is
    /// `stretch`, Yoga lays a stretched item of a wrapping container out at its content's
    /// size within the line its flexing pass measured (the largest `flexCross`), and the line
    /// is then as long as the largest of those. Measured content (text) takes its max-content
    /// size there, as it was measured (`determineHypotheticalCrossSizes`). That is a layout
    /// in Yoga, so no measuring shortcut applies.
    mutating func remeasureStretchedItems(in line: Line) {
        let flexLine = line.items.reduce(0) { max($0, items[$1].flexCross + items[$1].margin.sum(crossAxis)) }
        for index in line.items {
            let item = items[index]
            guard isStretched(item), !hasAutoCrossMargin(item), !pass.layoutStyles[item.box].hasContent else { continue }
            let space = AxisSpace.atMost(flexLine - item.margin.sum(crossAxis))
            (items[index].crossSpace, items[index].fitsFlexLine) = (space, true)
            items[index].cross = measure(
                item, main: item.targetMain, cross: space, performLayout: false, appliesAspectRatio: false,
                standsForLayout: true, unclipped: true)[crossAxis]
        }
    }

    /// Step 9: `align-content: stretch` shares the spare cross space among the lines.
    mutating func stretchLines(innerCross: Double) {
        guard !isSingleLine, alignContent == .stretch, !lines.isEmpty else { return }
        let free = innerCross - lines.reduce(crossGap * Double(lines.count - 1)) { $0 + $1.flexCross }
        guard free > 0 else { return }
        for line in lines.indices { lines[line].cross += free / Double(lines.count) }
    }

    /// Step 16: the lines' offsets from the cross-start content edge, by `alignContent`.
    mutating func alignLines(innerCross: Double) {
        let count = Double(lines.count)
        let free = innerCross - lines.reduce(crossGap * (count - 1)) { $0 + $1.flexCross }
        var (leading, between) = (0.0, 0.0)
        if !isSingleLine {
            switch alignContent {
            case .flexStart, .stretch: break
            case .flexEnd: leading = free
            case .center: leading = free / 2
            case .spaceBetween: if free > 0, count > 1 { between = free / (count - 1) }
            case .spaceAround: if free > 0 { between = free / count; leading = between / 2 }
            case .spaceEvenly: if free > 0 { between = free / (count + 1); leading = between }
            }
        }
        var offset = leading
        for line in lines.indices {
            lines[line].crossOffset = offset
            lines[line].spaceAfter = between
            offset += lines[line].cross + crossGap + between
        }
    }

    // MARK: §9.5 Main-axis alignment, §9.6 cross-axis alignment

    /// Steps 11–14 and the final layout of each item: stretch, justify (auto margins first),
    /// align, then lay the item out at its final size and place it.
    mutating func placeItems(in size: Size) {
        let innerMain = size[mainAxis] - paddingAndBorder.sum(mainAxis)
        for line in lines {
            let count = Double(line.items.count)
            let used = usedMain(of: line)
            var free = innerMain - used
            // A scroll container held within its fit-content limit: Yoga sizes its lines by
            // their content (remainingFreeSpace 0, `sizeBasedOnContent`) unless a min or max
            // applies, so items that overflow the limit are not justified back into it.
            if free < 0, overflow == .scroll, Self.space(mainAxis, request).mode != .exact,
               flexSpace(consumed: used) == used {
                free = 0
            }
            // Yoga counts the main-axis auto margins of the item that starts the next line
            // with this line's too (docs/flexbox.md, "Wrapping containers"): the line is then
            // not justified, and that item's share of the free space goes unused.
            let counted = line.items.lowerBound..<min(items.count, line.items.upperBound + 1)
            let autoMargins = counted.reduce(0) {
                $0 + (items[$1].autoMargin.mainStart ? 1 : 0) + (items[$1].autoMargin.mainEnd ? 1 : 0)
            }
            let autoMarginShare = free > 0 && autoMargins > 0 ? free / Double(autoMargins) : 0
            var (leading, between) = (0.0, 0.0)
            if autoMargins == 0 {
                (leading, between) = justification(free: free, count: count)
            }
            var cursor = leading
            // A baseline layout places its items once the line's are all laid out: their
            // baselines decide where each goes.
            var laidOut: [(index: Int, size: Size, mainPosition: Double)] = []
            for index in line.items {
                let item = items[index]
                var main = item.targetMain
                var crossSize = item.cross
                if isStretched(item) {
                    // Yoga stretches an item in a wrapping container over its line and the
                    // `space-*` space after it.
                    let lineCross = line.cross + (isSingleLine ? 0 : line.spaceAfter)
                    crossSize = clamp(
                        lineCross - item.margin.sum(crossAxis), minimum: crossMinimum(item), maximum: crossMaximum(item),
                        paddingAndBorder: item.paddingAndBorderCross)
                    let horizontalMargins = item.margin.sum(.horizontal)
                    if !isSingleLine, mainAxis == .vertical, horizontalMargins != 0 || lineCross != item.cross {
                        // Yoga's multi-line stretch hands a column's item its height plus its
                        // left and right margins, less its top and bottom ones (it adds the
                        // cross axis's margins where the main axis's belong). Followed, as
                        // React Native shows it.
                        main = clampMain(item, main + horizontalMargins - item.margin.sum(.vertical))
                    }
                }
                // Yoga keeps the layout within the flexing line of an item whose size equals its
                // final line's, margins included (it stretches it again only when they differ;
                // it compares the main size with the row's main margins or the column's cross
                // ones added, so those must be 0).
                let checkedMargins = item.margin.sum(mainAxis == .horizontal ? mainAxis : crossAxis)
                let keepsLayout = item.fitsFlexLine && checkedMargins == 0 && item.cross == line.cross + line.spaceAfter
                let final = measure(
                    item, main: main, cross: isStretched(item) && !keepsLayout ? .exact(crossSize) : item.crossSpace,
                    performLayout: true, appliesAspectRatio: !keepsLayout, standsForLayout: false, unclipped: keepsLayout)
                let startMargin = item.margin[mainStart] + (item.autoMargin.mainStart ? autoMarginShare : 0)
                let endMargin = item.margin[mainStart.opposite] + (item.autoMargin.mainEnd ? autoMarginShare : 0)
                let mainPosition = paddingAndBorder[mainStart] + cursor + startMargin
                // Yoga places the items along the line before that last stretch, so the
                // next item follows the size the item had then.
                let placedMain = main == item.targetMain ? final[mainAxis] : item.targetMain
                cursor += startMargin + placedMain + endMargin + mainGap + between
                if isBaselineLayout {
                    laidOut.append((index, final, mainPosition))
                    continue
                }
                let crossPosition = paddingAndBorder[crossStart] + line.crossOffset
                    + crossOffset(of: item, size: final, lineCross: line.cross, ascent: 0)
                place(item.box, size: final, mainPosition: mainPosition, crossPosition: crossPosition, in: size)
            }
            guard isBaselineLayout else { continue }
            let metrics = lineBaselineMetrics(laidOut.map { (items[$0.index], $0.size) })
            // A wrapping container's line keeps the size its lines were aligned with; a single
            // line is as tall as its items (Yoga's second placement of a baseline layout).
            let lineCross = isSingleLine ? metrics.height : line.cross
            for (index, laidOutSize, mainPosition) in laidOut {
                var final = laidOutSize
                let item = items[index]
                if isSingleLine, item.alignment == .stretch,
                   pass.layoutStyles[item.box].size(crossAxis).resolved(against: inner(crossAxis)) == nil,
                   final[crossAxis] + item.margin.sum(crossAxis) != lineCross {
                    // A stretched item takes that line's height, not the container's; here
                    // Yoga stretches it whatever its auto margins or aspect ratio.
                    let crossSize = clamp(
                        lineCross - item.margin.sum(crossAxis), minimum: crossMinimum(item),
                        maximum: crossMaximum(item), paddingAndBorder: item.paddingAndBorderCross)
                    final = measure(item, main: final[mainAxis], cross: .exact(crossSize), performLayout: true)
                }
                let crossPosition = paddingAndBorder[crossStart] + line.crossOffset
                    + crossOffset(of: items[index], size: final, lineCross: lineCross, ascent: metrics.ascent)
                place(items[index].box, size: final, mainPosition: mainPosition, crossPosition: crossPosition, in: size)
            }
        }
        if let first = lines.first?.items, !first.isEmpty {
            let baselineItem = first.first { alignsByBaseline(items[$0]) } ?? first.lowerBound
            let child = items[baselineItem].box
            pass.baselines[box] = pass.baseline(of: child, size: Size(width: pass.frames[child].width,
                                                                      height: pass.frames[child].height))
                + pass.frames[child].y
        } else {
            pass.baselines[box] = nil
        }
    }

    /// Whether the item sits on its line's baseline: `baseline` aligns only in a row (in a
    /// column it is `flex-start`, as in Yoga).
    func alignsByBaseline(_ item: Item) -> Bool {
        mainAxis == .horizontal && item.alignment == .baseline
    }

    /// The first baseline of an item of `size`, from its top.
    func baseline(of item: Item, size: Size) -> Double {
        let ownDirection = pass.layoutStyles[item.box].direction
        let request = Request(
            width: .maxContent, height: .maxContent, containingWidth: innerWidth, containingHeight: innerHeight,
            direction: ownDirection == .inherit ? request.direction : ownDirection)
        return pass.baseline(of: item.box, size: size, request: request)
    }

    /// A row's line in a baseline layout (docs/flexbox.md, "Baseline alignment"): the
    /// largest ascent (baseline plus top margin) of the items aligned by baseline, and the
    /// line's height: its tallest item's outer height, or the largest ascent plus the
    /// largest descent if more. With `allItems`, every item's ascent and descent count, as
    /// in the size Yoga gives the line for its container's content size.
    func lineBaselineMetrics(_ line: [(item: Item, size: Size)], allItems: Bool = false)
        -> (ascent: Double, height: Double) {
        var (ascent, descent, height) = (0.0, 0.0, 0.0)
        for (item, size) in line {
            let outer = size.height + item.margin.sum(.vertical)
            if !allItems { height = max(height, outer) }
            guard allItems || alignsByBaseline(item) else { continue }
            let itemAscent = baseline(of: item, size: size) + item.margin.top
            ascent = max(ascent, itemAscent)
            descent = max(descent, outer - itemAscent)
        }
        return (ascent, max(height, ascent + descent))
    }

    private func crossMinimum(_ item: Item) -> Double? {
        pass.layoutStyles[item.box].minimumSize(crossAxis).resolved(against: inner(crossAxis))
    }

    private func crossMaximum(_ item: Item) -> Double? {
        pass.layoutStyles[item.box].maximumSize(crossAxis).resolved(against: inner(crossAxis))
    }

    /// `justifyContent`'s leading space and extra space between items. With no free space
    /// the `space-*` values fall back to `flex-start`: CSS Box Alignment's safe fallback,
    /// and Yoga's behaviour.
    func justification(free: Double, count: Double) -> (leading: Double, between: Double) {
        switch justifyContent {
        case .flexStart: return (0, 0)
        case .flexEnd: return (free, 0)
        case .center: return (free / 2, 0)
        case .spaceBetween: return free > 0 && count > 1 ? (0, free / (count - 1)) : (0, 0)
        case .spaceAround: return free > 0 ? (free / count / 2, free / count) : (0, 0)
        case .spaceEvenly: return free > 0 ? (free / (count + 1), free / (count + 1)) : (0, 0)
        }
    }

    /// Steps 13–14: auto cross margins take the spare space, else `alignSelf` places the item;
    /// one aligned by baseline puts its baseline `ascent` below the line's top.
    private func crossOffset(of item: Item, size itemSize: Size, lineCross: Double, ascent: Double) -> Double {
        let size = itemSize[crossAxis]
        let free = lineCross - size - item.margin.sum(crossAxis)
        let start = item.margin[crossStart]
        // Auto cross margins count only in a single line that isn't a baseline layout: Yoga
        // places a baseline layout's items over again without them.
        let honoursAutoMargins = isSingleLine && !isBaselineLayout
        switch honoursAutoMargins ? (item.autoMargin.crossStart, item.autoMargin.crossEnd) : (false, false) {
        case (true, true): return start + max(0, free) / 2
        case (true, false): return start + max(0, free)
        case (false, true): return start
        case (false, false): break
        }
        if alignsByBaseline(item) {
            return ascent - baseline(of: item, size: itemSize)
        }
        if !isSingleLine || isBaselineLayout {
            // Yoga places the items of a wrapping container, and of a row aligned by
            // baseline, over again once its lines are aligned, and there a `flex-start` item loses its cross-start margin and a
            // centred one is centred without its margins. React Native shows this, so we
            // follow it.
            switch item.alignment {
            case .flexStart: return 0
            case .center: return (lineCross - size) / 2
            case .stretch, .baseline, .flexEnd: break
            }
        }
        switch item.alignment {
        case .flexStart, .stretch, .baseline: return start
        case .center: return start + free / 2
        case .flexEnd: return start + free
        }
    }

    /// Converts offsets from the main-start and cross-start edges into the child's frame
    /// origin, then applies `position: relative` offsets: `left` wins over `right` in `ltr`
    /// and loses in `rtl` (CSS 2.1 §9.4.3), `top` wins over `bottom`.
    private func place(_ child: Int, size: Size, mainPosition: Double, crossPosition: Double, in container: Size) {
        var origin = Size.zero
        origin[mainAxis] = mainStart.isOrigin ? mainPosition : container[mainAxis] - mainPosition - size[mainAxis]
        origin[crossAxis] = crossStart.isOrigin ? crossPosition : container[crossAxis] - crossPosition - size[crossAxis]
        // Most boxes set no inset: their full style isn't read.
        if pass.layoutStyles[child].hasInset { applyRelativeOffsets(pass.edges(child)!.inset, to: &origin) }
        pass.frames[child].x = origin.width
        pass.frames[child].y = origin.height
    }

    private func applyRelativeOffsets(_ inset: Edges<Dimension>, to origin: inout Size) {
        let direction = request.direction
        let left = inset.value(for: .left, direction: direction)?.resolved(against: innerWidth)
        let right = inset.value(for: .right, direction: direction)?.resolved(against: innerWidth)
        if let right, direction == .rtl || left == nil {
            origin.width -= right
        } else if let left {
            origin.width += left
        }
        if let top = inset.value(for: .top, direction: direction)?.resolved(against: innerHeight) {
            origin.height += top
        } else if let bottom = inset.value(for: .bottom, direction: direction)?.resolved(against: innerHeight) {
            origin.height -= bottom
        }
    }
}
