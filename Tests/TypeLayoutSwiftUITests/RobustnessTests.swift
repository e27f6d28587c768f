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
