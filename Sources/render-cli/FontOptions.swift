import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import TypeLayout

/// The options that choose a font, its Dynamic Type rule and the categories: shared by every
/// subcommand.
struct FontOptions: ParsableArguments, FontSettings {
    @Option(help: "A font file (TTF, OTF, TTC) or an installed family name (fontconfig). Default: the GillSans stand-in, or the system stand-in with --style.")
    var font: String?

    @Option(name: .customLong("face-index"), help: "The face of a TTC collection. (default: \(FontOptions.defaultFaceIndex))")
    var givenFaceIndex: Int?

    @Option(help: "Weight on the wght axis of a variable font, or of a family: a name or 1…1000.", transform: ArgumentTransform.weight)
    var weight: FontWeight?

    @Option(parsing: .unconditional, help: "Point size at large (> 0, ≤ 1000), scaled to the category like UIFontMetrics. Default 36 without --style.",
            transform: ArgumentTransform.pointSize)
    var size: Double?

    @Option(help: "Text style: with --size, scale by its metrics; without, use its own size at the category.",
            transform: ArgumentTransform.style)
    var style: TextStyle?

    @OptionGroup var categoryOptions: CategoryOptions

    @OptionGroup var dynamicType: DynamicTypeOptions

    // Options with a default are optionals, the default applied below and written in the help:
    // ArgumentParser describes a declared default at every start, casting it to `CaseIterable &
    // RawRepresentable`, and each cast to a type not seen yet scans all of the binary's protocol
    // conformance records.
    static let defaultFaceIndex = 0

}

/// The values of ``FontOptions``, as ArgumentParser parses them or ``RenderFastPath`` reads
/// them, and what they mean (written once, for both).
protocol FontSettings {
    associatedtype CategoryChoice: CategorySettings
    associatedtype DynamicTypeChoice: DynamicTypeSettings
    var font: String? { get }
    var givenFaceIndex: Int? { get }
    var weight: FontWeight? { get }
    var size: Double? { get }
    var style: TextStyle? { get }
    var categoryOptions: CategoryChoice { get }
    var dynamicType: DynamicTypeChoice { get }
}

extension FontSettings {
    var faceIndex: Int { givenFaceIndex ?? FontOptions.defaultFaceIndex }

    /// The Dynamic Type context the options and the environment describe.
    var context: DynamicTypeContext { get throws { try dynamicType.context } }

    /// Every check of these options and their groups, innermost first. Called from the
    /// commands' `run()`, not from `validate()`: ArgumentParser validates while it decodes,
    /// before it reports an unknown option, which must come first (`--bogus` before a conflict).
    func validateGroups() throws {
        try dynamicType.validateCombination()
        try categoryOptions.validateCombination()
        try validateCombination()
    }

    func validateCombination() throws {
        if faceIndex < 0 { throw ValidationError("face index must be 0 or more, got \(faceIndex)") }
        try dynamicType.validate(with: categoryOptions)
    }

    /// The categories to lay out, in order.
    var categoryList: [ContentSizeCategory] { get throws { try categoryOptions.list(in: context) } }

    /// The categories asked for with --categories, if any.
    var categories: [ContentSizeCategory]? { categoryOptions.categories }

    /// The font at large, carrying its Dynamic Type rule so each category re-resolves it.
    /// Says on stderr when a variable font clamped the weight asked for (every category uses
    /// the same file and weight, so one warning covers them all).
    func resolveFont() throws -> Font {
        let font = try resolveFontQuietly()
        // A style without a size loads its own weight unless --weight overrides it.
        Warnings.weightClamped(font.face, requested: weight ?? (size == nil ? style?.weight : nil))
        return font
    }

    private func resolveFontQuietly() throws -> Font {
        let large = try context.with(.large)
        if let style, size == nil {
            guard let font else { return try Font.preferredFont(forTextStyle: style, in: large) }
            let file = try fontFile(font)
            let theme = FontTheme(name: file.path, faces: [style: .init(path: file.path, faceIndex: file.faceIndex, weight: weight)])
            return try theme.font(forTextStyle: style, in: large)
        }
        let file = try font.map(fontFile) ?? (path: BundledFonts.gillSansStandIn, faceIndex: faceIndex)
        let base = try Font(path: file.path, pointSize: size ?? 36, faceIndex: file.faceIndex, weight: weight)
        return try FontMetrics(forTextStyle: style ?? .body, scalingMode: large.scalingMode).scaledFont(for: base, in: large)
    }

    /// A path as given, or an installed family's file.
    private func fontFile(_ name: String) throws -> (path: String, faceIndex: Int) {
        if name.contains("/") || access(name, F_OK) == 0 { return (name, faceIndex) }
        if let file = SystemFonts.file(forFamily: name, weight: weight) { return file }
        throw CLIError.runtime("no font file or installed font family named '\(name)'; give a .ttf/.otf/.ttc path, or a family that `fc-list : family` lists")
    }
}

/// --category and --categories: one category or several (a sheet, a list). Shared by the
/// label commands (through ``FontOptions``) and `screen`.
struct CategoryOptions: ParsableArguments, CategorySettings {
    @Option(help: "Content size category (xs s m l xl xxl xxxl ax1…ax5, or full names). Default: $TYPELAYOUT_CONTENT_SIZE_CATEGORY or large.",
            transform: ArgumentTransform.category)
    var category: ContentSizeCategory?

    @Option(help: "'all' or a comma list of categories.", transform: ArgumentTransform.categories)
    var categories: [ContentSizeCategory]?

}

/// The values of ``CategoryOptions``, as ArgumentParser parses them or ``RenderFastPath`` reads
/// them, and what they mean (written once, for both).
protocol CategorySettings {
    var category: ContentSizeCategory? { get }
    var categories: [ContentSizeCategory]? { get }
}

extension CategorySettings {
    func validateCombination() throws {
        if category != nil && categories != nil { throw ValidationError("give --category or --categories, not both") }
    }

    /// The categories to lay out, in order: --categories, else --category, else the context's.
    func list(in context: DynamicTypeContext) -> [ContentSizeCategory] {
        categories ?? [category ?? context.contentSizeCategory]
    }
}
