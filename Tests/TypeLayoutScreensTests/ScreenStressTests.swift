import Testing
import TypeLayout
@testable import TypeLayoutScreens

/// Eight screens of different kinds, as screen files: a settings list, an article, right-to-left
/// Arabic, a wrapping grid of Japanese cards, chat bubbles with emoji, an absolute badge over an
/// image, Hebrew with a tab bar, and a form with limits, per-category values, a clamp and a
/// hidden row.
enum StressScreens {
    static let paragraph = "The quick brown fox jumps over the lazy dog, then naps in the sun while the dog, "
        + "not so lazy after all, chases a butterfly across the meadow."

    static let files: [String] = [
        """
        device: { width: 320, height: 480 }
        root:
          style: { padding: 16, gap: 8 }
          children:
        \((0..<6).map { """
            - style: { flexDirection: { default: row, accessibility: column }, justifyContent: space-between, alignItems: center }
              children:
                - { style: { flexShrink: 1 }, text: { text: "Setting number \($0) with a long name", font: body } }
                - text: { text: "\($0 % 2 == 0 ? "On" : "Off")", font: callout, color: "#8E8E93" }
        """ }.joined(separator: "\n"))
        """,
        """
        device: { width: 320, height: 480 }
        root:
          style: { paddingHorizontal: { scaled: 20, relativeTo: body } }
          children:
            - text: { text: "Dynamic Type on Linux", font: largeTitle, numberOfLines: 2 }
            - text: { text: "By a TypeLayout engineer · 5 min read", font: footnote }
            - text: { text: "\(paragraph)", font: body }
            - text: { text: "\(paragraph) \(paragraph)", font: body, numberOfLines: 4, truncation: tail }
        """,
        """
        device: { width: 320, height: 480 }
        root:
          style: { direction: rtl, paddingStart: 24, gap: 6 }
          children:
            - text: { text: "مرحبا بالعالم، هذا نص عربي للاختبار", font: title2 }
            - style: { flexDirection: row, gap: 12 }
              children:
                - text: { text: "الإعدادات", font: headline }
                - style: { flexGrow: 1, flexShrink: 1 }
                  children: [{ text: { text: "نص طويل يلتف على عدة أسطر في الشاشة", font: body } }]
        """,
        """
        device: { width: 320, height: 480 }
        root:
          style: { flexDirection: row, flexWrap: wrap, justifyContent: space-around, alignContent: stretch }
          children:
        \((0..<5).map { _ in """
            - style: { width: 45%, marginVertical: 4, padding: 8, backgroundColor: "#E5E5EA", borderRadius: 8 }
              children: [{ text: { text: "吾輩は猫である。名前はまだ無い。", font: callout, numberOfLines: 3 } }]
        """ }.joined(separator: "\n"))
        """,
        """
        device: { width: 320, height: 480 }
        root:
          style: { padding: 12, gap: 10 }
          children:
            - style: { alignSelf: flex-end, maxWidth: 75%, padding: 10, backgroundColor: "#007AFF", borderRadius: 16 }
              children: [{ text: { text: "Family 👨‍👩‍👧‍👦, flags 🇯🇵🇫🇷 and 🏳️‍🌈", font: body, color: "#FFFFFF" } }]
            - style: { alignSelf: flex-start, maxWidth: 75%, padding: 10, backgroundColor: "#E5E5EA", borderRadius: 16 }
              children: [{ text: { text: "Sounds good 👍🏽 see you at 6", font: body } }]
        """,
        """
        device: { width: 320, height: 480 }
        root:
          style: { alignItems: center, paddingTop: 40, gap: 8 }
          children:
            - style: { width: 60%, aspectRatio: 1.5, backgroundColor: "#C7C7CC" }
              children:
                - style: { position: absolute, top: -8, end: -8, paddingHorizontal: 6, backgroundColor: "#FF3B30", borderRadius: 9 }
                  children: [{ text: { text: "99+", font: caption1, color: "#FFFFFF" } }]
            - image: { width: 24, height: 24, color: "#34C759", scaling: { relativeTo: caption2 } }
            - text: { text: "Caption under the picture, centred", font: caption2, alignment: center }
        """,
        """
        device: { width: 320, height: 480 }
        root:
          style: { minHeight: 480, justifyContent: space-between }
          children:
            - text: { text: "שלום עולם and hello (עברית) 123", font: subheadline }
            - style: { flexDirection: row, justifyContent: space-evenly, borderTopWidth: 1, borderColor: "#C6C6C8", paddingVertical: 8 }
              maximumContentSizeCategory: xxxl
              children:
                - text: { text: Home, font: caption1 }
                - text: { text: Search, font: caption1 }
                - text: { text: Profile, font: caption1 }
        """,
        """
        device: { width: 320, height: 480 }
        root:
          style: { padding: 16, gap: { default: 12, accessibility: 20 } }
          children:
            - text: { text: "Create account", font: title1, numberOfLines: 2 }
            - style: { minHeight: 44, maxHeight: 120, borderWidth: 1, borderColor: "#C6C6C8", padding: 8 }
              children: [{ text: { text: Name, font: body } }]
            - style: { display: none }
              children: [{ text: { text: "Hidden error message", font: footnote } }]
            - firstThatFits:
                - style: { flexDirection: row, gap: 8 }
                  children:
                    - { style: { flexGrow: 1, flexBasis: 0 }, text: { text: "Cancel", font: headline } }
                    - { style: { flexGrow: 2, flexBasis: 0 }, text: { text: "Continue with this account", font: headline } }
                - style: { gap: 8 }
                  children:
                    - text: { text: "Cancel", font: headline }
                    - text: { text: "Continue with this account", font: headline }
        """,
    ]

