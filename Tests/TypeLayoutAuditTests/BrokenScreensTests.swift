import Foundation
import Testing
import TypeLayout
import TypeLayoutGallery
import TypeLayoutScreens
@testable import TypeLayoutAudit
import TypeLayoutTestSupport

/// The seeded corpus: screens of our own, each broken on purpose, found exactly; and clean
/// screens with no finding at all, in English, German and Arabic (right to left) at every size.
@Suite struct BrokenScreensTests {
    static let strings = try! StringFileReader.parse(contentsOf: TestPaths.fixture("broken-screens/Screens.xcstrings")).strings

    /// Each finding as "rule node[ / other] language when", grouped over the categories as the
    /// text report groups them.
    static func findings(_ folder: String, _ name: String) throws -> [String] {
        let screen = try ScreenFile.read(atPath: TestPaths.fixture("\(folder)/\(name).yaml"))
        let catalog = ScreenStrings(strings)
        #expect(catalog.languages == ["ar", "de", "en"])
        var rows: [String] = []
        for language in catalog.languages {
            let found = try ScreenAudit.check(screen, name: name, language: language, strings: catalog, categories: ContentSizeCategory.allCases)
            var order: [String] = []
            var categories: [String: [ContentSizeCategory]] = [:]
            for finding in found {
                let identity = "\(finding.rule.rawValue) \(finding.node)\(finding.otherNode.map { " / " + $0 } ?? "") \(language)"
                if categories[identity] == nil { order.append(identity) }
                categories[identity, default: []].append(finding.category)
            }
            rows += order.map { identity in
                let failing = categories[identity]!
                let when = TextCell.whenFailing(failsFrom: AuditEntry.failsFrom(failing: Set(failing), checked: ContentSizeCategory.allCases),
                                                failing: failing)
                return identity + " " + when
            }
        }
        return rows.sorted()
    }

