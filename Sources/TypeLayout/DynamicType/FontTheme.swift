/// An app's font theme: each text style mapped to a custom face, sized by the style's point
/// size at the current category.
///
/// The fonts a theme returns keep their text style (``Font/textStyle``), so
/// ``Font/resolved(for:)`` gives the same style at a new size without the caller remembering
/// which style it asked for. A face that can't be loaded falls back to the system stand-in.
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

    /// A theme from a name and a face for each style it customizes.
    public init(name: String, faces: [TextStyle: Face]) {
        self.name = name
        self.faces = faces
    }

    /// The theme's font for a style at the traits' category (`nil`: ``DynamicTypeContext/current``'s).
    ///
    /// - Throws: only when neither the custom face nor the system stand-in can be loaded.
    public func font(forTextStyle style: TextStyle, compatibleWith traits: TraitCollection? = nil) throws -> Font {
        try font(forTextStyle: style, in: .current(traits))
    }

    /// The theme's font for a style at a context's category; styles without a custom face use
    /// the context's system family.
    public func font(forTextStyle style: TextStyle, in context: DynamicTypeContext) throws -> Font {
        let size = style.pointSize(at: context.contentSizeCategory)
        return Font(face: try face(for: style, pointSize: size, systemFamily: context.systemFontFamily),
                    pointSize: size, origin: .theme(self, style))
    }

    /// The face a style is drawn with at a size: the custom one, else the system family's.
    func face(for style: TextStyle, pointSize: Double, systemFamily: SystemFontFamily) throws -> FontFace {
        try customFace(for: style) ?? systemFamily.face(pointSize: pointSize, weight: style.weight)
    }

    /// Whether a style's custom face loads; `false` means the theme falls back to the system face.
    public func customFaceLoads(for style: TextStyle) -> Bool { customFace(for: style) != nil }

    /// The style's custom face at its weight (the style's own unless the theme names one), or
    /// `nil` when the theme has none for it or its file doesn't load.
    private func customFace(for style: TextStyle) -> FontFace? {
        faces[style].flatMap { custom in
            try? FontFace.load(path: custom.path, faceIndex: custom.faceIndex, weight: custom.weight ?? style.weight)
        }
    }
}
