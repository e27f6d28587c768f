// The only Swift file in the package that touches libpng, which only reads here, through its
// simplified API (`png_image`), which reports errors by return value. Writing is PNGWriter's
// (the chunks by hand, deflate by libdeflate).
import CPNG

import Glibc
import TypeLayout

/// Encodes PNG (with libdeflate) and decodes it (common 8-bit files with libdeflate and
/// `PNGReader`, any other with libpng), and reads and writes PNG files.
///
/// Output is deterministic: the same image gives the same bytes (no timestamps are written).
public enum PNGCodec {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// `PNG_FORMAT_RGBA`: the composite macro isn't imported into Swift.
    private static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Encodes an image as an 8-bit PNG tagged sRGB, in the narrowest colour type that holds
    /// every pixel exactly: greyscale when every pixel is opaque with R = G = B (black text on
    /// white, contact sheets), grey + alpha when every pixel has R = G = B but some aren't
    /// opaque, RGB when every pixel is opaque, else RGBA. ``decode(_:)`` gives back the same
    /// RGBA pixels whichever type was written.
    ///
    /// - Throws: `ImageError/encodingFailed(reason:)` if compression fails.
    public static func encode(_ image: RGBAImage) throws -> [UInt8] {
        try encode(image, usingSecondThread: false)
    }

    /// ``encode(_:)``, with an image of half a million pixels or more (a contact sheet)
    /// compressed in parts on two threads when `usingSecondThread` is true: for a process that
    /// writes one picture at a time. Leave it off where encodes already run side by side (a
    /// batch of sheets on every core): there the second thread only adds work, and the parts
    /// (igzip's level 0) are about a third larger than libdeflate's one stream (the label's
    /// 12-category sheet: 389 KB against 288 KB). The bytes are the same every time either way,
    /// and decode to the same pixels.
    ///
    /// - Throws: `ImageError/encodingFailed(reason:)` if compression fails.
    public static func encode(_ image: RGBAImage, usingSecondThread: Bool) throws -> [UInt8] {
        try encode(image, usingSecondThread: usingSecondThread, helper: nil)
    }

    /// ``encode(_:usingSecondThread:)`` whose second thread is `helper`, if given.
    private static func encode(_ image: RGBAImage, usingSecondThread: Bool, helper: HelperThread?) throws -> [UInt8] {
        try image.pixels.withUnsafeBytes {
            try PNGWriter.encode(rgba: $0, width: image.width, height: image.height,
                                 splitMinimumPixels: usingSecondThread ? PNGWriter.splitMinimumPixels : nil, helper: helper)
        }
    }

    /// Encodes an image as small as its colours allow: as a palette PNG when it has at most 16
    /// distinct colours (1, 2 or 4 bits a pixel), or at most 256 and isn't grey (8 bits a
    /// pixel, a third of RGB's), else as ``encode(_:)`` does. Lossless like ``encode(_:)``:
    /// ``decode(_:)`` gives back the same RGBA pixels. Pictures drawn from few colours (review
    /// pictures whose text is drawn in a few grey levels) come out several times smaller.
    ///
    /// - Throws: `ImageError/encodingFailed(reason:)` if compression fails.
    public static func encodeCompact(_ image: RGBAImage) throws -> [UInt8] {
        guard let (palette, indices) = paletteIndices(image) else { return try encode(image) }
        if palette.count > 16 && palette.allSatisfy({ $0.red == $0.green && $0.green == $0.blue && $0.alpha == 255 }) {
            return try encode(image)
        }
        return try encode(validIndices: indices, width: image.width, height: image.height, palette: palette)
    }

