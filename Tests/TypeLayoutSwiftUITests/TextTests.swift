import Foundation
import Testing
import TypeLayoutSwiftUI

/// Text measured by TypeLayout at the Dynamic Type sizes.
@MainActor
struct TextTests {
    @Test func unproposedTextIsOneLine() throws {
        let layout = try layOut(Text(longSentence).fixedSize().accessibilityIdentifier("t"))
        let lines = layout.textLayout("t")?.lines.count
        #expect(lines == 1)
    }

    @Test func lineLimitTruncates() throws {
        let layout = try layOut(Text(longSentence).lineLimit(1).accessibilityIdentifier("t"), width: 200)
        let text = try #require(layout.textLayout("t"))
        #expect(text.lines.count == 1 && text.isTruncated)
        #expect((layout.rect("t")?.width ?? 999) <= 200)
    }

    @Test func textStylesFollowDynamicType() throws {
        let view = Text("Title").font(.title).accessibilityIdentifier("t")
        let large = try #require(layOut(view).rect("t"))
        let huge = try #require(layOut(view, category: .accessibilityExtraExtraExtraLarge).rect("t"))
        #expect(huge.height > large.height * 1.5)
        let body = try #require(layOut(Text("Title").accessibilityIdentifier("t")).rect("t"))
        #expect(large.height > body.height)
    }

    @Test func fixedSystemSizesDoNotScale() throws {
        let view = Text("Fixed").font(.system(size: 14)).accessibilityIdentifier("t")
        let large = try #require(layOut(view).rect("t"))
        let huge = try #require(layOut(view, category: .accessibilityExtraExtraExtraLarge).rect("t"))
        #expect(close(large.height, huge.height))
    }

    @Test func weightsAndConcatenationMeasureWider() throws {
        let regular = try #require(layOut(Text("Weighty words").accessibilityIdentifier("t")).rect("t"))
        let bold = try #require(layOut(Text("Weighty words").fontWeight(.heavy).accessibilityIdentifier("t")).rect("t"))
        #expect(bold.width > regular.width)
        let joined = try layOut((Text("Weighty ") + Text("words").bold()).accessibilityIdentifier("t"))
        #expect(joined.textLayout("t")?.string == "Weighty words")
    }

    @Test func multilineAlignmentCentresTheLines() throws {
        let view = Text("Short line and a much much longer line of text").multilineTextAlignment(.center)
            .frame(width: 160).accessibilityIdentifier("f")
        let text = try #require(layOut(view).textLayout("f"))
        let lines = text.lines
        #expect(lines.count >= 2)
        let frameWidth = text.size.width
        for line in lines {
            #expect(abs((line.x + line.width / 2) - frameWidth / 2) < 1)
        }
    }

    @Test func interpolationsFillTheKey() throws {
        let count = 5, name = "Ada"
        let layout = try layOut(Text("\(name) has \(count) messages"))
        #expect(layout.nodes.compactMap(\.text).map(\.string) == ["Ada has 5 messages"])
    }

    @Test func symbolsAreSizedByTheFont() throws {
        let body = try #require(layOut(Image(systemName: "star").accessibilityIdentifier("i")).rect("i"))
        let title = try #require(layOut(Image(systemName: "star").font(.largeTitle).accessibilityIdentifier("i")).rect("i"))
        #expect(close(body.width, 20) && close(body.height, 20))
        #expect(title.width > body.width)
    }
}

/// Line spacing and reserved lines.
@MainActor
struct TextSpacingTests {
    @Test func lineSpacingAddsBetweenLines() throws {
        let plain = try #require(layOut(Text(longSentence).frame(width: 150).accessibilityIdentifier("f")).textRect("f"))
        let spaced = try #require(layOut(Text(longSentence).lineSpacing(10).frame(width: 150).accessibilityIdentifier("f")).textRect("f"))
        #expect(spaced.height > plain.height + 10)
    }

    @Test func reservedLinesKeepTheirHeight() throws {
        let one = try #require(layOut(Text("One line").accessibilityIdentifier("t")).rect("t"))
        let reserved = try #require(layOut(Text("One line").lineLimit(3, reservesSpace: true).accessibilityIdentifier("t")).rect("t"))
        #expect(close(reserved.height, one.height * 3, within: 0.5))
    }
}

/// Localized string keys looked up in the app's strings.
@MainActor
struct LocalizationTests {
    @Test func keysAreLookedUpWithTheirValuesInPlace() throws {
        let count = 3, name = "Ada"
        let strings = ["%@ has %lld messages": ["de": "%1$@ hat %2$lld Nachrichten", "he": "ל־%1$@ יש %2$lld הודעות"],
                       "Settings": ["de": "Einstellungen"]]
        let view = VStack {
            Text("\(name) has \(count) messages")
            Text("Settings")
            Text(verbatim: "Settings")
        }
        let german = try layOut(view, language: "de", strings: strings).nodes.compactMap(\.text).map(\.string)
        #expect(german == ["Ada hat 3 Nachrichten", "Einstellungen", "Settings"])
        let french = try layOut(view, language: "fr", strings: strings).nodes.compactMap(\.text).map(\.string)
        #expect(french == ["Ada has 3 messages", "Settings", "Settings"])
        let hebrew = try layOut(view, language: "he", strings: strings).nodes.compactMap(\.text).map(\.string)
        #expect(hebrew.first == "ל־Ada יש 3 הודעות")
    }
}

