import TypeLayout

/// Turns a node's ``ScreenStyle`` into the box engine's ``BoxStyle`` at one category: each
/// declaration's value at the category, applied in order over React Native's defaults, with
/// scaled lengths resolved through ``FontMetrics`` in the screen's context.
struct StyleResolution {
    /// The node's category, after the clamps around it.
    let category: ContentSizeCategory
    /// The screen's context (its category is not used: scaled lengths use ``category``).
    let context: DynamicTypeContext
    let node: NodeName

    /// Whether `style` resolves the same at every category: no value by category and no
    /// scaled length.
    static func isCategoryIndependent(_ style: ScreenStyle) -> Bool {
        style.declarations.allSatisfy { declaration in
            guard declaration.value.isConstant else { return false }
            if case .length(.scaled) = declaration.value.base { return false }
            return true
        }
    }

    func boxStyle(for style: ScreenStyle) throws -> BoxStyle {
        var box = BoxStyle()
        for declaration in style.declarations {
            try apply(declaration.property, declaration.value.value(at: category), to: &box)
        }
        return box
    }

    /// The one place each property's value kind and range are decided.
    private func apply(_ property: StyleProperty, _ value: StyleValue, to box: inout BoxStyle) throws {
        let read = StyleValueReader(property: property, value: value, resolution: self)
        switch property {
        case .flexDirection: box.flexDirection = try read.keyword()
        case .justifyContent: box.justifyContent = try read.keyword()
        case .alignItems: box.alignItems = try read.keyword()
        case .alignSelf: box.alignSelf = try read.keyword()
        case .alignContent: box.alignContent = try read.keyword()
        case .flexWrap: box.flexWrap = try read.keyword()
        case .position: box.position = try read.keyword()
        case .display: box.display = try read.keyword()
        case .overflow: box.overflow = try read.keyword()
        case .direction: box.direction = try read.keyword()
        case .flexGrow: box.flexGrow = try read.number()
        case .flexShrink: box.flexShrink = try read.number()
        case .aspectRatio: box.aspectRatio = try read.number()
        case .flexBasis: box.flexBasis = try read.dimension()
        case .width: box.width = try read.dimension()
        case .height: box.height = try read.dimension()
        case .minWidth: box.minWidth = try read.dimension()
        case .maxWidth: box.maxWidth = try read.dimension()
        case .minHeight: box.minHeight = try read.dimension()
        case .maxHeight: box.maxHeight = try read.dimension()
        case .padding: box.padding.all = try read.dimension()
        case .paddingTop: box.padding.top = try read.dimension()
        case .paddingRight: box.padding.right = try read.dimension()
        case .paddingBottom: box.padding.bottom = try read.dimension()
        case .paddingLeft: box.padding.left = try read.dimension()
        case .paddingStart: box.padding.start = try read.dimension()
        case .paddingEnd: box.padding.end = try read.dimension()
        case .paddingHorizontal: box.padding.horizontal = try read.dimension()
        case .paddingVertical: box.padding.vertical = try read.dimension()
        case .margin: box.margin.all = try read.dimension()
        case .marginTop: box.margin.top = try read.dimension()
        case .marginRight: box.margin.right = try read.dimension()
        case .marginBottom: box.margin.bottom = try read.dimension()
        case .marginLeft: box.margin.left = try read.dimension()
        case .marginStart: box.margin.start = try read.dimension()
        case .marginEnd: box.margin.end = try read.dimension()
        case .marginHorizontal: box.margin.horizontal = try read.dimension()
        case .marginVertical: box.margin.vertical = try read.dimension()
        case .top: box.inset.top = try read.dimension()
        case .right: box.inset.right = try read.dimension()
        case .bottom: box.inset.bottom = try read.dimension()
        case .left: box.inset.left = try read.dimension()
        case .start: box.inset.start = try read.dimension()
        case .end: box.inset.end = try read.dimension()
        case .borderWidth: box.borderWidth.all = try read.points()
        case .borderTopWidth: box.borderWidth.top = try read.points()
        case .borderRightWidth: box.borderWidth.right = try read.points()
        case .borderBottomWidth: box.borderWidth.bottom = try read.points()
        case .borderLeftWidth: box.borderWidth.left = try read.points()
        case .borderStartWidth: box.borderWidth.start = try read.points()
        case .borderEndWidth: box.borderWidth.end = try read.points()
        case .gap: box.gap = try read.points()
        case .rowGap: box.rowGap = try read.points()
        case .columnGap: box.columnGap = try read.points()
        case .borderRadius: box.borderRadius = try read.points()
        case .backgroundColor: box.backgroundColor = try read.color()
        case .borderColor: box.borderColor = try read.color()
        }
    }

