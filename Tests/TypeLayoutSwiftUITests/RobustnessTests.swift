import Foundation
import Testing
import TypeLayoutSwiftUI

/// `count` stacks inside each other around one text.
@MainActor
func nestedStacks(_ count: Int) -> AnyView {
    var view = AnyView(Text("Deep").accessibilityIdentifier("leaf"))
    for level in 0..<count {
        view = level.isMultiple(of: 2) ? AnyView(VStack { view }) : AnyView(HStack { view })
    }
    return view
}

/// Bad input ends in bounded time with a clear error or a documented result.
@MainActor
struct RobustnessTests {
    @Test func tenThousandNestedStacksAreAClearErrorQuickly() throws {
        let start = ContinuousClock.now
        var message = ""
        do {
            _ = try layOut(nestedStacks(10_000))
        } catch let error as SwiftUILayoutError {
            message = error.description
        }
        #expect(message.contains("nest more than"))
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func deepButReasonableNestingLaysOut() throws {
        let layout = try layOut(nestedStacks(300))
        #expect(layout["leaf"] != nil)
        #expect(layout.nodes.count > 300)
    }

    @Test func zeroAndInfiniteProposalsGiveUsableSizes() throws {
        let squeezed = try layOut(Text(longSentence).frame(width: 0, height: 0).accessibilityIdentifier("f"))
        #expect(close(squeezed.rect("f")?.width, 0))
        let layout = try layOut(ScrollView(.horizontal) { Text(longSentence).accessibilityIdentifier("t") }, width: 200, height: 100)
        #expect(layout.textLayout("t")?.lines.count == 1)
    }

    @Test func aRootThatWantsInfinityIsAClearError() throws {
        #expect(throws: SwiftUILayoutError.self) {
            try layOut(Color.red.frame(width: .infinity, height: 10))
        }
    }
}

/// A view whose body holds itself, without end.
struct Forever: View {
    var body: some View { VStack { Text("Again"); Forever() } }
}

/// A view that makes itself again inside a `GeometryReader`, each one wider than its reader.
struct WideningReader: View {
    var body: some View {
        GeometryReader { proxy in
            WideningReader().frame(width: proxy.size.width + 10)
        }
    }
}

/// A layout that wants all the room there is, even when proposed none.
struct GreedyLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: CGFloat.infinity, height: CGFloat.infinity)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// The "Bad input" list: each a clear error or a documented result, in bounded time.
@MainActor
struct BadInputTests {
    @Test func aViewThatContainsItselfIsAClearError() throws {
        let start = ContinuousClock.now
        #expect {
            try layOut(Forever())
        } throws: { error in
            (error as? SwiftUILayoutError)?.description.contains("a view that contains itself") == true
        }
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func aGeometryReaderFeedingItselfEndsAtTheDepthLimit() throws {
        // The reader's content is made once, from the size it was given, when it is placed: a
        // content that asks for more room can't make the reader grow, so there is no loop to run;
        // one that makes readers without end stops at the nesting limit.
        let start = ContinuousClock.now
        #expect(throws: SwiftUILayoutError.self) { try layOut(WideningReader()) }
        #expect(ContinuousClock.now - start < .seconds(5))
        let once = try layOut(GeometryReader { proxy in
            Color.red.frame(width: proxy.size.width + 50, height: 10).accessibilityIdentifier("wider")
        }.frame(width: 100, height: 100).accessibilityIdentifier("reader"))
        #expect(close(once.rect("reader")?.width, 100) && close(once.rect("wider")?.width, 150))
    }

    @Test func aLayoutAnsweringInfinityIsAClearError() throws {
        // Inside a fixed frame the root is finite, but the layout's own frame isn't.
        #expect {
            try layOut(GreedyLayout { Color.red }.frame(width: 100, height: 100))
        } throws: { error in
            (error as? SwiftUILayoutError)?.description.contains("isn't finite") == true
        }
    }

    @Test func withoutStringsTheKeysAreShown() throws {
        // No catalog given (or one without the language): each text shows its key, its values in place.
        let count = 2
        let layout = try layOut(VStack { Text("Settings"); Text("\(count) updates") }, language: "de")
        #expect(layout.nodes.compactMap(\.text).map(\.string) == ["Settings", "2 updates"])
    }
}
