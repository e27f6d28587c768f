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
        try label.validateGroups()
        let text = try label.attributedText()
        let style = try label.paragraphStyle()
        let layouts = try label.layouts(of: text, paragraphStyle: style)
        if json {
            let reports = layouts.map(LayoutDescription.init)
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

extension Double {
    /// Points with up to two decimals.
    var formattedPoints: String { formatted(maxFractionDigits: 2) }
}
