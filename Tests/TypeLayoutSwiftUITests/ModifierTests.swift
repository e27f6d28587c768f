import Foundation
import Testing
import TypeLayoutSwiftUI

/// The layout modifiers, one rule each.
@MainActor
struct ModifierTests {
    @Test func defaultPaddingIsSixteenOnEveryEdge() throws {
        let view = Color.red.frame(width: 50, height: 20).accessibilityIdentifier("content").padding().accessibilityIdentifier("padded")
        let layout = try layOut(view)
        let padded = try #require(layout.rect("padded")), content = try #require(layout.rect("content"))
        #expect(close(padded.width, 82) && close(padded.height, 52))
        #expect(close(content.minX - padded.minX, 16) && close(content.minY - padded.minY, 16))
    }

    @Test func paddingOnSomeEdges() throws {
        let view = Color.red.frame(width: 50, height: 20).padding(.horizontal, 10).padding(.top, 5).accessibilityIdentifier("p")
        let layout = try layOut(view)
        #expect(close(layout.rect("p")?.width, 70) && close(layout.rect("p")?.height, 25))
    }

    @Test func aFixedFrameReportsItsSizeAndAlignsTheChild() throws {
        let view = Text("Hi").frame(width: 100, height: 50, alignment: .bottomTrailing).accessibilityIdentifier("frame")
        let layout = try layOut(view)
        let frame = try #require(layout.rect("frame")), text = try #require(layout.textRect("frame"))
        #expect(close(frame.width, 100) && close(frame.height, 50))
        #expect(close(text.maxX, frame.maxX) && close(text.maxY, frame.maxY))
    }

    @Test func aFrameWithOnlyAWidthTakesTheChildsHeight() throws {
        let view = Color.red.frame(height: 30).frame(width: 80).accessibilityIdentifier("f")
        let layout = try layOut(view)
        #expect(close(layout.rect("f")?.width, 80) && close(layout.rect("f")?.height, 30))
    }

    @Test func maxWidthInfinityTakesTheProposal() throws {
        let view = Text("Left").frame(maxWidth: .infinity, alignment: .leading).accessibilityIdentifier("f")
        let layout = try layOut(view, width: 300, height: 200)
        let frame = try #require(layout.rect("f")), text = try #require(layout.textRect("f"))
        #expect(close(frame.width, 300) && close(text.minX, 0))
        #expect(close(frame.height, text.height))
    }

    @Test func minWidthGrowsASmallChildButNotALargeOne() throws {
        let small = try layOut(Text("Hi").frame(minWidth: 100).accessibilityIdentifier("f"))
        #expect(close(small.rect("f")?.width, 100))
        let large = try layOut(Color.red.frame(width: 150).frame(minWidth: 100).accessibilityIdentifier("f"))
        #expect(close(large.rect("f")?.width, 150))
    }

    @Test func maxWidthCapsTheChild() throws {
        let view = Text(longSentence).frame(maxWidth: 120).accessibilityIdentifier("f")
        let layout = try layOut(view, width: 300)
        #expect(close(layout.rect("f")?.width, 120))
        #expect((layout.textRect("f")?.width ?? 999) <= 120)
    }

    @Test func idealWidthIsUsedWhenTheProposalIsUnspecified() throws {
        let view = Color.red.frame(idealWidth: 70, idealHeight: 30).fixedSize().accessibilityIdentifier("f")
        let layout = try layOut(view)
        #expect(close(layout.rect("f")?.width, 70) && close(layout.rect("f")?.height, 30))
    }

    @Test func fixedSizeKeepsTextOnOneLine() throws {
        let view = Text(longSentence).fixedSize().accessibilityIdentifier("t")
        let layout = try layOut(view, width: 100, height: 200)
        let lines = layout.textLayout("t")?.lines.count, width = try #require(layout.rect("t")).width
        #expect(lines == 1)
        #expect(width > 100)
        // Wider than the container, it is centred and overflows on both sides.
        #expect((layout.rect("t")?.minX ?? 0) < 0)
    }

    @Test func fixedSizeVerticallyWrapsButTakesAllLines() throws {
        let view = Text(longSentence).fixedSize(horizontal: false, vertical: true).frame(width: 150, height: 20).accessibilityIdentifier("f")
        let layout = try layOut(view)
        #expect((layout.textRect("f")?.height ?? 0) > 20)
        #expect(layout.textLayout("f")?.isTruncated == false)
    }

    @Test func colorsAndShapesTakeTheProposalOrTen() throws {
        let ideal = try layOut(Color.red.fixedSize().accessibilityIdentifier("c"))
        #expect(close(ideal.rect("c")?.width, 10) && close(ideal.rect("c")?.height, 10))
        let whole = try layOut(Rectangle().fill(Color.red).accessibilityIdentifier("r"), width: 200, height: 100)
        #expect(close(whole.rect("r")?.width, 200) && close(whole.rect("r")?.height, 100))
    }

