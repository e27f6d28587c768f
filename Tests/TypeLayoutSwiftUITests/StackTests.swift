import Foundation
import Testing
import TypeLayoutSwiftUI

/// The stacks' sharing of space, spacing and alignment.
@MainActor
struct StackTests {
    @Test func flexibleChildrenShareWhatRemainsEqually() throws {
        let view = HStack {
            Color.red.accessibilityIdentifier("a")
            Color.blue.accessibilityIdentifier("b")
        }
        let layout = try layOut(view, width: 300, height: 100)
        #expect(close(layout.rect("a")?.width, 146))
        #expect(close(layout.rect("b")?.width, 146))
        #expect(close(layout.rect("b")?.minX, 154))
        #expect(close(layout.rect("a")?.height, 100))
    }

    @Test func anInflexibleChildIsServedFirst() throws {
        let view = HStack {
            Color.blue.accessibilityIdentifier("flexible")
            Color.red.frame(width: 200).accessibilityIdentifier("fixed")
            Color.green.accessibilityIdentifier("other")
        }
        // 300 − 16 spacing: the fixed one takes 200 though its share would be 94.67.
        let layout = try layOut(view, width: 300, height: 50)
        #expect(close(layout.rect("fixed")?.width, 200))
        #expect(close(layout.rect("flexible")?.width, 42))
        #expect(close(layout.rect("other")?.width, 42))
    }

