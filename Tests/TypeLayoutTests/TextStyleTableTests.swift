import Testing
@testable import TypeLayout

@Suite struct TextStyleTableTests {
    @Test func everyCellMatchesApplesTable() throws {
        let table = try SharedTable.load()
        #expect(table.styles.count == 11)
        #expect(Set(table.styles.keys) == Set(TextStyle.allCases.map(\.rawValue)))
        var checked = 0
        for style in TextStyle.allCases {
            let published = try #require(table.styles[style.rawValue])
            #expect(published.rawValue == style.uiKitRawValue)
            #expect(published.weight == (style.weight == .semibold ? "semibold" : "regular"))
            #expect(published.emphasizedWeight == (style.emphasizedWeight == .bold ? "bold" : "semibold"))
            for (key, category) in zip(table.categoryOrder, ContentSizeCategory.allCases) {
                let cell = try #require(published.sizes[key])
                #expect(style.pointSize(at: category) == cell[0], "\(style) \(category) size")
                #expect(style.baselineToBaseline(at: category) == cell[1], "\(style) \(category) leading")
                checked += 2
            }
        }
        #expect(checked == 11 * 12 * 2)
    }

    @Test func unspecifiedReadsAsLarge() {
        for style in TextStyle.allCases {
            #expect(style.pointSize(at: .unspecified) == style.pointSize(at: .large))
        }
        #expect(TextStyle.body.pointSize(at: .large) == 17)
        #expect(TextStyle.largeTitle.pointSize(at: .accessibilityExtraExtraExtraLarge) == 60)
    }

    @Test func stylesParse() throws {
        #expect(try TextStyle(parsing: "Body") == .body)
        #expect(try TextStyle(parsing: "UICTFontTextStyleTitle0") == .largeTitle)
        #expect(throws: TypeLayoutError.self) { try TextStyle(parsing: "display") }
    }
}
