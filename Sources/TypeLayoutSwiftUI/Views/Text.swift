import Foundation
import TypeLayout

/// Lines of read-only text, as SwiftUI's `Text`, measured and drawn by TypeLayout's engine.
///
/// Unproposed, it is one line at its full width; proposed a width, it wraps in it and is as
/// wide as its widest line; proposed a height, it keeps the lines that fit (at least one) and
/// truncates the rest, as with a line limit.
nonisolated public struct Text: View, Equatable, Sendable {
    /// The body of a primitive view.
    public typealias Body = Never

    struct Run: Equatable, Sendable {
        var string: String
        var font: Font?
        var weight: Font.Weight?
        var isItalic = false
        var color: Color?
        /// Drawn in the environment's tint (`.foregroundStyle(.tint)`), unless `color` is set.
        var usesTint = false
        var tracking: CGFloat = 0
        var kerning = true
        /// The localized string key the run shows, looked up when a hosting screen has strings.
        var key: LocalizedStringKey?
    }

    var runs: [Run]

    /// Where text that doesn't fit is cut.
    public enum TruncationMode: Hashable, Sendable {
        /// At the start.
        case head
        /// At the end.
        case tail
        /// In the middle.
        case middle
    }

    /// Text of a localized string key; the key itself is shown, its interpolations filled in.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        runs = [Run(string: key.displayString, key: key)]
    }

    /// Text shown as given, not localized.
    public init(verbatim content: String) {
        runs = [Run(string: content)]
    }

    /// Text of a string, shown as given.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        runs = [Run(string: String(content))]
    }

    private func withRuns(_ change: (inout Run) -> Void) -> Text {
        var copy = self
        for index in copy.runs.indices { change(&copy.runs[index]) }
        return copy
    }

    /// The text in `font` (where its parts set none).
    public func font(_ font: Font?) -> Text { withRuns { $0.font = $0.font ?? font } }
    /// The text at `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> Text { withRuns { $0.weight = weight } }
    /// The text bold.
    public func bold() -> Text { fontWeight(.bold) }
    /// The text bold, or not.
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    /// The text italic.
    public func italic() -> Text { withRuns { $0.isItalic = true } }
    /// The text italic, or not.
    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }
    /// The text in `color`.
    public func foregroundColor(_ color: Color?) -> Text { withRuns { $0.color = $0.color ?? ($0.usesTint ? nil : color) } }
    /// The text in `style` (`.tint`: the environment's tint where the text is laid out).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        guard style is TintShapeStyle else { return foregroundColor(style.resolvedColor) }
        return withRuns { $0.usesTint = $0.usesTint || $0.color == nil }
    }
    /// Extra space of `tracking` points after each character.
    public func tracking(_ tracking: CGFloat) -> Text { withRuns { $0.tracking = tracking } }
    /// Extra space between characters (as tracking here).
    public func kerning(_ kerning: CGFloat) -> Text { tracking(kerning) }

    /// Two texts run together.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var result = lhs
        result.runs += rhs.runs
        return result
    }

    /// The whole string.
    var string: String { runs.map(\.string).joined() }
}

extension Text: PrimitiveView {
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let environment = context.environment
        // The base context: the node sizes its fonts at its category when measured.
        let typeContext = context.session.baseTypeContext.with(legibilityWeight: environment.legibilityWeight ?? .regular)
        // Fonts keep their rule and are sized at the node's category when laid out; resolved at
        // one category here, the same text is the same value at every category, and the hosting
        // screen's layouts share its preparation.
        let fontContext = typeContext.with(.large)
        // Loops and `if let`, not closures: a main-actor closure passed to the standard library
        // checks its executor at each call.
        var attributedRuns: [AttributedText.Run] = []
        attributedRuns.reserveCapacity(runs.count)
        for run in runs {
            let font = try (run.font ?? environment.font ?? .body)
                .resolved(in: fontContext, weight: run.weight ?? environment.fontWeight, italic: run.isItalic || environment.isItalic)
            let color = (run.color ?? (run.usesTint ? environment.resolvedTint : environment.foregroundColor) ?? .primary).rgba
            var shown = run.string
            if let key = run.key, let localized = context.session.localizedString(for: key) { shown = localized }
            if let textCase = environment.textCase { shown = textCase.applied(to: shown, locale: environment.locale) }
            attributedRuns.append(AttributedText.Run(shown, attributes: TextAttributes(
                font: font, foregroundColor: color, tracking: Double(run.tracking), language: context.session.language)))
        }
        let attributed = AttributedText(runs: attributedRuns)
        let rightToLeft = environment.layoutDirection == .rightToLeft
        let alignment: TypeLayout.TextAlignment
        switch environment.multilineTextAlignment {
        case .leading: alignment = rightToLeft ? .right : .left
        case .center: alignment = .center
        case .trailing: alignment = rightToLeft ? .left : .right
        }
        let truncation: TypeLayout.TruncationMode
        switch environment.truncationMode {
        case .head: truncation = .head
        case .tail: truncation = .tail
        case .middle: truncation = .middle
        }
        let spacing = environment.lineSpacing.isFinite ? max(0, Double(environment.lineSpacing)) : 0
        let style = ParagraphStyle(numberOfLines: max(0, environment.lineLimit ?? 0), truncation: truncation, alignment: alignment,
                                   lineSpacing: spacing)
        let node = TextNode(text: attributed, style: style, category: MeasuredCategory(context),
                            typeContext: typeContext, session: context.session)
        node.reservesLineLimitSpace = environment.reservesLineLimitSpace
        node.minimumScaleFactor = environment.minimumScaleFactor
        node.allowsTightening = environment.allowsTightening
        return [node]
    }
}

/// A string with interpolations, as SwiftUI's `LocalizedStringKey`: the key a catalog is
/// searched for (`%@` for a string, `%lld` for an integer) and the values filled in.
nonisolated public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    /// The key as a catalog spells it.
    let key: String
    /// The string shown: the key with its values in place.
    let displayString: String
    /// The interpolated values, described, in order.
    let arguments: [String]

    /// A key without interpolations.
    public init(_ value: String) {
        key = value
        displayString = value
        arguments = []
    }

    /// A key written as a literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// A key written with interpolations.
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        displayString = stringInterpolation.display
        arguments = stringInterpolation.arguments
    }

    /// The parts of an interpolated key.
    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var display = ""
        var arguments: [String] = []

        /// Room for the parts.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// A literal part.
        public mutating func appendLiteral(_ literal: String) {
            // A literal percent sign is doubled in a format string. Foundation's replacement
            // costs about 7,000 instructions even when there is nothing to replace (a twentieth
            // of a form's layout, whose rows' titles are interpolated at every category).
            key += literal.utf8.contains(UInt8(ascii: "%")) ? literal.replacingOccurrences(of: "%", with: "%%") : literal
            display += literal
        }

        /// A string value: `%@`.
        public mutating func appendInterpolation(_ string: String) {
            add("%@", string)
        }

        /// An integer value: `%lld`.
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
            add("%lld", String(value))
        }

        /// A floating-point value: `%lf`.
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T) {
            add("%lf", String(describing: Double(value)))
        }

        /// Another text, as a string: `%@`.
        public mutating func appendInterpolation(_ text: Text) {
            add("%@", text.string)
        }

        /// Any other value, described: `%@`.
        @_disfavoredOverload
        public mutating func appendInterpolation<T>(_ value: T) {
            add("%@", String(describing: value))
        }

        private mutating func add(_ specifier: String, _ value: String) {
            key += specifier
            display += value
            arguments.append(value)
        }
    }
}
