import Foundation

// UIKit's types that SwiftUI view files name (`Color(.systemGray6)`, `Image(uiImage:)`,
// `.keyboardType(.emailAddress)`), with UIKit's names, where there is no UIKit: on iOS the
// real ones are used and these are not compiled.
#if !canImport(UIKit)

/// A colour, as UIKit's `UIColor`: its system colours are iOS's light-appearance values (the
/// same as ``Color``'s), for `Color(.systemGray6)` and `Color(uiColor:)`.
nonisolated public struct UIColor: Hashable, Sendable {
    let color: Color

    /// A colour from components from 0 to 1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }

    /// A grey from 0 (black) to 1 (white).
    public init(white: CGFloat, alpha: CGFloat) {
        color = Color(white: Double(white), opacity: Double(alpha))
    }

    /// A colour from an asset catalog: there is none here, so a mid grey stands for it, as
    /// `Color("name")` does.
    public init?(named name: String) { color = Color(name) }

    private init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        color = Color(red: red / 255, green: green / 255, blue: blue / 255, opacity: alpha)
    }

    /// The colour at `alpha`.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        let rgba = color.rgba
        return UIColor(Double(rgba.red), Double(rgba.green), Double(rgba.blue), Double(alpha))
    }

    /// System grey.
    public static let systemGray = UIColor(142, 142, 147)
    /// System grey 2.
    public static let systemGray2 = UIColor(174, 174, 178)
    /// System grey 3.
    public static let systemGray3 = UIColor(199, 199, 204)
    /// System grey 4.
    public static let systemGray4 = UIColor(209, 209, 214)
    /// System grey 5.
    public static let systemGray5 = UIColor(229, 229, 234)
    /// System grey 6.
    public static let systemGray6 = UIColor(242, 242, 247)
    /// A screen's background: white.
    public static let systemBackground = UIColor(255, 255, 255)
    /// Content over the background.
    public static let secondarySystemBackground = UIColor(242, 242, 247)
    /// Content over the secondary background.
    public static let tertiarySystemBackground = UIColor(255, 255, 255)
    /// A grouped list's background.
    public static let systemGroupedBackground = UIColor(242, 242, 247)
    /// A grouped list's cells.
    public static let secondarySystemGroupedBackground = UIColor(255, 255, 255)
    /// Content over a grouped list's cells.
    public static let tertiarySystemGroupedBackground = UIColor(242, 242, 247)
    /// Text: black.
    public static let label = UIColor(0, 0, 0)
    /// Secondary text.
    public static let secondaryLabel = UIColor(60, 60, 67, 0.6)
    /// Tertiary text.
    public static let tertiaryLabel = UIColor(60, 60, 67, 0.3)
    /// Quaternary text.
    public static let quaternaryLabel = UIColor(60, 60, 67, 0.18)
    /// A placeholder's text.
    public static let placeholderText = UIColor(60, 60, 67, 0.3)
    /// A thin separator line.
    public static let separator = UIColor(60, 60, 67, 0.29)
    /// A separator that hides what is under it.
    public static let opaqueSeparator = UIColor(198, 198, 200)
    /// A link's text.
    public static let link = UIColor(0, 122, 255)
    /// A thin fill for shapes.
    public static let systemFill = UIColor(120, 120, 128, 0.2)
    /// A thinner fill.
    public static let secondarySystemFill = UIColor(120, 120, 128, 0.16)
    /// A fill for large shapes.
    public static let tertiarySystemFill = UIColor(118, 118, 128, 0.12)
    /// The thinnest fill.
    public static let quaternarySystemFill = UIColor(116, 116, 128, 0.08)
    /// System red.
    public static let systemRed = UIColor(255, 59, 48)
    /// System orange.
    public static let systemOrange = UIColor(255, 149, 0)
    /// System yellow.
    public static let systemYellow = UIColor(255, 204, 0)
    /// System green.
    public static let systemGreen = UIColor(52, 199, 89)
    /// System mint.
    public static let systemMint = UIColor(0, 199, 190)
    /// System teal.
    public static let systemTeal = UIColor(48, 176, 199)
    /// System cyan.
    public static let systemCyan = UIColor(50, 173, 230)
    /// System blue.
    public static let systemBlue = UIColor(0, 122, 255)
    /// System indigo.
    public static let systemIndigo = UIColor(88, 86, 214)
    /// System purple.
    public static let systemPurple = UIColor(175, 82, 222)
    /// System pink.
    public static let systemPink = UIColor(255, 45, 85)
    /// System brown.
    public static let systemBrown = UIColor(162, 132, 94)
    /// Black.
    public static let black = UIColor(0, 0, 0)
    /// White.
    public static let white = UIColor(255, 255, 255)
    /// Transparent.
    public static let clear = UIColor(0, 0, 0, 0)
    /// Grey.
    public static let gray = UIColor(128, 128, 128)
    /// Light grey.
    public static let lightGray = UIColor(170, 170, 170)
    /// Dark grey.
    public static let darkGray = UIColor(85, 85, 85)
}