    /// Encodes palette indices as a palette PNG of 1, 2, 4 or 8 bits a pixel, the fewest that
    /// hold `palette.count` colours (translucent entries go to tRNS): `indices` holds one index a
    /// pixel, `width` × `height` of them, rows from the top. For a caller that knows its
    /// pictures' colours (the review gallery's greys and outline), this spares
    /// ``encodeCompact(_:)``'s search for them. ``decode(_:)`` gives back `palette[index]` for
    /// every pixel.
    ///
    /// - Throws: `ImageError/encodingFailed(reason:)` for a palette of no or more than 256
    ///   colours, a count of indices other than `width` × `height`, an index past the palette,
    ///   or if compression fails.
    public static func encode(indices: [UInt8], width: Int, height: Int, palette: [Color]) throws -> [UInt8] {
        guard (1...256).contains(palette.count) else {
            throw ImageError.encodingFailed(reason: "a palette needs 1 to 256 colours, not \(palette.count)")
        }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, width > 0, height > 0, indices.count == count else {
            throw ImageError.encodingFailed(reason: "\(indices.count) indices for \(width) × \(height) pixels")
        }
        // A branch-free maximum, which the compiler vectorizes.
        let largest = indices.withUnsafeBufferPointer { $0.reduce(UInt8(0)) { Swift.max($0, $1) } }
        guard Int(largest) < palette.count else {
            throw ImageError.encodingFailed(reason: "index \(largest) past a palette of \(palette.count) colours")
        }
        return try encode(validIndices: indices, width: width, height: height, palette: palette)
    }

    /// ``encode(indices:width:height:palette:)`` once its checks have passed.
    private static func encode(validIndices indices: [UInt8], width: Int, height: Int, palette: [Color]) throws -> [UInt8] {
        let bitDepth = palette.count <= 2 ? 1 : palette.count <= 4 ? 2 : palette.count <= 16 ? 4 : 8
        return try indices.withUnsafeBufferPointer { indices in
            try PNGWriter.encodeIndexed(indices, width: width, height: height, bitDepth: bitDepth, palette: palette)
        }
    }

    /// The image's colours in order of first appearance and each pixel's index among them, or
    /// `nil` when there are more than 256.
    private static func paletteIndices(_ image: RGBAImage) -> (palette: [Color], indices: [UInt8])? {
        var slots: [UInt32: UInt8] = [:]
        var palette: [Color] = []
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        let complete = image.pixels.withUnsafeBytes { rgba in
            // Most pixels repeat their left neighbour (background, runs of ink): one compare, no lookup.
            var last: UInt32 = 0, lastIndex: UInt8 = 0, hasLast = false
            for i in 0..<indices.count {
                let pixel = rgba.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                if !hasLast || pixel != last {
                    if let slot = slots[pixel] {
                        lastIndex = slot
                    } else {
                        guard palette.count < 256 else { return false }
                        lastIndex = UInt8(palette.count)
                        slots[pixel] = lastIndex
                        palette.append(Color(red: rgba[i * 4], green: rgba[i * 4 + 1], blue: rgba[i * 4 + 2], alpha: rgba[i * 4 + 3]))
                    }
                    last = pixel
                    hasLast = true
                }
                indices[i] = lastIndex
            }
            return true
        }
        return complete ? (palette, indices) : nil
    }

    /// Decodes any PNG (greyscale, palette, 16-bit, with or without alpha) to straight RGBA8.
    ///
    /// libpng converts other colour types and bit depths to 8-bit sRGB RGBA, honouring `gAMA`
    /// and `sRGB` chunks; untagged data, 16-bit included, is taken to be sRGB-encoded, as web
    /// browsers do. 8-bit RGBA input comes back byte for byte, including the colour of fully
    /// transparent pixels.
    ///
    /// - Throws: `ImageError/notPNG(path:)` if the data lacks the PNG signature,
    ///   `ImageError/undecodablePNG(path:reason:)` if it is damaged or too large.
    public static func decode(_ bytes: [UInt8]) throws -> RGBAImage {
        try decode(bytes, path: nil)
    }

