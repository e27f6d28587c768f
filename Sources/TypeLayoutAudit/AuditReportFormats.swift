import TypeLayout
import TypeLayoutGallery

/// The formats of an audit report.
public enum AuditReportFormat: String, Sendable, Hashable, CaseIterable {
    /// A table of the failures for a person, then a summary line.
    case text
    /// JSON for tools (see ``AuditReport/json()``).
    case json
    /// JUnit XML for CI systems (see ``AuditReport/junitXML(name:)``).
    case junit
}

/// The report as text for people (a table), JSON for tools and JUnit XML for CI systems.
extension AuditReport {
    /// The JSON report: `checked` (string × language × category checks), `strings`, `failures`
    /// (each with `key`, `variant` when there is one, `language`, `category` (full name),
    /// `reason` and all `reasons`, `lineCount` (the lines shown), `linesNeeded` (the lines the text
    /// would need with no limit), `size`, `pointSize`, `text`, `file`, `line`, and `picture` or
    /// `sheet` when a report or sheets are written, see ``AuditReportWriter``) and
    /// `errors` (file problems and strings that couldn't be laid out, with `file`, `line`,
    /// `column`, `message`). Keys sorted, sizes rounded to 0.01 pt.
    public func json() throws -> String { try rendered(.json) }

    /// JUnit XML: a `testsuite` per input file, a `testcase` per string (key, variant and
    /// language) with one `failure` listing each category it fails at and why, and an `error`
    /// test case per file problem. Valid against the common JUnit schema (the Jenkins/Ant
    /// `junit-4.xsd` shape; `Tests/TypeLayoutAuditTests/Fixtures/Audit/junit.xsd` checks it).
    public func junitXML(name: String = "render-cli audit") -> String {
        // Only JSON encoding throws, and an in-memory spool does no I/O.
        (try? rendered(.junit, name: name)) ?? ""
    }

    /// A table of the failures for a person, then a summary line.
    public func textTable(maximumTextWidth: Int = 48) -> String {
        (try? rendered(.text, maximumTextWidth: maximumTextWidth)) ?? ""
    }

    private func rendered(_ format: AuditReportFormat, name: String = "render-cli audit", maximumTextWidth: Int = 48) throws -> String {
        let writer = try AuditReportWriter(format: format, diagnostics: diagnostics, name: name,
                                           maximumTextWidth: maximumTextWidth, spoolsToDisk: false)
        try writer.add(entries)
        var bytes: [UInt8] = []
        try writer.finish(duration: duration) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

/// File names for a failing string's pictures: its contact sheet (`--sheet`) and its review
/// report's pictures (`--report`).
public enum AuditSheetName {
    /// A safe, unique file name for a string's sheet: key and variant (clipped to 60
    /// characters), then the language (never clipped away), with anything but ASCII letters,
    /// digits, `.`, `-` and `_` replaced by `_`, plus a hash of the exact file, key, variant and
    /// language, so that two keys that clean up the same, or one key in two input files, don't
    /// overwrite each other. Never starts with a dot, never contains a slash.
    public static func fileName(for string: LocalizedString) -> String {
        stem(for: string, category: nil) + ".png"
    }

    /// The file name of a string's picture at one category in a review report: as
    /// ``fileName(for:)``, with the category's short name before the hash.
    public static func pictureName(for string: LocalizedString, category: ContentSizeCategory) -> String {
        stem(for: string, category: category) + ".png"
    }

    private static func stem(for string: LocalizedString, category: ContentSizeCategory?) -> String {
        let key = ReviewGalleryWriter.safeFileName(string.key + (string.variant.map { "-" + $0 } ?? ""), limit: 60)
        var stem = (key.isEmpty ? "string" : key) + "-" + ReviewGalleryWriter.safeFileName(string.language, limit: 20)
        if let category { stem += "-" + category.shortName }
        // Over the exact identity: stable across runs and machines, unlike Hasher.
        let hash = StableHash.fnv1a("\(string.location.file)\u{0}\(string.key)\u{0}\(string.variant ?? "")\u{0}\(string.language)")
        let digits = String(hash & 0xFFFF_FFFF, radix: 16)
        return stem + "-" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
