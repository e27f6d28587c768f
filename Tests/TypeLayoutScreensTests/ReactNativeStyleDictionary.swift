import TypeLayout
@testable import TypeLayoutScreens

/// Builds a ``BoxStyle`` from React Native style names and values as JSON gives them, for
/// the differential test's trees. (The screen file format will have its own reader.)
enum ReactNativeStyleDictionary {
    struct UnknownProperty: Error, CustomStringConvertible {
        let name: String
        var description: String { "unknown or ill-typed style property \(name)" }
    }

    static func style(_ properties: [String: Any]) throws -> BoxStyle {
        var style = BoxStyle()
        for (name, value) in properties.sorted(by: { $0.key < $1.key }) {
            guard try apply(name, value, to: &style) else { throw UnknownProperty(name: name) }
        }
        return style
    }

    private static func dimension(_ value: Any) -> Dimension? {
        if let number = value as? Double { return .points(number) }
        if let text = value as? String { return Dimension(text) }
        return nil
    }

    private static func keyword<Keyword: RawRepresentable<String>>(_ value: Any) -> Keyword? {
        (value as? String).flatMap(Keyword.init(rawValue:))
    }

    private static var edgeSuffixes: [String: WritableKeyPath<Edges<Dimension>, Dimension?>] { [
        "": \.all, "Top": \.top, "Right": \.right, "Bottom": \.bottom, "Left": \.left,
        "Start": \.start, "End": \.end, "Horizontal": \.horizontal, "Vertical": \.vertical,
    ] }

    private static var borderSuffixes: [String: WritableKeyPath<Edges<Double>, Double?>] { [
        "": \.all, "Top": \.top, "Right": \.right, "Bottom": \.bottom, "Left": \.left,
        "Start": \.start, "End": \.end, "Horizontal": \.horizontal, "Vertical": \.vertical,
    ] }

    private static var lengths: [String: WritableKeyPath<BoxStyle, Dimension>] { [
        "flexBasis": \.flexBasis, "width": \.width, "height": \.height, "minWidth": \.minWidth,
        "maxWidth": \.maxWidth, "minHeight": \.minHeight, "maxHeight": \.maxHeight,
    ] }

    private static var numbers: [String: WritableKeyPath<BoxStyle, Double>] { [
        "flexGrow": \.flexGrow, "flexShrink": \.flexShrink, "borderRadius": \.borderRadius,
    ] }

    private static var optionalNumbers: [String: WritableKeyPath<BoxStyle, Double?>] { [
        "gap": \.gap, "rowGap": \.rowGap, "columnGap": \.columnGap, "aspectRatio": \.aspectRatio,
    ] }

    /// Sets one property; false if the name or the value's type is not one this knows.
    private static func apply(_ name: String, _ value: Any, to style: inout BoxStyle) throws -> Bool {
        if let path = lengths[name], let length = dimension(value) {
            style[keyPath: path] = length
            return true
        }
        if let path = numbers[name], let number = value as? Double {
            style[keyPath: path] = number
            return true
        }
        if let path = optionalNumbers[name], let number = value as? Double {
            style[keyPath: path] = number
            return true
        }
        for (prefix, path) in [("margin", \BoxStyle.margin), ("padding", \.padding)] where name.hasPrefix(prefix) {
            guard let edge = edgeSuffixes[String(name.dropFirst(prefix.count))], let length = dimension(value) else {
                return false
            }
            style[keyPath: path][keyPath: edge] = length
            return true
        }
        if name.hasPrefix("borderWidth") {
            guard let edge = borderSuffixes[String(name.dropFirst("borderWidth".count))], let width = value as? Double else {
                return false
            }
            style.borderWidth[keyPath: edge] = width
            return true
        }
        if let edge = edgeSuffixes[name.prefix(1).uppercased() + name.dropFirst()], name != "horizontal",
           name != "vertical", let length = dimension(value) {
            style.inset[keyPath: edge] = length
            return true
        }
        switch name {
        case "flexDirection": guard let parsed: FlexDirection = keyword(value) else { return false }; style.flexDirection = parsed
        case "justifyContent": guard let parsed: JustifyContent = keyword(value) else { return false }; style.justifyContent = parsed
        case "alignItems": guard let parsed: AlignItems = keyword(value) else { return false }; style.alignItems = parsed
        case "alignSelf": guard let parsed: AlignSelf = keyword(value) else { return false }; style.alignSelf = parsed
        case "alignContent": guard let parsed: AlignContent = keyword(value) else { return false }; style.alignContent = parsed
        case "flexWrap": guard let parsed: FlexWrap = keyword(value) else { return false }; style.flexWrap = parsed
        case "position": guard let parsed: PositionType = keyword(value) else { return false }; style.position = parsed
        case "display": guard let parsed: Display = keyword(value) else { return false }; style.display = parsed
        case "overflow": guard let parsed: Overflow = keyword(value) else { return false }; style.overflow = parsed
        case "direction": guard let parsed: Direction = keyword(value) else { return false }; style.direction = parsed
        case "backgroundColor": guard let hex = value as? String else { return false }; style.backgroundColor = try Color(hex: hex)
        case "borderColor": guard let hex = value as? String else { return false }; style.borderColor = try Color(hex: hex)
        default: return false
        }
        return true
    }
}
