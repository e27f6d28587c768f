import Foundation
import Testing
import TypeLayoutSwiftUI

/// Tags that wrap onto new rows: the custom layout teams write most.
struct FlowLayout: Layout {
    var spacing: CGFloat = 8

    struct Cache {
        var sizes: [CGSize]
    }

    func makeCache(subviews: Subviews) -> Cache {
        Cache(sizes: subviews.map { $0.sizeThatFits(.unspecified) })
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        let rows = arrange(width: proposal.width ?? .infinity, sizes: cache.sizes)
        return CGSize(width: rows.map(\.width).max() ?? 0, height: rows.last.map { $0.y + $0.height } ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        let rows = arrange(width: bounds.width, sizes: cache.sizes)
        for row in rows {
            var x = bounds.minX
            for index in row.indices {
                subviews[index].place(at: CGPoint(x: x, y: bounds.minY + row.y), proposal: ProposedViewSize(cache.sizes[index]))
                x += cache.sizes[index].width + spacing
            }
        }
    }

    struct Row {
        var indices: [Int] = []
        var width: CGFloat = 0
        var height: CGFloat = 0
        var y: CGFloat = 0
    }

    private func arrange(width: CGFloat, sizes: [CGSize]) -> [Row] {
        var rows = [Row()]
        for (index, size) in sizes.enumerated() {
            if !rows[rows.count - 1].indices.isEmpty, rows[rows.count - 1].width + spacing + size.width > width {
                let last = rows[rows.count - 1]
                rows.append(Row(y: last.y + last.height + spacing))
            }
            var row = rows[rows.count - 1]
            row.width += (row.indices.isEmpty ? 0 : spacing) + size.width
            row.height = max(row.height, size.height)
            row.indices.append(index)
            rows[rows.count - 1] = row
        }
        return rows
    }
}

/// A layout that puts every subview at the same place, reading a layout value for the offset.
struct Offset: LayoutValueKey {
    static let defaultValue: CGFloat = 0
}

struct CascadeLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for subview in subviews {
            subview.place(at: CGPoint(x: bounds.minX + subview[Offset.self], y: bounds.minY + subview.priority), proposal: .unspecified)
        }
    }
}

struct BrokenLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: CGFloat.nan, height: 10)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// The settings row of the seed: a row that becomes a column at the accessibility sizes.
struct AdaptiveRow: View {
    @Environment(\.dynamicTypeSize) private var size

    var body: some View {
        let layout = size.isAccessibilitySize ? AnyLayout(VStackLayout(alignment: .leading)) : AnyLayout(HStackLayout())
        layout {
            Text("Wi-Fi").accessibilityIdentifier("label")
            Text("Home").accessibilityIdentifier("value")
        }
    }
}

struct ScaledBadge: View {
    @ScaledMetric(relativeTo: .body) private var side: CGFloat = 20
    var body: some View { Color.red.frame(width: side, height: side) }
}

final class Profile: ObservableObject {
    @Published var name = "Ada"
}

struct ProfileView: View {
    @StateObject private var profile = Profile()
    var body: some View { Text(profile.name) }
}

/// The `Layout` protocol, `AnyLayout`, `ViewThatFits`, geometry readers and scroll views.
@MainActor
struct LayoutProtocolTests {
    @Test func aFlowLayoutWrapsTags() throws {
        let view = FlowLayout {
            ForEach(0..<6) { index in
                Color.blue.frame(width: 60, height: 20).accessibilityIdentifier("tag\(index)")
            }
        }
        .accessibilityIdentifier("flow")
        let layout = try layOut(view, width: 200, height: 300)
        // Two tags of 60 and one gap of 8 make 128; a third would need 196 ≤ 200: three a row.
        #expect(close(layout.rect("tag3")?.minY, (layout.rect("tag0")?.minY ?? 0) + 28))
        #expect(close(layout.rect("tag2")?.minX, (layout.rect("tag0")?.minX ?? 0) + 136))
        #expect(close(layout.rect("flow")?.width, 196) && close(layout.rect("flow")?.height, 48))
    }

