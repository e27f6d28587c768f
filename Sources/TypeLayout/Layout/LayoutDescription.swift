/// A ``TextLayout`` as plain data, the one description of a layout that render-cli's `--json`
/// output, the golden harness's sidecars and the audit print: its lines with their ranges and
/// baselines, its runs with their face, size and direction, its glyphs with their clusters and
/// positions, whether it was truncated, and its used size.
///
/// Lengths are in points, rounded to a thousandth (far below a pixel at @3x), so that a
/// description compares exactly and reads without floating-point noise; the category is spelled
/// as ``ContentSizeCategory``'s raw value everywhere.
public struct LayoutDescription: Codable, Sendable, Hashable {
    /// A width and a height.
    public struct Size: Codable, Sendable, Hashable {
        /// Points.
        public var width: Double
        /// Points.
        public var height: Double

        /// A size in points, rounded to a thousandth.
        public init(width: Double, height: Double) {
            self.width = rounded(width)
            self.height = rounded(height)
        }
    }

    /// A run of glyphs from one face at one size in one direction, as shaping saw it (an
    /// attribute run splits where fallback, script or direction changes).
    public struct Run: Codable, Sendable, Hashable {
        /// The run's text, in UTF-16 offsets: `[start, end]`.
        public var utf16Range: [Int]
        /// The face's font file name (without its folder) and family and style names.
        public var face: String
        /// The size in points.
        public var pointSize: Double
        /// `ltr` or `rtl`.
        public var direction: String

        /// A run from its parts.
        public init(utf16Range: [Int], face: String, pointSize: Double, direction: String) {
            self.utf16Range = utf16Range
            self.face = face
            self.pointSize = rounded(pointSize)
            self.direction = direction
        }
    }

    /// One line, top to bottom.
    public struct Line: Codable, Sendable, Hashable {
        /// The text as shown (with "…" or a hyphen where those were inserted).
        public var text: String
        /// The text of the string on the line, in UTF-16 offsets: `[start, end]`.
        public var utf16Range: [Int]
        /// The line's left edge and its width, in points.
        public var x: Double
        /// The line's width in points.
        public var width: Double
        /// The baseline, in points from the layout's top.
        public var baseline: Double
        /// `ltr` or `rtl`: the line's paragraph direction.
        public var direction: String
        /// The line's glyphs in visual order, each `gid=… cluster=… x=… y=… face=… size=…`.
        public var glyphs: [Glyph]

        /// A line from its parts (lengths rounded to a thousandth of a point).
        public init(text: String, utf16Range: [Int], x: Double = 0, width: Double, baseline: Double,
                    direction: String = "ltr", glyphs: [Glyph] = []) {
            self.text = text
            self.utf16Range = utf16Range
            self.x = rounded(x)
            self.width = rounded(width)
            self.baseline = rounded(baseline)
            self.direction = direction
            self.glyphs = glyphs
        }
    }

    /// A placed glyph, written as one line of text so that a description stays readable.
    public struct Glyph: Codable, Sendable, Hashable, CustomStringConvertible {
        /// The glyph id in its face.
        public var glyphID: UInt32
        /// The UTF-16 offset of the cluster it draws.
        public var cluster: Int
        /// Its origin in points from the layout's top-left.
        public var x: Double
        /// Its baseline position in points from the layout's top.
        public var y: Double
        /// The index of its face in ``LayoutDescription/faces``.
        public var face: Int
        /// Its size in points.
        public var pointSize: Double

        /// `gid=36 cluster=0 x=0 y=13.291 face=0 size=17`.
        public var description: String {
            "gid=\(glyphID) cluster=\(cluster) x=\(points(x)) y=\(points(y)) face=\(face) size=\(points(pointSize))"
        }

        /// A glyph from its parts.
        public init(glyphID: UInt32, cluster: Int, x: Double, y: Double, face: Int, pointSize: Double) {
            self.glyphID = glyphID
            self.cluster = cluster
            self.x = rounded(x)
            self.y = rounded(y)
            self.face = face
            self.pointSize = rounded(pointSize)
        }

