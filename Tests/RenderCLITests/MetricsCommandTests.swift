import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

@Suite struct MetricsCommandTests {
    @Test func jsonForAScaledSize() throws {
        let result = try CLI.run(["metrics", "--font", TestPaths.font("GilliusADF-Regular.otf"), "--size", "36",
                                  "--category", "ax5", "--scaling", "apple", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["category"] as? String == "accessibilityExtraExtraExtraLarge")
        #expect(object["pointSize"] as? Double == 101)
        #expect(abs((object["ratio"] as? Double ?? 0) - 62.0 / 22) < 1e-12)
        #expect(object["ascender"] as? Double == 75.75)
        #expect(object["descender"] as? Double == -25.25)
        #expect(object["lineHeight"] as? Double == 101)
        #expect(abs((object["leading"] as? Double ?? 0) - 5.353) < 1e-9)
        #expect(object["scaling"] as? String == "apple")
    }

    @Test func styleWithoutSizePrintsThePreferredFontSize() throws {
        let result = try CLI.run(["metrics", "--style", "body", "--category", "accessibilityExtraExtraExtraLarge", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["pointSize"] as? Double == 53)
    }

    @Test func sizeWithStyleScalesByThatStyle() throws {
        // title1 leading: 34 at large, 68 at ax5 → 20 × 2 = 40.
        let result = try CLI.run(["metrics", "--size", "20", "--style", "title1", "--category", "ax5", "--scaling", "apple", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["pointSize"] as? Double == 40)
    }

    @Test func allCategoriesInOneRun() throws {
        let result = try CLI.run(["metrics", "--categories", "all", "--json"])
        #expect(result.status == 0)
        let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        #expect(list.map { $0["category"] as? String } == ContentSizeCategory.allCases.map(\.rawValue))
        let sizes = list.compactMap { $0["pointSize"] as? Double }
        #expect(sizes == sizes.sorted() && sizes.count == 12)
    }

    @Test func categoryFromTheEnvironmentVariable() throws {
        let result = try CLI.run(["metrics", "--style", "body", "--json"],
                                 environment: ["TYPELAYOUT_CONTENT_SIZE_CATEGORY": "UICTContentSizeCategoryXL"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["category"] as? String == "extraLarge")
        #expect(object["pointSize"] as? Double == 19)
    }

    static let errors: [(arguments: [String], status: Int32, message: String)] = [
        (["metrics", "--category", "huge"], 2, "unknown content size category 'huge'"),
        (["metrics", "--size", "0"], 2, "greater than 0"),
        (["metrics", "--size", "-3"], 2, "greater than 0"),
        (["metrics", "--size", "big"], 2, "must be a number"),
        (["metrics", "--style", "display"], 2, "unknown text style 'display'"),
        (["metrics", "--nonsense"], 2, "--nonsense"),
        (["metrics", "--font", "/no/such.ttf"], 1, "no such font file: /no/such.ttf"),
        (["metrics", "--font", #filePath], 1, "is not a font file"),
        (["metrics", "--font", "/tmp"], 1, "it is a directory"),
    ]

    @Test(arguments: errors)
    func errorsAreOneLineWithTheirExitCode(arguments: [String], status: Int32, message: String) throws {
        try CLI.expectOneLineError(arguments, status: status, message: message)
    }
}
