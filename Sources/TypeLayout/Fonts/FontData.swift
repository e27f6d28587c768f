#if canImport(Glibc)
import Glibc
#endif

/// A font file's bytes, read once and shared by FreeType and HarfBuzz for the life of a face.
///
/// Both libraries keep pointers into the buffer, so it is a stable allocation freed only when
/// the last face using it goes away.
///
/// The file is mapped (copy-on-write, never written) rather than read: a page is only read from
/// disk when FreeType or HarfBuzz touch it. The bundled fallback faces a default paragraph
/// style loads are 16 MB (colour emoji 11 MB, Japanese 4 MB), of which a Latin label touches a
/// few tables, so reading them whole would be mostly wasted work and memory. FreeType's own
/// FT_New_Face and HarfBuzz's hb_blob_create_from_file map files too.
final class FontData: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer
    private let isMapped: Bool

    private init(bytes: UnsafeMutableRawBufferPointer, isMapped: Bool) {
        self.bytes = bytes
        self.isMapped = isMapped
    }

    deinit {
        if isMapped { munmap(bytes.baseAddress, bytes.count) } else { bytes.deallocate() }
    }

    static let maximumSize = 256 << 20

    /// Refuses empty files and, since fonts larger than this are not fonts a label uses, files
    /// over ``maximumSize``, so a stray multi-gigabyte path can't exhaust memory.
    private static func checkSize(_ size: Int, path: String) throws {
        guard size > 0 else { throw TypeLayoutError.notAFont(path: path, reason: "the file is empty") }
        guard size <= maximumSize else {
            throw TypeLayoutError.notAFont(path: path, reason: "the file is larger than 256 MB")
        }
    }

    /// A copy of bytes already in memory, named `path` in errors (for the font fuzzer).
    static func copying(_ source: UnsafeRawBufferPointer, path: String) throws -> FontData {
        try checkSize(source.count, path: path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 16)
        buffer.copyMemory(from: source)
        return FontData(bytes: buffer, isMapped: false)
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
        try checkSize(size, path: path)
        // MAP_PRIVATE with write permission keeps the buffer's mutable type honest: a write
        // would go to a private copy of the page, never to the file.
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0)
        if let mapped, mapped != MAP_FAILED {
            return FontData(bytes: UnsafeMutableRawBufferPointer(start: mapped, count: size), isMapped: true)
        }
        // A file system that can't map files: read the whole file.
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
        return FontData(bytes: buffer, isMapped: false)
    }
}
