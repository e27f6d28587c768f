import Foundation
import SnapshotTesting
import SwiftUIExamples
import Testing
import TypeLayout
import TypeLayoutRendering
import TypeLayoutScreens
import TypeLayoutSnapshotTesting
import TypeLayoutSwiftUI
import TypeLayoutTestSupport

/// Record mode from the project's own variable: `TYPELAYOUT_RECORD=never` (CI) never writes a
/// reference, `all` rewrites them; otherwise swift-snapshot-testing's default (record missing).
private let recordMode: SnapshotTestingConfiguration.Record? = {
    switch ProcessInfo.processInfo.environment["TYPELAYOUT_RECORD"]?.lowercased() {
    case "never": .never
    case "all": .all
    default: nil
    }
}()

/// `assertSnapshot(of: view, as: .typeLayout(…))` as a team writes it, on Linux.
@Suite(.snapshots(record: recordMode))
@MainActor
struct ViewSnapshotTests {
    @Test func listCellOnIPhone16AtAX3() {
        assertSnapshot(of: ListCell(), as: .typeLayout(device: .iPhone16, category: .accessibility3))
    }

    @Test func buttonRowSheet() {
        assertSnapshot(of: ButtonRow(), as: .typeLayoutSheet(device: Device(width: 375, height: 84)))
    }

    @Test func strategyDrawsWhatTheHostLaysOut() throws {
        let strategy = Snapshotting<Card, RGBAImage>.typeLayout(device: .iPhone16, category: .large, scale: 1)
        var drawn: RGBAImage?
        strategy.snapshot(Card()).run { drawn = $0 }
        let image = try #require(drawn)
        let expected = try ScreenRenderer(scale: 1, marksFold: false)
            .render(HostingScreen(rootView: Card(), device: .iPhone16).layout())
        #expect(image == expected)
        // A screenshot's size: the device's width, with no gutter beside it.
        #expect(image.width == Int(Device.iPhone16.width))
    }

    @Test func diffingReportsChangedPixels() throws {
        let diffing = Diffing<RGBAImage>.typeLayoutImage()
        let strategy = Snapshotting<TypeLayoutSwiftUI.Text, RGBAImage>.typeLayout(device: Device(width: 120, height: 40))
        var one: RGBAImage?, other: RGBAImage?
        strategy.snapshot(TypeLayoutSwiftUI.Text("One")).run { one = $0 }
        strategy.snapshot(TypeLayoutSwiftUI.Text("Two")).run { other = $0 }
        let first = try #require(one), second = try #require(other)
        // Stored as PNG and read back unchanged.
        #expect(diffing.fromData(diffing.toData(first)) == first)
        #expect(diffing.diffV2(first, first) == nil)
        let (message, attachments) = try #require(diffing.diffV2(first, second))
        #expect(message.contains("pixels differ"))
        #expect(attachments.count == 3)
        // A picture of another size says so.
        let small = try RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 0])
        #expect(diffing.diffV2(first, small)?.0.contains("the picture is 1 × 1") == true)
    }
}
