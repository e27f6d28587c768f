import Foundation
import TypeLayout

/// The facts of one layout that a golden pins exactly, beside its pixels: recorded in a
/// `.layout.json` sidecar so that a pixel tolerance can never hide a changed line break.
public struct LayoutFacts: Codable, Sendable, Hashable {
    /// The category's short name (`xs`, `l`, `ax5`).
    public var category: String
    /// The number of lines.
    public var lineCount: Int
    /// Each line's text as shown, with "…" where it was truncated.
    public var lines: [String]
    /// The used width in points, rounded to a thousandth of a point.
    public var usedWidth: Double
    /// The used height in points, rounded to a thousandth of a point.
    public var usedHeight: Double
    /// Whether text was left out.
    public var isTruncated: Bool
    /// Each run's point size at the category: how each run grew.
    public var runPointSizes: [Double]

    /// Facts given explicitly.
    public init(category: String, lines: [String], usedWidth: Double, usedHeight: Double,
                isTruncated: Bool, runPointSizes: [Double]) {
        self.category = category
        lineCount = lines.count
        self.lines = lines
        self.usedWidth = Self.rounded(usedWidth)
        self.usedHeight = Self.rounded(usedHeight)
        self.isTruncated = isTruncated
        self.runPointSizes = runPointSizes.map(Self.rounded)
    }

    /// The facts of a layout.
    public init(_ layout: TextLayout) {
        self.init(category: layout.category.shortName, lines: layout.lines.map(\.text),
                  usedWidth: layout.size.width, usedHeight: layout.size.height,
                  isTruncated: layout.isTruncated, runPointSizes: layout.text.runs.map(\.attributes.font.pointSize))
    }

    /// A thousandth of a point is far below a pixel at @3x, and keeps the sidecar free of
    /// floating-point noise such as 342.91200000000003.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// One line per fact that differs between `reference` and `actual`, saying what it was and
    /// what it is; empty when they are equal.
    public static func differences(from reference: [LayoutFacts], to actual: [LayoutFacts]) -> [String] {
        var differences: [String] = []
        if reference.map(\.category) != actual.map(\.category) {
            differences.append("categories were \(reference.map(\.category)), now \(actual.map(\.category))")
        }
        for (was, now) in zip(reference, actual) {
            let prefix = reference.count > 1 || actual.count > 1 ? "\(now.category): " : ""
            if was.lineCount != now.lineCount {
                differences.append("\(prefix)line count was \(was.lineCount), now \(now.lineCount)")
            }
            for index in 0..<max(was.lines.count, now.lines.count) {
                let old = index < was.lines.count ? quoted(was.lines[index]) : "absent"
                let new = index < now.lines.count ? quoted(now.lines[index]) : "absent"
                if old != new { differences.append("\(prefix)line \(index + 1) was \(old), now \(new)") }
            }
            if was.usedWidth != now.usedWidth || was.usedHeight != now.usedHeight {
                differences.append("\(prefix)used size was \(size(was)), now \(size(now))")
            }
            if was.isTruncated != now.isTruncated {
                differences.append("\(prefix)truncated was \(was.isTruncated), now \(now.isTruncated)")
            }
            if was.runPointSizes != now.runPointSizes {
                differences.append("\(prefix)run point sizes were \(was.runPointSizes), now \(now.runPointSizes)")
            }
        }
        return differences
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }
    private static func size(_ facts: LayoutFacts) -> String { "\(facts.usedWidth) × \(facts.usedHeight) pt" }
}

/// The contents of a `.layout.json` sidecar: the facts of every layout in one golden image.
struct LayoutFactsFile: Codable, Equatable {
    var layouts: [LayoutFacts]

    func encoded() throws -> Data {
        // Sorted and pretty so that a changed reference reads as a small diff in review.
        Data(try ReviewableJSON.bytes(self) + [UInt8(ascii: "\n")])
    }

    static func decode(_ data: Data) throws -> LayoutFactsFile {
        try JSONDecoder().decode(LayoutFactsFile.self, from: data)
    }
}
