import ArgumentParser
import TypeLayout

// Command-line parsing of the library's types. Parse failures are usage errors (exit 2) whose
// message names the valid values.

// ArgumentParser's defaults for these members describe each case with `String(describing:)`
// (runtime reflection) through key paths at every start, for the same strings the raw values
// already are. (No option declares a default of these types, so
// `defaultValueDescription` is never asked for: see FontOptions.)
extension ScalingMode: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
}

extension TextAlignment: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
}

extension TruncationMode: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
}

/// Transforms that throw the library's own message, which ArgumentParser shows as the reason.
enum ArgumentTransform {
    /// A BCP 47 language tag as the audit's files name theirs (`ja`, `pt-BR`, `zh_Hant`): a
    /// language of 2–8 letters, then subtags of 1–8 letters or digits.
    static func language(_ text: String) throws -> String {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = subtags.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
              subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { throw ValidationError("invalid language tag '\(text)': give a BCP 47 tag such as ja, de or pt-BR") }
        return text
    }

    static func category(_ text: String) throws -> ContentSizeCategory {
        try ContentSizeCategory(parsing: text)
    }

    static func style(_ text: String) throws -> TextStyle {
        try TextStyle(parsing: text)
    }

    /// "all" or a comma list of category names.
    static func categories(_ text: String) throws -> [ContentSizeCategory] {
        if text.lowercased() == "all" { return ContentSizeCategory.allCases }
        return try text.split(separator: ",").map { try ContentSizeCategory(parsing: String($0)) }
    }

    static func pointSize(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite else {
            throw ValidationError("size must be a number of points, got '\(text)'")
        }
        guard value > 0, value <= 1000 else {
            throw ValidationError("size must be greater than 0 and at most 1000 points, got \(text)")
        }
        return value
    }

    static func weight(_ text: String) throws -> FontWeight {
        guard let weight = FontWeight(parsing: text) else {
            throw ValidationError("weight must be a name (regular, semibold, bold, …) or a number from 1 to 1000, got '\(text)'")
        }
        return weight
    }
}

extension ArgumentTransform {
    static func width(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw ValidationError("width must be a number of points greater than 0, got '\(text)'")
        }
        return value
    }
}

extension ArgumentTransform {
    static func color(_ text: String) throws -> Color {
        do { return try Color(hex: text) } catch { throw ValidationError("\(error)") }
    }

    static func scale(_ text: String) throws -> Int {
        guard let value = Int(text), (1...3).contains(value) else {
            throw ValidationError("scale must be 1, 2 or 3, got '\(text)'")
        }
        return value
    }

    static func padding(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0, value <= 1000 else {
            throw ValidationError("padding must be a number of points from 0 to 1000, got '\(text)'")
        }
        return value
    }
}

/// The platform names `--platform` takes, without Android's font scale (`--font-scale`).
enum PlatformName: String, CaseIterable {
    case uikit, swiftui, reactNative = "react-native", flutter, android

    /// The platform at React Native's defaults, or Android at a font scale.
    func platform(fontScale: Double) -> TextScalingPlatform {
        switch self {
        case .uikit: .uiKit
        case .swiftui: .swiftUI
        case .reactNative: .reactNative(ReactNativeTextScaling())
        case .flutter: .flutter
        case .android: .android(AndroidFontScale(fontScale))
        }
    }
}

extension ArgumentTransform {
    static func platform(_ text: String) throws -> PlatformName {
        guard let name = PlatformName(rawValue: text.lowercased()) else {
            let valid = PlatformName.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("unknown platform '\(text)'; valid platforms: \(valid)")
        }
        return name
    }

    /// A comma list of platforms, each at most once.
    static func platforms(_ text: String) throws -> [PlatformName] {
        let names = try text.split(separator: ",", omittingEmptySubsequences: false).map { try platform(String($0)) }
        guard Set(names).count == names.count else { throw ValidationError("platforms must not repeat, got '\(text)'") }
        return names
    }

    /// An Android font scale: 0.1 to 10, the range past which no device setting goes and
    /// sizes stop meaning anything.
    static func fontScale(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, (0.1...10).contains(value) else {
            throw ValidationError("font scale must be a number from 0.1 to 10, got '\(text)'")
        }
        return value
    }

    /// A comma list of Android font scales.
    static func fontScales(_ text: String) throws -> [Double] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { try fontScale(String($0)) }
    }
}
