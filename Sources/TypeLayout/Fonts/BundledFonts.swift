#if canImport(Glibc)
import Glibc
#endif

/// The font files that ship in the package's `Fonts/` folder: stand-ins for Apple's faces,
/// openly licensed, with their licences beside them.
public enum BundledFonts {
    /// The `Fonts/` folder: `$TYPELAYOUT_FONTS_DIR` when set, else the folder in this package's
    /// checkout (the package is built from source, so its sources are where it was built).
    public static var directory: String {
        if let override = getenv("TYPELAYOUT_FONTS_DIR"), override.pointee != 0 {
            return String(cString: override)
        }
        return checkoutDirectory
    }

    /// Worked out once: every default context names the system faces by path, and splitting
    /// and joining the path at each call was a tenth of a one-label run's instructions.
    private static let checkoutDirectory: String = {
        // #filePath is …/Sources/TypeLayout/Fonts/BundledFonts.swift: drop four components.
        var path = "\(#filePath)".utf8[...]
        for _ in 0..<4 { path = path[..<(path.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex)] }
        return String(Substring(path)) + "/Fonts"
    }()

    /// The path of a file in ``directory``.
    public static func path(_ fileName: String) -> String { directory + "/" + fileName }

    /// Gillius ADF Regular, the stand-in for Gill Sans.
    public static var gillSansStandIn: String { path("GilliusADF-Regular.otf") }
    /// Courier Prime, the stand-in for Courier.
    public static var courierStandIn: String { path("CourierPrime-Regular.otf") }
    /// Inter (variable, text optical size), the stand-in for SF Pro Text.
    public static var systemText: String { path("Inter-roman.var.ttf") }
    /// Inter Display (variable), the stand-in for SF Pro Display.
    public static var systemDisplay: String { path("InterDisplay-roman.var.ttf") }
    /// Inter Italic (variable).
    public static var systemItalic: String { path("Inter-italic.var.ttf") }
}
