#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayout
#if canImport(Glibc)
import Glibc
#endif

/// Why a gallery couldn't be written. Nothing is left at the report's path then: the old
/// report, if any, stays as it was.
public enum ReviewGalleryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder exists and isn't a report this writer made, so it isn't replaced.
    case notAReport(path: String)
    /// A file or folder couldn't be made.
    case cannotWrite(path: String, reason: String)
    /// Two pictures have the same file name.
    case duplicatePicture(name: String)
    /// A picture couldn't be drawn or read.
    case pictureFailed(name: String, reason: String)
    /// An input folder couldn't be read.
    case cannotRead(path: String, reason: String)

    /// One line for a person.
    public var description: String {
        switch self {
        case let .notAReport(path):
            "\(path) exists and isn't a review report (no \(ReviewGalleryWriter.markerName) in it); give a new or empty folder"
        case let .cannotWrite(path, reason): "can't write \(path): \(reason)"
        case let .duplicatePicture(name): "two pictures are named \(name)"
        case let .pictureFailed(name, reason): "can't make the picture \(name): \(reason)"
        case let .cannotRead(path, reason): "can't read \(path): \(reason)"
        }
    }
}

/// Writes a ``ReviewGallery`` as one self-contained folder: `index.html` (its styles and script
/// inline), `data/index.js` (every finding's filter facts and the summary), `data/chunk-N.js`
/// (the groups' texts, numbers and picture paths, a chunk of groups a file, loaded by the page
/// only when shown) and `images/` (the pictures). Nothing comes from the network, and the data
/// travel as scripts because browsers block `fetch` of local files opened from `file://`.
///
/// The folder is written as `DIR.tmp` and renamed to `DIR` once complete, so a failure leaves
/// no half-written report: `DIR` is either the old report or the new one.
public struct ReviewGalleryWriter: Sendable {
    /// The file that marks a folder as a report this writer may replace.
    public static let markerName = ".typelayout-review"
    /// Groups a data chunk holds: the page loads at most a page's worth of chunks at once.
    public var groupsPerChunk: Int
    /// Pictures drawn at once.
    public var concurrency: Int

    /// A writer.
    public init(groupsPerChunk: Int = 100, concurrency: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) {
        self.groupsPerChunk = max(1, groupsPerChunk)
        self.concurrency = max(1, concurrency)
    }

    /// What a write produced.
    public struct Written: Sendable, Hashable {
        /// The files written, pictures included.
        public var files: Int
        /// Their bytes.
        public var bytes: Int
    }