    /// Reads and decodes the PNG file at `path`.
    ///
    /// - Throws: `ImageError/readFailed(path:reason:)`, `ImageError/notPNG(path:)` or
    ///   `ImageError/undecodablePNG(path:reason:)`, each naming `path`.
    public static func read(contentsOf path: String) throws -> RGBAImage {
        try decode(readFile(path), path: path)
    }

    /// Writes `image` as a PNG file at `path`, atomically.
    ///
    /// The PNG goes to a hidden, uniquely named temporary file in the same directory and is
    /// renamed over `path` once complete, so a reader sees either the old file or the complete
    /// new one, whatever happens to this process. On failure the temporary file is removed and whatever was at
    /// `path` (a file, or nothing) is left as it was. The new file gets the usual permissions
    /// for a new file (0666 less the umask), not those of the file it replaces; a symbolic link
    /// at `path` is replaced, not written through. An existing file the caller may not write
    /// (read-only to them, or immutable) is refused and left as it is, as writing it in place
    /// would be, even where the directory would let a rename replace it.
    ///
    /// - Throws: `ImageError/writeFailed(path:reason:)` naming `path` and the system's
    ///   reason, or `ImageError/encodingFailed(reason:)`.
    public static func write(_ image: RGBAImage, to path: String) throws {
        try write(image, to: path, usingSecondThread: false, beforeRename: {})
    }

    /// ``write(_:to:)``, compressing a large image on two threads as
    /// ``encode(_:usingSecondThread:)`` says.
    ///
    /// - Throws: as ``write(_:to:)``.
    public static func write(_ image: RGBAImage, to path: String, usingSecondThread: Bool) throws {
        try write(image, to: path, usingSecondThread: usingSecondThread, beforeRename: {})
    }

    /// ``write(_:to:usingSecondThread:)`` on two threads, the second one `helper` (render-cli's
    /// label sheet hands it the captions' and the cells' warming before).
    ///
    /// - Throws: as ``write(_:to:)``.
    package static func write(_ image: RGBAImage, to path: String, helper: HelperThread) throws {
        try write(image, to: path, usingSecondThread: true, helper: helper, beforeRename: {})
    }

    /// ``write(_:to:usingSecondThread:)`` with a hook that runs once the temporary file is
    /// complete and closed, just before the rename: tests throw from it to exercise the failure
    /// path.
    static func write(
        _ image: RGBAImage, to path: String, usingSecondThread: Bool = false, helper: HelperThread? = nil,
        beforeRename: () throws -> Void
    ) throws {
        let data = try encode(image, usingSecondThread: usingSecondThread, helper: helper)
        try writeAtomically(data, to: path, beforeRename: beforeRename)
    }

    // MARK: Decoding

    private static func decode(_ bytes: [UInt8], path: String?) throws -> RGBAImage {
        guard bytes.count >= signature.count, bytes[0..<signature.count].elementsEqual(signature) else {
            throw ImageError.notPNG(path: path)
        }
        if let image = bytes.withUnsafeBytes(PNGReader.decode) { return image }
        return try decodeWithLibpng(bytes, path: path)
    }