    static let expected: [String: [String]] = [
        "01-truncating-title": [
            "truncated title ar from accessibilityExtraExtraExtraLarge up",
            "truncated title de from accessibilityLarge up",
            "truncated title en from accessibilityLarge up",
        ],
        "02-german-button-row": [
            "horizontalOverflow delete ar from accessibilityExtraExtraLarge up",
            "horizontalOverflow delete de from large up",
            "horizontalOverflow delete en from accessibilityLarge up",
            "horizontalOverflow save de from accessibilityLarge up",
        ],
        "03-clipped-badge": [
            "clipped badge ar from extraSmall up", "clipped badge de from extraSmall up", "clipped badge en from extraSmall up",
        ],
        "04-overlapping-siblings": [
            "overlap second-card / first-card ar from extraSmall up", "overlap second-card / first-card de from extraSmall up",
            "overlap second-card / first-card en from extraSmall up",
        ],
        "05-small-close-button": [
            "smallTapTarget close ar from extraSmall up", "smallTapTarget close de from extraSmall up", "smallTapTarget close en from extraSmall up",
        ],
        "06-unclamped-tab-bar": [
            "clipped home / tab-bar ar from accessibilityLarge up",
            "clipped home / tab-bar de from accessibilityExtraExtraExtraLarge up",
            "clipped home / tab-bar en from accessibilityExtraExtraExtraLarge up",
            "clipped library / tab-bar ar from accessibilityLarge up",
            "clipped library / tab-bar de from accessibilityExtraExtraExtraLarge up",
            "clipped library / tab-bar en from accessibilityExtraExtraExtraLarge up",
            "clipped search / tab-bar ar from accessibilityLarge up",
            "clipped search / tab-bar de from accessibilityExtraExtraExtraLarge up",
            "clipped search / tab-bar en from accessibilityExtraExtraExtraLarge up",
            "truncated home de from accessibilityExtraExtraLarge up",
            "truncated library de from accessibilityExtraExtraLarge up",
            "truncated search de from accessibilityExtraExtraExtraLarge up",
        ],
        "07-tiny-footnote": [
            "smallText footnote ar from extraSmall up", "smallText footnote de from extraSmall up", "smallText footnote en from extraSmall up",
        ],
        "08-word-broken": [
            "wordBroken privacy ar from extraExtraLarge up", "wordBroken privacy de from extraSmall up",
            "wordBroken privacy en from accessibilityLarge up",
        ],
        "09-wide-banner": [
            "horizontalOverflow banner ar from extraSmall up", "horizontalOverflow banner de from extraSmall up",
            "horizontalOverflow banner en from extraSmall up",
        ],
        "10-small-toggle": [
            "smallTapTarget toggle ar from extraSmall up", "smallTapTarget toggle de from extraSmall up", "smallTapTarget toggle en from extraSmall up",
        ],
        "11-fixed-height-label": [
            "clipped description ar from extraSmall up", "clipped description de from extraSmall up",
            "clipped description en from extraSmall up",
        ],
        "12-rtl-row-overflow": [
            "horizontalOverflow tile-3 ar from extraSmall up", "horizontalOverflow tile-3 de from extraSmall up",
            "horizontalOverflow tile-3 en from extraSmall up",
        ],
        "13-greeting-placeholder": [
            "truncated greeting ar from extraSmall up", "truncated greeting de from extraSmall up", "truncated greeting en from extraSmall up",
        ],
        "14-plural-count": [
            "truncated count ar from extraExtraLarge up", "truncated count de from large up", "truncated count en from extraExtraLarge up",
        ],
        "15-nested-clip": [
            "clipped card-label / card ar from extraSmall up", "clipped card-label / card de from extraSmall up",
            "clipped card-label / card en from extraSmall up",
        ],
        "16-negative-margin-row": [
            "overlap avatar-2 / avatar-1 ar from extraSmall up", "overlap avatar-2 / avatar-1 de from extraSmall up",
            "overlap avatar-2 / avatar-1 en from extraSmall up",
        ],
        "17-icon-button": [
            "smallTapTarget share ar from extraSmall up", "smallTapTarget share de from extraSmall up", "smallTapTarget share en from extraSmall up",
        ],
        "18-segmented-control": [
            "smallTapTarget segments ar from extraSmall up", "smallTapTarget segments de from extraSmall up",
            "smallTapTarget segments en from extraSmall up",
        ],
        "19-long-list": [
            "tallerThanDevice list ar from extraSmall up", "tallerThanDevice list de from extraSmall up",
            "tallerThanDevice list en from extraSmall up",
        ],
        "20-two-line-subtitle": [
            "truncated subtitle ar from extraSmall up", "truncated subtitle de from extraSmall up", "truncated subtitle en from extraSmall up",
            "wordBroken subtitle de from accessibilityExtraExtraLarge up",
        ],
        "21-short-toolbar-buttons": [
            "smallTapTarget done ar from extraSmall up", "smallTapTarget done de from extraSmall up", "smallTapTarget done en from extraSmall up",
            "smallTapTarget edit ar from extraSmall up", "smallTapTarget edit de from extraSmall up", "smallTapTarget edit en from extraSmall up",
        ],
        "22-offset-header": [
            "overlap content / header ar from extraSmall up", "overlap content / header de from extraSmall up",
            "overlap content / header en from extraSmall up",
        ],
    ]

    @Test func everyScreenOfTheCorpusIsInTheExpectations() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fixture("broken-screens"))
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
        #expect(names.count >= 20)
        #expect(Set(names) == Set(Self.expected.keys))
    }

    @Test(arguments: expected.keys.sorted())
    func eachBrokenScreenIsFoundExactly(_ name: String) throws {
        #expect(try Self.findings("broken-screens", name) == Self.expected[name]!.sorted())
    }

    @Test(arguments: ["settings-row", "tab-bar-clamped", "button-pair"])
    func cleanScreensHaveNoFinding(_ name: String) throws {
        #expect(try Self.findings("clean-screens", name) == [])
    }
}

