import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

@Suite struct ContentSizeCategoryTests {
    @Test func twelveCategoriesInOrder() {
        let all = ContentSizeCategory.allCases
        #expect(all.count == 12)
        #expect(all.first == .extraSmall && all.last == .accessibilityExtraExtraExtraLarge)
        #expect(all == all.sorted())
        #expect(ContentSizeCategory.unspecified < .extraSmall)
        #expect(ContentSizeCategory.large < .extraLarge)
        #expect(all.filter(\.isAccessibilityCategory) == Array(all.suffix(5)))
        #expect(!ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(ContentSizeCategory.unspecified.resolved == .large)
    }

    @Test func indexIsThePositionInAllCases() {
        for (position, category) in ContentSizeCategory.allCases.enumerated() {
            #expect(category.index == position, "\(category)")
        }
        #expect(ContentSizeCategory.unspecified.index == ContentSizeCategory.large.index)
    }

    static let spellings: [(String, ContentSizeCategory)] = [
        ("xs", .extraSmall), ("s", .small), ("m", .medium), ("l", .large), ("xl", .extraLarge),
        ("xxl", .extraExtraLarge), ("xxxl", .extraExtraExtraLarge), ("ax1", .accessibilityMedium),
        ("ax2", .accessibilityLarge), ("ax3", .accessibilityExtraLarge), ("ax4", .accessibilityExtraExtraLarge),
        ("ax5", .accessibilityExtraExtraExtraLarge),
        ("extraSmall", .extraSmall), ("EXTRASMALL", .extraSmall), ("accessibilityExtraExtraExtraLarge", .accessibilityExtraExtraExtraLarge),
        ("accessibilityextraextraextralarge", .accessibilityExtraExtraExtraLarge), ("AX5", .accessibilityExtraExtraExtraLarge),
        ("UICTContentSizeCategoryXS", .extraSmall), ("UICTContentSizeCategoryS", .small),
        ("UICTContentSizeCategoryM", .medium), ("UICTContentSizeCategoryL", .large),
        ("UICTContentSizeCategoryXL", .extraLarge), ("UICTContentSizeCategoryXXL", .extraExtraLarge),
        ("UICTContentSizeCategoryXXXL", .extraExtraExtraLarge),
        ("UICTContentSizeCategoryAccessibilityM", .accessibilityMedium),
        ("UICTContentSizeCategoryAccessibilityL", .accessibilityLarge),
        ("UICTContentSizeCategoryAccessibilityXL", .accessibilityExtraLarge),
        ("UICTContentSizeCategoryAccessibilityXXL", .accessibilityExtraExtraLarge),
        ("uictcontentsizecategoryaccessibilityxxxl", .accessibilityExtraExtraExtraLarge),
        ("unspecified", .unspecified),
    ]

    @Test(arguments: spellings)
    func parsesEverySpelling(name: String, expected: ContentSizeCategory) throws {
        #expect(try ContentSizeCategory(parsing: name) == expected)
    }

    @Test func everyCategoryRoundTripsThroughItsNames() throws {
        for category in ContentSizeCategory.allCases {
            #expect(try ContentSizeCategory(parsing: category.rawValue) == category)
            #expect(try ContentSizeCategory(parsing: category.shortName) == category)
            #expect(try ContentSizeCategory(parsing: category.uiKitRawValue) == category)
        }
    }

    @Test func unknownNameListsValidNames() {
        do {
            _ = try ContentSizeCategory(parsing: "huge")
            Issue.record("'huge' parsed")
        } catch let error as TypeLayoutError {
            let message = error.description
            #expect(message.contains("'huge'"))
            #expect(message.contains("ax5") && message.contains("extraSmall") && message.contains("xxxl"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func rawValuesMatchTheSharedTable() throws {
        let table = try SharedTable.load()
        for (key, category) in zip(table.categoryOrder, ContentSizeCategory.allCases) {
            #expect(table.categoryRawValues[key] == category.uiKitRawValue)
            #expect(table.categoryAliases[key]?["uikit"] == category.rawValue)
        }
    }
}

/// Apple's table as published in ../shared/dynamic-type/ios-text-styles.json.
struct SharedTable: Decodable {
    struct Style: Decodable {
        let weight: String
        let emphasizedWeight: String
        let rawValue: String
        let sizes: [String: [Double]]
    }

    let categoryOrder: [String]
    let categoryRawValues: [String: String]
    let categoryAliases: [String: [String: String]]
    let styles: [String: Style]

    /// Reads the shared file beside the project when it is there (it is in CI), else the copy
    /// committed under Fixtures; when both exist they must be identical.
    static func load() throws -> SharedTable {
        let copy = TestPaths.fixture("ios-text-styles.json")
        let shared = TestPaths.packageRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/dynamic-type/ios-text-styles.json").path
        let copyData = try Data(contentsOf: URL(fileURLWithPath: copy))
        if let sharedData = FileManager.default.contents(atPath: shared) {
            #expect(sharedData == copyData, "Tests/TypeLayoutTests/Fixtures/ios-text-styles.json is out of date with ../shared")
            return try JSONDecoder().decode(SharedTable.self, from: sharedData)
        }
        return try JSONDecoder().decode(SharedTable.self, from: copyData)
    }
}