    @Test func subviewsCarryPriorityAndLayoutValues() throws {
        let view = CascadeLayout {
            Color.red.frame(width: 10, height: 10).layoutValue(key: Offset.self, value: 30).accessibilityIdentifier("a")
            Color.blue.frame(width: 10, height: 10).layoutPriority(5).accessibilityIdentifier("b")
        }
        .frame(width: 100, height: 100)
        let layout = try layOut(view, width: 100, height: 100)
        #expect(close(layout.rect("a")?.minX, 30) && close(layout.rect("a")?.minY, 0))
        #expect(close(layout.rect("b")?.minX, 0) && close(layout.rect("b")?.minY, 5))
    }

    @Test func aLayoutThatAnswersNaNIsAClearError() throws {
        #expect(throws: SwiftUILayoutError.self) { try layOut(BrokenLayout { Color.red }) }
    }

    @Test func anyLayoutTurnsTheRowIntoAColumnAtAccessibilitySizes() throws {
        let row = try layOut(AdaptiveRow())
        #expect(close(row.rect("label")?.midY, row.rect("value")?.midY))
        let column = try layOut(AdaptiveRow(), category: .accessibilityMedium)
        #expect((column.rect("value")?.minY ?? 0) >= (column.rect("label")?.maxY ?? .infinity))
        #expect(close(column.rect("value")?.minX, column.rect("label")?.minX))
    }

    @Test func stackLayoutsMatchTheirStacks() throws {
        let stack = try layOut(HStack { Color.red.accessibilityIdentifier("a"); Color.blue }, width: 100, height: 50)
        let layoutValue = try layOut(HStackLayout() { Color.red.accessibilityIdentifier("a"); Color.blue }, width: 100, height: 50)
        #expect(stack.rect("a") == layoutValue.rect("a"))
    }

    @Test func viewThatFitsTakesTheFirstThatFits() throws {
        let view = ViewThatFits(in: .horizontal) {
            Text("A rather long label that needs room").accessibilityIdentifier("long")
            Text("Short").accessibilityIdentifier("short")
        }
        let wide = try layOut(view, width: 400)
        #expect(wide["long"] != nil && wide["short"] == nil)
        let narrow = try layOut(view, width: 120)
        #expect(narrow["long"] == nil && narrow["short"] != nil)
    }

    @Test func geometryReaderTakesTheProposalAndGivesItsSize() throws {
        let view = GeometryReader { proxy in
            Color.red.frame(width: proxy.size.width / 2, height: 10).accessibilityIdentifier("half")
        }
        .frame(width: 200, height: 100)
        let layout = try layOut(view, width: 300, height: 300)
        #expect(close(layout.rect("half")?.width, 100))
        // Placed at the reader's top-leading corner.
        #expect(close(layout.rect("half")?.minX, 50) && close(layout.rect("half")?.minY, 100))
    }