    @Test func aHigherPriorityIsOfferedEverythingButTheOthersMinimums() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(minWidth: 30).accessibilityIdentifier("low")
            Color.blue.layoutPriority(1).accessibilityIdentifier("high")
        }
        let layout = try layOut(view, width: 300, height: 50)
        #expect(close(layout.rect("high")?.width, 270))
        #expect(close(layout.rect("low")?.width, 30))
    }

    @Test func priorityGivesTheLongerTextItsIdealWidth() throws {
        let view = HStack {
            Text("A fairly long label").layoutPriority(1).accessibilityIdentifier("first")
            Text("Another quite long label here").accessibilityIdentifier("second")
        }
        let ideal = try #require(layOut(Text("A fairly long label").fixedSize().accessibilityIdentifier("t")).rect("t")).width
        let layout = try layOut(view, width: 250, height: 400)
        #expect(close(layout.rect("first")?.width, ideal))
        let firstLines = layout.textLayout("first")?.lines.count
        let secondLines = try #require(layout.textLayout("second")).lines.count
        #expect(firstLines == 1)
        #expect(secondLines >= 2)
    }

    @Test func spacersTakeTheRestWithoutSpacingBesideThem() throws {
        let view = HStack {
            Color.red.frame(width: 40).accessibilityIdentifier("a")
            Spacer()
            Color.blue.frame(width: 40).accessibilityIdentifier("b")
        }
        let layout = try layOut(view, width: 300, height: 20)
        #expect(close(layout.rect("a")?.minX, 0))
        #expect(close(layout.rect("b")?.maxX, 300))
        let spacer = try #require(layout.nodes.first { $0.path == "0.0.1" })
        #expect(close(spacer.frame.width, 220))
        #expect(close(spacer.frame.height, 0))
    }

    @Test func aSpacerKeepsItsMinimumLength() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 280).accessibilityIdentifier("a")
            Spacer(minLength: 50)
        }
        let layout = try layOut(view, width: 300, height: 20)
        let spacer = try #require(layout.nodes.first { $0.path == "0.0.1" })
        #expect(close(spacer.frame.width, 50))
        #expect(close(layout.rect("a")?.width, 280))
    }

    @Test func aSpacerYieldsToTheViewsBesideIt() throws {
        // The frame is served first, the spacer's 50 set aside: it takes 250, not half.
        let view = HStack(spacing: 0) {
            Color.red.frame(minWidth: 0, maxWidth: .infinity).accessibilityIdentifier("a")
            Spacer(minLength: 50)
        }
        let layout = try layOut(view, width: 300, height: 20)
        #expect(close(layout.rect("a")?.width, 250))
        // A label beside a spacer keeps its one line while it fits beside the spacer's 8.
        let label = "Banners, sounds and badges"
        let ideal = try #require(layOut(Text(label).fixedSize().accessibilityIdentifier("t")).rect("t")).width
        let row = try layOut(HStack { Text(label).accessibilityIdentifier("t"); Spacer() }, width: ideal + 10, height: 100)
        let lines = row.textLayout("t")?.lines.count
        #expect(lines == 1)
    }

    @Test func vStackAlignsAndSpaces() throws {
        let view = VStack(alignment: .leading, spacing: 10) {
            Color.red.frame(width: 100, height: 20).accessibilityIdentifier("a")
            Color.blue.frame(width: 50, height: 30).accessibilityIdentifier("b")
        }
        .accessibilityIdentifier("stack")
        let layout = try layOut(view, width: 300, height: 300)
        let stack = try #require(layout.rect("stack"))
        #expect(close(stack.width, 100) && close(stack.height, 60))
        #expect(close(layout.rect("a")?.minX, layout.rect("b")?.minX))
        #expect(close(layout.rect("b")?.minY, stack.minY + 30))
        // The root is centred in the container.
        #expect(close(stack.minX, 100) && close(stack.minY, 120))
    }

    @Test func hStackAlignsBottomAndTrailingGuides() throws {
        let view = HStack(alignment: .bottom) {
            Color.red.frame(width: 10, height: 40).accessibilityIdentifier("tall")
            Color.blue.frame(width: 10, height: 10).accessibilityIdentifier("short")
        }
        let layout = try layOut(view, width: 100, height: 100)
        #expect(close(layout.rect("tall")?.maxY, layout.rect("short")?.maxY))
    }

    @Test func zStackIsTheUnionAndAlignsItsChildren() throws {
        let view = ZStack(alignment: .topLeading) {
            Color.red.frame(width: 100, height: 50).accessibilityIdentifier("back")
            Color.blue.frame(width: 30, height: 80).accessibilityIdentifier("front")
        }
        .accessibilityIdentifier("z")
        let layout = try layOut(view, width: 300, height: 300)
        let z = try #require(layout.rect("z"))
        #expect(close(z.width, 100) && close(z.height, 80))
        #expect(close(layout.rect("front")?.minX, z.minX) && close(layout.rect("front")?.minY, z.minY))
    }

    @Test func firstTextBaselinesLineUpAcrossFonts() throws {
        let view = HStack(alignment: .firstTextBaseline) {
            Text("Big").font(.largeTitle).accessibilityIdentifier("big")
            Text("small").font(.caption).accessibilityIdentifier("small")
        }
        let layout = try layOut(view)
        let big = try #require(layout.rect("big")), small = try #require(layout.rect("small"))
        let bigBaseline = big.minY + CGFloat(try #require(layout.textLayout("big")).firstBaseline)
        let smallBaseline = small.minY + CGFloat(try #require(layout.textLayout("small")).firstBaseline)
        #expect(close(bigBaseline, smallBaseline))
        #expect(close(big.minY, small.minY) == false)
    }

    /// swiftuifieldguide.com, HStack: between two colours, the text is the least flexible
    /// child and is offered a third of 200 points, so it wraps though it would fit on a line.
    @Test func theLeastFlexibleTextIsOfferedAThird() throws {
        let view = HStack(spacing: 0) {
            Color.purple
            Text("Hello, world").accessibilityIdentifier("text")
            Color.pink
        }
        let layout = try layOut(view, width: 200, height: 100)
        let textWidth = try #require(layout.rect("text")).width, third: CGFloat = 200.0 / 3
        let lines = try #require(layout.textLayout("text")).lines.count
        #expect(textWidth <= third)
        #expect(lines == 2)
    }

    @Test func dividersSpanTheStack() throws {
        let view = VStack {
            Text("Above")
            Divider().accessibilityIdentifier("line")
            Text("Below")
        }
        let layout = try layOut(view, width: 320, height: 400)
        #expect(close(layout.rect("line")?.width, 320))
        let onePixelAt3x: CGFloat = 1.0 / 3.0
        #expect(close(layout.rect("line")?.height, onePixelAt3x))
    }
}
