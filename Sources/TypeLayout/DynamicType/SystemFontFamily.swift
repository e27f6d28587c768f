/// The faces that text styles are set in: Apple's SF Pro on iOS, a stand-in here.
///
/// Like SF Pro, the family can have a Text face for small sizes and a Display face from
/// ``displaySwitchPointSize`` up (Apple switches at 20 pt); the `metrics` scaling mode reads
/// each style's line spacing from whichever face that size uses. A user who has SF Pro's files
/// can point the family at them and get SF's own ratios.
public struct SystemFontFamily: Sendable, Hashable {
    /// The face for sizes below ``displaySwitchPointSize`` (a variable font or a static face).
    public var textFacePath: String
    /// The face for sizes at or above ``displaySwitchPointSize``; `nil` uses the text face.
    public var displayFacePath: String?
    /// The italic face; `nil` uses the text face.
    public var italicFacePath: String?
    /// A heavier face for a family of static faces (one weight a file), drawn for weights from
    /// semibold up (headline, and any style under Bold Text); `nil` draws those with the text
    /// or display face at the weight, on a variable font's `wght` axis.
    public var boldFacePath: String?
    /// The point size at which the display face takes over.
    public var displaySwitchPointSize: Double

    /// A family from explicit files.
    public init(textFacePath: String, displayFacePath: String? = nil, italicFacePath: String? = nil,
                boldFacePath: String? = nil, displaySwitchPointSize: Double = 20) {
        self.textFacePath = textFacePath
        self.displayFacePath = displayFacePath
        self.italicFacePath = italicFacePath
        self.boldFacePath = boldFacePath
        self.displaySwitchPointSize = displaySwitchPointSize
    }

    /// Inter and Inter Display from `Fonts/`, variable in weight, the default stand-in for SF Pro.
    public static var interStandIn: SystemFontFamily {
        SystemFontFamily(
            textFacePath: BundledFonts.systemText, displayFacePath: BundledFonts.systemDisplay,
            italicFacePath: BundledFonts.systemItalic)
    }

    /// The face for a size and weight: the italic face when asked for, the bold face (if the
    /// family has one) from semibold up, else Text below the switch size and Display from it on.
    public func face(pointSize: Double, weight: FontWeight, italic: Bool = false) throws -> FontFace {
        try FontFace.load(path: facePath(pointSize: pointSize, weight: weight, italic: italic), weight: weight)
    }

    /// The file ``face(pointSize:weight:italic:)`` loads.
    func facePath(pointSize: Double, weight: FontWeight, italic: Bool = false) -> String {
        if italic, let italicFacePath { return italicFacePath }
        if let boldFacePath, weight >= .semibold { return boldFacePath }
        if let displayFacePath, pointSize >= displaySwitchPointSize { return displayFacePath }
        return textFacePath
    }
}
