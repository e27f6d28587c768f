import Foundation
import Testing
@testable import TypeLayout
@testable import TypeLayoutSwiftUI

/// The nodes that list rows and controls make directly (a row's cell, a switch, a link's
/// chevron, a value cell) are the nodes their views made before: the same frames dump and paint
/// at every category, on a wide and a narrow screen, left to right and right to left.
@MainActor
struct ListChromeTests {

    /// A control resolved the long way, through its composed views.
    struct Composed<Control: ComposedControl & View>: View, PrimitiveView {
        typealias Body = Never
        let control: Control

        @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
            try context.resolve(control.composed(context))
        }
    }

    /// A link's chevron as the views it was made of.
    struct ChevronViews: View, PrimitiveView {
        typealias Body = Never

        @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
            let environment = context.environment
            return try context.resolve(RoundedRectangle(cornerRadius: 1.5).fill(SystemColor.tertiaryLabel)
                .frame(width: scaled(8, in: environment), height: scaled(13, in: environment))
                .accessibilityIdentifier("chevron"))
        }
    }

    /// `content`'s list rows in their cells, one under the other: the cells made directly
    /// (`listRowChrome`) or from the views they were made of.
    struct Cells<Content: View>: View, PrimitiveView {
        typealias Body = Never
        let style: ListStyleKind
        let direct: Bool
        let content: Content

        @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
            var rowContext = context.with { $0.isListRow = true }
            rowContext.stackAxis = .vertical
            let metrics = ListMetrics(style)
            var cells: [LayoutNode] = []
            for row in try rowContext.resolve(content) {
                if direct {
                    cells.append(try listRowChrome(row, metrics: metrics, rowContext))
                    continue
                }
                let background: any View = row.traits.listRowBackground ?? (style == .plain ? Color.clear : Color.white)
                let cell = HStack(spacing: 8) {
                    ResolvedNodes([row]).frame(maxWidth: .infinity, alignment: .leading)
                    row.traits.badge.map { $0.foregroundColor(.secondary) }
                }
                cells += try rowContext.resolve(cell.padding(row.traits.listRowInsets ?? metrics.rowInsets)
                    .frame(maxWidth: .infinity, minHeight: metrics.minimumRowHeight, alignment: .leading)
                    .background(AnyView(background)))
            }
            return [StackNode(axis: .vertical, alignment: HorizontalAlignment.leading.key, spacing: 0, children: cells)]
        }
    }

    /// A section's header made directly (`listSectionLabel`) or from the views it was made of.
    struct SectionLabel<Label: View>: View, PrimitiveView {
        typealias Body = Never
        let direct: Bool
        let textCase: Text.Case?
        let label: Label

        @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
            let insets = EdgeInsets(top: 17, leading: 36, bottom: 7, trailing: 36)
            if direct {
                return try listSectionLabel(label, insets: insets, context) {
                    $0.font = .footnote
                    $0.foregroundColor = SystemColor.groupedSecondary
                    $0.textCase = textCase
                }
            }
            return try context.resolve(AnyView(label).font(.footnote).foregroundColor(SystemColor.groupedSecondary)
                .textCase(textCase).frame(maxWidth: .infinity, alignment: .leading).padding(insets))
        }
    }

    /// The two views' dumps at every category, screen width and direction, compared.
    func expectSameLayouts<A: View, B: View>(_ direct: A, _ composed: B, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for language in [nil, "ar"] as [String?] {
            for width in [390.0, 220] {
                let first = try screenDump(direct, width: width, categories: allCategories, language: language)
                let second = try screenDump(composed, width: width, categories: allCategories, language: language)
                #expect(first == second, "at \(width) points, \(language ?? "en")", sourceLocation: sourceLocation)
            }
        }
    }

    static let longTitle = "A much longer switch title that has to wrap onto more lines"

    @Test func switchesAreTheirComposedViews() throws {
        for isOn in [true, false] {
            let toggle = Toggle(Self.longTitle, isOn: .constant(isOn))
            try expectSameLayouts(VStack { toggle; toggle.disabled(true) }, VStack { Composed(control: toggle); Composed(control: toggle).disabled(true) })
            let short = Toggle("Wi-Fi", isOn: .constant(isOn))
            try expectSameLayouts(HStack { short.labelsHidden(); short.tint(.orange) },
                                  HStack { Composed(control: short).labelsHidden(); Composed(control: short).tint(.orange) })
        }
        // The button style is still composed.
        let button = Toggle("Bold", isOn: .constant(true)).toggleStyle(.button)
        try expectSameLayouts(button, Composed(control: Toggle("Bold", isOn: .constant(true))).toggleStyle(.button))
    }

    @Test func valueCellsAreTheirComposedViews() throws {
        let cell = LabeledContent("Storage used on this device", value: "128 GB of 256 GB")
        try expectSameLayouts(VStack { cell; cell.foregroundColor(.red) }, VStack { Composed(control: cell); Composed(control: cell).foregroundColor(.red) })
        try expectSameLayouts(cell.labelsHidden(), Composed(control: cell).labelsHidden())
        let custom = LabeledContent { Text("On").bold(); Image(systemName: "star") } label: { Label("Status", systemImage: "info") }
        try expectSameLayouts(custom, Composed(control: custom))
    }

    @Test func linkRowsAreTheirComposedViews() throws {
        let link = NavigationLink("General settings for the whole device") { Text("General") }
        try expectSameLayouts(Form { link; link.badge(3) }, Form { Composed(control: link); Composed(control: link).badge(3) })
        // Outside a list, a link is a button, composed as before.
        try expectSameLayouts(link, Composed(control: link))
        try expectSameLayouts(VStack { DisclosureChevron(); DisclosureChevron().foregroundColor(.red) }, VStack { ChevronViews(); ChevronViews() })
    }

    @Test func sectionLabelsAreTheirViews() throws {
        for textCase in [nil, Text.Case.uppercase] {
            @ViewBuilder func labels() -> some View {
                Text("Notifications")
                Text("A footer long enough to wrap onto a second line on a narrow screen").textCase(.lowercase)
                HStack { Image(systemName: "bell"); Text("Alerts") }
            }
            try expectSameLayouts(VStack { SectionLabel(direct: true, textCase: textCase, label: labels()) },
                                  VStack { SectionLabel(direct: false, textCase: textCase, label: labels()) })
        }
    }

    @Test(arguments: [ListStyleKind.insetGrouped, .plain])
    func rowCellsAreTheirViews(style: ListStyleKind) throws {
        @ViewBuilder func rows() -> some View {
            Text(Self.longTitle)
            Toggle("Airplane Mode", isOn: .constant(true))
            Text("Inbox").badge(12)
            Text("Tinted").listRowBackground(Color.yellow)
            Text("Two layers").listRowBackground(ZStack { Color.red; Text("under") })
            Text("Inset").listRowInsets(EdgeInsets(top: 2, leading: 40, bottom: 12, trailing: 4))
            HStack { Image(systemName: "wifi"); Text("Wi-Fi"); Spacer(); Text("Home") }
        }
        try expectSameLayouts(Cells(style: style, direct: true, content: rows()), Cells(style: style, direct: false, content: rows()))
    }
}