        /// Reads the one-line form.
        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            var fields: [Substring: Substring] = [:]
            for part in text.split(separator: " ") {
                guard let equals = part.firstIndex(of: "=") else { continue }
                fields[part[..<equals]] = part[part.index(after: equals)...]
            }
            func field<T: LosslessStringConvertible>(_ name: Substring) throws -> T {
                guard let value = fields[name].flatMap({ T(String($0)) }) else {
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: decoder.codingPath, debugDescription: "glyph '\(text)' has no valid \(name)="))
                }
                return value
            }
            self.init(glyphID: try field("gid"), cluster: try field("cluster"), x: try field("x"), y: try field("y"),
                      face: try field("face"), pointSize: try field("size"))
        }

        /// Writes the one-line form.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }

    /// The category's raw value (`large`, `accessibilityExtraExtraExtraLarge`).
    public var category: String
    /// The first run's point size at the category: the label's size, for a one-font label.
    public var pointSize: Double
    /// The number of lines.
    public var lineCount: Int
    /// The width the text was wrapped in; `nil` when unbounded.
    public var wrapWidth: Double?
    /// The widest line and the height of all lines.
    public var size: Size
    /// Whether text was left out (lines past the limit, or an ellipsis).
    public var isTruncated: Bool
    /// Whether a word was broken between characters because it was wider than the line.
    public var hasBrokenWord: Bool
    /// The faces the glyphs come from, each `file (Family Style)`, indexed by ``Glyph/face``.
    public var faces: [String]
    /// The shaping runs in logical order.
    public var runs: [Run]
    /// The lines, top to bottom.
    public var lines: [Line]

    /// A description from its parts (tests of the harness make them by hand).
    public init(category: ContentSizeCategory, wrapWidth: Double?, size: Size, isTruncated: Bool = false,
                hasBrokenWord: Bool = false, faces: [String] = [], runs: [Run] = [], lines: [Line]) {
        self.category = category.rawValue
        pointSize = runs.first?.pointSize ?? 0
        lineCount = lines.count
        self.wrapWidth = wrapWidth.map(rounded)
        self.size = size
        self.isTruncated = isTruncated
        self.hasBrokenWord = hasBrokenWord
        self.faces = faces
        self.runs = runs
        self.lines = lines
    }

    /// The description of a layout.
    public init(_ layout: TextLayout) {
        category = layout.category.rawValue
        pointSize = rounded(layout.pointSize)
        lineCount = layout.lines.count
        wrapWidth = layout.width.map(rounded)
        size = Size(width: layout.size.width, height: layout.size.height)
        isTruncated = layout.isTruncated
        hasBrokenWord = layout.hasBrokenWord
        faces = layout.faces.map(Self.name)
        runs = layout.placement.items.map { item in
            Run(utf16Range: [item.range.lowerBound, item.range.upperBound], face: Self.name(item.face),
                pointSize: item.pointSize, direction: item.isRightToLeft ? "rtl" : "ltr")
        }
        let glyphs = layout.glyphs
        lines = layout.lines.map { line in
            Line(text: line.text, utf16Range: [line.utf16Range.lowerBound, line.utf16Range.upperBound],
                 x: line.x, width: line.width, baseline: line.baseline,
                 direction: line.isRightToLeft ? "rtl" : "ltr",
                 glyphs: glyphs[line.glyphRange].map {
                     Glyph(glyphID: $0.glyphID, cluster: $0.cluster, x: $0.x, y: $0.y, face: $0.layoutFaceIndex, pointSize: $0.pointSize)
                 })
        }
    }

    private static func name(_ face: FontFace) -> String {
        let file = face.path.split(separator: "/").last.map(String.init) ?? face.path
        return "\(file) (\(face.familyName) \(face.styleName))"
    }

    /// One line per fact that differs between `reference` and `actual`, saying what it was and
    /// what it is (the first differing glyph of a line, not every one after it); empty when
    /// they are equal.
    public static func differences(from reference: [LayoutDescription], to actual: [LayoutDescription]) -> [String] {
        var differences: [String] = []
        if reference.map(\.category) != actual.map(\.category) {
            differences.append("categories were \(reference.map(\.category)), now \(actual.map(\.category))")
        }
        for (was, now) in zip(reference, actual) {
            let prefix = reference.count > 1 || actual.count > 1 ? "\(now.category): " : ""
            func note<Value: Equatable & CustomStringConvertible>(_ what: String, _ old: Value, _ new: Value, verb: String = "was") {
                if old != new { differences.append("\(prefix)\(what) \(verb) \(old), now \(new)") }
            }
            note("line count", was.lines.count, now.lines.count)
            for index in 0..<max(was.lines.count, now.lines.count) {
                let old = index < was.lines.count ? "\"\(was.lines[index].text)\"" : "absent"
                let new = index < now.lines.count ? "\"\(now.lines[index].text)\"" : "absent"
                note("line \(index + 1)", old, new)
                guard index < was.lines.count, index < now.lines.count else { continue }
                let (oldLine, newLine) = (was.lines[index], now.lines[index])
                note("line \(index + 1) baseline", oldLine.baseline, newLine.baseline)
                note("line \(index + 1) x", oldLine.x, newLine.x)
                note("line \(index + 1) glyph count", oldLine.glyphs.count, newLine.glyphs.count)
                if let glyph = zip(oldLine.glyphs, newLine.glyphs).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                    note("line \(index + 1) glyph \(glyph + 1)", oldLine.glyphs[glyph].description, newLine.glyphs[glyph].description)
                }
            }
            note("used size", "\(was.size.width) × \(was.size.height) pt", "\(now.size.width) × \(now.size.height) pt")
            note("truncated", was.isTruncated, now.isTruncated)
            note("broken word", was.hasBrokenWord, now.hasBrokenWord)
            note("run point sizes", "\(was.runs.map(\.pointSize))", "\(now.runs.map(\.pointSize))", verb: "were")
            note("run faces", "\(was.runs.map(\.face))", "\(now.runs.map(\.face))", verb: "were")
            note("run directions", "\(was.runs.map(\.direction))", "\(now.runs.map(\.direction))", verb: "were")
            note("faces", "\(was.faces)", "\(now.faces)", verb: "were")
        }
        return differences
    }
}

private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// A rounded length as short text; magnitudes no label reaches (hostile tracking) as Swift
/// prints them, which `Double.init(_:)` reads back all the same.
private func points(_ value: Double) -> String {
    abs(value) < 1e12 ? value.formatted(maxFractionDigits: 3) : String(value)
}
