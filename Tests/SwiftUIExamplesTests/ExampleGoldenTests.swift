import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI
import TypeLayoutTesting

/// `view`'s 12-category sheet golden, named after its example.
@MainActor
func viewSheet<V: TypeLayoutSwiftUI.View>(_ view: V, name: String, device: Device, filePath: String, function: String) -> [ScreenLayout] {
    assertGoldenContactSheet(of: view, named: name, device: device, filePath: filePath, function: function)
}

/// Each SwiftUI example at the 12 categories, pinned by a golden sheet and its frames.
@Suite("Examples/swiftui at the 12 categories", .dynamicType())
@MainActor
struct ExampleGoldenTests {
    @Test(arguments: ExampleTwin.all)
    func sheet(_ example: ExampleTwin) throws {
        let layouts = example.sheet(#filePath, "sheet")
        #expect(layouts.count == 12)
        // Every view the example names is laid out on the screen's width, at every size.
        for layout in layouts {
            for node in layout.nodes where node.id != nil {
                #expect(node.frame.x >= -0.5 && node.frame.x + node.frame.width <= layout.device.width + 0.5,
                        "\(example) \(node.id!) at \(layout.category.shortName): \(node.frame)")
            }
        }
    }
}
