import Foundation

/// Views in rows and columns, as SwiftUI's `Grid`: each ``GridRow`` is a row whose views are
/// its cells; any other view spans every column.
nonisolated public struct Grid<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let alignment: Alignment
    let horizontalSpacing: CGFloat?
    let verticalSpacing: CGFloat?
    let content: Content

    /// A grid of the rows `content` builds, each cell aligned on `alignment`.
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let rows = try context.outsideStack.resolve(content)
        return [GridNode(rows: rows, alignment: alignment, columnSpacing: horizontalSpacing ?? defaultStackSpacing,
                         rowSpacing: verticalSpacing ?? defaultStackSpacing)]
    }
}

/// A row of a ``Grid``: its views are the row's cells, column by column.
nonisolated public struct GridRow<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let alignment: VerticalAlignment?
    let content: Content

    /// A row of the cells `content` builds.
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        [GridRowNode(cells: try context.outsideStack.resolve(content), alignment: alignment)]
    }
}

/// A `GridRow`: placed by its grid.
final class GridRowNode: LayoutNode {
    let alignment: VerticalAlignment?

    init(cells: [LayoutNode], alignment: VerticalAlignment?) {
        self.alignment = alignment
        super.init(children: cells)
    }
}

/// A `Grid`: column widths shared as a stack shares its width (a column is as flexible as its
/// most flexible cell and as wide as its widest), rows as tall as their tallest cell.
final class GridNode: LayoutNode {
    let alignment: Alignment
    let columnSpacing: CGFloat
    let rowSpacing: CGFloat

    init(rows: [LayoutNode], alignment: Alignment, columnSpacing: CGFloat, rowSpacing: CGFloat) {
        self.alignment = alignment
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        super.init(children: rows)
    }

    /// Each row's cells; a view that isn't a row is a row of one spanning cell.
    private var rows: [[LayoutNode]] { children.map { ($0 as? GridRowNode)?.children ?? [$0] } }
    private var columnCount: Int { children.compactMap { ($0 as? GridRowNode)?.children.count }.max() ?? 1 }

    private func columnWidths(_ proposal: ProposedViewSize) -> [CGFloat] {
        let count = columnCount
        // Views that span the grid don't size its columns.
        let cells = children.compactMap { ($0 as? GridRowNode)?.children }
        func width(of column: Int, offer: CGFloat?) -> CGFloat {
            cells.compactMap { column < $0.count ? $0[column].sizeThatFits(ProposedViewSize(width: offer, height: nil)).width : nil }.max() ?? 0
        }
        guard let total = proposal.width else { return (0..<count).map { width(of: $0, offer: nil) } }
        let minimums = (0..<count).map { width(of: $0, offer: 0) }
        let maximums = (0..<count).map { width(of: $0, offer: .infinity) }
        var remaining = total - columnSpacing * CGFloat(max(0, count - 1))
        var widths = [CGFloat](repeating: 0, count: count)
        let order = (0..<count).sorted { (maximums[$0] - minimums[$0], $0) < (maximums[$1] - minimums[$1], $1) }
        for (position, column) in order.enumerated() {
            widths[column] = width(of: column, offer: max(0, remaining / CGFloat(count - position)))
            remaining -= widths[column]
        }
        return widths
    }

    /// Every cell's frame relative to the grid's top-left corner, and the grid's size.
    private func arrange(_ proposal: ProposedViewSize) -> (frames: [[CGRect]], size: CGSize) {
        let widths = columnWidths(proposal)
        let totalWidth = widths.reduce(0, +) + columnSpacing * CGFloat(max(0, widths.count - 1))
        var y: CGFloat = 0
        var frames: [[CGRect]] = []
        for row in rows {
            let spans = !(children[frames.count] is GridRowNode)
            let cellWidths = spans ? [totalWidth] : Array(widths.prefix(row.count))
            let sizes = zip(row, cellWidths).map { $0.sizeThatFits(ProposedViewSize(width: $1, height: nil)) }
            let height = sizes.map(\.height).max() ?? 0
            var x: CGFloat = 0
            var rowFrames: [CGRect] = []
            for (index, size) in sizes.enumerated() {
                let cell = CGRect(x: x, y: y, width: cellWidths[index], height: height)
                rowFrames.append(CGRect(origin: aligned(row[index], size: size, in: cell, alignment: alignment), size: size))
                x += cellWidths[index] + columnSpacing
            }
            frames.append(rowFrames)
            y += height + rowSpacing
        }
        return (frames, CGSize(width: totalWidth, height: max(0, y - rowSpacing)))
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { arrange(proposal).size }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let (frames, _) = arrange(proposal)
        for (row, rowFrames) in zip(children, frames) {
            let cells = (row as? GridRowNode)?.children ?? [row]
            let union = rowFrames.reduce(CGRect.null) { $0.union($1) }
            if row is GridRowNode {
                row.place(in: union.offsetBy(dx: bounds.minX, dy: bounds.minY), proposal: .unspecified)
            }
            for (cell, frame) in zip(cells, rowFrames) {
                let placed = frame.offsetBy(dx: bounds.minX, dy: bounds.minY)
                cell.place(in: placed, proposal: ProposedViewSize(width: frame.width, height: nil))
            }
        }
    }
}

