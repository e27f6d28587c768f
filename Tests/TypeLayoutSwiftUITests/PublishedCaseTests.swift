import Foundation
import Testing
import TypeLayoutSwiftUI

/// A layout whose SwiftUI frames are published, with where they are published.
struct PublishedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let source: String
    let container: CGSize
    let view: @MainActor @Sendable () -> AnyView
    /// Each identified view's expected frame in the container.
    let frames: [String: CGRect]

    var testDescription: String { "\(name) (\(source))" }
}

private let openLayoutHStack = "shivatinker/OpenLayout, Tests/OpenLayoutTests/UnitTests/HStackTests.swift"
private let openLayoutFrames = "shivatinker/OpenLayout, Tests/OpenLayoutTests/UnitTests/FlexibleFrameTests.swift"

@MainActor
private func box(_ id: String) -> some View { Rectangle().accessibilityIdentifier(id) }

private let square = CGSize(width: 100, height: 100)

/// Cases from OpenLayout, an engine whose suite renders each case with SwiftUI and compares
/// (its unit tests state SwiftUI's frames in a 100 × 100 container, the root centred), and
/// from objc.io's and Apple's descriptions of stack layout.
let publishedCases: [PublishedCase] = [
    PublishedCase(name: "two flexible rectangles share the row, 8 apart", source: openLayoutHStack, container: square,
                  view: { AnyView(HStack { box("1"); box("2") }) },
                  frames: ["1": CGRect(x: 0, y: 0, width: 46, height: 100), "2": CGRect(x: 54, y: 0, width: 46, height: 100)]),
    PublishedCase(name: "explicit spacing 20", source: openLayoutHStack, container: square,
                  view: { AnyView(HStack(spacing: 20) { box("1"); box("2"); box("3") }) },
                  frames: ["1": CGRect(x: 0, y: 0, width: 20, height: 100), "2": CGRect(x: 40, y: 0, width: 20, height: 100),
                           "3": CGRect(x: 80, y: 0, width: 20, height: 100)]),
    PublishedCase(name: "fixed frames centred on the row's centre line", source: openLayoutHStack, container: square,
                  view: { AnyView(HStack { box("1").frame(width: 30, height: 20); box("2").frame(width: 40, height: 30) }) },
                  frames: ["1": CGRect(x: 11, y: 40, width: 30, height: 20), "2": CGRect(x: 49, y: 35, width: 40, height: 30)]),
    PublishedCase(name: "flexible frames stop at their maximum", source: openLayoutHStack, container: square,
                  view: { AnyView(HStack { box("1").frame(minWidth: 20, maxWidth: 40); box("2").frame(minWidth: 30, maxWidth: 50) }) },
                  frames: ["1": CGRect(x: 1, y: 0, width: 40, height: 100), "2": CGRect(x: 49, y: 0, width: 50, height: 100)]),
    PublishedCase(name: "padding is part of each child's share", source: openLayoutHStack, container: square,
                  view: { AnyView(HStack { box("1").padding(10); box("2").padding(5) }) },
                  frames: ["1": CGRect(x: 10, y: 10, width: 26, height: 80), "2": CGRect(x: 59, y: 5, width: 36, height: 90)]),
    PublishedCase(name: "top alignment in a larger frame", source: openLayoutHStack, container: square,
                  view: { AnyView(HStack(alignment: .top, spacing: 8) {
                      box("1").frame(width: 20, height: 30); box("2").frame(width: 30, height: 20); box("3").frame(width: 25, height: 40)
                  }.frame(width: 100, height: 100)) },
                  frames: ["1": CGRect(x: 4.5, y: 30, width: 20, height: 30), "2": CGRect(x: 32.5, y: 30, width: 30, height: 20),
                           "3": CGRect(x: 70.5, y: 30, width: 25, height: 40)]),
    PublishedCase(name: "bottom alignment in a larger frame", source: openLayoutHStack, container: square,
                  view: { AnyView(HStack(alignment: .bottom, spacing: 8) {
                      box("1").frame(width: 20, height: 30); box("2").frame(width: 30, height: 20); box("3").frame(width: 25, height: 40)
                  }.frame(width: 100, height: 100)) },
                  frames: ["1": CGRect(x: 4.5, y: 40, width: 20, height: 30), "2": CGRect(x: 32.5, y: 50, width: 30, height: 20),
                           "3": CGRect(x: 70.5, y: 30, width: 25, height: 40)]),
    PublishedCase(name: "an inflexible child first, the flexible one gets the rest", source: openLayoutHStack, container: square,
                  view: { AnyView(HStack(spacing: 10) { box("1").frame(minWidth: 30, maxWidth: 100); box("2").frame(width: 10) }) },
                  frames: ["1": CGRect(x: 0, y: 0, width: 80, height: 100), "2": CGRect(x: 90, y: 0, width: 10, height: 100)]),
    PublishedCase(name: "minWidth below the proposal takes the proposal", source: openLayoutFrames, container: square,
                  view: { AnyView(box("1").frame(minWidth: 80)) },
                  frames: ["1": CGRect(x: 0, y: 0, width: 100, height: 100)]),
    PublishedCase(name: "maxWidth narrows the child, centred", source: openLayoutFrames, container: square,
                  view: { AnyView(box("1").frame(maxWidth: 5)) },
                  frames: ["1": CGRect(x: 47.5, y: 0, width: 5, height: 100)]),
    PublishedCase(name: "min and max on both axes", source: openLayoutFrames, container: square,
                  view: { AnyView(box("1").frame(minWidth: 30, maxWidth: 70, minHeight: 20, maxHeight: 80)) },
                  frames: ["1": CGRect(x: 15, y: 10, width: 70, height: 80)]),
    PublishedCase(name: "a frame aligns its child bottom-trailing", source: openLayoutFrames, container: square,
                  view: { AnyView(box("1").frame(maxWidth: 60, maxHeight: 40).frame(minWidth: 100, minHeight: 100, alignment: .bottomTrailing)) },
                  frames: ["1": CGRect(x: 40, y: 60, width: 60, height: 40)]),
    PublishedCase(name: "zero bounds make a zero frame at the centre", source: openLayoutFrames, container: square,
                  view: { AnyView(box("1").frame(minWidth: 0, maxWidth: 0, minHeight: 0, maxHeight: 0)) },
                  frames: ["1": CGRect(x: 50, y: 50, width: 0, height: 0)]),
    PublishedCase(name: "maxWidth infinity with trailing alignment", source: openLayoutFrames, container: square,
                  view: { AnyView(box("1").frame(width: 10, height: 10).frame(maxWidth: .infinity, alignment: .trailing)) },
                  frames: ["1": CGRect(x: 90, y: 45, width: 10, height: 10)]),
    PublishedCase(name: "a flexible frame doesn't squeeze a fixed child", source: openLayoutFrames, container: square,
                  view: { AnyView(box("1").frame(width: 60, height: 40).frame(minWidth: 30, maxWidth: 50, minHeight: 20, maxHeight: 30)) },
                  frames: ["1": CGRect(x: 20, y: 30, width: 60, height: 40)]),
    PublishedCase(name: "a row in a full-width leading frame", source: openLayoutFrames, container: square,
                  view: { AnyView(HStack(spacing: 10) { box("1").frame(width: 20, height: 20); box("2").frame(width: 20, height: 20) }
                      .frame(maxWidth: .infinity, alignment: .leading)) },
                  frames: ["1": CGRect(x: 0, y: 40, width: 20, height: 20), "2": CGRect(x: 30, y: 40, width: 20, height: 20)]),
    PublishedCase(name: "the capped child is offered half first; the other keeps its minimum and overflows",
                  source: "objc.io, \"How an HStack lays out its children\" (2020-11-10)",
                  container: CGSize(width: 300, height: 100),
                  view: { AnyView(HStack(spacing: 0) { box("1").frame(maxWidth: 100); box("2").frame(minWidth: 100) }
                      .frame(width: 150, height: 100)) },
                  frames: ["1": CGRect(x: 62.5, y: 0, width: 75, height: 100), "2": CGRect(x: 137.5, y: 0, width: 100, height: 100)]),
    PublishedCase(name: "a layout priority takes all but the others' minimums",
                  source: "objc.io, \"How an HStack lays out its children\" (2020); Apple, layoutPriority(_:) documentation",
                  container: CGSize(width: 200, height: 20),
                  view: { AnyView(HStack(spacing: 0) { box("1").frame(minWidth: 50); box("2").layoutPriority(1) }) },
                  frames: ["1": CGRect(x: 0, y: 0, width: 50, height: 20), "2": CGRect(x: 50, y: 0, width: 150, height: 20)]),
]

@MainActor
struct PublishedCaseTests {
    @Test(arguments: publishedCases)
    func framesMatchThePublishedOnes(_ published: PublishedCase) throws {
        let layout = try layOut(published.view(), width: Double(published.container.width), height: Double(published.container.height))
        for (id, expected) in published.frames {
            let frame = try #require(layout.rect(id), "no view \(id)")
            #expect(close(frame.minX, expected.minX) && close(frame.minY, expected.minY)
                    && close(frame.width, expected.width) && close(frame.height, expected.height),
                    "\(id): \(frame) instead of \(expected)")
        }
    }
}
