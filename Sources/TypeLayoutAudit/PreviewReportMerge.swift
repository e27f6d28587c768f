#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayoutGallery

extension PreviewReport {
    /// Reads the report a run wrote into `folder` (its ``fileName``).
    ///
    /// - Throws: ``PreviewReportError`` when there is no folder or it holds no preview report.
    public static func read(folder: String) throws -> PreviewReport {
        try readRecord(folder: folder, fileName: fileName, kind: "a preview report")
    }

    /// The `T` a report folder holds as `fileName`.
    ///
    /// - Throws: ``PreviewReportError`` when there is no folder, no such file, or it can't be read.
    static func readRecord<T: Decodable>(folder: String, fileName: String, kind: String) throws -> T {
        guard (try? FileManager.default.contentsOfDirectory(atPath: folder)) != nil else {
            throw PreviewReportError("no report folder at \(folder)")
        }
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName) else {
            throw PreviewReportError("\(folder) is not \(kind): it has no \(fileName)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw PreviewReportError("\(folder)/\(fileName) is not \(kind) that can be read: \(error)")
        }
    }

    /// Checks that `shards` (each folder with its `I/N`, `nil` for a run without `--shard`) are
    /// every shard of one N, each once.
    ///
    /// - Throws: ``PreviewReportError`` naming the first that isn't.
    static func checkShards(_ shards: [(folder: String, shard: String?)]) throws {
        var seen: Set<Int> = [], count: Int?
        for shard in shards {
            guard let text = shard.shard, let slice = try? AuditShard(parsing: text) else {
                throw PreviewReportError("\(shard.folder) is not a shard's report (it was run without --shard)")
            }
            guard count == nil || count == slice.count else {
                throw PreviewReportError("\(shard.folder) is shard \(slice) but \(shards[0].folder) is shard \(shards[0].shard ?? "")")
            }
            count = slice.count
            guard seen.insert(slice.index).inserted else { throw PreviewReportError("shard \(slice) is given twice") }
        }
        if let count, let missing = (1...count).first(where: { !seen.contains($0) }) {
            throw PreviewReportError("shard \(missing)/\(count) is missing: give the report folders of all \(count) shards")
        }
    }

    /// Joins the reports of one run's shards, every shard `I/N` once, into `destination`,
    /// byte for byte as the unsharded run would have written it; only the duration differs: the
    /// shards' durations added up. Sheets and frames dumps (`previews/`) and gallery pictures
    /// are copied. Nothing is left half-written: the folder is made beside `destination` and
    /// renamed into place.
    ///
    /// - Returns: the merged report.
    /// - Throws: ``PreviewReportError`` for a missing folder, a folder that is not a preview
    ///   report, shards of different runs, a shard given twice or missing, or a folder that can't
    ///   be written.
    @discardableResult
    public static func merge(_ folders: [String], into destination: String) throws -> PreviewReport {
        guard !folders.isEmpty else { throw PreviewReportError("give the report folders of the shards to merge") }
        let destination = trimmed(destination)
        let shards = try folders.map { (folder: trimmed($0), report: try read(folder: trimmed($0))) }
        let first = shards[0]
        for shard in shards where shard.report.settings != first.report.settings || shard.report.problems != first.report.problems {
            throw PreviewReportError("\(shard.folder) is from another run than \(first.folder): their previews, catalogs or settings differ")
        }
        try checkShards(shards.map { ($0.folder, $0.report.shard) })
        var entries: [Entry] = [], pictureFolders: [String: String] = [:]
        for shard in shards {
            entries += shard.report.entries
            for picture in shard.report.entries.flatMap(\.gallery).flatMap(\.pictures) {
                pictureFolders[picture.fileName] = shard.folder + "/gallery/images"
            }
        }
        entries.sort { $0.index < $1.index }
        if let twice = zip(entries, entries.dropFirst()).first(where: { $0.0.index == $0.1.index }) {
            throw PreviewReportError("the preview \(twice.0.outcome.name) is in more than one shard")
        }
        let merged = PreviewReport(settings: first.report.settings, shard: nil, problems: first.report.problems, entries: entries,
                                   duration: shards.reduce(0) { $0 + $1.report.duration })
        try writeFolder(destination) { folder in
            try FileManager.default.createDirectory(atPath: folder + "/previews", withIntermediateDirectories: true)
            // The files the shard's entries name, not the whole folder: a reused folder may hold
            // an older run's sheets.
            for shard in shards {
                for sheet in shard.report.entries.flatMap(\.outcome.sheets) {
                    let frames = String(sheet.dropLast(".sheet.png".count)) + ".frames.json"
                    for path in [sheet, frames] where !sheet.contains("..") && sheet.hasSuffix(".sheet.png") {
                        guard !FileManager.default.fileExists(atPath: folder + "/" + path) else {
                            throw PreviewReportError("\(path) is in more than one shard")
                        }
                        do {
                            try FileManager.default.copyItem(atPath: shard.folder + "/" + path, toPath: folder + "/" + path)
                        } catch {
                            throw PreviewReportError("can't copy \(shard.folder)/\(path): \(error)")
                        }
                    }
                }
            }
            try merged.write(to: folder) { name in .file((pictureFolders[name] ?? "") + "/" + name) }
        }
        return merged
    }

    /// Makes `destination` with `fill`, in a folder beside it renamed into place at the end; a
    /// folder already there is replaced only if it is a preview report or empty.
    static func writeFolder(_ destination: String, fill: (String) throws -> Void) throws {
        let files = FileManager.default
        if files.fileExists(atPath: destination) {
            let contents = try? files.contentsOfDirectory(atPath: destination)
            guard let contents, contents.isEmpty || contents.contains(fileName) else {
                throw PreviewReportError("\(destination) is not a preview report or an empty folder; it is left as it is")
            }
        }
        let temporary = destination + ".merging"
        try? files.removeItem(atPath: temporary)
        do {
            try files.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            try fill(temporary)
            if files.fileExists(atPath: destination) { try files.removeItem(atPath: destination) }
            try files.moveItem(atPath: temporary, toPath: destination)
        } catch {
            try? files.removeItem(atPath: temporary)
            if let error = error as? PreviewReportError { throw error }
            throw PreviewReportError("can't write the report \(destination): \(error)")
        }
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