    /// A picture's file name made safe and short: ASCII letters, digits, `.`, `-` and `_` kept,
    /// runs of anything else one `_`, clipped to `limit` characters, never starting with a dot.
    public static func safeFileName(_ text: String, limit: Int = 60) -> String {
        var name = ""
        for scalar in text.unicodeScalars {
            let safe = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
                || scalar == "_" || scalar == ".")
            let next: Character = safe ? Character(scalar) : "_"
            if next == "_" && name.last == "_" { continue }
            name.append(next)
            if name.count >= limit { break }
        }
        while name.hasPrefix(".") { name.removeFirst() }
        return name
    }

    /// Checks that a report can go to `path` (nothing there, an empty folder or an earlier
    /// report), so that a caller can stop before the work that fills it.
    ///
    /// - Throws: ``ReviewGalleryError/notAReport(path:)``.
    public static func checkDestination(_ path: String) throws {
        for folder in [path, path + ".tmp"] where FileSystem.exists(folder) && !FileSystem.isReplaceable(folder) {
            throw ReviewGalleryError.notAReport(path: folder)
        }
    }

    /// Writes `gallery` to the folder `path`, replacing an earlier report there.
    ///
    /// - Throws: ``ReviewGalleryError``; the folder at `path` is then untouched.
    @discardableResult
    public func write(_ gallery: ReviewGallery, to path: String) throws -> Written {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        try Self.checkDestination(path)
        let temporary = path + ".tmp"
        if FileSystem.exists(temporary) { try FileSystem.remove(temporary) }
        do {
            try FileSystem.makeFolder(temporary, withParents: true)
            try FileSystem.write([], to: temporary + "/" + Self.markerName)
            try FileSystem.makeFolder(temporary + "/images")
            try FileSystem.makeFolder(temporary + "/data")
            var written = try writePictures(gallery, into: temporary + "/images")
            for (name, bytes) in try GalleryData(gallery, groupsPerChunk: groupsPerChunk, pictureSizes: written.sizes).files()
                + [("index.html", Array(GalleryPage.html(title: gallery.title).utf8))] {
                try FileSystem.write(bytes, to: temporary + "/" + name)
                written.files += 1
                written.bytes += bytes.count
            }
            try FileSystem.replace(path, with: temporary)
            return Written(files: written.files, bytes: written.bytes)
        } catch {
            try? FileSystem.remove(temporary)
            throw error
        }
    }

    /// Draws or copies every picture, `concurrency` at a time; each picture's pixel size, by
    /// its file name.
    private func writePictures(_ gallery: ReviewGallery, into folder: String) throws
        -> (sizes: [String: PictureSize], files: Int, bytes: Int) {
        var pictures: [ReviewPicture] = []
        var names = Set<String>()
        for group in gallery.groups {
            for finding in group.findings {
                for picture in finding.pictures {
                    guard !picture.fileName.isEmpty, picture.fileName == Self.safeFileName(picture.fileName, limit: .max) else {
                        throw ReviewGalleryError.pictureFailed(name: picture.fileName, reason: "not a safe file name (see safeFileName)")
                    }
                    guard names.insert(picture.fileName).inserted else { throw ReviewGalleryError.duplicatePicture(name: picture.fileName) }
                    pictures.append(picture)
                }
            }
        }
        let results = Lock<(sizes: [String: PictureSize], bytes: Int, error: ReviewGalleryError?)>(([:], 0, nil))
        let work = pictures
        forEachConcurrently(count: work.count, workers: concurrency) { index in
            // After a failure the remaining pictures are skipped.
            guard results.withLock({ $0.error == nil }) else { return }
            let picture = work[index]
            do {
                let (bytes, size) = try Self.pictureBytes(picture)
                try FileSystem.write(bytes, to: folder + "/" + picture.fileName)
                results.withLock {
                    $0.sizes[picture.fileName] = size
                    $0.bytes += bytes.count
                }
            } catch {
                let failure = error as? ReviewGalleryError ?? .pictureFailed(name: picture.fileName, reason: "\(error)")
                results.withLock { if $0.error == nil { $0.error = failure } }
            }
        }
        let outcome = results.withLock { $0 }
        if let error = outcome.error { throw error }
        return (outcome.sizes, work.count, outcome.bytes)
    }

    private static func pictureBytes(_ picture: ReviewPicture) throws -> ([UInt8], PictureSize) {
        switch picture.source {
        case let .render(draw):
            let image = try draw()
            return (try ReviewPictureStyle.pngData(image), PictureSize(width: image.width, height: image.height))
        case let .file(path):
            let bytes = try FileSystem.read(path)
            guard let size = PictureSize(png: bytes) else {
                throw ReviewGalleryError.pictureFailed(name: picture.fileName, reason: "\(path) isn't a PNG file")
            }
            return (bytes, size)
        }
    }
}

/// A picture's size in pixels, for the page's `<img width height>` (no reflow as they load).
struct PictureSize: Sendable, Hashable, Codable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Read from a PNG's IHDR chunk, which always comes first.
    init?(png bytes: [UInt8]) {
        guard bytes.count >= 24, bytes[0] == 0x89, bytes[1] == 0x50, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = word(16)
        height = word(20)
    }
}

/// The few file operations a report needs, each failure a ``ReviewGalleryError`` naming the path.
enum FileSystem {
    private static func failure(_ path: String, _ code: Int32 = errno) -> ReviewGalleryError {
        .cannotWrite(path: path, reason: String(cString: strerror(code)))
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The names in a folder, sorted.
    static func list(_ path: String) throws -> [String] {
        guard let folder = opendir(path) else { throw ReviewGalleryError.cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// A report of ours (it has the marker) or an empty folder.
    static func isReplaceable(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        if exists(path + "/" + ReviewGalleryWriter.markerName) { return true }
        return ((try? list(path)) ?? ["?"]).isEmpty
    }

    static func makeFolder(_ path: String, withParents: Bool = false) throws {
        if withParents {
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
                throw ReviewGalleryError.cannotWrite(path: path, reason: "\(error)")
            }
            return
        }
        guard mkdir(path, 0o777) == 0 else { throw failure(path) }
    }

    static func remove(_ path: String) throws {
        do { try FileManager.default.removeItem(atPath: path) } catch {
            throw ReviewGalleryError.cannotWrite(path: path, reason: "can't remove it: \(error)")
        }
    }

    /// Puts `temporary` at `path`: the old folder moves aside first and is removed after.
    static func replace(_ path: String, with temporary: String) throws {
        guard exists(path) else {
            guard rename(temporary, path) == 0 else { throw failure(path) }
            return
        }
        let old = path + ".old"
        if exists(old) {
            guard isReplaceable(old) else { throw ReviewGalleryError.notAReport(path: old) }
            try remove(old)
        }
        guard rename(path, old) == 0 else { throw failure(path) }
        guard rename(temporary, path) == 0 else {
            let code = errno
            rename(old, path)
            throw failure(path, code)
        }
        try remove(old)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw failure(path) }
            offset += count
        }
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReviewGalleryError.pictureFailed(name: path, reason: "can't read it")
        }
        return [UInt8](data)
    }
}
