import TypeLayout
import TypeLayoutScreens

/// The labels every benchmark, the floor (floor/floor.c) and compare.sh share.
///
/// The body label is the issue's: Liberation Sans 17 pt at large (scaled like UIFontMetrics for
/// body, as `render-cli --font … --size 17` does), 320 pt wide: 3 lines at large, 10 at
/// accessibilityExtraExtraExtraLarge.
public enum Corpus {
    public static let fontFile = "LiberationSans-Regular.ttf"
    public static var fontPath: String { BundledFonts.path(fontFile) }
    public static let pointSize = 17.0
    public static let width = 320.0

    public static let bodyText =
        "Your photos and videos are stored in iCloud, so you can see them on all your devices and free up space on this iPhone."
    public static let buttonText = "Turn On iCloud Photos"

    /// Enough distinct sentences to wrap to 40 lines at large in 320 pt.
    public static let paragraphText: String = {
        let sentences = [
            "Your photos and videos are stored in iCloud, so you can see them on all your devices and free up space on this iPhone.",
            "Optimised versions are kept on the device when storage is low, and the originals download whenever you need them.",
            "Shared albums let you invite friends and family to view, comment on and add their own pictures and videos.",
            "Memories gathers your best moments into short films with music, titles and transitions chosen for you.",
            "Edits you make on one device appear everywhere, and you can always revert a photo or video to its original.",
            "Hidden and Recently Deleted albums are locked by default and need Face ID, Touch ID or your passcode to open.",
            "Search finds people, places, objects and text in your library, even in photos taken years ago.",
            "Live Photos capture a moment before and after you take a picture, with movement and sound.",
            "Portrait mode keeps your subject sharp while softly blurring the background, and you can adjust depth later.",
            "Backups happen over Wi-Fi while your iPhone is charging and locked, so they never get in your way.",
            "You can turn iCloud Photos off at any time; your library stays in iCloud for thirty days before it is removed.",
            "Albums you create stay in the same order on every device, and folders keep long lists of albums tidy.",
            "Duplicates are found for you, and merging them keeps the best quality version with all of its details.",
            "Videos recorded in Cinematic mode can have their focus changed after recording, right in the Photos app.",
            "Captions and keywords you add are searchable too, so pictures are easy to find.",
        ]
        return sentences.joined(separator: " ")
    }()

    /// The body label's font: 17 pt Liberation Sans that follows Dynamic Type like
    /// `UIFontMetrics.default.scaledFont(for:)`.
    public static func font() throws -> Font {
        let base = try Font(path: fontPath, pointSize: pointSize)
        return try FontMetrics(forTextStyle: .body).scaledFont(
            for: base, compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
    }

    public static func text(_ string: String) throws -> AttributedText { AttributedText(string, font: try font()) }

    /// The paragraph style render-cli uses: 320 pt wide, unlimited lines, bundled fallback.
    public static var style: ParagraphStyle { ParagraphStyle(width: width) }

    /// The example screens (Examples/screens/) the screen benchmarks lay out: the list cell
    /// (7 nodes) and the settings screen on iPhone SE (41 nodes).
    public static let cellScreen = "list-cell", settingsScreen = "settings"

    /// The folder of the example screens, from this file's place in the checkout.
    public static var screensFolder: String {
        // #filePath is …/Benchmarks/Sources/BenchCorpus/Corpus.swift.
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)
        return components.joined(separator: "/") + "/Examples/screens"
    }

    /// An example screen read from its file.
    public static func screen(_ name: String) throws -> Screen {
        try ScreenFile.read(atPath: screensFolder + "/" + name + ".yaml")
    }
}
