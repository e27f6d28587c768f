import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI

/// What `HostingScreen` gives goes through TypeLayoutScreens' renderer and sheet unchanged.
@MainActor
struct RenderingTests {
    @Test func aHostedViewDrawsItsShapesAndText() throws {
        let layout = try HostingScreen(rootView: sampleScreen(), device: Device(width: 375, height: 300)).layout()
        let image = try ScreenRenderer(scale: 2, marksFold: false).render(layout)
        let icon = try #require(layout["icon"])
        // The icon's blue fill, at its centre.
        let x = Int((icon.frame.x + 3) * 2), y = Int((icon.frame.y + 3) * 2)
        let offset = (y * image.width + x) * 4
        let rgb = Array(image.pixels[offset..<offset + 3]), blue: [UInt8] = [0, 122, 255]
        #expect(rgb == blue)
        if let folder = ProcessInfo.processInfo.environment["TYPELAYOUT_SWIFTUI_SAMPLES"] {
            let host = HostingScreen(rootView: sampleScreen(), device: Device(width: 375, height: 300))
            try ScreenSheet().writePNG(try host.layouts(), to: folder + "/swiftui-sheet.png")
            let tall = HostingScreen(rootView: sampleScreen(), device: Device(width: 375, height: 440))
            let four = try tall.layouts(categories: [.large, .extraExtraExtraLarge, .accessibilityMedium, .accessibilityExtraLarge])
            try ScreenSheet(renderer: ScreenRenderer(scale: 1), columns: 4).writePNG(four, to: folder + "/swiftui-settings-rows.png")
            try ScreenSheet(renderer: ScreenRenderer(scale: 2, debugFrames: true, marksFold: false), columns: 1)
                .writePNG([layout], to: folder + "/swiftui-large.png")
        }
    }

    @Test func framesJSONNamesTheIdentifiedViews() throws {
        let layouts = try HostingScreen(rootView: sampleScreen(), device: Device(width: 375, height: 300))
            .layouts(categories: [.large, .accessibilityExtraExtraExtraLarge])
        let json = ScreenLayout.framesJSON(layouts)
        #expect(json.contains("\"icon\"") && json.contains("\"badge\""))
        // At the largest size the subtitle wraps onto more lines and the row grows.
        let small = try #require(layouts[0]["row"]), large = try #require(layouts[1]["row"])
        #expect(large.frame.height > small.frame.height * 1.5)
    }
}
