import Testing
import TypeLayoutSwiftUI

/// Declared here, registered "elsewhere" by the tests below.
struct Located_Previews: PreviewProvider {
    static var previews: some View { Text("Here") }
}

/// `Preview.locatingProviders`: a provider's place is its declaration in the package's sources.
@Suite @MainActor struct ProviderLocationTests {
    @Test func aProviderIsPlacedWhereItIsDeclared() {
        let registered = Preview(Located_Previews.self, fileID: "App/main.swift", line: 3)
        #expect(registered.fileID == "App/main.swift" && registered.providerTypeName == "TypeLayoutPreviewRunnerTests.Located_Previews")
        let located = Preview.locatingProviders([registered])[0]
        #expect(located.fileID == "TypeLayoutPreviewRunnerTests/ProviderLocationTests.swift" && located.line == 5)
        #expect(located.displayName == "Located_Previews")
    }

    @Test func withoutItsSourcesOrForAPreviewBlockThePlaceStays() {
        let elsewhere = Preview(Located_Previews.self, fileID: "App/main.swift", filePath: "/nonexistent/App/main.swift", line: 3)
        let block = Preview("Block", fileID: "App/View.swift", line: 9) { AnyView(Text("Block")) }
        let located = Preview.locatingProviders([elsewhere, block])
        #expect(located.map(\.fileID) == ["App/main.swift", "App/View.swift"] && located.map(\.line) == [3, 9])
    }
}