/// A centred or trailing single line measured unwrapped for a wider proposal: it is what the
/// engine lays out at the width it is shown in.
@MainActor
struct AlignedLineShortcutTests {
    nonisolated static let texts = ["Setting 7", "Two words  ", "128 GB", "يتم تخزين الصور", "写真とビデオ", ""]

    /// At exactly its unwrapped width, a single line of any alignment is its unwrapped layout
    /// (so a text node may show the unwrapped one in a frame of that width).
    @Test(arguments: [TypeLayout.TextAlignment.center, .right, .natural, .justified])
    func aSingleLineAtItsOwnWidthIsItsUnwrappedLayout(alignment: TypeLayout.TextAlignment) throws {
        let context = DynamicTypeContext()
        var compared = 0
        for string in Self.texts {
            let text = AttributedText(string, font: try TypeLayout.Font.preferredFont(forTextStyle: .body, in: context))
            let prepared = try TextLayoutEngine().prepare(text, paragraphStyle: ParagraphStyle(alignment: alignment), in: context)
            for category in allCategories {
                let unwrapped = try prepared.layout(width: nil, category: category)
                guard unwrapped.lines.count == 1, unwrapped.size.width >= 1 else { continue }
                let atWidth = try prepared.layout(width: unwrapped.size.width, category: category)
                #expect(atWidth.lines == unwrapped.lines && atWidth.size == unwrapped.size && atWidth.glyphs == unwrapped.glyphs)
                compared += 1
            }
        }
        #expect(compared == 5 * allCategories.count)
    }

    /// End to end: every text of centred and trailing views (value cells, stacks, frames wider
    /// than the text) shows the lines and size the engine lays it out in at its frame's width.
    @Test(arguments: [TypeLayoutSwiftUI.TextAlignment.center, .trailing])
    func alignedTextsAreTheEnginesLayoutsAtTheirWidths(alignment: TypeLayoutSwiftUI.TextAlignment) throws {
        let view = VStack {
            LabeledContent("Storage", value: "128 GB")
            Text("Short")
            Text("Two words  ").frame(maxWidth: .infinity)
            Text("A longer line of text that has to wrap onto a second line at the larger sizes")
            HStack { Text("a"); Spacer(); Text("b") }
            Text("Framed").frame(width: 200)
        }.multilineTextAlignment(alignment)
        let engineAlignment: TypeLayout.TextAlignment = alignment == .center ? .center : .right
        let context = DynamicTypeContext()
        var checked = 0
        for width in [390.0, 160] {
            for category in allCategories {
                for node in try layOut(view, width: width, category: category).nodes {
                    // Wrapped text keeps the lines it was measured in where its frame's width
                    // would wrap it otherwise (`TextNode.finalText()`): single lines only.
                    guard let shown = node.text, node.frame.width > 0, shown.lines.count == 1 else { continue }
                    let style = ParagraphStyle(alignment: engineAlignment)
                    let layout = try TextLayoutEngine().prepare(shown.source, paragraphStyle: style, in: context)
                        .layout(width: node.frame.width, category: category)
                    // A line its frame's width would wrap keeps its measured layout (by design).
                    guard layout.lines.count == 1 else { continue }
                    #expect(layout.lines == shown.lines && layout.size == shown.size, "\(shown.string) at \(category)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 2 * allCategories.count * 6)
    }
}
