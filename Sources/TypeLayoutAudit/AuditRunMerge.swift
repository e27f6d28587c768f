#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayout
import TypeLayoutGallery
#if canImport(Glibc)
import Glibc
#endif

extension AuditRun {
    /// What a merge wrote.
    public struct Merged: Sendable {
        /// Strings checked.
        public var strings: Int
        /// Screens checked, one per language.
        public var screens: Int
        /// Whether everything fits and every input was read.
        public var isClean: Bool
    }

    /// Reads the run record a shard wrote into `folder` (its ``fileName``).
    ///
    /// - Throws: ``AuditRunError`` when there is no folder or it holds no audit shard's record.
    public static func read(folder: String) throws -> AuditRun {
        try PreviewReport.readRecord(folder: folder, fileName: fileName, kind: "a render-cli audit shard's report")
    }

    /// Joins the report folders of one `render-cli audit` run's shards, every shard `I/N` once,
    /// into `destination`: the audit in text, JSON and JUnit and the review gallery, byte for
    /// byte as the unsharded run would have written them with `--report destination`; only the
    /// JUnit time differs: the shards' added up. The strings and screens are read a line at a
    /// time from each shard and fed in the run's order to the writers a run uses; the gallery's
    /// pictures are copied. The folder is made beside `destination` and renamed into place, so
    /// a failed merge leaves nothing half-written.
    ///
    /// - Throws: ``AuditRunError`` for a missing folder, a folder that is not an audit shard's
    ///   report, shards of different runs, a shard given twice or missing, a string in two
    ///   shards, or a folder that can't be written.
    @discardableResult
    public static func merge(_ folders: [String], into destination: String) throws -> Merged {
        let destination = trimmed(destination)
        let shards = try folders.map { (folder: trimmed($0), run: try read(folder: trimmed($0))) }
        guard let first = shards.first else { throw AuditRunError("give the report folders of the shards to merge") }
        for shard in shards where shard.run.command != first.run.command || shard.run.title != first.run.title {
            throw AuditRunError("\(shard.folder) is from another audit than \(first.folder): their command lines differ")
        }
        try PreviewReport.checkShards(shards.map { ($0.folder, $0.run.shard) })
        try checkDestination(destination)
        let sheetFolders = Set(shards.map(\.run.sheetFolder))
        let writers = try AuditReportFormat.allCases.map {
            try AuditReportWriter(format: $0, diagnostics: shards.flatMap(\.run.problems).sorted { $0.index < $1.index }.map(\.diagnostic),
                                  warnings: shards.flatMap(\.run.warnings).sorted { $0.index < $1.index }.map(\.warning),
                                  reportFolder: destination, sheetFolder: sheetFolders.count == 1 ? sheetFolders.first! : nil)
        }
        var page = AuditPage()
        var screens = 0
        // Strings go to the writers a chunk at a time, as in a run.
        var chunk: [AuditEntry] = []
        func flush() throws {
            for writer in writers { try writer.add(chunk) }
            chunk.removeAll(keepingCapacity: true)
        }
        try mergeLines(of: shards.map(\.folder), expecting: shards.map(\.run.lines)) { line, folder in
            let pictures = { (name: String) in ReviewPicture.Source.file(folder + "/images/" + name) }
            if let entry = line.entry {
                chunk.append(entry)
                if chunk.count == 2048 { try flush() }
                if let finding = line.finding {
                    page.add(finding.reviewFinding(source: pictures), key: entry.string.key, file: entry.string.location.file)
                }
            } else if let screen = line.screen {
                try flush()
                try screen.add(to: writers)
                page.add(screen: screen.path, findings: screen.gallery.map { $0.reviewFinding(source: pictures) })
                screens += 1
            }
        }
        try flush()
        let writer = writers[0]
        let warnings = shards.flatMap { shard in shard.run.warnings.map { (shard.folder, $0) } }.sorted { $0.1.index < $1.1.index }
        let gallery = page.gallery(warnings: warnings.map { folder, warning in
            (warning.warning.key, warning.warning.location.file,
             warning.finding.reviewFinding { .file(folder + "/images/" + $0) })
        }, title: first.run.title, notes: [writer.summary, first.run.command], inputErrors: writer.problems)
        let duration = shards.reduce(0) { $0 + $1.run.duration }
        let temporary = destination + ".merging"
        do {
            try? FileManager.default.removeItem(atPath: temporary)
            _ = try ReviewGalleryWriter().write(gallery, to: temporary)
            for writer in writers { try writer.write(duration: duration, to: temporary + "/" + reportFileNames[writer.format]!) }
            if FileManager.default.fileExists(atPath: destination) { try FileManager.default.removeItem(atPath: destination) }
            try FileManager.default.moveItem(atPath: temporary, toPath: destination)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error as? AuditRunError ?? AuditRunError("can't write the report \(destination): \(error)")
        }
        return Merged(strings: writer.strings, screens: screens, isClean: writer.isClean)
    }

