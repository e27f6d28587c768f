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
/// most flexible one-column cell and as wide as its widest), rows as tall as their tallest
/// cell. A cell spanning columns (`gridCellColumns`) is offered their widths and the spacing
/// between them and doesn't size them; a view that isn't a row spans the grid.
final class GridNode: LayoutNode {
    let alignment: Alignment
    let columnSpacing: CGFloat
    let rowSpacing: CGFloat

    /// A cell: its view, its first column, how many columns it spans.
    private struct Cell {
        let node: LayoutNode
        let column: Int
        let span: Int
    }

    /// Each row's cells, in columns; a view that isn't a row is one cell spanning them all.
    private let rows: [[Cell]]
    private let columnCount: Int
    /// Each column's horizontal alignment: the first `gridColumnAlignment` of a cell in it.
    private let columnAlignments: [HorizontalAlignment?]

    init(rows: [LayoutNode], alignment: Alignment, columnSpacing: CGFloat, rowSpacing: CGFloat) {
        self.alignment = alignment
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        var cellRows: [[Cell]] = []
        for row in rows {
            guard let gridRow = row as? GridRowNode else {
                cellRows.append([])  // spans the grid: filled in below, once the column count is known
                continue
            }
            var column = 0
            cellRows.append(gridRow.children.map { node in
                let span = max(1, node.layoutValues[ObjectIdentifier(GridCellColumnsKey.self)] as? Int ?? 1)
                defer { column += span }
                return Cell(node: node, column: column, span: span)
            })
        }
        let count = max(1, cellRows.map { $0.last.map { $0.column + $0.span } ?? 0 }.max() ?? 1)
        for (index, row) in rows.enumerated() where !(row is GridRowNode) {
            cellRows[index] = [Cell(node: row, column: 0, span: count)]
        }
        var alignments = [HorizontalAlignment?](repeating: nil, count: count)
        for cell in cellRows.joined() where alignments[cell.column] == nil {
            alignments[cell.column] = cell.node.layoutValues[ObjectIdentifier(GridColumnAlignmentKey.self)] as? HorizontalAlignment
        }
        self.rows = cellRows
        self.columnCount = count
        self.columnAlignments = alignments
        super.init(children: rows)
    }

    private func columnWidths(_ proposal: ProposedViewSize) -> [CGFloat] {
        let count = columnCount
        // Only one-column cells size the columns.
        var columns = [[LayoutNode]](repeating: [], count: count)
        for cell in rows.joined() where cell.span == 1 { columns[cell.column].append(cell.node) }
        func width(of column: Int, offer: CGFloat?) -> CGFloat {
            columns[column].map { $0.sizeThatFits(ProposedViewSize(width: offer, height: nil)).width }.max() ?? 0
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
        var starts: [CGFloat] = []
        var x: CGFloat = 0
        for width in widths {
            starts.append(x)
            x += width + columnSpacing
        }
        let totalWidth = max(0, x - columnSpacing)
        var y: CGFloat = 0
        var frames: [[CGRect]] = []
        for (index, row) in rows.enumerated() {
            let cellWidths = row.map { cell in
                widths[cell.column..<min(widths.count, cell.column + cell.span)].reduce(0, +) + columnSpacing * CGFloat(cell.span - 1)
            }
            let sizes = zip(row, cellWidths).map { $0.node.sizeThatFits(ProposedViewSize(width: $1, height: nil)) }
            let rowAlignment = (children[index] as? GridRowNode)?.alignment ?? alignment.vertical
            // The cells' guides meet on one line, as in an HStack: the row is as tall as the most
            // above that line plus the most below it (for a baseline, the cells' heights alone
            // would let a wrapped cell hang into the next row).
            let guides = zip(row, sizes).map { $0.node.guide(rowAlignment.key, in: $1) }
            let above = guides.max() ?? 0
            let height = above + (zip(sizes, guides).map { $0.height - $1 }.max() ?? 0)
            frames.append(row.indices.map { position in
                let cell = row[position], size = sizes[position]
                let area = CGRect(x: starts[cell.column], y: y, width: cellWidths[position], height: height)
                if let anchor = cell.node.layoutValues[ObjectIdentifier(GridCellAnchorKey.self)] as? UnitPoint {
                    return CGRect(x: area.minX + (area.width - size.width) * anchor.x,
                                  y: area.minY + (area.height - size.height) * anchor.y, width: size.width, height: size.height)
                }
                let horizontal = cell.span == 1 ? columnAlignments[cell.column] ?? alignment.horizontal : alignment.horizontal
                let place = aligned(cell.node, size: size, in: area, alignment: Alignment(horizontal: horizontal, vertical: rowAlignment))
                return CGRect(origin: CGPoint(x: place.x, y: y + above - guides[position]), size: size)
            })
            y += height + rowSpacing
        }
        return (frames, CGSize(width: totalWidth, height: max(0, y - rowSpacing)))
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { arrange(proposal).size }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let (frames, _) = arrange(proposal)
        for (index, rowFrames) in frames.enumerated() {
            let row = children[index]
            if row is GridRowNode {
                let union = rowFrames.reduce(CGRect.null) { $0.union($1) }
                row.place(in: union.isNull ? .zero : union.offsetBy(dx: bounds.minX, dy: bounds.minY), proposal: .unspecified)
            }
            for (cell, frame) in zip(rows[index], rowFrames) {
                cell.node.place(in: frame.offsetBy(dx: bounds.minX, dy: bounds.minY), proposal: ProposedViewSize(width: frame.width, height: nil))
            }
        }
    }
}

/// The values the grid modifiers set on a cell (through `layoutValues`, which the modifiers
/// around the cell keep).
private enum GridCellColumnsKey {}
private enum GridColumnAlignmentKey {}
private enum GridCellAnchorKey {}

extension View {
    /// This cell of a `GridRow` spanning `count` columns.
    public consuming func gridCellColumns(_ count: Int) -> some View { gridValue(GridCellColumnsKey.self, count) }

    /// The horizontal alignment of every cell in this cell's `Grid` column (the first cell of a
    /// column that sets one decides).
    public consuming func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { gridValue(GridColumnAlignmentKey.self, guide) }

    /// This cell placed at `anchor` of its grid cell (its own point at the cell's), instead of
    /// by the grid's alignment.
    public consuming func gridCellAnchor(_ anchor: UnitPoint) -> some View { gridValue(GridCellAnchorKey.self, anchor) }

    fileprivate func gridValue<Key, Value>(_ key: Key.Type, _ value: Value) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier { node in
            let wrapper = WrapperNode(node)
            wrapper.layoutValues[ObjectIdentifier(key)] = value
            return wrapper
        })
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