/// The gallery's screen pictures drawn from the audit's own layouts are the pictures a fresh
/// layout gives (the screens were laid out again for every picture before).
@Suite struct ScreenGalleryLayoutReuseTests {
    @Test(arguments: ["02-german-button-row", "12-rtl-row-overflow"])
    func picturesFromTheAuditsLayoutsMatchFreshOnes(name: String) throws {
        let screen = try ScreenFile.read(atPath: TestPaths.fixture("broken-screens/\(name).yaml"))
        let strings = ScreenStrings(BrokenScreensTests.strings)
        let categories: [ContentSizeCategory] = [.large, .accessibilityMedium, .accessibilityExtraExtraExtraLarge]
        let gallery = ScreenGallery(context: DynamicTypeContext())
        var compared = 0
        for language in ["de", "ar"] {
            let checked = try ScreenAudit.checkKeepingLayouts(screen, name: name, language: language, strings: strings,
                                                              categories: categories, context: DynamicTypeContext())
            #expect(checked.layouts.map(\.category) == categories)
            let reused = try gallery.findings(of: screen, name: name, language: language, strings: strings, categories: categories,
                                              findings: checked.findings, layouts: checked.layouts)
            let fresh = try gallery.findings(of: screen, name: name, language: language, strings: strings, categories: categories,
                                             findings: checked.findings)
            #expect(reused.count == fresh.count)
            for (left, right) in zip(reused.flatMap(\.pictures), fresh.flatMap(\.pictures)) {
                guard case let .render(drawReused) = left.source, case let .render(drawFresh) = right.source else {
                    Issue.record("screen pictures are drawn")
                    continue
                }
                #expect(left.fileName == right.fileName)
                #expect(try drawReused().pixels == drawFresh().pixels, "\(left.fileName)")
                compared += 1
            }
        }
        #expect(compared > 0)
    }

    /// With `cropMargin` a picture shows the band of the screen around the finding's node, the
    /// margin above and below it (the node's outline inside the band), and is shorter than the
    /// whole screen's picture; with `nil` it is the whole screen, as before.
    @Test func picturesAreCroppedToTheNodesBand() throws {
        let screen = try ScreenFile.read(atPath: TestPaths.fixture("broken-screens/02-german-button-row.yaml"))
        let strings = ScreenStrings(BrokenScreensTests.strings)
        let layout = try screen.localized("de", strings: strings).layout(at: .accessibilityExtraExtraExtraLarge, in: DynamicTypeContext())
        let finding = try #require(ScreenAudit.check(layouts: [layout], name: "row", language: "de").first { $0.rule.isFailure })
        let node = try #require(layout.nodes.first { ScreenAudit.name($0) == finding.node })
        var whole = ScreenGallery(context: DynamicTypeContext())
        whole.cropMargin = nil
        var cropped = whole
        cropped.cropMargin = 10
        let draw = { (gallery: ScreenGallery) in
            try gallery.picture(of: layout, name: "row", language: "de", rule: finding.rule, measured: nil, outlining: [finding.node])
        }
        let full = try draw(whole), band = try draw(cropped)
        #expect(full.width == band.width)
        let screenHeight = Int(layout.contentHeight.rounded(.up))
        let expected = min(screenHeight, Int((node.frame.y + node.frame.height).rounded(.up)) + 10)
            - max(0, Int(node.frame.y.rounded(.down)) - 10)
        #expect(full.height - band.height == screenHeight - expected)
        #expect(band.height < full.height)
        // The outline's red is on the cropped picture.
        let red = ReviewPictureStyle().failureColor
        #expect(stride(from: 0, to: band.pixels.count, by: 4).contains {
            band.pixels[$0] == red.red && band.pixels[$0 + 1] == red.green && band.pixels[$0 + 2] == red.blue
        })
    }
}
