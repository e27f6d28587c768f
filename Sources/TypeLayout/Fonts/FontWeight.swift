/// A font weight on the OpenType `wght` scale (100 thin … 900 black), the axis variable fonts use.
public struct FontWeight: RawRepresentable, Sendable, Hashable, Comparable, Codable {
    /// The `wght` value, 1…1000.
    public let rawValue: Double

    /// A weight with the given `wght` value.
    public init(rawValue: Double) { self.rawValue = rawValue }

    /// Ultra light: `wght` 100.
    public static let ultraLight = FontWeight(rawValue: 100)
    /// Thin: `wght` 200.
    public static let thin = FontWeight(rawValue: 200)
    /// Light: `wght` 300.
    public static let light = FontWeight(rawValue: 300)
    /// Regular: `wght` 400.
    public static let regular = FontWeight(rawValue: 400)
    /// Medium: `wght` 500.
    public static let medium = FontWeight(rawValue: 500)
    /// Semibold: `wght` 600.
    public static let semibold = FontWeight(rawValue: 600)
    /// Bold: `wght` 700.
    public static let bold = FontWeight(rawValue: 700)
    /// Heavy: `wght` 800.
    public static let heavy = FontWeight(rawValue: 800)
    /// Black: `wght` 900.
    public static let black = FontWeight(rawValue: 900)

    /// Orders by `wght` value.
    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Parses a name (`regular`, `semibold`, …) or a number (`600`).
    public init?(parsing text: String) {
        let names: [String: FontWeight] = [
            "ultralight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular,
            "normal": .regular, "medium": .medium, "semibold": .semibold, "bold": .bold,
            "heavy": .heavy, "black": .black,
        ]
        if let named = names[text.lowercased()] {
            self = named
        } else if let value = Double(text), value.isFinite, value >= 1, value <= 1000 {
            self.init(rawValue: value)
        } else {
            return nil
        }
    }
}
