/// An app's font theme: each text style mapped to a custom face, sized by the style's point
/// size at the current category.
///
/// The fonts a theme returns keep their text style (``Font/textStyle``), so
/// ``Font/resolved(for:)`` gives the same style at a new size without the caller remembering
/// which style it asked for. A face that can't be loaded is an error naming its file (a typo
/// in a file name would otherwise draw the system face unnoticed), unless the theme is made
/// with `fallsBackToSystemFace: true`.
public struct FontTheme: Sendable, Hashable {
    /// One style's face: a font file and the weight to draw it at.
    public struct Face: Sendable, Hashable {
        /// The font file.
        public var path: String
        /// The face index within a collection file.
        public var faceIndex: Int
        /// The weight (applied on a variable font's `wght` axis); `nil` uses the style's weight.
        public var weight: FontWeight?

        /// A face from a file, an index and a weight.
        public init(path: String, faceIndex: Int = 0, weight: FontWeight? = nil) {
            self.path = path
            self.faceIndex = faceIndex
            self.weight = weight
        }
    }

    /// A name for messages and descriptions.
    public var name: String
    /// The custom face of each style; a style without an entry uses the system stand-in.
    public var faces: [TextStyle: Face]
    /// Whether a custom face that can't be loaded is replaced by the system stand-in (`true`)
    /// rather than thrown as an error (`false`, the default).
    public var fallsBackToSystemFace: Bool

    /// A theme from a name and a face for each style it customizes.
    ///
    /// - Parameters:
    ///   - name: a name for messages and descriptions.
    ///   - faces: the custom face of each style it customizes.
    ///   - fallsBackToSystemFace: `true` to draw a style whose face can't be loaded in the
    ///     system stand-in, as UIKit apps often do; by default that is an error.
    public init(name: String, faces: [TextStyle: Face], fallsBackToSystemFace: Bool = false) {
        self.name = name
        self.faces = faces
        self.fallsBackToSystemFace = fallsBackToSystemFace
    }

    /// The theme's font for a style at the traits' category (`nil`: ``DynamicTypeContext/current``'s).
    ///
    /// - Throws: the load error of the style's custom face (``TypeLayoutError/fileNotFound(path:)``,
    ///   ``TypeLayoutError/notAFont(path:reason:)`` …), unless ``fallsBackToSystemFace``; then
    ///   only when the system stand-in can't be loaded either.
    public func font(forTextStyle style: TextStyle, compatibleWith traits: TraitCollection? = nil) throws -> Font {
        try font(forTextStyle: style, in: .current(traits))
    }

    /// The theme's font for a style at a context's category; styles without a custom face use
    /// the context's system family.
    public func font(forTextStyle style: TextStyle, in context: DynamicTypeContext) throws -> Font {
        try Font.resolving(.theme(self, style), in: context)
    }

    /// The face a style is drawn with at a size: the custom one, else the system family's.
    /// Bold Text reaches only the system face: a custom face keeps its weight, as in UIKit.
    func face(
        for style: TextStyle, pointSize: Double, systemFamily: SystemFontFamily, legibilityWeight: LegibilityWeight = .regular
    ) throws -> FontFace {
        try customFace(for: style) ?? systemFamily.face(pointSize: pointSize, weight: style.weight.resolved(for: legibilityWeight))
    }

    /// Whether a style's custom face loads; `false` means ``font(forTextStyle:compatibleWith:)``
    /// throws, or with ``fallsBackToSystemFace`` uses the system face.
    public func customFaceLoads(for style: TextStyle) -> Bool {
        guard let custom = faces[style] else { return false }
        return (try? load(custom, for: style)) != nil
    }

    /// The style's custom face at its weight (the style's own unless the theme names one);
    /// `nil` when the theme has none for it, or its file doesn't load and the theme falls back.
    private func customFace(for style: TextStyle) throws -> FontFace? {
        guard let custom = faces[style] else { return nil }
        do {
            return try load(custom, for: style)
        } catch where fallsBackToSystemFace {
            return nil
        }
    }

    private func load(_ custom: Face, for style: TextStyle) throws -> FontFace {
        try FontFace.load(path: custom.path, faceIndex: custom.faceIndex, weight: custom.weight ?? style.weight)
    }
}
