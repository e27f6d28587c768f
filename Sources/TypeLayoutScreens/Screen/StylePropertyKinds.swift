// The one table of what each screen style property takes: the screen file reader checks values
// against it, and style resolution reads them by it.

extension StyleProperty {
    /// How small a plain number may be.
    enum Minimum { case zero, positive }

    /// What a property's value is, as a screen file checks it and style resolution reads it.
    enum ValueKind {
        /// One of these React Native spellings.
        case keyword([String])
        /// A plain number (flexGrow, flexShrink, aspectRatio).
        case number(minimum: Minimum)
        /// Points of 0 or more, plain or scaled; no percentage or auto (borders, gaps, radii).
        case points
        /// Points, a percentage, auto or scaled points; negative only for margins and insets.
        case length(allowsNegative: Bool)
        /// A colour.
        case color
    }

    var valueKind: ValueKind {
        switch self {
        case .flexDirection: .keyword(FlexDirection.allCases.map(\.rawValue))
        case .justifyContent: .keyword(JustifyContent.allCases.map(\.rawValue))
        case .alignItems: .keyword(AlignItems.allCases.map(\.rawValue))
        case .alignSelf: .keyword(AlignSelf.allCases.map(\.rawValue))
        case .alignContent: .keyword(AlignContent.allCases.map(\.rawValue))
        case .flexWrap: .keyword(FlexWrap.allCases.map(\.rawValue))
        case .position: .keyword(PositionType.allCases.map(\.rawValue))
        case .display: .keyword(Display.allCases.map(\.rawValue))
        case .overflow: .keyword(Overflow.allCases.map(\.rawValue))
        case .direction: .keyword(Direction.allCases.map(\.rawValue))
        case .flexGrow, .flexShrink: .number(minimum: .zero)
        case .aspectRatio: .number(minimum: .positive)
        case .borderWidth, .borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth,
             .borderStartWidth, .borderEndWidth, .gap, .rowGap, .columnGap, .borderRadius:
            .points
        case .flexBasis, .width, .height, .minWidth, .maxWidth, .minHeight, .maxHeight,
             .padding, .paddingTop, .paddingRight, .paddingBottom, .paddingLeft, .paddingStart, .paddingEnd,
             .paddingHorizontal, .paddingVertical:
            .length(allowsNegative: false)
        case .margin, .marginTop, .marginRight, .marginBottom, .marginLeft, .marginStart, .marginEnd,
             .marginHorizontal, .marginVertical, .top, .right, .bottom, .left, .start, .end:
            .length(allowsNegative: true)
        case .backgroundColor, .borderColor: .color
        }
    }
}