extension Color {
    /// The colour of a `UIColor` (`Color(uiColor: .systemGray6)`).
    public init(uiColor: UIColor) { self = uiColor.color }

    /// The colour of a `UIColor` (`Color(.systemGray6)`).
    public init(_ color: UIColor) { self = color.color }
}

/// A picture, as UIKit's `UIImage`: here only its size, drawn by `Image(uiImage:)` as a grey
/// placeholder of that size (no picture is decoded).
nonisolated public final class UIImage: Sendable {
    /// The size in points.
    public let size: CGSize

    /// An empty image (0 × 0).
    public init() { size = .zero }

    /// An image of the app's assets: there are none here, so a 24-point placeholder, as
    /// `Image("name")` without an images folder (never `nil`, so that `UIImage(named:)!` runs).
    public init?(named name: String) { size = CGSize(width: 24, height: 24) }

    /// A system symbol: a 24-point placeholder.
    public init?(systemName name: String) { size = CGSize(width: 24, height: 24) }

    /// An image from a PNG file's bytes, sized from its header at 1 pixel a point; `nil` for
    /// other data.
    public init?(data: Data) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func word(_ at: Int) -> Int { bytes[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        size = CGSize(width: word(16), height: word(20))
    }
}

extension Image {
    /// A `UIImage`'s picture: here a grey placeholder of its size (`.resizable()` stretches it).
    public init(uiImage: UIImage) {
        let size = uiImage.size
        let valid = size.width.isFinite && size.height.isFinite
        source = .placeholder(valid ? CGSize(width: max(0, size.width), height: max(0, size.height)) : .zero)
    }
}

/// A keyboard's layout, as UIKit's `UIKeyboardType`: accepted (no keyboard is shown here).
public enum UIKeyboardType: Int, Sendable {
    /// The default keyboard.
    case `default`
    /// ASCII characters.
    case asciiCapable
    /// Numbers and punctuation.
    case numbersAndPunctuation
    /// For URLs.
    case URL
    /// Digits.
    case numberPad
    /// A phone's keypad.
    case phonePad
    /// A phone's keypad with letters.
    case namePhonePad
    /// For email addresses.
    case emailAddress
    /// Digits and a decimal point.
    case decimalPad
    /// For social posts.
    case twitter
    /// For web searches.
    case webSearch
    /// ASCII digits.
    case asciiCapableNumberPad
}

/// When a field capitalizes, as UIKit's `UITextAutocapitalizationType`: accepted.
public enum UITextAutocapitalizationType: Int, Sendable {
    /// Never.
    case none
    /// Each word.
    case words
    /// Each sentence.
    case sentences
    /// Every character.
    case allCharacters
}

/// What a field holds, as UIKit's `UITextContentType`: accepted (for autofill on iOS).
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    /// The type's name.
    public var rawValue: String
    /// The type named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A full name.
    public static let name = UITextContentType(rawValue: "name")
    /// A given name.
    public static let givenName = UITextContentType(rawValue: "given-name")
    /// A family name.
    public static let familyName = UITextContentType(rawValue: "family-name")
    /// A nickname.
    public static let nickname = UITextContentType(rawValue: "nickname")
    /// An organization's name.
    public static let organizationName = UITextContentType(rawValue: "organization")
    /// A street address.
    public static let fullStreetAddress = UITextContentType(rawValue: "street-address")
    /// A city.
    public static let addressCity = UITextContentType(rawValue: "address-level2")
    /// A postal code.
    public static let postalCode = UITextContentType(rawValue: "postal-code")
    /// A country.
    public static let countryName = UITextContentType(rawValue: "country-name")
    /// A phone number.
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    /// An email address.
    public static let emailAddress = UITextContentType(rawValue: "email")
    /// A URL.
    public static let URL = UITextContentType(rawValue: "url")
    /// A card number.
    public static let creditCardNumber = UITextContentType(rawValue: "cc-number")
    /// A user name.
    public static let username = UITextContentType(rawValue: "username")
    /// A password.
    public static let password = UITextContentType(rawValue: "current-password")
    /// A new password.
    public static let newPassword = UITextContentType(rawValue: "new-password")
    /// A one-time code.
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
}

extension View {
    /// The keyboard the fields inside this view show: accepted (no keyboard here).
    public consuming func keyboardType(_ type: UIKeyboardType) -> some View { self }

    /// What the fields inside this view hold, for autofill: accepted.
    public consuming func textContentType(_ textContentType: UITextContentType?) -> some View { self }

    /// When the fields inside this view capitalize (the pre-iOS 15 name): accepted.
    public consuming func autocapitalization(_ style: UITextAutocapitalizationType) -> some View { self }
}
#endif
