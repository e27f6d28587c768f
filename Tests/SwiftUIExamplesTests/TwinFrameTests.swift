import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutTesting

/// Each SwiftUI example against its screen file: the views both name (by id) get the same
/// frames, to half a point, except where flexbox and SwiftUI lay out differently, each
/// difference listed here with why.
@Suite(.dynamicType())
@MainActor
struct TwinFrameTests {
    /// Ids whose frames differ between the screen file (flexbox) and the SwiftUI twin, per
    /// example and category, and why.
    static let expectedDifferences: [String: [ContentSizeCategory: [String: String]]] = [:]

    @Test(arguments: ExampleTwin.all)
    func framesAgreeExceptWhereSaid(_ example: ExampleTwin) throws {
        let screen = try example.screen()
        for category in [ContentSizeCategory.large, .accessibilityExtraLarge] {
            let flex = try screen.layout(at: category)
            let swiftUI = try example.layOut(category)
            var differing: [String] = []
            for node in swiftUI.nodes {
                guard let id = node.id, let twin = flex[id] else { continue }
                let a = node.frame, b = twin.frame
                if abs(a.x - b.x) > 0.5 || abs(a.y - b.y) > 0.5 || abs(a.width - b.width) > 0.5 || abs(a.height - b.height) > 0.5 {
                    differing.append(id)
                    print("DIFF \(example) \(category.shortName) \(id): flex \(b) swiftui \(a)")
                }
            }
            let expected = Self.expectedDifferences[example.name]?[category] ?? [:]
            #expect(Set(differing) == Set(expected.keys), "\(example) at \(category.shortName)")
        }
    }
}