/// `.minimumScaleFactor`: the text shrinks rather than truncates, down to the factor.
@MainActor
struct MinimumScaleFactorTests {
    private let label = "Notifications and Focus settings"

    @Test func textShrinksUntilItFitsItsLine() throws {
        let plain = try #require(layOut(Text(label).lineLimit(1).frame(width: 150).accessibilityIdentifier("f")).textLayout("f"))
        #expect(plain.isTruncated && plain.pointSize == 17)
        let shrunk = try #require(layOut(Text(label).lineLimit(1).minimumScaleFactor(0.5).frame(width: 150)
            .accessibilityIdentifier("f")).textLayout("f"))
        #expect(!shrunk.isTruncated && shrunk.lines.count == 1)
        #expect(shrunk.pointSize < 17 && shrunk.pointSize >= 8.5)
        #expect(shrunk.size.width <= 150)
        // The largest size that fits, to a hundredth of the font's size: one more hundredth doesn't.
        let smallest = 17 * 0.5
        #expect(shrunk.pointSize > smallest)
        let wider = try #require(layOut(Text(label).lineLimit(1).minimumScaleFactor(0.5).frame(width: 200)
            .accessibilityIdentifier("f")).textLayout("f"))
        #expect(wider.pointSize > shrunk.pointSize)
    }

    @Test func textThatFitsKeepsItsSize() throws {
        let layout = try #require(layOut(Text("Short").minimumScaleFactor(0.5).accessibilityIdentifier("f")).textLayout("f"))
        #expect(layout.pointSize == 17 && !layout.isTruncated)
    }

    @Test func aFactorThatIsntEnoughShrinksAsFarAsItMayAndTruncates() throws {
        let layout = try #require(layOut(Text(label).lineLimit(1).minimumScaleFactor(0.9).frame(width: 150)
            .accessibilityIdentifier("f")).textLayout("f"))
        let smallest = 17 * 0.9
        #expect(layout.isTruncated && abs(layout.pointSize - smallest) < 0.01)
    }

    @Test func aProposedHeightCountsAsTheLinesThatFit() throws {
        let cut = try #require(layOut(Text(longSentence).frame(width: 200, height: 60).accessibilityIdentifier("f")).textLayout("f"))
        #expect(cut.isTruncated)
        let shrunk = try #require(layOut(Text(longSentence).minimumScaleFactor(0.2).frame(width: 200, height: 60)
            .accessibilityIdentifier("f")).textLayout("f"))
        #expect(!shrunk.isTruncated && shrunk.size.height <= 60)
    }
}

/// `.allowsTightening`: letters close up (by at most about 5 % of the line) before the text is
/// truncated, and before `.minimumScaleFactor` shrinks it.
@MainActor
struct AllowsTighteningTests {
    private let label = "Notifications and Focus settings"

    /// The label's width on one line, untouched.
    private func naturalWidth() throws -> CGFloat {
        let layout = try #require(layOut(Text(label).fixedSize().accessibilityIdentifier("f")).textLayout("f"))
        return CGFloat(layout.size.width)
    }

    @Test func aLineTwoPercentTooLongIsTightenedInsteadOfTruncated() throws {
        let width = (try naturalWidth() * 0.98).rounded(.down)
        let plain = try #require(layOut(Text(label).lineLimit(1).frame(width: width).accessibilityIdentifier("f")).textLayout("f"))
        #expect(plain.isTruncated)
        let tight = try #require(layOut(Text(label).lineLimit(1).allowsTightening(true).frame(width: width)
            .accessibilityIdentifier("f")).textLayout("f"))
        #expect(!tight.isTruncated && tight.lines.count == 1 && tight.pointSize == 17)
        #expect(CGFloat(tight.size.width) <= width)
        // Tightened first: a scale factor is then not needed, and the size stays.
        let both = try #require(layOut(Text(label).lineLimit(1).allowsTightening(true).minimumScaleFactor(0.5)
            .frame(width: width).accessibilityIdentifier("f")).textLayout("f"))
        #expect(!both.isTruncated && both.pointSize == 17)
    }

    @Test func aLineTenPercentTooLongIsStillTruncated() throws {
        let width = (try naturalWidth() * 0.9).rounded(.down)
        let plain = try #require(layOut(Text(label).lineLimit(1).frame(width: width).accessibilityIdentifier("f")).textLayout("f"))
        let tight = try #require(layOut(Text(label).lineLimit(1).allowsTightening(true).frame(width: width)
            .accessibilityIdentifier("f")).textLayout("f"))
        #expect(tight.isTruncated)
        #expect(tight.lines.map(\.text) == plain.lines.map(\.text))
    }
}
