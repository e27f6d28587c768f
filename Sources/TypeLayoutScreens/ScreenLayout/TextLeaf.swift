import TypeLayout

extension ScreenText {
    /// The text's font in `context` (whose category the engine replaces at each layout).
    ///
    /// A text style at a weight other than its own is the system family's face at that weight
    /// through a one-style ``FontTheme``, so that it keeps following the style's size; that face
    /// stays the text face at every size (no switch to the display face) and, as custom faces
    /// do, keeps its weight under Bold Text.
    func resolvedFont(in context: DynamicTypeContext) throws -> Font {
        switch font {
        case let .textStyle(style, weight):
            guard let weight, weight != style.weight else {
                return try Font.preferredFont(forTextStyle: style, in: context)
            }
            let family = context.systemFontFamily
            let path = weight >= .semibold ? family.boldFacePath ?? family.textFacePath : family.textFacePath
            let theme = FontTheme(name: "system \(weight.rawValue)", faces: [style: FontTheme.Face(path: path, weight: weight)])
            return try theme.font(forTextStyle: style, in: context)
        case let .file(path, size, relativeTo, maximumPointSize):
            guard let relativeTo else {
                // A fixed font honours a cap too (0, as in UIKit, is none).
                let cap = maximumPointSize.flatMap { $0 > 0 ? $0 : nil } ?? size
                return try Font(path: path, pointSize: min(size, cap))
            }
            let base = try Font(path: path, pointSize: size)
            return try FontMetrics(forTextStyle: relativeTo)
                .scaledFont(for: base, maximumPointSize: maximumPointSize ?? 0, in: context)
        }
    }

    /// The text prepared once for layouts at every width and category, in a node of
    /// `layoutDirection` (`.ltr` or `.rtl`).
    ///
    /// Natural alignment follows the layout direction, as UIKit's follows the interface's: a
    /// Latin label in a right-to-left screen aligns right, a Hebrew one in a left-to-right
    /// screen left. The paragraph's own direction, which orders its runs, still comes from its
    /// first strong character.
    func prepared(engine: TextLayoutEngine, in context: DynamicTypeContext, layoutDirection: Direction) throws -> PreparedText {
        let attributes = TextAttributes(font: try resolvedFont(in: context), foregroundColor: color, language: language)
        let lineAlignment = alignment == .natural ? (layoutDirection == .rtl ? .right : .left) : alignment
        let style = ParagraphStyle(numberOfLines: numberOfLines, truncation: truncation, alignment: lineAlignment)
        return try engine.prepare(AttributedText(string, attributes: attributes), paragraphStyle: style, in: context)
    }
}

/// A text's preparations, made when a node of each layout direction first asks: a screen
/// prepares its texts once for every category, and a second time only for texts that appear in
/// both directions.
final class TextPreparations: Sendable {
    let text: ScreenText
    let engine: TextLayoutEngine
    let context: DynamicTypeContext
    private let byDirection = Lock<[Direction: PreparedText]>([:])

    init(_ text: ScreenText, engine: TextLayoutEngine, context: DynamicTypeContext) {
        self.text = text
        self.engine = engine
        self.context = context
    }

    /// The text prepared for a node of `direction`, `.inherit` counting as left to right.
    func prepared(for direction: Direction) throws -> PreparedText {
        let direction = direction == .rtl ? Direction.rtl : .ltr
        if let known = byDirection.withLock({ $0[direction] }) { return known }
        let prepared = try text.prepared(engine: engine, in: context, layoutDirection: direction)
        byDirection.withLock { $0[direction] = prepared }
        return prepared
    }
}

/// A text node at one category, as the box engine measures it: its min- and max-content
/// widths and its height at a width, all from one ``PreparedText`` that every category shares.
///
/// The layouts it makes are kept by width, so that the final layout at the node's frame is
/// usually one the engine already asked for. The engine's questions can't throw; a failure is
/// kept and thrown by ``failure`` once the box layout returns.
final class TextLeaf: MeasuredContent {
    let prepared: PreparedText
    let category: ContentSizeCategory
    let minContentWidth: Double
    let maxContentWidth: Double
    private let layouts = Lock<[Double: TextLayout]>([:])
    private let firstFailure = Lock<(any Error)?>(nil)

    init(prepared: PreparedText, category: ContentSizeCategory) throws {
        self.prepared = prepared
        self.category = category
        let widths = try prepared.intrinsicWidths(category: category)
        minContentWidth = widths.minContent
        maxContentWidth = widths.maxContent
    }

    func height(atWidth width: Double) -> Double {
        do {
            return try layout(atWidth: width).size.height
        } catch {
            firstFailure.withLock { $0 = $0 ?? error }
            return 0
        }
    }

    func firstBaseline(atWidth width: Double) -> Double? {
        do {
            let layout = try layout(atWidth: width)
            return layout.lines.isEmpty ? nil : layout.firstBaseline
        } catch {
            firstFailure.withLock { $0 = $0 ?? error }
            return nil
        }
    }

    /// The text laid out in `width` points; a width of 0 or less (a box squeezed to nothing)
    /// counts as 1 point, the engine's widths having to be positive.
    func layout(atWidth width: Double) throws -> TextLayout {
        let width = max(1, width)
        if let known = layouts.withLock({ $0[width] }) { return known }
        let layout = try prepared.layout(width: width, category: category)
        layouts.withLock { $0[width] = layout }
        return layout
    }

    /// A screen's text is never wider than its container offers: it wraps, breaks a word or
    /// truncates inside it, as React Native's, UIKit's and SwiftUI's do.
    var isLimitedToAvailableWidth: Bool { true }

    /// The first error a measurement met, if any.
    var failure: (any Error)? { firstFailure.withLock { $0 } }
}
