// The audit's string file parsers under mutated files: the first byte picks the format
// (StringFileFormat.allCases, modulo their count: .xcstrings, .strings, .stringsdict, JSON map,
// lines), the rest is the file. `.strings` and lines files detect their encoding (UTF-8, UTF-16
// either way round, with or without a BOM), so mutation reaches each.
//
// Diagnostics are the right answer to a broken file; a trap, a sanitizer report, a leak (libxml2
// allocates per document) or a hang is a bug. Whatever comes back must hold together.
import TypeLayoutAudit

@_cdecl("LLVMFuzzerTestOneInput")
public func catalogFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    CatalogFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

enum CatalogFuzzing {
    static let paths: [StringFileFormat: String] = [
        .stringCatalog: "fuzz/Localizable.xcstrings", .strings: "fuzz/de.lproj/Localizable.strings",
        .stringsDict: "fuzz/de.lproj/Localizable.stringsdict", .jsonMap: "fuzz/de.json", .lines: "fuzz/de.txt",
    ]

    static func run(_ bytes: UnsafeRawBufferPointer) {
        let format = StringFileFormat.allCases[Int(bytes[0]) % StringFileFormat.allCases.count]
        let path = paths[format]!
        let file = StringFileReader.parse(Array(bytes.dropFirst()), format: format, path: path)
        precondition(file.format == format && file.path == path, "file says \(file.format) \(file.path)")
        // Every place named is a real one: lines and columns count from 1, and a file of n
        // bytes has at most n + 1 lines.
        let lineLimit = bytes.count + 1
        for diagnostic in file.diagnostics {
            let location = diagnostic.location
            precondition(location.file == path, "diagnostic names \(location.file)")
            precondition((1...lineLimit).contains(location.line) && location.column >= 1, "diagnostic at \(location)")
            precondition(!diagnostic.message.isEmpty && !diagnostic.message.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "message \(diagnostic.message)")
        }
        for string in file.strings {
            let location = string.location
            precondition(location.file == path, "string located in \(location.file)")
            precondition((1...lineLimit).contains(location.line) && location.column >= 1, "string at \(location)")
            precondition(!string.language.isEmpty, "string without a language")
            _ = string.displayKey
        }
    }
}