    static func screens() throws -> [Screen] {
        try files.enumerated().map { index, file in
            try ScreenFile.parse(file, fileName: "stress-\(index).yaml", format: .yaml)
        }
    }

    /// What a run must reproduce exactly: every node's frame, and the screen drawn.
    struct Result: Equatable {
        let frames: [BoxRect]
        let image: RGBAImage
    }

    static func result(
        _ screen: Screen, at category: ContentSizeCategory, engine: TextLayoutEngine, rasterizer: Rasterizer
    ) throws -> Result {
        let layout = try screen.layout(at: category, engine: engine)
        let image = try ScreenRenderer(scale: 1).render(layout, engine: engine, rasterizer: rasterizer)
        return Result(frames: layout.nodes.map(\.frame), image: image)
    }
}

/// Many tasks laying out and rendering screens at once over a shared engine and glyph cache:
/// results must be exactly the serial ones.
@Suite(.timeLimit(.minutes(3)))
struct ScreenStressTests {
    static let duration = Duration.milliseconds(2500)

    @Test func eightTasksLayingOutAndRenderingScreensMatchTheSerialResults() async throws {
        let screens = try StressScreens.screens()
        let categories = ContentSizeCategory.allCases
        // The serial reference: its own engine and cache, one screen at a time.
        let serialEngine = TextLayoutEngine(), serialRasterizer = Rasterizer(cache: GlyphCache())
        let expected = try screens.map { screen in
            try categories.map { try StressScreens.result(screen, at: $0, engine: serialEngine, rasterizer: serialRasterizer) }
        }
        // The categories change every screen (text grows), so equal results can't come from
        // nothing having been laid out.
        #expect(expected.allSatisfy { $0.first != $0.last })

        // A cache small enough to evict while eight tasks share it.
        let cache = GlyphCache(byteLimit: 256 << 10)
        let shared = TextLayoutEngine(), rasterizer = Rasterizer(cache: cache)
        let clock = ContinuousClock()
        let deadline = clock.now + Self.duration
        let (mismatches, rounds) = try await withThrowingTaskGroup(of: ([String], Int).self) { group in
            for (index, screen) in screens.enumerated() {
                group.addTask {
                    var found: [String] = []
                    // Every category once, then again (starting elsewhere each time) until the deadline.
                    var round = 0
                    repeat {
                        for step in categories.indices {
                            let category = (step + round + index) % categories.count
                            let result = try StressScreens.result(
                                screen, at: categories[category], engine: shared, rasterizer: rasterizer)
                            if result != expected[index][category] { found.append("screen \(index) at \(categories[category])") }
                        }
                        round += 1
                    } while clock.now < deadline
                    return (found, round)
                }
            }
            return try await group.reduce(into: ([String](), 0)) { $0.0 += $1.0; $0.1 += $1.1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(rounds >= screens.count)
        #expect(cache.statistics.byteCount <= 256 << 10)
    }
}