    @Test func aCircleIsDrawnInTheSquareInsideItsFrame() throws {
        let layout = try layOut(Circle().fill(Color.blue).frame(width: 100, height: 40).accessibilityIdentifier("f"))
        let circle = try #require(layout.nodes.first { layout.nodes[$0.parent ?? 0].id == "f" })
        #expect(close(CGFloat(circle.frame.width), 40) && close(CGFloat(circle.frame.height), 40))
        #expect(close(CGFloat(circle.style.borderRadius), 20))
    }

    @Test func strokesAndFillsPaintTheNode() throws {
        let layout = try layOut(RoundedRectangle(cornerRadius: 8).strokeBorder(Color.red, lineWidth: 2)
            .frame(width: 60, height: 30).accessibilityIdentifier("f"))
        let shape = try #require(layout.nodes.first { layout.nodes[$0.parent ?? 0].id == "f" })
        #expect(shape.style.borderColor != nil && shape.style.backgroundColor == nil)
        #expect(close(CGFloat(shape.style.borderRadius), 8))
    }

    @Test func backgroundAndOverlayAreProposedThePrimarySize() throws {
        let view = Text("Hello").padding(8)
            .background(Color.yellow.accessibilityIdentifier("back"))
            .overlay(alignment: .topTrailing) { Color.red.frame(width: 6, height: 6).accessibilityIdentifier("badge") }
            .accessibilityIdentifier("all")
        let layout = try layOut(view)
        let all = try #require(layout.rect("all"))
        #expect(layout.rect("back") == all)
        #expect(close(layout.rect("badge")?.maxX, all.maxX) && close(layout.rect("badge")?.minY, all.minY))
    }

    @Test func offsetMovesTheDrawingNotTheLayout() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 20, height: 20).offset(x: 5, y: 7).accessibilityIdentifier("moved")
            Color.blue.frame(width: 20, height: 20).accessibilityIdentifier("next")
        }
        let layout = try layOut(view, width: 100, height: 100)
        let moved = try #require(layout.nodes.first { layout.nodes[$0.parent ?? 0].id == "moved" })
        let next = try #require(layout.rect("next"))
        let unmovedX = CGFloat(moved.frame.x) + 20 - 5, unmovedY = CGFloat(moved.frame.y) - 7
        #expect(close(unmovedX, next.minX))
        #expect(close(unmovedY, next.minY))
    }

    @Test func aspectRatioFitsAndFills() throws {
        let fit = try layOut(Color.red.aspectRatio(2, contentMode: .fit).accessibilityIdentifier("a"), width: 300, height: 300)
        #expect(close(fit.rect("a")?.width, 300) && close(fit.rect("a")?.height, 150))
        let fill = try layOut(Color.red.aspectRatio(2, contentMode: .fill).accessibilityIdentifier("a"), width: 300, height: 300)
        #expect(close(fill.rect("a")?.width, 600) && close(fill.rect("a")?.height, 300))
    }

    @Test func hiddenKeepsItsPlaceButDrawsNothing() throws {
        let view = VStack(spacing: 0) {
            Text("Gone").hidden().accessibilityIdentifier("hidden")
            Color.red.frame(width: 10, height: 10)
        }
        let layout = try layOut(view)
        #expect((layout.rect("hidden")?.height ?? 0) > 10)
        #expect(!layout.hasChildren("hidden"))
    }

    @Test func clippedAndCornerRadiusClip() throws {
        let layout = try layOut(Color.red.frame(width: 40, height: 40).cornerRadius(6).accessibilityIdentifier("c"))
        let node = try #require(layout["c"])
        #expect(node.style.overflow == .hidden && node.style.borderRadius == 6)
    }

    @Test func theRootIsCentredInTheSafeArea() throws {
        let layout = try layOutWithSafeArea(Color.red.frame(width: 100, height: 100).accessibilityIdentifier("box"))
        let box = try #require(layout.rect("box"))
        let safeHeight: CGFloat = 844 - 47 - 34, safeMidY = 47 + safeHeight / 2
        #expect(close(box.midX, 195) && close(box.midY, safeMidY))
        let full = try #require(layOutWithSafeArea(Color.red.accessibilityIdentifier("full")).rect("full"))
        #expect(close(full.minY, 47) && close(full.height, safeHeight))
    }
}

