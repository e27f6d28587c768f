import ArgumentParser
import TypeLayout

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a label and print its lines at one or more content size categories.")

    @OptionGroup var label: LabelOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let text = try label.attributedText()
        let style = try label.paragraphStyle()
        let layouts = try TextLayoutEngine.shared.layout(
            text, style: style, categories: label.categoryList, in: label.context)
        if json {
            let reports = layouts.map(LayoutReport.init)
            let value: any Encodable = !label.asksForSeveralCategories ? reports[0] : reports
            print(try ReviewableJSON.string(value))
        } else {
            for layout in layouts {
                print("\(layout.category.rawValue): \(layout.pointSize.formattedPoints) pt, \(layout.lines.count) line(s), "
                      + "\(layout.size.width.formattedPoints) × \(layout.size.height.formattedPoints) pt\(layout.isTruncated ? ", truncated" : "")")
                for line in layout.lines { print("  | \(line.text)") }
            }
        }
    }
}

/// The layout facts the tool prints as JSON.
struct LayoutReport: Encodable {
    struct Size: Encodable {
        let width: Double
        let height: Double
    }

    struct Line: Encodable {
        let text: String
        let utf16Range: [Int]
        let width: Double
        let baseline: Double
    }

    let category: String
    let pointSize: Double
    let lineCount: Int
    let truncated: Bool
    let size: Size
    let lines: [Line]

    init(_ layout: TextLayout) {
        category = layout.category.rawValue
        pointSize = layout.pointSize
        lineCount = layout.lines.count
        truncated = layout.isTruncated
        size = Size(width: layout.size.width, height: layout.size.height)
        lines = layout.lines.map {
            Line(text: $0.text, utf16Range: [$0.utf16Range.lowerBound, $0.utf16Range.upperBound], width: $0.width, baseline: $0.baseline)
        }
    }
}

extension Double {
    /// Points with up to two decimals.
    var formattedPoints: String { formatted(maxFractionDigits: 2) }
}
