import Testing
@testable import TypeLayout

/// `TextLayoutEngine.measurements` (what the audit checks) gives what full layouts measure, and
/// its unlimited figures are those of a layout with no line limit.
struct LayoutMeasurementTests {
    static let texts = [
        "Your photos and videos are stored in iCloud, so you can see them on all your devices.",
        "Datenschutzgrundverordnungskonformitätsprüfung abgeschlossen",
        "Fotos und Videos\nwerden in iCloud gespeichert, auf allen Geräten.",
        "写真とビデオはiCloudに保存されるので、すべてのデバイスで見ることができます。",
        "يتم تخزين الصور ومقاطع الفيديو في iCloud حتى تتمكن من رؤيتها على جميع أجهزتك.",
        "un\u{AD}break\u{AD}able hy\u{AD}phen\u{AD}ation every\u{AD}where",
        "",
    ]

    static let styles = [
        ParagraphStyle(width: 160, numberOfLines: 1),
        ParagraphStyle(width: 120, numberOfLines: 2, truncation: .middle),
        ParagraphStyle(width: 90, numberOfLines: 2, truncation: .head, alignment: .justified, lineSpacing: 3),
        ParagraphStyle(width: 200, numberOfLines: 3, truncation: .clip, alignment: .center, lineHeightMultiple: 1.2),
        ParagraphStyle(width: 343, numberOfLines: 0, alignment: .justified),
        ParagraphStyle(width: nil),
    ]

    @Test(arguments: texts)
    func measurementsAreWhatLayoutsMeasure(text: String) throws {
        let context = DynamicTypeContext()
        let categories = ContentSizeCategory.allCases.filter { $0 != .unspecified }
        let attributed = AttributedText(text, font: try Font.preferredFont(forTextStyle: .body, in: context))
        for style in Self.styles {
            // Separate engines: nothing one computed is handed to the other.
            let measurements = try TextLayoutEngine().measurements(attributed, paragraphStyle: style, categories: categories, in: context)
            let layouts = try TextLayoutEngine().layout(attributed, paragraphStyle: style, categories: categories, in: context)
            var unlimitedStyle = style
            unlimitedStyle.numberOfLines = 0
            let unlimited = try TextLayoutEngine().layout(attributed, paragraphStyle: unlimitedStyle, categories: categories, in: context)
            #expect(measurements.count == categories.count)
            for (index, measured) in measurements.enumerated() {
                let layout = layouts[index], whole = unlimited[index]
                let label = "\(text.prefix(12)) at \(measured.category), \(style.numberOfLines) lines, width \(String(describing: style.width))"
                #expect(measured.category == layout.category, "\(label)")
                #expect(measured.size == layout.size, "\(label)")
                #expect(measured.lineCount == layout.lines.count, "\(label)")
                #expect(measured.isTruncated == layout.isTruncated, "\(label)")
                #expect(measured.hasBrokenWord == layout.hasBrokenWord, "\(label)")
                #expect(measured.pointSize == layout.pointSize, "\(label)")
                #expect(measured.unlimitedLineCount == whole.lines.count, "\(label)")
                #expect(measured.unlimitedHasBrokenWord == whole.hasBrokenWord, "\(label)")
            }
        }
    }

    /// The figures differ where they should: a truncated label needs more lines than it shows.
    @Test func aTruncatedLabelNeedsMoreLinesThanItShows() throws {
        let context = DynamicTypeContext()
        let attributed = AttributedText(Self.texts[0], font: try Font.preferredFont(forTextStyle: .body, in: context))
        let measured = try TextLayoutEngine().measurements(
            attributed, paragraphStyle: ParagraphStyle(width: 160, numberOfLines: 1), categories: [.large], in: context)[0]
        #expect(measured.isTruncated && measured.lineCount == 1 && measured.unlimitedLineCount > 1)
    }
}