    /// libpng's decoding of any PNG; `PNGReader` takes the common ones first.
    static func decodeWithLibpng(_ bytes: [UInt8], path: String?) throws -> RGBAImage {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&png) }

        // libpng reads from `bytes` lazily until png_image_finish_read, so everything happens
        // inside one withUnsafeBytes.
        return try bytes.withUnsafeBytes { source throws -> RGBAImage in
            guard png_image_begin_read_from_memory(&png, source.baseAddress, source.count) != 0 else {
                throw ImageError.undecodablePNG(path: path, reason: message(of: &png))
            }
            let width = Int(png.width)
            let height = Int(png.height)
            // Check before allocating: a 100-byte PNG can claim to be 2^31 pixels wide.
            let byteCount: Int
            do throws(ImageError) {
                byteCount = try RGBAImage.checkedByteCount(width: width, height: height)
            } catch {
                throw ImageError.undecodablePNG(path: path, reason: error.description)
            }
            png.format = rgbaFormat
            // libpng takes untagged 16-bit data as linear light; browsers and image editors take
            // it as sRGB like 8-bit data, so do the same. (Only settable after begin_read.)
            png.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var pixels = [UInt8](repeating: 0, count: byteCount)
            let ok = pixels.withUnsafeMutableBytes { destination in
                png_image_finish_read(&png, nil, destination.baseAddress, png_int_32(width * 4), nil)
            }
            guard ok != 0 else {
                throw ImageError.undecodablePNG(path: path, reason: message(of: &png))
            }
            return RGBAImage(unchecked: width, height: height, pixels: pixels)
        }
    }

    /// libpng's error text, kept in the `png_image` itself.
    private static func message(of png: inout png_image) -> String { libpngText(&png.message) }

    /// A NUL-terminated message in a fixed C character array (a Swift tuple).
    private static func libpngText<Characters>(_ characters: inout Characters) -> String {
        let text = withUnsafeBytes(of: &characters) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }

    // MARK: File I/O

    private static func systemError(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ImageError.readFailed(path: path, reason: systemError(errno)) }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw ImageError.readFailed(path: path, reason: systemError(errno))
        }
        // A directory, FIFO or device could block or never end.
        guard info.st_mode & S_IFMT == S_IFREG else {
            let reason = info.st_mode & S_IFMT == S_IFDIR ? systemError(EISDIR) : "not a regular file"
            throw ImageError.readFailed(path: path, reason: reason)
        }

        // Read until end of file rather than trusting st_size, in case the file changes.
        var bytes = [UInt8]()
        var chunk = Swift.max(Int(info.st_size), 0) + 1
        var count = 0
        while true {
            if bytes.count - count < chunk {
                bytes.append(contentsOf: repeatElement(0, count: chunk - (bytes.count - count)))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw ImageError.readFailed(path: path, reason: systemError(errno))
            }
            if n == 0 { break }
            count += n
            chunk = 64 << 10
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    static func writeAtomically(
        _ data: [UInt8], to path: String, beforeRename: () throws -> Void
    ) throws {
        func failure(_ code: Int32) -> ImageError { .writeFailed(path: path, reason: systemError(code)) }

        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else {
            throw path.isEmpty ? ImageError.writeFailed(path: path, reason: "empty path") : failure(EISDIR)
        }
        // Hidden, so directory listings and globs skip it; the name prefix says what it was
        // for if a crash leaves it behind; capped to stay far below NAME_MAX.
        var stem = ""
        for character in name {
            guard stem.utf8.count + character.utf8.count <= 64 else { break }
            stem.append(character)
        }
        let prefix = (directory == "/" ? "/" : directory + "/") + "." + stem + ".tmp-"

        // rename(2) needs only the directory's permission, so it would replace a file that
        // `open` for writing would refuse; ask the file itself first. (A symbolic link is
        // replaced, so only a regular file is asked.)
        var existing = stat()
        if lstat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG, access(path, W_OK) != 0 {
            throw failure(errno)
        }

        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            temporary = prefix + String(UInt64.random(in: .min ... .max), radix: 36)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw failure(errno) }

        var renamed = false
        defer {
            if fd >= 0 { close(fd) }
            if !renamed { unlink(temporary) }
        }

        var written = 0
        while written < data.count {
            let n = data.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            written += n
        }
        // No fsync: the rename alone makes the complete file appear at once to every reader,
        // which is the promise (no partial PNG, whatever happens to this process). Syncing would
        // add durability across a power cut at a cost per file greater than the render itself;
        // ext4's default (auto_da_alloc) already flushes a file renamed over
        // an existing one, and image tools (cairo, libpng's own writer) don't sync either.
        let closeResult = close(fd)
        fd = -1
        guard closeResult == 0 else { throw failure(errno) }

        try beforeRename()
        guard rename(temporary, path) == 0 else { throw failure(errno) }
        renamed = true
    }
}