/// Right-to-left layout and the safe area.
@MainActor
struct DirectionTests {
    @Test func rightToLeftLanguagesMirrorTheLayout() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 30, height: 10).accessibilityIdentifier("first")
            Text("שלום").accessibilityIdentifier("text")
        }
        .padding(.leading, 20)
        .frame(maxWidth: .infinity, alignment: .leading)
        let ltr = try layOut(view, width: 300, height: 100)
        let rtl = try layOut(view, width: 300, height: 100, language: "he")
        #expect(close(ltr.rect("first")?.minX, 20))
        #expect(close(rtl.rect("first")?.maxX, 280))
        let textEnd = try #require(rtl.rect("text")).maxX, firstStart = try #require(rtl.rect("first")).minX + 0.01
        #expect(textEnd <= firstStart)
    }

    /// The layout says which way it runs, for the status bar the renderer draws over it (the
    /// clock on the right, right to left, as iOS mirrors it).
    @Test func theLayoutCarriesItsLanguagesDirection() throws {
        let view = Text("שלום")
        #expect(try layOut(view, language: "he").direction == .rtl)
        #expect(try layOut(view, language: "ar").direction == .rtl)
        #expect(try layOut(view, language: "en").direction == .ltr)
        #expect(try layOut(view).direction == .ltr)
    }

    @Test func anEnvironmentDirectionMirrorsItsSubtreeOnly() throws {
        let view = VStack(alignment: .leading, spacing: 0) {
            Color.red.frame(width: 30, height: 10).accessibilityIdentifier("outside")
            HStack(spacing: 0) {
                Color.blue.frame(width: 30, height: 10).accessibilityIdentifier("inside")
                Color.green.frame(width: 70, height: 10)
            }
            .environment(\.layoutDirection, .rightToLeft)
        }
        let layout = try layOut(view, width: 100, height: 20)
        #expect(close(layout.rect("outside")?.minX, 0))
        #expect(close(layout.rect("inside")?.maxX, 100))
    }

    @Test func aRootIgnoringTheSafeAreaGetsTheWholeScreen() throws {
        let layout = try layOutWithSafeArea(Color.blue.ignoresSafeArea().accessibilityIdentifier("bg"))
        #expect(close(layout.rect("bg")?.minY, 0) && close(layout.rect("bg")?.height, 844))
    }
}

/// A view whose environment readers sit among other stored properties (a string, a generic
/// value, an optional), so that each reader is found at its own offset in the value.
struct MixedPropertiesBadge<Label: Equatable>: View {
    let name: String
    @Environment(\.dynamicTypeSize) private var size
    let label: Label
    @ScaledMetric(relativeTo: .body) private var side: CGFloat = 20
    var note: Int? = 7

    var body: some View {
        Color.red.frame(width: size.isAccessibilitySize ? 2 * side : side, height: side).accessibilityIdentifier(name)
    }
}

/// A modifier of the app's own that reads the environment in its body.
struct SizeTaggingModifier: ViewModifier {
    let width: CGFloat
    @Environment(\.dynamicTypeSize) private var size

    func body(content: Content) -> some View {
        content.frame(width: size.isAccessibilitySize ? 3 * width : width)
    }
}

/// The readers of views and modifiers get the environment they are resolved in (they are found
/// once per type, by their place in the value).
@MainActor
struct EnvironmentReaderTests {
    @Test func readersAmongOtherPropertiesGetTheirEnvironment() throws {
        let view = MixedPropertiesBadge(name: "b", label: 3.5)
        let large = try #require(layOut(view).rect("b"))
        let huge = try #require(layOut(view, category: .accessibilityExtraExtraExtraLarge).rect("b"))
        let scaledSide = huge.height
        #expect(close(large.width, 20) && close(large.height, 20))
        #expect(scaledSide > 40)
        // At an accessibility size the body read both the size and the scaled side.
        #expect(close(huge.width, 2 * scaledSide))
    }

    @Test func theSameTypeGetsEachLayoutsEnvironment() throws {
        // The type's table is made at the first layout; later layouts at other sizes still
        // install their own environment.
        let view = MixedPropertiesBadge(name: "b", label: "x")
        let widths = try [ContentSizeCategory.large, .accessibilityLarge, .small].map {
            try #require(layOut(view, category: $0).rect("b")).width
        }
        let accessibilityWidth = widths[1]
        #expect(close(widths[0], 20))
        #expect(accessibilityWidth > 40)
        #expect(widths[2] < 20)
    }

    @Test func aModifiersReaderGetsItsEnvironment() throws {
        let view = Color.blue.frame(height: 10).modifier(SizeTaggingModifier(width: 30)).accessibilityIdentifier("m")
        let large = try #require(layOut(view).rect("m"))
        let huge = try #require(layOut(view, category: .accessibilityMedium).rect("m"))
        #expect(close(large.width, 30))
        #expect(close(huge.width, 90))
    }
}
