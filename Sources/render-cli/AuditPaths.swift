import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayoutAudit
#if canImport(Glibc)
import Glibc
#endif

/// Paths and output for the audit: folders expanded, files named, folders made.
extension AuditCommand {
    /// `out/report/` → `out/report` (`/` stays).
    static func withoutTrailingSlash(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }

    /// The file's name without its folder.
    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The files' names for a title, a name shared by several files once with their count: an
    /// app's `xx.lproj` folders give "Localizable.strings (22 files)", not the name 22 times.
    static func fileNames(_ paths: [String]) -> String {
        var names: [String] = []
        var counts: [String: Int] = [:]
        for name in paths.map(lastComponent) {
            if counts[name] == nil { names.append(name) }
            counts[name, default: 0] += 1
        }
        return names.map { counts[$0]! > 1 ? "\($0) (\(counts[$0]!) files)" : $0 }.joined(separator: ", ")
    }

    /// The formats a folder given as input is searched for: an Xcode project's localizations.
    /// JSON, lines files and screens are read only when named, as a folder holds others.
    static let folderFormats: Set<StringFileFormat> = [.stringCatalog, .strings, .stringsDict]

    /// `paths` with each folder replaced by the string files under it (``folderFormats``, at any
    /// depth, sorted; hidden folders such as `.git` and `.build` left out). A folder without
    /// any is a usage error naming it.
    static func expandingFolders(_ paths: [String]) throws -> [String] {
        var expanded: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                expanded.append(path)
                continue
            }
            let folder = withoutTrailingSlash(path)
            let subpaths: [String]
            do { subpaths = try FileManager.default.subpathsOfDirectory(atPath: folder) } catch {
                throw CLIError.runtime("can't read the folder \(folder)")
            }
            let found = subpaths.filter { subpath in
                !subpath.split(separator: "/").contains { $0.hasPrefix(".") }
                    && StringFileFormat(path: subpath).map(folderFormats.contains) == true
            }.sorted()
            guard !found.isEmpty else {
                throw ValidationError("\(folder): a folder with no .xcstrings, .strings or .stringsdict files in it")
            }
            expanded += found.map { (folder == "/" ? "" : folder) + "/" + $0 }
        }
        return expanded
    }

    /// Writes all of `bytes` to standard output, which a pipe may take a part at a time.
    static func writeToStandardOutput(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw CLIError.runtime("can't write the report: \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
    }

    /// `text` without the spaces and tabs around it (Unicode space separators, as
    /// Foundation's `.whitespaces`).
    static func trimmingSpaces(_ text: Substring) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// Creates `path` and any missing folders above it (`mkdir -p`); returns why it couldn't
    /// (`strerror`), or `nil` when the folder exists.
    static func createDirectories(_ path: String) -> String? {
        var prefixes = path.indices.filter { path[$0] == "/" && $0 != path.startIndex }.map { String(path[..<$0]) }
        prefixes.append(path)
        for prefix in prefixes where mkdir(prefix, 0o777) != 0 {
            let code = errno
            var info = stat()
            guard code == EEXIST, stat(prefix, &info) == 0 else { return String(cString: strerror(code)) }
            if (info.st_mode & S_IFMT) != S_IFDIR { return String(cString: strerror(ENOTDIR)) }
        }
        return nil
    }

    /// The path less its file's extension (`/tmp/bench.xcstrings` → `/tmp/bench`).
    static func deletingPathExtension(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        let name = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[name...].lastIndex(of: "."), dot > name else { return String(path) }
        return String(path[..<dot])
    }

    /// The command line for the gallery's notes, less the arguments that name where this run's
    /// outputs go or which shard it is (`--report`, `--sheet`, `--shard`, `--quiet`, `--jobs`), so
    /// that the shards of one run, and the run unsharded, describe the same audit.
    static func commandLine(_ arguments: ArraySlice<String>) -> String {
        let valued: Set<String> = ["--report", "--sheet", "--shard", "--jobs"]
        var kept: [String] = []
        var skipsValue = false
        for argument in arguments {
            if skipsValue {
                skipsValue = false
                continue
            }
            if valued.contains(argument) {
                skipsValue = true
                continue
            }
            if argument == "--quiet" || valued.contains(where: { argument.hasPrefix($0 + "=") }) { continue }
            kept.append(argument)
        }
        return (["render-cli audit"] + kept).joined(separator: " ")
    }
}
