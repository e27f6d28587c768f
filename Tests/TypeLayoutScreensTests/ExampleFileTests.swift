import Testing
import TypeLayout
import TypeLayoutScreens

/// The example files (Examples/screens/) and the same screens written with the builders
/// (ExampleScreens) describe the same layout: every node with an id has the same frame at every
/// category.
@Suite struct ExampleFileTests {
    @Test(arguments: ExampleScreens.names)
    func fileAndBuildersLayOutTheSameFrames(name: String) throws {
        let file = try ScreenFile.read(atPath: ExampleScreens.folder + "/\(name).yaml")
        let built = ExampleScreens.screen(name)
        #expect(file.device.width == built.device.width && file.device.height == built.device.height)
        #expect(file.background == built.background)
        let fileLayouts = try file.layouts(at: ContentSizeCategory.allCases)
        let builtLayouts = try built.layouts(at: ContentSizeCategory.allCases)
        for (fromFile, fromBuilders) in zip(fileLayouts, builtLayouts) {
            let ids = fromFile.nodes.compactMap(\.id)
            #expect(ids == fromBuilders.nodes.compactMap(\.id), "\(name) at \(fromFile.category)")
            for id in ids {
                #expect(fromFile[id]?.frame == fromBuilders[id]?.frame, "\(name): \(id) at \(fromFile.category)")
            }
            #expect(fromFile.contentHeight == fromBuilders.contentHeight, "\(name) at \(fromFile.category)")
        }
    }
}