    @Test func scrollViewsLayTheirContentOutWhole() throws {
        let view = ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<20) { index in Color.gray.frame(height: 50).accessibilityIdentifier("row\(index)") }
            }
        }
        .accessibilityIdentifier("scroll")
        let layout = try layOut(view, width: 320, height: 400)
        #expect(close(layout.rect("scroll")?.height, 400))
        #expect(close(layout.rect("row19")?.maxY, 1000))
        #expect(close(layout.rect("row0")?.width, 320))
    }

    @Test func lazyStacksLayOutLikeStacks() throws {
        let lazy = try layOut(LazyVStack(alignment: .leading) { Text("One").accessibilityIdentifier("a"); Text("Two words") })
        let plain = try layOut(VStack(alignment: .leading) { Text("One").accessibilityIdentifier("a"); Text("Two words") })
        #expect(lazy.rect("a") == plain.rect("a"))
    }

    @Test func alignmentGuidesMoveAView() throws {
        let view = VStack(alignment: .leading, spacing: 0) {
            Color.red.frame(width: 40, height: 10).accessibilityIdentifier("a")
            Color.blue.frame(width: 40, height: 10).alignmentGuide(.leading) { _ in -20 }.accessibilityIdentifier("b")
        }
        let layout = try layOut(view, width: 200, height: 100)
        #expect(close(layout.rect("b")?.minX, (layout.rect("a")?.minX ?? 0) + 20))
    }

    @Test func dynamicTypeSizeRangesClampAndNest() throws {
        let view = Text("Clamped").font(.body).dynamicTypeSize(...DynamicTypeSize.xxLarge).accessibilityIdentifier("t")
        let limited = try #require(layOut(view, category: .accessibilityExtraExtraExtraLarge).rect("t"))
        let atLimit = try #require(layOut(Text("Clamped").font(.body).accessibilityIdentifier("t"), category: .extraExtraLarge).rect("t"))
        #expect(close(limited.height, atLimit.height))
        // A size set inside a range is limited by it.
        let inner = Text("Clamped").dynamicTypeSize(.accessibility5).dynamicTypeSize(DynamicTypeSize.large...DynamicTypeSize.xxLarge)
            .accessibilityIdentifier("t")
        #expect(close(try layOut(inner).rect("t")?.height, atLimit.height))
    }

    @Test func scaledMetricsFollowTheTextStyle() throws {
        let large = try #require(layOut(ScaledBadge().accessibilityIdentifier("b")).rect("b"))
        let huge = try #require(layOut(ScaledBadge().accessibilityIdentifier("b"), category: .accessibilityExtraExtraExtraLarge).rect("b"))
        #expect(close(large.width, 20))
        #expect(huge.width > 40)
    }

    @Test func boldTextMakesTextHeavier() throws {
        let regular = try #require(layOut(Text("Legibility matters").accessibilityIdentifier("t")).rect("t"))
        let bold = try #require(layOut(Text("Legibility matters").environment(\.legibilityWeight, .bold).accessibilityIdentifier("t")).rect("t"))
        #expect(bold.width > regular.width)
    }

    @Test func observableObjectsRenderTheirValues() throws {
        #expect(try layOut(ProfileView()).nodes.compactMap(\.text).map(\.string) == ["Ada"])
    }
}

/// Grids.
@MainActor
struct GridTests {
    @Test func gridColumnsAreAsWideAsTheirWidestCell() throws {
        let view = Grid(alignment: .leading, horizontalSpacing: 10, verticalSpacing: 4) {
            GridRow {
                Color.red.frame(width: 30, height: 10).accessibilityIdentifier("a1")
                Color.red.frame(width: 50, height: 10).accessibilityIdentifier("b1")
            }
            GridRow {
                Color.blue.frame(width: 70, height: 20).accessibilityIdentifier("a2")
                Color.blue.frame(width: 20, height: 20).accessibilityIdentifier("b2")
            }
            Color.green.frame(height: 5).accessibilityIdentifier("spanning")
        }
        .accessibilityIdentifier("grid")
        let layout = try layOut(view, width: 400, height: 400)
        let grid = try #require(layout.rect("grid"))
        #expect(close(grid.width, 70 + 10 + 50))
        #expect(close(layout.rect("b1")?.minX, grid.minX + 80) && close(layout.rect("b2")?.minX, grid.minX + 80))
        #expect(close(layout.rect("a2")?.minY, grid.minY + 14))
        #expect(close(layout.rect("spanning")?.width, 130))
    }

