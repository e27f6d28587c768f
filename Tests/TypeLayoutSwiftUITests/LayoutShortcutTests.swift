import Foundation
import Testing
@testable import TypeLayout
@testable import TypeLayoutSwiftUI

/// The shortcuts a view's layout takes past the long way (`TextNode`, the environment readers'
/// table): each gives what the long way gives, at every category.
@MainActor
struct LayoutShortcutTests {
    nonisolated static let texts = [
        "Setting 7", "Two words  ", "Fotos und Videos\nwerden gespeichert", "un\u{AD}break\u{AD}able hy\u{AD}phen",
        "يتم تخزين الصور", "写真とビデオはiCloudに保存されます", "",
    ]

    /// Flush-left text that fits a width unwrapped is laid out there as it is unwrapped: the
    /// same lines, size and glyphs (so a text node keeps its unwrapped layout for a wider
    /// proposal).
    @Test(arguments: texts)
    func flushLeftTextThatFitsIsItsUnwrappedLayout(string: String) throws {
        let context = DynamicTypeContext()
        let text = AttributedText(string, font: try TypeLayout.Font.preferredFont(forTextStyle: .body, in: context))
        var compared = 0
        for lines in [0, 1] {
            let style = ParagraphStyle(numberOfLines: lines, alignment: .left)
            let prepared = try TextLayoutEngine().prepare(text, paragraphStyle: style, in: context)
            for category in allCategories {
                let unwrapped = try prepared.layout(width: nil, category: category)
                // The node keeps only these (a text cut to its line limit is laid out anew).
                guard !unwrapped.isTruncated, !unwrapped.hasBrokenWord else { continue }
                for extra in [0, 0.25, 40, 1_000] {
                    let wrapped = try prepared.layout(width: max(1, unwrapped.size.width + extra), category: category)
                    let sameLines = wrapped.lines == unwrapped.lines
                    let sameSize = wrapped.size == unwrapped.size
                    let sameGlyphs = wrapped.glyphs == unwrapped.glyphs
                    #expect(sameLines && sameSize && sameGlyphs && !wrapped.isTruncated)
                    compared += 1
                }
            }
        }
        let expected = string.contains("\n") ? 4 * allCategories.count : 8 * allCategories.count
        #expect(compared == expected)
    }

    /// A text's size at a proposal narrower than a point, which a text node measures without a
    /// layout, is the layout's at one point wide.
    @Test(arguments: texts)
    func narrowestMeasurementIsTheNarrowestLayouts(string: String) throws {
        let context = DynamicTypeContext()
        let text = AttributedText(string, font: try TypeLayout.Font.preferredFont(forTextStyle: .body, in: context))
        for lines in [0, 2] {
            let style = ParagraphStyle(numberOfLines: lines, alignment: .left)
            let prepared = try TextLayoutEngine().prepare(text, paragraphStyle: style, in: context)
            for category in allCategories {
                let measured = try prepared.measurement(width: 1, category: category)
                let layout = try prepared.layout(width: 1, category: category)
                let lineCount = layout.lines.count
                #expect(measured.size == layout.size)
                #expect(measured.lineCount == lineCount && measured.isTruncated == layout.isTruncated)
            }
        }
    }

    /// End to end: every text of a form, at each category and on two screen widths, shows the
    /// lines and size the engine lays it out in at its frame's width.
    @Test func formTextsAreTheEnginesLayoutsAtTheirWidths() throws {
        let view = Form {
            Section("Switches") {
                Toggle("Airplane Mode", isOn: .constant(true))
                Toggle("A much longer switch title that has to wrap onto more lines", isOn: .constant(false))
            }
            Section("Values") {
                LabeledContent("Storage", value: "128 GB")
                NavigationLink("General") { Text("General") }
            }
        }
        let context = DynamicTypeContext()
        var checked = 0
        for width in [390.0, 250] {
            for category in allCategories {
                for node in try layOut(view, width: width, category: category).nodes {
                    guard let shown = node.text, node.frame.width > 0 else { continue }
                    let prepared = try TextLayoutEngine().prepare(shown.source, paragraphStyle: ParagraphStyle(alignment: .left), in: context)
                    let layout = try prepared.layout(width: node.frame.width, category: category)
                    let sameLines = layout.lines == shown.lines
                    let sameSize = layout.size == shown.size
                    #expect(sameLines && sameSize)
                    checked += 1
                }
            }
        }
        #expect(checked >= 2 * allCategories.count * 6)
    }
}

