#if canImport(Glibc)
import Glibc
#endif

/// A font file's bytes, read once and shared by FreeType and HarfBuzz for the life of a face.
///
/// Both libraries keep pointers into the buffer, so it is a stable allocation freed only when
/// the last face using it goes away.
final class FontData: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer

    private init(bytes: UnsafeMutableRawBufferPointer) { self.bytes = bytes }

    deinit { bytes.deallocate() }

    static let maximumSize = 256 << 20

    /// A copy of bytes already in memory, named `path` in errors (for the font fuzzer).
    static func copying(_ source: UnsafeRawBufferPointer, path: String) throws -> FontData {
        guard !source.isEmpty else { throw TypeLayoutError.notAFont(path: path, reason: "the file is empty") }
        guard source.count <= maximumSize else {
            throw TypeLayoutError.notAFont(path: path, reason: "the file is larger than 256 MB")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 16)
        buffer.copyMemory(from: source)
        return FontData(bytes: buffer)
    }

    /// Reads a whole file, turning each failure into an error that names the path and the cause.
    static func read(path: String) throws -> FontData {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw TypeLayoutError.fileNotFound(path: path) }
            throw TypeLayoutError.unreadableFile(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw TypeLayoutError.unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw TypeLayoutError.unreadableFile(path: path, reason: "it is a directory")
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw TypeLayoutError.notAFont(path: path, reason: "the file is empty") }
        // Fonts larger than this are not fonts a label uses; refusing them keeps a stray
        // multi-gigabyte path from exhausting memory.
        guard size <= maximumSize else {
            throw TypeLayoutError.notAFont(path: path, reason: "the file is larger than 256 MB")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        var offset = 0
        while offset < size {
            let count = Glibc.read(fd, buffer.baseAddress! + offset, size - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = count == 0 ? "the file shrank while being read" : String(cString: strerror(errno))
                buffer.deallocate()
                throw TypeLayoutError.unreadableFile(path: path, reason: reason)
            }
            offset += count
        }
        return FontData(bytes: buffer)
    }
}
