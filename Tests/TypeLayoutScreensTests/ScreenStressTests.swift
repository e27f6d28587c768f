import Testing
import TypeLayout
@testable import TypeLayoutScreens

/// A text leaf measured by the text engine at one category: what a screen's text node is.
struct EngineText: MeasuredContent {
    let prepared: PreparedText
    let category: ContentSizeCategory
    let widths: IntrinsicWidths

    init(_ prepared: PreparedText, category: ContentSizeCategory) throws {
        self.prepared = prepared
        self.category = category
        widths = try prepared.intrinsicWidths(category: category)
    }

    var minContentWidth: Double { widths.minContent }
    var maxContentWidth: Double { widths.maxContent }

    /// NaN if the engine refuses: the frames then differ from any other run's, and the test
    /// says so.
    func height(atWidth width: Double) -> Double {
        (try? prepared.layout(width: max(width, 0.01), category: category).size.height) ?? .nan
    }
}

/// A screen as the stress test builds it: boxes and text, built into a ``BoxTree`` per category.
indirect enum StressNode {
    case box(BoxStyle, [StressNode])
    case text(String, TextStyle, lines: Int = 0)

    /// Adds the subtree to `tree`, children first, and returns its box.
    func add(to tree: inout BoxTree, engine: TextLayoutEngine, category: ContentSizeCategory) throws -> BoxID {
        switch self {
        case .box(let style, let children):
            let ids = try children.map { try $0.add(to: &tree, engine: engine, category: category) }
            return try tree.addBox(style, children: ids)
        case .text(let string, let textStyle, let lines):
            let font = try Font.preferredFont(
                forTextStyle: textStyle, compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
            let prepared = try engine.prepare(
                AttributedText(string, font: font), paragraphStyle: ParagraphStyle(numberOfLines: lines))
            return tree.addLeaf(content: try EngineText(prepared, category: category))
        }
    }
}

/// Eight screens of different kinds: a settings list, an article, right-to-left Arabic, a
/// wrapping grid of Japanese cards, chat bubbles with emoji, an absolute badge over an image,
/// Hebrew with a tab bar, and a form with limits, percentages and a hidden row.
enum StressScreens {
    static let paragraph = "The quick brown fox jumps over the lazy dog, then naps in the sun while the dog, "
        + "not so lazy after all, chases a butterfly across the meadow."

    static func row(_ configure: (inout BoxStyle) -> Void = { _ in }) -> BoxStyle {
        style { $0.flexDirection = .row; configure(&$0) }
    }

    static let all: [StressNode] = [
        .box(style { $0.padding.all = 16; $0.gap = 8 }, (0..<6).map { index in
            .box(row { $0.justifyContent = .spaceBetween; $0.alignItems = .center }, [
                .text("Setting number \(index) with a long name", .body),
                .text(index.isMultiple(of: 2) ? "On" : "Off", .callout),
            ])
        }),
        .box(style { $0.padding.horizontal = 20 }, [
            .text("Dynamic Type on Linux", .largeTitle, lines: 2),
            .text("By a TypeLayout engineer · 5 min read", .footnote),
            .text(paragraph, .body),
            .text(paragraph + " " + paragraph, .body, lines: 4),
        ]),
        .box(style { $0.direction = .rtl; $0.padding.start = 24; $0.gap = 6 }, [
            .text("مرحبا بالعالم، هذا نص عربي للاختبار", .title2),
            .box(row { $0.gap = 12 }, [
                .text("الإعدادات", .headline),
                .box(style { $0.flexGrow = 1; $0.flexShrink = 1 }, [.text("نص طويل يلتف على عدة أسطر في الشاشة", .body)]),
            ]),
        ]),
        .box(row { $0.flexWrap = .wrap; $0.justifyContent = .spaceAround; $0.alignContent = .stretch }, (0..<5).map { _ in
            .box(style { $0.width = .percent(45); $0.margin.vertical = 4; $0.padding.all = 8 }, [
                .text("吾輩は猫である。名前はまだ無い。", .callout, lines: 3),
            ])
        }),
        .box(style { $0.padding.all = 12; $0.gap = 10 }, [
            .box(style { $0.alignSelf = .flexEnd; $0.maxWidth = .percent(75); $0.padding.all = 10 }, [
                .text("Family 👨‍👩‍👧‍👦, flags 🇯🇵🇫🇷 and 🏳️‍🌈", .body),
            ]),
            .box(style { $0.alignSelf = .flexStart; $0.maxWidth = .percent(75); $0.padding.all = 10 }, [
                .text("Sounds good 👍🏽 see you at 6", .body),
            ]),
        ]),
        .box(style { $0.alignItems = .center; $0.padding.top = 40 }, [
            .box(style { $0.width = .percent(60); $0.aspectRatio = 1.5 }, [
                .box(style { $0.position = .absolute; $0.inset.top = -8; $0.inset.end = -8; $0.padding.horizontal = 6 }, [
                    .text("99+", .caption1),
                ]),
            ]),
            .text("Caption under the picture, centred", .caption2),
        ]),
        .box(style { $0.height = .percent(100); $0.justifyContent = .spaceBetween }, [
            .text("שלום עולם and hello (עברית) 123", .subheadline),
            .box(row { $0.justifyContent = .spaceEvenly; $0.borderWidth.top = 1; $0.padding.vertical = 8 }, [
                .text("Home", .caption1), .text("Search", .caption1), .text("Profile", .caption1),
            ]),
        ]),
        .box(style { $0.padding.all = 16; $0.gap = 12 }, [
            .text("Create account", .title1, lines: 2),
            .box(style { $0.minHeight = 44; $0.maxHeight = 120; $0.borderWidth.all = 1; $0.padding.all = 8 }, [
                .text("Name", .body),
            ]),
            .box(style { $0.display = .none }, [.text("Hidden error message", .footnote)]),
            .box(row { $0.gap = 8 }, [
                .box(style { $0.flexGrow = 1; $0.flexBasis = 0 }, [.text("Cancel", .headline)]),
                .box(style { $0.flexGrow = 2; $0.flexBasis = 0 }, [.text("Continue", .headline)]),
            ]),
        ]),
    ]

    /// One screen laid out on a 390 × 844 point device at `category`.
    static func layout(_ screen: Int, at category: ContentSizeCategory, engine: TextLayoutEngine) throws -> [BoxFrame] {
        var tree = BoxTree()
        let root = try all[screen].add(to: &tree, engine: engine, category: category)
        return try tree.layout(root: root, width: 390, height: 844).frames
    }
}

/// Many tasks laying out screens at once over a shared engine: results must be exactly the
/// serial ones.
@Suite(.timeLimit(.minutes(3)))
struct ScreenStressTests {
    static let duration = Duration.milliseconds(2500)

    @Test func eightTasksLayingOutScreensMatchTheSerialResults() async throws {
        let categories = ContentSizeCategory.allCases
        let serialEngine = TextLayoutEngine()
        let expected = try StressScreens.all.indices.map { screen in
            try categories.map { try StressScreens.layout(screen, at: $0, engine: serialEngine) }
        }
        // Every screen's frames hold numbers, and the categories change them (text grows).
        for frames in expected.joined() {
            #expect(frames.allSatisfy { $0.absoluteFrame.y.isFinite && $0.frame.height.isFinite })
        }
        #expect(expected.allSatisfy { $0.first != $0.last })

        let shared = TextLayoutEngine()
        let clock = ContinuousClock()
        let deadline = clock.now + Self.duration
        let (mismatches, rounds) = try await withThrowingTaskGroup(of: ([String], Int).self) { group in
            for screen in StressScreens.all.indices {
                group.addTask {
                    var found: [String] = []
                    // Every category once, then again (starting elsewhere each time) until the deadline.
                    var round = 0
                    repeat {
                        for step in categories.indices {
                            let index = (step + round + screen) % categories.count
                            let frames = try StressScreens.layout(screen, at: categories[index], engine: shared)
                            if frames != expected[screen][index] { found.append("screen \(screen) at \(categories[index])") }
                        }
                        round += 1
                    } while clock.now < deadline
                    return (found, round)
                }
            }
            return try await group.reduce(into: ([String](), 0)) { $0.0 += $1.0; $0.1 += $1.1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(rounds >= StressScreens.all.count)
    }
}