    @Test func aCellSpansTheColumnsItSays() throws {
        let view = Grid(horizontalSpacing: 10, verticalSpacing: 0) {
            GridRow {
                Color.red.frame(width: 30, height: 10).accessibilityIdentifier("a")
                Color.red.frame(width: 50, height: 10).accessibilityIdentifier("b")
                Color.red.frame(width: 20, height: 10).accessibilityIdentifier("c")
            }
            GridRow {
                Color.blue.frame(height: 10).gridCellColumns(2).accessibilityIdentifier("wide")
                Color.blue.frame(width: 20, height: 10).accessibilityIdentifier("d")
            }
        }
        .accessibilityIdentifier("grid")
        let layout = try layOut(view, width: 400, height: 400)
        let grid = try #require(layout.rect("grid"))
        // The spanning cell is offered both columns and the spacing between; the next cell
        // starts in the third column.
        #expect(close(grid.width, 30 + 10 + 50 + 10 + 20))
        #expect(close(layout.rect("wide")?.width, 90) && close(layout.rect("wide")?.minX, grid.minX))
        #expect(close(layout.rect("d")?.minX, layout.rect("c")?.minX))
    }

    @Test func aColumnAlignsAsOneOfItsCellsSays() throws {
        let view = Grid(alignment: .center, horizontalSpacing: 0, verticalSpacing: 0) {
            GridRow {
                Color.red.frame(width: 100, height: 10)
                Color.red.frame(width: 100, height: 10)
            }
            GridRow {
                Color.blue.frame(width: 20, height: 10).gridColumnAlignment(.trailing).accessibilityIdentifier("trailing")
                Color.blue.frame(width: 20, height: 10).accessibilityIdentifier("centred")
            }
            GridRow {
                Color.green.frame(width: 40, height: 10).accessibilityIdentifier("below")
                Color.green.frame(width: 20, height: 40).accessibilityIdentifier("tall")
                    .gridCellAnchor(.topLeading)
            }
            GridRow {
                Color.gray.frame(width: 20, height: 30)
                Color.gray.frame(width: 20, height: 10).accessibilityIdentifier("anchored").gridCellAnchor(UnitPoint(x: 1, y: 1))
            }
        }
        .accessibilityIdentifier("grid")
        let layout = try layOut(view, width: 400, height: 400)
        let grid = try #require(layout.rect("grid"))
        // The whole first column is trailing; the second keeps the grid's centre.
        #expect(close(layout.rect("trailing")?.maxX, grid.minX + 100) && close(layout.rect("below")?.maxX, grid.minX + 100))
        #expect(close(layout.rect("centred")?.midX, grid.minX + 150))
        // An anchor places the cell at that point of its grid cell.
        #expect(close(layout.rect("tall")?.minX, grid.minX + 100) && close(layout.rect("tall")?.minY, grid.minY + 20))
        #expect(close(layout.rect("anchored")?.maxX, grid.maxX) && close(layout.rect("anchored")?.maxY, grid.maxY))
    }

    @Test func lazyVGridFillsFlexibleAndAdaptiveColumns() throws {
        let flexible = LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], spacing: 10) {
            ForEach(0..<4) { Color.gray.frame(height: 30).accessibilityIdentifier("cell\($0)") }
        }
        let layout = try layOut(flexible, width: 208, height: 400)
        #expect(close(layout.rect("cell0")?.width, 100) && close(layout.rect("cell1")?.minX, 108))
        #expect(close(layout.rect("cell2")?.minY, (layout.rect("cell0")?.minY ?? 0) + 40))
        let adaptive = LazyVGrid(columns: [GridItem(.adaptive(minimum: 80))]) {
            ForEach(0..<5) { Color.gray.frame(height: 30).accessibilityIdentifier("cell\($0)") }
        }
        // 320 holds three columns of at least 80 with 8 between: each (320 − 16) / 3.
        let packed = try layOut(adaptive, width: 320, height: 400)
        #expect(close(packed.rect("cell0")?.width, (320 - 16) / 3))
        #expect(close(packed.rect("cell3")?.minX, packed.rect("cell0")?.minX))
    }
}

struct ProfileName: View {
    @EnvironmentObject var profile: Profile
    var body: some View { Text(profile.name) }
}

@MainActor
struct EnvironmentObjectTests {
    @Test func environmentObjectsReachTheViewsBelow() throws {
        let profile = Profile()
        profile.name = "Grace"
        #expect(try layOut(VStack { ProfileName() }.environmentObject(profile)).nodes.compactMap(\.text).map(\.string) == ["Grace"])
    }
}
