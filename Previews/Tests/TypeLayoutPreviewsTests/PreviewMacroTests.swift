import Foundation
import Testing
import TypeLayout
import TypeLayoutPreviews
import TypeLayoutScreens
import TypeLayoutTesting

#Preview("Greeting") {
    Text("Hello").font(.title).padding().accessibilityIdentifier("greeting")
}

#Preview {
    VStack(alignment: .leading, spacing: 4) {
        Text("Wi-Fi").font(.body)
        Text("Connected to the network at home").font(.footnote).foregroundStyle(.secondary)
    }
    .padding()
}

/// `#Preview` expanded by the compiler: found in the program through its section record.
@Suite(.dynamicType())
@MainActor
struct PreviewMacroTests {
    static var mine: [Preview] { Preview.registered.filter { $0.fileID == "TypeLayoutPreviewsTests/PreviewMacroTests.swift" } }

    @Test func previewsAreFoundWithTheirNamesAndLines() throws {
        let previews = Self.mine
        #expect(previews.map(\.displayName) == ["Greeting", "PreviewMacroTests.swift:12"])
        #expect(previews.map(\.line) == [8, 12])
        let layout = try HostingScreen(rootView: try #require(previews.first).makeView(), device: Device(width: 240, height: 80),
                                       typeContext: .current).layout(category: .accessibilityMedium)
        // The body is the block's, laid out: title at ax1 is taller than at large.
        let greeting = try #require(layout["greeting"])
        #expect(greeting.frame.height > 50)
    }

    @Test func aGoldenPerPreviewInOneLine() {
        #expect(assertPreviewGoldens(Self.mine, device: Device(width: 320, height: 160)) == ["Greeting", "PreviewMacroTests-swift-12"])
    }
}