/// A column of a `LazyVGrid`: fixed, flexible within bounds, or as many as fit.
nonisolated public struct GridItem: Sendable {
    /// How a column is sized.
    public enum Size: Sendable {
        /// Exactly this wide.
        case fixed(CGFloat)
        /// A share of the width left, within the bounds.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many columns of at least `minimum` as fit.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    /// The column's size.
    public var size: Size
    /// The space after the column; `nil` for the default.
    public var spacing: CGFloat?
    /// How cells align in the column.
    public var alignment: Alignment?

    /// A column.
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// A grid of columns filled row by row, laid out whole, as SwiftUI's `LazyVGrid`.
nonisolated public struct LazyVGrid<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A grid of `columns` holding the views `content` builds.
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        [VerticalGridNode(columns: columns, rowSpacing: spacing ?? defaultStackSpacing, cells: try context.outsideStack.resolve(content))]
    }
}

/// A `LazyVGrid`: as wide as proposed (its columns' total when unproposed), cells proposed
/// their column's width, rows as tall as their tallest cell.
final class VerticalGridNode: LayoutNode {
    let columns: [GridItem]
    let rowSpacing: CGFloat

    init(columns: [GridItem], rowSpacing: CGFloat, cells: [LayoutNode]) {
        self.columns = columns
        self.rowSpacing = rowSpacing
        super.init(children: cells)
    }

    /// Each column's width and the space after it, for a grid `width` wide.
    private func columnWidths(_ width: CGFloat?) -> [(width: CGFloat, spacing: CGFloat)] {
        var result: [(width: CGFloat, spacing: CGFloat)] = []
        let fixed = columns.reduce(CGFloat(0)) { total, item in
            if case .fixed(let size) = item.size { return total + size }
            return total
        }
        let spacings = columns.dropLast().reduce(CGFloat(0)) { $0 + ($1.spacing ?? defaultStackSpacing) }
        let flexibleCount = CGFloat(columns.filter { if case .fixed = $0.size { return false } else { return true } }.count)
        let share = width.map { max(0, $0 - fixed - spacings) / max(1, flexibleCount) }
        for item in columns {
            let spacing = item.spacing ?? defaultStackSpacing
            switch item.size {
            case .fixed(let size):
                result.append((size, spacing))
            case .flexible(let minimum, let maximum):
                result.append((clamp(share ?? minimum, min: minimum, max: maximum), spacing))
            case .adaptive(let minimum, let maximum):
                let room = share ?? minimum
                let count = max(1, Int(((room + spacing) / (max(1, minimum) + spacing)).rounded(.down)))
                let each = clamp((room - spacing * CGFloat(count - 1)) / CGFloat(count), min: minimum, max: maximum)
                result += Array(repeating: (each, spacing), count: count)
            }
        }
        return result
    }

    private func arrange(_ proposal: ProposedViewSize) -> (frames: [CGRect], size: CGSize, columnsWidth: CGFloat) {
        let columns = columnWidths(proposal.width.flatMap { $0.isFinite ? $0 : nil })
        guard !columns.isEmpty else { return ([], .zero, 0) }
        let totalWidth = columns.reduce(0) { $0 + $1.width } + columns.dropLast().reduce(0) { $0 + $1.spacing }
        var frames: [CGRect] = []
        var y: CGFloat = 0
        for start in stride(from: 0, to: children.count, by: columns.count) {
            let row = Array(children[start..<min(children.count, start + columns.count)])
            let sizes = zip(row, columns).map { $0.sizeThatFits(ProposedViewSize(width: $1.width, height: nil)) }
            let height = sizes.map(\.height).max() ?? 0
            var x: CGFloat = 0
            for (index, size) in sizes.enumerated() {
                let cell = CGRect(x: x, y: y, width: columns[index].width, height: height)
                frames.append(CGRect(origin: aligned(row[index], size: size, in: cell, alignment: .center), size: size))
                x += columns[index].width + columns[index].spacing
            }
            y += height + rowSpacing
        }
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? totalWidth
        return (frames, CGSize(width: width, height: max(0, y - rowSpacing)), totalWidth)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { arrange(proposal).size }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let (frames, size, columnsWidth) = arrange(proposal)
        // The columns are centred in the grid's width.
        let inset = max(0, (size.width - columnsWidth) / 2)
        for (child, frame) in zip(children, frames) {
            child.place(in: frame.offsetBy(dx: bounds.minX + inset, dy: bounds.minY), proposal: ProposedViewSize(width: frame.width, height: nil))
        }
    }
}