/// The readers of a struct view are found at their byte offsets by the standard library's
/// field walk (`_forEachField`, an SPI): if a toolchain changes it, these fail, rather than the
/// layouts quietly taking the slower mirror path.
@MainActor
struct EnvironmentReaderTableTests {
    @Test func structReadersAreFoundAtTheirOffsets() throws {
        let view = MixedPropertiesBadge(name: "b", label: 2.5)
        guard case .fields(let fields) = EnvironmentReaderTable(of: view) else {
            Issue.record("a struct's readers were not found by their offsets")
            return
        }
        let offsets = fields.map(\.offset)
        let size = MemoryLayout<MixedPropertiesBadge<Double>>.size
        #expect(offsets.count == 2)
        #expect(offsets == offsets.sorted() && offsets.allSatisfy { $0 > 0 && $0 < size })
        let types = fields.map { String(describing: $0.type) }
        #expect(types == ["Environment<DynamicTypeSize>", "ScaledMetric<CGFloat>"])
        // The mirror's path finds the same two, after `name` and after `label`.
        guard case .children(let positions) = EnvironmentReaderTable(of: view, usingFieldOffsets: false) else {
            Issue.record("the mirror's path was not taken")
            return
        }
        #expect(positions == [1, 3])
    }
}

/// The widths a view was proposed.
final class ProposalLog: @unchecked Sendable {
    var widths: [CGFloat?] = []
}

/// A leaf as wide as proposed up to 80 points (its ideal), that logs its proposals.
struct ProposalLoggingLayout: Layout {
    let log: ProposalLog

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        log.widths.append(proposal.width)
        return CGSize(width: min(proposal.width ?? 80, 80), height: 20)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// A stack asks a child for its narrowest size only where it counts: to order two or more
/// children of a priority by flexibility, or to set it aside for a higher priority.
@MainActor
struct StackProbeTests {
    @Test func aChildThatGrowsWithoutEndIsNotProbedAtZero() throws {
        let log = ProposalLog()
        let view = HStack {
            ProposalLoggingLayout(log: log) {}.frame(maxWidth: .infinity).accessibilityIdentifier("grows")
            Color.red.frame(width: 50).accessibilityIdentifier("fixed")
        }
        let layout = try layOut(view, width: 300)
        let grows = try #require(layout.rect("grows")), fixed = try #require(layout.rect("fixed"))
        #expect(!log.widths.contains(0))
        #expect(close(grows.width, 242) && close(fixed.minX, 250))
    }

    @Test func aChildWithAnEndIsProbedAndServedFirst() throws {
        let log = ProposalLog(), loneLog = ProposalLog()
        let view = VStack {
            HStack {
                ProposalLoggingLayout(log: log) {}.accessibilityIdentifier("bounded")
                Color.red.frame(minWidth: 10, maxWidth: .infinity).accessibilityIdentifier("fill")
            }
            HStack { ProposalLoggingLayout(log: loneLog) {} }
        }
        let layout = try layOut(view, width: 300)
        let bounded = try #require(layout.rect("bounded")), fill = try #require(layout.rect("fill"))
        // The bounded child (flexibility 80) is served before the colour (infinite): its 80 points.
        #expect(log.widths.contains(0))
        #expect(close(bounded.width, 80) && close(fill.width, 212))
        // A child alone in its stack is never asked for its narrowest size.
        #expect(!loneLog.widths.contains(0))
    }
}
