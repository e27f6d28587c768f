#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A flow layout written with the Layout protocol, as apps write theirs for tags: subviews at
/// their ideal sizes left to right, wrapping to a new row when the next one doesn't fit.
public struct FlowLayout: Layout {
    var spacing: CGFloat
    var rowSpacing: CGFloat

    /// A flow with `spacing` between items and `rowSpacing` between rows.
    public init(spacing: CGFloat = 8, rowSpacing: CGFloat = 8) {
        self.spacing = spacing
        self.rowSpacing = rowSpacing
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let rows = arrange(subviews, in: proposal.width ?? .infinity)
        let width = rows.map { $0.width }.max() ?? 0
        let height = rows.map { $0.height }.reduce(0, +) + rowSpacing * CGFloat(max(0, rows.count - 1))
        return CGSize(width: proposal.width ?? width, height: height)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var y = bounds.minY
        for row in arrange(subviews, in: bounds.width) {
            var x = bounds.minX
            for index in row.indices {
                let size = measure(subviews[index], in: bounds.width)
                subviews[index].place(at: CGPoint(x: x, y: y), proposal: ProposedViewSize(size))
                x += size.width + spacing
            }
            y += row.height + rowSpacing
        }
    }

    /// A subview's ideal size, or its size at the row's width when its ideal is wider (a long
    /// tag at the largest sizes wraps rather than running past the edge).
    private func measure(_ subview: LayoutSubview, in maxWidth: CGFloat) -> CGSize {
        let ideal = subview.sizeThatFits(.unspecified)
        return ideal.width > maxWidth ? subview.sizeThatFits(ProposedViewSize(width: maxWidth, height: nil)) : ideal
    }

    /// The rows: which subviews each holds, and its width and height.
    private func arrange(_ subviews: Subviews, in maxWidth: CGFloat) -> [(indices: [Int], width: CGFloat, height: CGFloat)] {
        var rows: [(indices: [Int], width: CGFloat, height: CGFloat)] = []
        var current: (indices: [Int], width: CGFloat, height: CGFloat) = ([], 0, 0)
        for index in subviews.indices {
            let size = measure(subviews[index], in: maxWidth)
            let needed = current.indices.isEmpty ? size.width : current.width + spacing + size.width
            if needed > maxWidth, !current.indices.isEmpty {
                rows.append(current)
                current = ([index], size.width, size.height)
            } else {
                current = (current.indices + [index], needed, max(current.height, size.height))
            }
        }
        if !current.indices.isEmpty { rows.append(current) }
        return rows
    }
}

/// Interest tags in a flow layout under a heading, as a profile or a recipe shows them.
public struct TagCloud: View {
    /// The tags shown.
    public static let tags = ["Hiking", "Sourdough", "Jazz piano", "Birdwatching", "Film photography",
                              "Climbing", "Ceramics", "Sci-fi", "Board games", "Cycling"]

    /// The cloud.
    public init() {}

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Interests").font(.headline)
            FlowLayout(spacing: 8, rowSpacing: 8) {
                ForEach(Self.tags, id: \.self) { tag in
                    Text(tag)
                        .font(.subheadline)
                        .padding(.horizontal, 12)
                        .padding(.vertical, 6)
                        .background(Capsule().fill(Color.blue.opacity(0.12)))
                        .foregroundStyle(.blue)
                        .accessibilityIdentifier("tag-\(tag)")
                }
            }
            .accessibilityIdentifier("flow")
        }
        .padding()
    }
}
