#if canImport(Glibc)
import Glibc
#endif

/// Why a file couldn't be read.
package enum FileReadError: Error, Sendable, Equatable {
    /// Nothing at the path (or a part of it is not a folder).
    case notFound(path: String)
    /// The file exists but can't be read: `reason` says why ("it is a directory", "Permission denied").
    case unreadable(path: String, reason: String)
}

/// Reads whole files (audit inputs, screen files), with errors that name the path.
package enum FileBytes {
    /// Input files past this size are refused rather than read into memory (a catalog of
    /// 100,000 strings in 10 languages is about 100 MB).
    package static let limit = 1 << 30

    /// The whole file at `path`; refused past ``limit``, or when it is a folder or can't be opened.
    package static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path: path) }
            throw FileReadError.unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw FileReadError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .unreadable(path: path, reason: "it is a directory") }
        guard Int(info.st_size) <= limit else {
            throw FileReadError.unreadable(path: path, reason: "the file is larger than 1 GB")
        }
        // Read to the end rather than trusting st_size: pipes and /proc files report 0.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= limit else { throw .unreadable(path: path, reason: "the file is larger than 1 GB") }
        }
        return bytes
    }
}