    /// A length that scales with a text style, as `UIFontMetrics.scaledValue(for:)` does it.
    func scaled(_ value: Double, relativeTo style: TextStyle) throws -> Double {
        try FontMetrics(forTextStyle: style).scaledValue(for: value, in: context.with(category))
    }
}

/// Reads one declaration's value as the kind its property takes, or throws the error that
/// names the node, the property, the value and what was expected.
private struct StyleValueReader {
    let property: StyleProperty
    let value: StyleValue
    let resolution: StyleResolution

    /// A keyword of one of the keyword enums, whose raw values are React Native's spellings.
    func keyword<Keyword: RawRepresentable & CaseIterable>() throws -> Keyword where Keyword.RawValue == String {
        if case let .keyword(word) = value, let keyword = Keyword(rawValue: word) { return keyword }
        // The message only for a value refused: building it for every keyword read was a
        // good part of resolving a screen's styles.
        let valid = Keyword.allCases.map(\.rawValue)
        let expected = "one of " + valid.joined(separator: ", ")
        guard case let .keyword(word) = value else { throw invalid(expected: expected) }
        throw invalid(expected: expected, got: "'\(word)'\(NameSuggestion.phrase(for: word, among: valid))")
    }

    /// A plain number (flexGrow, flexShrink, aspectRatio), within the property's range in
    /// ``StyleProperty/valueKind``.
    func number() throws -> Double {
        let allowsZero = if case .number(minimum: .positive) = property.valueKind { false } else { true }
        let expected = allowsZero ? "a number of 0 or more" : "a number greater than 0"
        let number: Double
        switch value {
        case let .number(plain), let .length(.points(plain)): number = plain
        default: throw invalid(expected: expected)
        }
        guard number.isFinite, allowsZero ? number >= 0 : number > 0 else { throw invalid(expected: expected) }
        return number
    }

    /// Points, scaled or not: borders, gaps and radii, which take no percentage.
    func points() throws -> Double {
        let expected = "a length of 0 or more in points (a number or a scaled length)"
        switch try dimension(expected: expected, allowsNegative: false) {
        case let .points(points): return points
        case .auto, .percent: throw invalid(expected: expected)
        }
    }

    /// A length: points, a percentage, `auto` or a scaled length; negative only where
    /// ``StyleProperty/valueKind`` allows it (margins and insets).
    func dimension() throws -> Dimension {
        let allowsNegative = if case .length(allowsNegative: true) = property.valueKind { true } else { false }
        return try dimension(
            expected: "a length\(allowsNegative ? "" : " of 0 or more") (a number of points, a percentage such as "
                + "\"50%\", \"auto\" or a scaled length)",
            allowsNegative: allowsNegative)
    }

    /// `expected` is built only for a value refused.
    private func dimension(expected: @autoclosure () -> String, allowsNegative: Bool) throws -> Dimension {
        let dimension: Dimension
        switch value {
        case let .number(points): dimension = .points(points)
        case .length(.auto): dimension = .auto
        case let .length(.points(points)): dimension = .points(points)
        case let .length(.percent(percent)): dimension = .percent(percent)
        case let .length(.scaled(points, style)):
            guard points.isFinite else { throw invalid(expected: expected()) }
            dimension = .points(try resolution.scaled(points, relativeTo: style))
        case let .keyword(word):
            // React Native's spellings as strings: "auto", "50%".
            guard let parsed = Dimension(word) else { throw invalid(expected: expected()) }
            dimension = parsed
        case .color: throw invalid(expected: expected())
        }
        switch dimension {
        case .auto: break
        case let .points(number), let .percent(number):
            guard number.isFinite, allowsNegative || number >= 0 else { throw invalid(expected: expected()) }
        }
        return dimension
    }

    func color() throws -> Color {
        guard case let .color(color) = value else { throw invalid(expected: "a colour such as \"#RRGGBB\"") }
        return color
    }

    private func invalid(expected: String, got: String? = nil) -> ScreenError {
        .invalidStyleValue(
            node: resolution.node.text, property: property.rawValue, value: got ?? value.spelled,
            expected: expected, location: resolution.node.location)
    }
}

extension StyleValue {
    /// The value as a screen file would write it, for error messages.
    var spelled: String {
        switch self {
        case let .number(number): "\(number)"
        case .length(.auto): "'auto'"
        case let .length(.points(points)): "\(points)"
        case let .length(.percent(percent)): "'\(percent)%'"
        case let .length(.scaled(points, style)): "\(points) scaled relative to \(style.rawValue)"
        case let .keyword(word): "'\(word)'"
        case let .color(color): "the colour \(color)"
        }
    }
}
