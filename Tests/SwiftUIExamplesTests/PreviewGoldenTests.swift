import Foundation
import SwiftUIExamples
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI
import TypeLayoutTestSupport
import TypeLayoutTesting

/// Previews of two examples, as a team writes them beside its views.
struct ListCell_Previews: PreviewProvider {
    static var previews: some View {
        ListCell().previewLayout(.sizeThatFits).previewDisplayName("List cell")
    }
}

struct ButtonRow_Previews: PreviewProvider {
    static var previews: some View { ButtonRow() }
}

/// `assertPreviewGoldens`: a golden sheet per preview in one line.
@Suite(.dynamicType(), .temporaryFolders)
@MainActor
struct PreviewGoldenTests {
    @Test func examplePreviews() {
        let names = assertPreviewGoldens([Preview(ListCell_Previews.self), Preview(ButtonRow_Previews.self)],
                                         device: Device(width: 375, height: 120))
        #expect(names == ["ListCell_Previews", "ButtonRow_Previews"])
    }

    @Test func eachPreviewIsItsOwnReferenceAndAChangeFails() throws {
        let goldens = try TestPaths.temporaryDirectory().path
        let artifacts = try TestPaths.temporaryDirectory().path
        func settings(_ mode: GoldenRecordMode) -> GoldenSettings {
            GoldenSettings(recordMode: mode, goldensDirectory: goldens, artifactsDirectory: artifacts)
        }
        func previews(_ second: String) -> [Preview] {
            [Preview("Probe", fileID: "App/Probe.swift", line: 3) { AnyView(TypeLayoutSwiftUI.Text("Reference").padding()) },
             Preview("Probe", fileID: "App/Probe.swift", line: 9) { AnyView(TypeLayoutSwiftUI.Text(second).padding()) },
             Preview("Elsewhere", fileID: "Other/File.swift", line: 1) { AnyView(TypeLayoutSwiftUI.Text("Not in App")) }]
        }
        let device = Device(width: 200, height: 60), categories: [ContentSizeCategory] = [.small, .large]
        withKnownIssue {
            assertPreviewGoldens(previews("Second"), module: "App", device: device, categories: categories, settings: settings(.missing))
        }
        // Two previews of one name are two references; the other module's is left out.
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: goldens + "/PreviewGoldenTests"))
        let stem = "PreviewGoldenTests.eachPreviewIsItsOwnReferenceAndAChangeFails."
        #expect(written == [stem + "Probe.sheet.png", stem + "Probe.sheet.layout.json",
                            stem + "Probe-2.sheet.png", stem + "Probe-2.sheet.layout.json"])
        #expect(assertPreviewGoldens(previews("Second"), module: "App", device: device, categories: categories,
                                     settings: settings(.never)) == ["Probe", "Probe-2"])
        // The second preview changed: its reference fails.
        withKnownIssue {
            assertPreviewGoldens(previews("Changed"), module: "App", device: device, categories: categories, settings: settings(.never))
        }
        // A module with no previews is an issue, not a silent pass.
        withKnownIssue {
            #expect(assertPreviewGoldens(previews("Second"), module: "Ap", device: device, settings: settings(.never)).isEmpty)
        }
    }
    /// `module:` means the module a provider is declared in, not the one that registers it:
    /// `AboutSettings_Previews` is SwiftUIExamples', registered here beside this test module's
    /// `ButtonRow_Previews`.
    @Test func aProvidersModuleIsTheOneItIsDeclaredIn() throws {
        let goldens = try TestPaths.temporaryDirectory().path
        let artifacts = try TestPaths.temporaryDirectory().path
        func settings(_ mode: GoldenRecordMode) -> GoldenSettings {
            GoldenSettings(recordMode: mode, goldensDirectory: goldens, artifactsDirectory: artifacts)
        }
        let previews = [Preview(AboutSettings_Previews.self), Preview(ButtonRow_Previews.self)]
        #expect(previews.map(\.module) == ["SwiftUIExamples", "SwiftUIExamplesTests"])
        #expect(previews.map { $0.fileID.split(separator: "/").first } == ["SwiftUIExamplesTests", "SwiftUIExamplesTests"])
        let device = Device(width: 200, height: 60)
        withKnownIssue {
            assertPreviewGoldens(previews, device: device, categories: [.large], settings: settings(.missing))
        }
        #expect(assertPreviewGoldens(previews, module: "SwiftUIExamples", device: device, categories: [.large],
                                     settings: settings(.never)) == ["AboutSettings_Previews"])
        #expect(assertPreviewGoldens(previews, module: "SwiftUIExamplesTests", device: device, categories: [.large],
                                     settings: settings(.never)) == ["ButtonRow_Previews"])
    }

    /// `showsDeviceChrome: false`: a preset's status bar and home indicator are left off the
    /// pictures, which then differ from the default's (drawn with them).
    @Test func theDeviceChromeIsAnOption() throws {
        let goldens = try TestPaths.temporaryDirectory().path
        let artifacts = try TestPaths.temporaryDirectory().path
        func settings(_ mode: GoldenRecordMode) -> GoldenSettings {
            GoldenSettings(recordMode: mode, goldensDirectory: goldens, artifactsDirectory: artifacts)
        }
        let previews = [Preview("Bare", fileID: "App/Bare.swift", line: 1) { AnyView(TypeLayoutSwiftUI.Text("No chrome")) }]
        let view = TypeLayoutSwiftUI.Text("No chrome")
        withKnownIssue {
            assertPreviewGoldens(previews, device: .iPhone16, categories: [.large], showsDeviceChrome: false, settings: settings(.missing))
            assertGolden(of: view, named: "bare", device: .iPhone16, categories: [.large], showsDeviceChrome: false,
                         settings: settings(.missing))
            assertGoldenContactSheet(of: view, named: "bareSheet", device: .iPhone16, categories: [.large], showsDeviceChrome: false,
                                     settings: settings(.missing))
        }
        // The same settings pass; the default (with the chrome) fails against them.
        assertPreviewGoldens(previews, device: .iPhone16, categories: [.large], showsDeviceChrome: false, settings: settings(.never))
        assertGolden(of: view, named: "bare", device: .iPhone16, categories: [.large], showsDeviceChrome: false, settings: settings(.never))
        withKnownIssue {
            assertPreviewGoldens(previews, device: .iPhone16, categories: [.large], settings: settings(.never))
        }
        withKnownIssue {
            assertGolden(of: view, named: "bare", device: .iPhone16, categories: [.large], settings: settings(.never))
        }
        withKnownIssue {
            assertGoldenContactSheet(of: view, named: "bareSheet", device: .iPhone16, categories: [.large], settings: settings(.never))
        }
    }
}
