import Foundation
import SwiftUIExamples
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI
import TypeLayoutTestSupport
import TypeLayoutTesting

/// `assertGolden(of: some View, …)`: pictures and frames dumps as for screens.
@Suite(.dynamicType(), .temporaryFolders)
@MainActor
struct ViewGoldenTests {
    @Test func listCellAtTwoSizes() throws {
        let layouts = assertGolden(of: ListCell(), device: Device(width: 375, height: 84),
                                   categories: [.large, .accessibilityExtraExtraExtraLarge])
        try #require(layouts.count == 2)
        // The default name is the view's type name.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Goldens__/ViewGoldenTests")
        for suffix in ["l.png", "l.layout.json", "ax5.png", "ax5.layout.json"] {
            let file = folder.appendingPathComponent("ViewGoldenTests.listCellAtTwoSizes.ListCell.\(suffix)").path
            #expect(FileManager.default.fileExists(atPath: file), "\(file)")
        }
        // The sidecar is the frames dump, with the views' accessibility identifiers as ids.
        let sidecar = try String(contentsOfFile: folder.appendingPathComponent("ViewGoldenTests.listCellAtTwoSizes.ListCell.l.layout.json").path,
                                 encoding: .utf8)
        #expect(sidecar == layouts[0].framesJSON() + "\n")
        #expect(sidecar.contains("\"subtitle\""))
        // At AX5 the cell is a column: the title is below the icon.
        let icon = try #require(layouts[1]["icon"]), title = try #require(layouts[1]["title"])
        #expect(title.frame.y >= icon.frame.y + icon.frame.height)
    }

    @Test func changedViewFailsAgainstItsReference() throws {
        let goldens = try TestPaths.temporaryDirectory().path
        let artifacts = try TestPaths.temporaryDirectory().path
        func settings(_ mode: GoldenRecordMode) -> GoldenSettings {
            GoldenSettings(recordMode: mode, goldensDirectory: goldens, artifactsDirectory: artifacts)
        }
        let device = Device(width: 200, height: 60)
        // Recording a new reference is reported as an issue.
        withKnownIssue {
            assertGolden(of: Text("Reference").padding(), named: "probe", device: device, categories: [.large],
                         settings: settings(.missing))
        }
        // The same view matches.
        assertGolden(of: Text("Reference").padding(), named: "probe", device: device, categories: [.large],
                     settings: settings(.never))
        // Another text does not, in its pixels and its frames.
        withKnownIssue {
            assertGolden(of: Text("Changed text").padding(), named: "probe", device: device, categories: [.large],
                         settings: settings(.never))
        }
        // A sheet is one reference for all categories.
        withKnownIssue {
            assertGoldenContactSheet(of: Text("Sheet"), named: "probe", device: device, categories: [.small, .large],
                                     settings: settings(.missing))
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: goldens + "/ViewGoldenTests")
        #expect(Set(written).isSuperset(of: ["ViewGoldenTests.changedViewFailsAgainstItsReference.probe.l.png",
                                             "ViewGoldenTests.changedViewFailsAgainstItsReference.probe.l.layout.json",
                                             "ViewGoldenTests.changedViewFailsAgainstItsReference.probe.sheet.png",
                                             "ViewGoldenTests.changedViewFailsAgainstItsReference.probe.sheet.layout.json"]))
    }
}