    /// The audit's files in a report folder, beside the review gallery (the preview command's
    /// report names them alike).
    public static let reportFileNames: [AuditReportFormat: String] = [.text: "audit.txt", .json: "audit.json", .junit: "audit.junit.xml"]

    /// Refuses a `destination` that exists and is neither a review report nor empty.
    static func checkDestination(_ destination: String) throws {
        do {
            try ReviewGalleryWriter.checkDestination(destination)
        } catch {
            throw AuditRunError("\(error); it is left as it is")
        }
    }

    /// Reads each folder's ``entriesFileName`` a line at a time and hands `body` every line,
    /// with its folder, in the unsharded run's order (a k-way merge on the lines' places).
    ///
    /// - Throws: ``AuditRunError`` for a file that can't be read, a line out of order or in two
    ///   shards, a file with other than its `expected` number of lines, or what `body` throws.
    static func mergeLines(of folders: [String], expecting expected: [Int], _ body: (AuditRunLine, String) throws -> Void) throws {
        let readers = try folders.map { try LineReader(path: $0 + "/" + entriesFileName) }
        let decoder = JSONDecoder()
        func next(_ shard: Int) throws -> AuditRunLine? {
            guard let bytes = try readers[shard].next() else { return nil }
            do {
                return try decoder.decode(AuditRunLine.self, from: Data(bytes))
            } catch {
                throw AuditRunError("\(readers[shard].path) line \(readers[shard].count) can't be read: \(error)")
            }
        }
        var heads = try folders.indices.map(next)
        var last: (Int, Int)?
        while let shard = heads.indices.filter({ heads[$0] != nil }).min(by: { heads[$0]!.place < heads[$1]!.place }) {
            let line = heads[shard]!
            if let last, !(last < line.place) {
                throw AuditRunError(last == line.place ? "\(readers[shard].path): a string or screen of it is in another shard too"
                                                       : "\(readers[shard].path) is out of order at line \(readers[shard].count)")
            }
            last = line.place
            try body(line, folders[shard])
            heads[shard] = try next(shard)
        }
        for (reader, lines) in zip(readers, expected) where reader.count != lines {
            throw AuditRunError("\(reader.path) has \(reader.count) lines, not \(lines): it is cut off")
        }
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

/// A file read a line at a time.
final class LineReader {
    let path: String
    private let file: UnsafeMutablePointer<FILE>
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    /// Lines read so far.
    private(set) var count = 0

    init(path: String) throws {
        guard let file = fopen(path, "r") else { throw AuditRunError("can't read \(path): \(String(cString: strerror(errno)))") }
        self.path = path
        self.file = file
    }

    deinit {
        fclose(file)
        free(buffer)
    }

    /// The next line without its line break, or `nil` at the end.
    func next() throws -> [UInt8]? {
        let length = getline(&buffer, &capacity, file)
        guard length >= 0 else {
            if ferror(file) != 0 { throw AuditRunError("can't read \(path): \(String(cString: strerror(errno)))") }
            return nil
        }
        count += 1
        let bytes = UnsafeRawBufferPointer(start: buffer, count: length)
        return Array(bytes.last == 0x0A ? bytes.dropLast() : bytes[...])
    }
}
