import Foundation
import Testing
import TypeLayoutSwiftUI

// A team's own shapes, layouts and modifiers take the defaults of the underscored requirements
// (`Shape._drawnShape`, `Layout._containerNode`, `ViewModifier._resolve`); this module's own
// types answer through internal protocols. These cases keep the two apart.

/// A triangle in the lower half of its frame: a shape of a team's own.
struct LowerTriangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.midX, y: rect.midY))
        }
    }
}

/// A layout of a team's own that claims this module's built-in marker without being one of its
/// layouts: laid out as a `ZStack`, never through itself without end.
struct ClaimedBuiltIn: _BuiltInLayout {}

/// A layout of a team's own that forwards to `HStackLayout`.
struct ForwardingRow: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        var none: Void = ()
        return HStackLayout(spacing: 10).sizeThatFits(proposal: proposal, subviews: subviews, cache: &none)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var none: Void = ()
        HStackLayout(spacing: 10).placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &none)
    }
}

@MainActor
struct TeamTypeDefaultsTests {
    @Test func aShapeOfYourOwnIsDrawnAsItsPathAndThisModulesAsWhatTheyAre() throws {
        let layout = try layOut(VStack(spacing: 0) {
            LowerTriangle().fill(Color.red).accessibilityIdentifier("triangle").frame(width: 60, height: 40)
            Rectangle().fill(Color.blue).accessibilityIdentifier("rectangle").frame(width: 60, height: 40)
            Capsule().fill(Color.green).accessibilityIdentifier("capsule").frame(width: 60, height: 40)
        }, width: 200, height: 300)
        let rectangle = try #require(layout.rect("rectangle"))
        let triangle = try #require(layout.rect("triangle"))
        // The triangle's path covers the lower half of its 60 × 40 frame only.
        #expect(triangle.width == 60 && triangle.height == 20)
        #expect(triangle.maxY == rectangle.minY)
        #expect(rectangle.width == 60 && rectangle.height == 40)
        // A capsule is drawn as one: rounded by half its height; the others not at all.
        #expect(layout["capsule"]?.style.borderRadius == 20)
        #expect(layout["rectangle"]?.style.borderRadius == 0)
        #expect(layout["triangle"]?.style.borderRadius == 0)
    }

    @Test func aLayoutOfYourOwnIsLaidOutThroughItsOwnAnswers() throws {
        let forwarded = try layOut(ForwardingRow {
            Color.red.frame(width: 30, height: 20).accessibilityIdentifier("a")
            Color.blue.frame(width: 40, height: 10).accessibilityIdentifier("b")
        }, width: 200, height: 100)
        let stacked = try layOut(HStackLayout(spacing: 10) {
            Color.red.frame(width: 30, height: 20).accessibilityIdentifier("a")
            Color.blue.frame(width: 40, height: 10).accessibilityIdentifier("b")
        }, width: 200, height: 100)
        for id in ["a", "b"] { #expect(forwarded.rect(id) == stacked.rect(id), "\(id)") }
        let a = try #require(forwarded.rect("a")), b = try #require(forwarded.rect("b"))
        #expect(b.minX - a.maxX == 10)
    }

    @Test func aLayoutClaimingTheBuiltInMarkerIsAZStack() throws {
        let layout = try layOut(ClaimedBuiltIn {
            Color.red.frame(width: 30, height: 20).accessibilityIdentifier("a")
            Color.blue.frame(width: 40, height: 10).accessibilityIdentifier("b")
        }, width: 200, height: 100)
        let a = try #require(layout.rect("a")), b = try #require(layout.rect("b"))
        // Both centred on one point, on top of each other.
        #expect(a.midX == b.midX && a.midY == b.midY)
    }
}
